#if canImport(ObjectiveC)
import AccessEnabler
import Foundation

/// Adobe's Objective-C class `AccessEnabler` (`AccessEnabler.h`), for Objective-C apps: a
/// ``LegacyAccessEnabler`` with the selectors of the legacy headers. Each method forwards to the
/// Swift adapter's method of the same meaning, which runs the work and every callback on the main
/// thread.
///
/// Unavailable in Swift, where `AccessEnabler` is the async actor and ``LegacyAccessEnabler`` is
/// the class; an instance created in Objective-C is a ``LegacyAccessEnabler`` to Swift code.
@available(swift, obsoleted: 1, message: "Objective-C only: Swift code uses LegacyAccessEnabler")
@objc(AccessEnabler)
open class ObjCAccessEnabler: LegacyAccessEnabler, @unchecked Sendable {
    // @unchecked as the superclass: the relays sit behind a lock.
    // The relays the adapter holds weakly are kept here; each holds the app's delegate weakly.
    private let relays = LockedValue(Relays())

    private struct Relays {
        var delegate: ObjCEntitlementDelegateRelay?
        var status: ObjCEntitlementStatusRelay?
    }

    /// `init:` — the 3.x initializer, with the software statement from the TVE Dashboard.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @objc(init:)
    public init(objcSoftwareStatement softwareStatement: String!) {
        super.init(softwareStatement: softwareStatement ?? "", configuration: .init())
    }

    /// `initWithStorageCheck:softwareStatement:` (3.8.3+): `INTEGRITY_CHECK_NONE`, `_ALL` or
    /// `_CLEAR`; another value checks nothing.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @objc(initWithStorageCheck:softwareStatement:)
    public init(objcStorageCheck storageCheck: Int, softwareStatement: String!) {
        var configuration = AccessEnabler.Configuration()
        configuration.storageIntegrityCheck =
            (IntegrityCheckType(rawValue: storageCheck) ?? .INTEGRITY_CHECK_NONE).storageIntegrityCheck
        super.init(softwareStatement: softwareStatement ?? "", configuration: configuration)
    }

