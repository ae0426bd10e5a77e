import AccessEnabler
import Foundation
#if canImport(UIKit)
import UIKit
/// The view controller type of the Apple SSO picker callbacks.
public typealias TVProviderViewController = UIViewController
#else
/// The view controller type of the Apple SSO picker callbacks (a placeholder where UIKit does not exist).
public typealias TVProviderViewController = AnyObject
#endif

/// The callbacks of the legacy SDK, delivered on the main actor in the documented order.
///
/// Implement what your app used; the optional callbacks of the Objective-C protocol have empty
/// default implementations.
@MainActor
public protocol EntitlementDelegate: AnyObject {
    /// The configuration phase ended: ``ACCESS_ENABLER_STATUS_SUCCESS`` or ``ACCESS_ENABLER_STATUS_ERROR``.
    func setRequestorComplete(_ status: Int32)
    /// The authentication state: `(1, USER_AUTHENTICATED)` or `(0, <error code>)`.
    func setAuthenticationStatus(_ status: Int32, errorCode code: String)
    /// Show an MVPD picker, then call `setSelectedProvider(_:)` (nil to cancel).
    func displayProviderDialog(_ mvpds: [MVPD])
    /// Load `url` in a web view; when it reaches the redirect URL, call `handleExternalURL(_:)`.
    func navigateToUrl(_ url: String)
    /// Load `url` in your own Safari view controller (only with the `handleSVC` option).
    func navigateToUrl(_ url: String, useSVC: Bool)
    /// The authorized subset of `checkPreauthorizedResources`.
    func preauthorizedResources(_ resources: [String])
    /// A media token for `resource`.
    func setToken(_ token: String, forResource resource: String)
    /// Authorization of `resource` failed.
    func tokenRequestFailed(_ resource: String, errorCode code: String, errorDescription description: String)
    /// The MVPD chosen for the current requestor, or nil.
    func selectedProvider(_ mvpd: MVPD?)
    /// A `getMetadata` result; `arguments` are the ones passed in, to match the request.
    func setMetadataStatus(_ metadata: JSONValue?, encrypted: Bool, forKey key: Int32, andArguments arguments: MetadataArguments)
    /// Tracking data; see the documentation of each event type for the positions.
    func sendTrackingData(_ data: [String], forEventType event: Int32)
    /// Present the Apple TV provider picker (Apple platforms only).
    func presentTvProviderDialog(_ viewController: TVProviderViewController)
    /// Dismiss the Apple TV provider picker (Apple platforms only).
    func dismissTvProviderDialog(_ viewController: TVProviderViewController)
}

extension EntitlementDelegate {
    /// Optional: by default the SVC URL is treated like any other (`navigateToUrl(_:)`).
    public func navigateToUrl(_ url: String, useSVC: Bool) { navigateToUrl(url) }
    /// Optional.
    public func preauthorizedResources(_ resources: [String]) {}
    /// Optional.
    public func selectedProvider(_ mvpd: MVPD?) {}
    /// Optional.
    public func setMetadataStatus(_ metadata: JSONValue?, encrypted: Bool, forKey key: Int32, andArguments arguments: MetadataArguments) {}
    /// Optional.
    public func sendTrackingData(_ data: [String], forEventType event: Int32) {}
    /// Optional.
    public func presentTvProviderDialog(_ viewController: TVProviderViewController) {}
    /// Optional.
    public func dismissTvProviderDialog(_ viewController: TVProviderViewController) {}
}
