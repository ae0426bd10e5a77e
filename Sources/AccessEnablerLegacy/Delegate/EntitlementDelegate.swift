import AccessEnabler
import Foundation
#if canImport(UIKit)
import UIKit
/// The view controller type of the Apple SSO picker callbacks: UIKit's `UIViewController`.
public typealias TVProviderViewController = UIViewController
#else
/// The view controller type of the Apple SSO picker callbacks; a placeholder where UIKit does not
/// exist (the callbacks are never called there).
public typealias TVProviderViewController = AnyObject
#endif

/// The entitlement callbacks of the legacy SDK (`EntitlementDelegate.h`), with the names and
/// types Swift gave the Objective-C header: its parameters carry no nullability annotations, so
/// objects arrive as implicitly unwrapped optionals (`String!`, `[Any]!`, `MVPD!`), `int` is
/// `Int32`, and `navigateToUrl:` is `navigate(toUrl:)`. A class that implemented the protocol
/// against Adobe's framework implements this one unchanged.
///
/// Every callback is delivered on the main thread, one at a time, never from inside the call that
/// caused it, in the order the legacy SDK documents. The protocol itself is not isolated to the
/// main actor, so conforming does not change the isolation of your class (code in your class that
/// runs on other threads, such as a network completion handler, keeps compiling). A
/// `@MainActor` class conforms with `@preconcurrency EntitlementDelegate`.
///
/// The callbacks that were `@optional` or that only some apps need have defaults:
/// ``navigate(toUrl:useSVC:)`` calls ``navigate(toUrl:)``; ``preauthorizedResources(_:)``,
/// ``selectedProvider(_:)``, ``setMetadataStatus(_:encrypted:forKey:andArguments:)`` and
/// ``sendTrackingData(_:forEventType:)`` do nothing; without ``presentTvProviderDialog(_:)`` and
/// ``dismissTvProviderDialog(_:)`` (an app written for SDK 2.x) the adapter shows and hides
/// Apple's TV Provider view controllers itself, over the top view controller of the foreground
/// scene. A method you implement with the signature below is the one that is called.
public protocol EntitlementDelegate: NSObjectProtocol {
    /// The configuration phase ended: ``ACCESS_ENABLER_STATUS_SUCCESS`` or ``ACCESS_ENABLER_STATUS_ERROR``.
    func setRequestorComplete(_ status: Int32)
    /// The authentication state: `(1, USER_AUTHENTICATED)` or `(0, <error code>)`.
    func setAuthenticationStatus(_ status: Int32, errorCode code: String!)
    /// A short-lived media token for `resource`: verify it and play.
    func setToken(_ token: String!, forResource resource: String!)
    /// The authorized subset of `checkPreauthorizedResources`, as `String`s.
    func preauthorizedResources(_ resources: [Any]!)
    /// Authorization of `resource` failed: `code` is a legacy error-code string and `description`
    /// the MVPD's or Adobe's message (possibly empty).
    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!)
    /// The MVPD chosen for the current requestor, or nil (the answer to `getSelectedProvider`).
    func selectedProvider(_ mvpd: MVPD!)
    /// Show an MVPD picker for these ``MVPD-class`` objects, then call `setSelectedProvider(_:)` with the
    /// chosen ID (nil when the viewer backs out).
    func displayProviderDialog(_ mvpds: [Any]!)
    /// Tracking data for `event` (`TRACKING_*`): `String`s in the documented positions.
    func sendTrackingData(_ data: [Any]!, forEventType event: Int32)
    /// A `getMetadata` result: static metadata (expiries, device ID) is a `String`, user metadata
    /// the Foundation value of its JSON (dictionaries, arrays, strings, numbers); nil when it could
    /// not be read. `key` is the operation and `arguments` the dictionary passed to `getMetadata`.
    func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!)
    /// Load `url` in a web view; when it is about to load ``ADOBEPASS_REDIRECT_URL``, cancel that
    /// navigation and call `handleExternalURL(_:)`. Also used for the logout page.
    func navigate(toUrl url: String!)
    /// With the `handleSVC` option, for an MVPD that requires Safari: present `url` in your own
    /// `SFSafariViewController` and call `handleExternalURL(_:)` when your custom scheme opens the
    /// app. Optional; the default calls ``navigate(toUrl:)``.
    func navigate(toUrl url: String!, useSVC: Bool)
    /// Present Apple's TV Provider picker or MVPD login (iOS and tvOS) at once: Apple requires
    /// it on screen before the call returns. Optional; without it the adapter presents it over the
    /// top view controller of the foreground scene.
    func presentTvProviderDialog(_ viewController: TVProviderViewController!)
    /// Dismiss what ``presentTvProviderDialog(_:)`` presented (iOS and tvOS). Optional; without it
    /// the adapter dismisses it (always when the adapter presented it).
    func dismissTvProviderDialog(_ viewController: TVProviderViewController!)
}

extension EntitlementDelegate {
    /// Optional (`@optional` in the Objective-C protocol): by default the URL goes to ``navigate(toUrl:)``.
    public func navigate(toUrl url: String!, useSVC: Bool) { navigate(toUrl: url) }
    /// Optional: does nothing.
    public func preauthorizedResources(_ resources: [Any]!) {}
    /// Optional: does nothing.
    public func selectedProvider(_ mvpd: MVPD!) {}
    /// Optional: does nothing.
    public func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!
    ) {}
    /// Optional: does nothing.
    public func sendTrackingData(_ data: [Any]!, forEventType event: Int32) {}
    /// Optional: without it the adapter presents Apple's view controller itself, over the top
    /// view controller of the foreground scene (Apple requires it on screen before its account
    /// manager's `accountManager(_:present:)` returns).
    public func presentTvProviderDialog(_ viewController: TVProviderViewController!) {
        DefaultCallbackProbe.reached()
    }
    /// Optional: without it the adapter dismisses Apple's view controller itself.
    public func dismissTvProviderDialog(_ viewController: TVProviderViewController!) {
        DefaultCallbackProbe.reached()
    }
}

/// The advanced status callback of the legacy SDK (`EntitlementStatus.h`): the `status:` reports
/// set as `statusDelegate`.
///
/// Each report is a dictionary with `"errorId"` (the advanced code), `"level"` (`"info"`,
/// `"warning"` or `"error"`) and `"message"`, plus `"details"` and `"resource"` when they apply.
/// Reports arrive on the main thread, just before the entitlement callback of the call they belong
/// to. The codes reported today are listed on ``LegacyAccessEnabler/statusDelegate``.
public protocol EntitlementStatus: NSObjectProtocol {
    /// One advanced status report.
    func status(_ statusDictionary: [AnyHashable: Any]!)
}
