#if canImport(ObjectiveC)
import Foundation

// The Objective-C protocols `EntitlementDelegate` and `EntitlementStatus` of Adobe's headers. Swift
// code keeps the Swift protocols of the same names (whose optional callbacks have default
// implementations, which an `@objc` protocol cannot have); these are unavailable in Swift, so no
// name changes meaning there. The adapter delivers every callback on the main thread; a relay
// forwards it to the Objective-C object in the same turn.

/// `EntitlementDelegate` as Objective-C declares it (`EntitlementDelegate.h`): every callback is
/// required but `navigateToUrl:useSVC:` (3.2+), `sendTrackingData:forEventType:` (optional in the
/// seeds), `presentTvProviderDialog:` and `dismissTvProviderDialog:` (3.x: an app written for 2.x
/// has neither), which are `@optional`. The adapter calls an optional one only when the delegate
/// responds to it; without the TV Provider callbacks it shows and hides Apple's view controllers
/// itself.
@available(swift, obsoleted: 1, message: "Objective-C only: Swift code conforms to EntitlementDelegate")
@objc(EntitlementDelegate)
public protocol ObjCEntitlementDelegate: NSObjectProtocol {
    /// `setRequestorComplete:`.
    @objc(setRequestorComplete:) func setRequestorComplete(_ status: Int32)
    /// `setAuthenticationStatus:errorCode:`.
    @objc(setAuthenticationStatus:errorCode:) func setAuthenticationStatus(_ status: Int32, errorCode code: String!)
    /// `setToken:forResource:`.
    @objc(setToken:forResource:) func setToken(_ token: String!, forResource resource: String!)
    /// `preauthorizedResources:`.
    @objc(preauthorizedResources:) func preauthorizedResources(_ resources: [Any]!)
    /// `tokenRequestFailed:errorCode:errorDescription:`.
    @objc(tokenRequestFailed:errorCode:errorDescription:)
    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!)
    /// `selectedProvider:`.
    @objc(selectedProvider:) func selectedProvider(_ mvpd: MVPD!)
    /// `displayProviderDialog:`.
    @objc(displayProviderDialog:) func displayProviderDialog(_ mvpds: [Any]!)
    /// `sendTrackingData:forEventType:` (optional).
    @objc(sendTrackingData:forEventType:) optional func sendTrackingData(_ data: [Any]!, forEventType event: Int32)
    /// `setMetadataStatus:encrypted:forKey:andArguments:`.
    @objc(setMetadataStatus:encrypted:forKey:andArguments:)
    func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!)
    /// `navigateToUrl:`.
    @objc(navigateToUrl:) func navigate(toUrl url: String!)
    /// `navigateToUrl:useSVC:` (optional; without it the URL goes to `navigateToUrl:`).
    @objc(navigateToUrl:useSVC:) optional func navigate(toUrl url: String!, useSVC: Bool)
    /// `presentTvProviderDialog:` (optional; without it the adapter presents Apple's view controller).
    @objc(presentTvProviderDialog:) optional func presentTvProviderDialog(
        _ viewController: TVProviderViewController!)
    /// `dismissTvProviderDialog:` (optional; without it the adapter dismisses Apple's view controller).
    @objc(dismissTvProviderDialog:) optional func dismissTvProviderDialog(
        _ viewController: TVProviderViewController!)
}

/// `EntitlementStatus` as Objective-C declares it (`EntitlementStatus.h`); `status:` is
/// `@optional`, called only when the object responds to it.
@available(swift, obsoleted: 1, message: "Objective-C only: Swift code conforms to EntitlementStatus")
@objc(EntitlementStatus)
public protocol ObjCEntitlementStatus: NSObjectProtocol {
    /// `status:` (optional).
    @objc(status:) optional func status(_ statusDictionary: [AnyHashable: Any]!)
}

/// The adapter's Swift delegate for an Objective-C one: forwards each callback, holding the
/// Objective-C delegate weakly as the legacy SDK did.
@available(swift, obsoleted: 1)
final class ObjCEntitlementDelegateRelay: NSObject, EntitlementDelegate {
    weak var target: (any ObjCEntitlementDelegate)?

    init(_ target: any ObjCEntitlementDelegate) { self.target = target }

    func setRequestorComplete(_ status: Int32) { target?.setRequestorComplete(status) }
    func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {
        target?.setAuthenticationStatus(status, errorCode: code)
    }
    func setToken(_ token: String!, forResource resource: String!) { target?.setToken(token, forResource: resource) }
    func preauthorizedResources(_ resources: [Any]!) { target?.preauthorizedResources(resources) }
    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!) {
        target?.tokenRequestFailed(resource, errorCode: code, errorDescription: description)
    }
    func selectedProvider(_ mvpd: MVPD!) { target?.selectedProvider(mvpd) }
    func displayProviderDialog(_ mvpds: [Any]!) { target?.displayProviderDialog(mvpds) }
    func sendTrackingData(_ data: [Any]!, forEventType event: Int32) {
        guard let target, Self.route(.sendTrackingData, of: target) == .delegate else { return }
        target.sendTrackingData?(data, forEventType: event)
    }
    func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!
    ) {
        target?.setMetadataStatus(metadata, encrypted: encrypted, forKey: key, andArguments: arguments)
    }
    func navigate(toUrl url: String!) { target?.navigate(toUrl: url) }
    func navigate(toUrl url: String!, useSVC: Bool) {
        guard let target else { return }
        switch Self.route(.navigateWithSafari, of: target) {
        case .delegate: target.navigate?(toUrl: url, useSVC: useSVC)
        case .navigateToURL, .adapter, .nowhere: target.navigate(toUrl: url)
        }
    }
    func presentTvProviderDialog(_ viewController: TVProviderViewController!) {
        guard let target else { return }
        if Self.route(.presentTvProviderDialog, of: target) == .delegate {
            target.presentTvProviderDialog?(viewController)
        } else {
            // As a Swift delegate without the method: the adapter presents it.
            DefaultCallbackProbe.reached()
        }
    }
    func dismissTvProviderDialog(_ viewController: TVProviderViewController!) {
        guard let target else { return }
        if Self.route(.dismissTvProviderDialog, of: target) == .delegate {
            target.dismissTvProviderDialog?(viewController)
        } else {
            DefaultCallbackProbe.reached()
        }
    }

    /// Where `callback` goes for `target` (``OptionalCallback``).
    static func route(_ callback: OptionalCallback, of target: any NSObjectProtocol) -> OptionalCallback.Route {
        callback.route(delegateResponds: target.responds(to: NSSelectorFromString(callback.selector)))
    }
}

/// The adapter's Swift status delegate for an Objective-C one, held weakly.
@available(swift, obsoleted: 1)
final class ObjCEntitlementStatusRelay: NSObject, EntitlementStatus {
    weak var target: (any ObjCEntitlementStatus)?

    init(_ target: any ObjCEntitlementStatus) { self.target = target }

    func status(_ statusDictionary: [AnyHashable: Any]!) {
        guard let target, ObjCEntitlementDelegateRelay.route(.status, of: target) == .delegate else { return }
        target.status?(statusDictionary)
    }
}
#endif
