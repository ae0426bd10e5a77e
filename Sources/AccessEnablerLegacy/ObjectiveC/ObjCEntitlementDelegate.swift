#if canImport(ObjectiveC)
import Foundation

// The Objective-C protocols `EntitlementDelegate` and `EntitlementStatus` of Adobe's headers. Swift
// code keeps the Swift protocols of the same names (whose optional callbacks have default
// implementations, which an `@objc` protocol cannot have); these are unavailable in Swift, so no
// name changes meaning there. The adapter delivers every callback on the main thread; a relay
// forwards it to the Objective-C object in the same turn.

/// `EntitlementDelegate` as Objective-C declares it (`EntitlementDelegate.h`): every callback is
/// required but `navigateToUrl:useSVC:`, which is `@optional` (3.2+).
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
    /// `sendTrackingData:forEventType:`.
    @objc(sendTrackingData:forEventType:) func sendTrackingData(_ data: [Any]!, forEventType event: Int32)
    /// `setMetadataStatus:encrypted:forKey:andArguments:`.
    @objc(setMetadataStatus:encrypted:forKey:andArguments:)
    func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!)
    /// `navigateToUrl:`.
    @objc(navigateToUrl:) func navigate(toUrl url: String!)
    /// `navigateToUrl:useSVC:` (optional; without it the URL goes to `navigateToUrl:`).
    @objc(navigateToUrl:useSVC:) optional func navigate(toUrl url: String!, useSVC: Bool)
    /// `presentTvProviderDialog:`.
    @objc(presentTvProviderDialog:) func presentTvProviderDialog(_ viewController: TVProviderViewController!)
    /// `dismissTvProviderDialog:`.
    @objc(dismissTvProviderDialog:) func dismissTvProviderDialog(_ viewController: TVProviderViewController!)
}

/// `EntitlementStatus` as Objective-C declares it (`EntitlementStatus.h`).
@available(swift, obsoleted: 1, message: "Objective-C only: Swift code conforms to EntitlementStatus")
@objc(EntitlementStatus)
public protocol ObjCEntitlementStatus: NSObjectProtocol {
    /// `status:`.
    @objc(status:) func status(_ statusDictionary: [AnyHashable: Any]!)
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
        target?.sendTrackingData(data, forEventType: event)
    }
    func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!
    ) {
        target?.setMetadataStatus(metadata, encrypted: encrypted, forKey: key, andArguments: arguments)
    }
    func navigate(toUrl url: String!) { target?.navigate(toUrl: url) }
    func navigate(toUrl url: String!, useSVC: Bool) {
        guard let target else { return }
        // The optional callback, when the delegate implements it; else the URL goes to navigateToUrl:.
        if target.navigate?(toUrl: url, useSVC: useSVC) == nil {
            target.navigate(toUrl: url)
        }
    }
    func presentTvProviderDialog(_ viewController: TVProviderViewController!) {
        target?.presentTvProviderDialog(viewController)
    }
    func dismissTvProviderDialog(_ viewController: TVProviderViewController!) {
        target?.dismissTvProviderDialog(viewController)
    }
}

/// The adapter's Swift status delegate for an Objective-C one, held weakly.
@available(swift, obsoleted: 1)
final class ObjCEntitlementStatusRelay: NSObject, EntitlementStatus {
    weak var target: (any ObjCEntitlementStatus)?

    init(_ target: any ObjCEntitlementStatus) { self.target = target }

    func status(_ statusDictionary: [AnyHashable: Any]!) { target?.status(statusDictionary) }
}
#endif