    /// The Swift adapter's initializer, overridden so that its convenience initializers are
    /// inherited: among them the pre-3.0 `init` (deprecated, without a software statement: the
    /// configuration fails), which an app extension build could not otherwise tell apart from
    /// one of this class's own.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    public override init(softwareStatement: String, configuration: AccessEnabler.Configuration = .init()) {
        super.init(softwareStatement: softwareStatement, configuration: configuration)
    }

    // MARK: Delegates

    /// `delegate`: receives the entitlement callbacks on the main thread. Held weakly.
    @objc(delegate) public var objcDelegate: (any ObjCEntitlementDelegate)? {
        get { (delegate as? ObjCEntitlementDelegateRelay)?.target ?? (delegate as? any ObjCEntitlementDelegate) }
        set {
            let relay = newValue.map(ObjCEntitlementDelegateRelay.init)
            relays.withLock { $0.delegate = relay }
            delegate = relay
        }
    }

    /// `statusDelegate`: receives the `status:` reports on the main thread. Held weakly.
    @objc(statusDelegate) public var objcStatusDelegate: (any ObjCEntitlementStatus)? {
        get {
            (statusDelegate as? ObjCEntitlementStatusRelay)?.target ?? (statusDelegate as? any ObjCEntitlementStatus)
        }
        set {
            let relay = newValue.map(ObjCEntitlementStatusRelay.init)
            relays.withLock { $0.status = relay }
            statusDelegate = relay
        }
    }

    /// `usesSecondScreenAuthentication`: sign in with a registration code finished on another
    /// device (the default on tvOS), or with the MVPD login page.
    @objc(usesSecondScreenAuthentication) public var objcUsesSecondScreenAuthentication: Bool {
        get { usesSecondScreenAuthentication }
        set { usesSecondScreenAuthentication = newValue }
    }

    /// `svcRedirectURL` (Adobe's 3.x header): where the pages of an MVPD that opens in Safari end,
    /// the app's `adbe.<id>://adobe.com` URL.
    @objc(svcRedirectURL) public var objcSvcRedirectURL: String! {
        get { svcRedirectURL }
        set { svcRedirectURL = newValue }
    }

    /// `dispatchStatus:` (Adobe's 3.x header): hands the dictionary to the status delegate's
    /// `status:` on the main thread.
    @objc(dispatchStatus:) public func objcDispatchStatus(_ status: [AnyHashable: Any]!) { dispatchStatus(status) }

    // MARK: Configuration

    /// `setOptions:`.
    @objc(setOptions:) public func objcSetOptions(_ options: [AnyHashable: Any]!) { setOptions(options) }

    /// `setRequestor:`.
    @objc(setRequestor:) public func objcSetRequestor(_ requestorID: String!) { setRequestor(requestorID) }

    /// `setRequestor:serviceProviders:`.
    @objc(setRequestor:serviceProviders:)
    public func objcSetRequestor(_ requestorID: String!, serviceProviders urls: [Any]!) {
        setRequestor(requestorID, serviceProviders: urls)
    }

    // MARK: Authentication

    /// `checkAuthentication`.
    @objc(checkAuthentication) public func objcCheckAuthentication() { checkAuthentication() }

    /// `getAuthentication`.
    @objc(getAuthentication) public func objcGetAuthentication() { getAuthentication() }

    /// `getAuthentication:` with the Apple TV Provider picker filter: the `NSDictionary` of SDK
    /// 2.4+ (`TV_PROVIDERS`, `FEATURED_TV_PROVIDERS`) or the `NSArray` of MVPD IDs of SDK
    /// 2.0–2.3.1.
    @objc(getAuthentication:) public func objcGetAuthentication(_ filter: Any!) {
        getAuthentication(false, withData: nil, anyFilter: filter)
    }

    /// `getAuthentication:withData:`.
    @objc(getAuthentication:withData:)
    public func objcGetAuthentication(_ forceAuthn: Bool, withData data: [AnyHashable: Any]!) {
        getAuthentication(forceAuthn, withData: data)
    }

    /// `getAuthentication:withData:andFilter:`, the filter as `getAuthentication:` takes it.
    @objc(getAuthentication:withData:andFilter:)
    public func objcGetAuthentication(_ forceAuthn: Bool, withData data: [AnyHashable: Any]!, andFilter filter: Any!) {
        getAuthentication(forceAuthn, withData: data, anyFilter: filter)
    }

    /// `setSelectedProvider:`; `nil` cancels.
    @objc(setSelectedProvider:) public func objcSetSelectedProvider(_ mvpdId: String!) { setSelectedProvider(mvpdId) }

    /// `handleExternalURL:`.
    @objc(handleExternalURL:) public func objcHandleExternalURL(_ url: String!) { handleExternalURL(url) }

    // MARK: Preauthorization

    /// `checkPreauthorizedResources:`.
    @objc(checkPreauthorizedResources:) public func objcCheckPreauthorizedResources(_ resources: [Any]!) {
        checkPreauthorizedResources(resources)
    }

    /// `checkPreauthorizedResources:cache:`.
    @objc(checkPreauthorizedResources:cache:)
    public func objcCheckPreauthorizedResources(_ resources: [Any]!, cache: Bool) {
        checkPreauthorizedResources(resources, cache: cache)
    }

    /// `preauthorize:didCompleteWith:` (3.6+): the callback's methods run on the main thread.
    @objc(preauthorize:didCompleteWith:)
    public func objcPreauthorize(
        _ request: ObjCPreauthorizeRequest, didCompleteWith callback: ObjCAccessEnablerCallback
    ) {
        preauthorize(request.request, didCompleteWith: callback.swiftCallback)
    }

    // MARK: Authorization

    /// `checkAuthorization:`.
    @objc(checkAuthorization:) public func objcCheckAuthorization(_ resource: String!) { checkAuthorization(resource) }

    /// `checkAuthorization:withData:`.
    @objc(checkAuthorization:withData:)
    public func objcCheckAuthorization(_ resource: String!, withData data: [AnyHashable: Any]!) {
        checkAuthorization(resource, withData: data)
    }

    /// `getAuthorization:`.
    @objc(getAuthorization:) public func objcGetAuthorization(_ resource: String!) { getAuthorization(resource) }

    /// `getAuthorization:withData:`.
    @objc(getAuthorization:withData:)
    public func objcGetAuthorization(_ resource: String!, withData data: [AnyHashable: Any]!) {
        getAuthorization(resource, withData: data)
    }

    // MARK: Provider, metadata, logout

    /// `getSelectedProvider`.
    @objc(getSelectedProvider) public func objcGetSelectedProvider() { getSelectedProvider() }

    /// `getMetadata:`.
    @objc(getMetadata:) public func objcGetMetadata(_ keyDictionary: [AnyHashable: Any]!) { getMetadata(keyDictionary) }

    /// `logout`.
    @objc(logout) public func objcLogout() { logout() }
}
#endif
