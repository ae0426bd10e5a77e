import AccessEnabler
import Dispatch
import Foundation

/// Adobe's Objective-C `AccessEnabler` class, as Swift saw it, on top of the async core.
///
/// An app written against the legacy SDK switches by changing `import AccessEnabler` to
/// `import AccessEnablerLegacy`: there, `AccessEnabler` names this class (the type alias
/// ``AccessEnablerLegacy/AccessEnabler-typealias``) and the async actor is `AsyncAccessEnabler`. Every other
/// name, argument type and callback is the one Swift gave the Objective-C headers: `String!` and
/// `[Any]!` parameters, `[AnyHashable: Any]!` dictionaries, the ``EntitlementDelegate`` and
/// ``EntitlementStatus`` protocols, the ``MVPD-class`` class and the legacy constants.
///
/// Each method calls the async ``accessEnabler`` — the same instance the app can call directly
/// with `async`/`await` while it migrates call by call.
///
/// The methods can be called from any thread; the work and every callback run on the main thread.
/// A call made on the main thread takes effect before it returns (calls made before
/// `setRequestorComplete` are queued and run after it, in call order); a call made on another
/// thread takes effect on the main thread, after what is already queued there. Callbacks never
/// arrive from inside the call that caused them. `preauthorize(_:didCompleteWith:)` does not wait
/// for the configuration: before it completes it fails at once with `requestor_not_configured`.
open class LegacyAccessEnabler: NSObject, @unchecked Sendable {
    // @unchecked: the only state is immutable, the delegates sit behind a lock
    // (``LegacyReceivers``), and everything else runs on the main actor in ``LegacySession``.

    /// The async core this adapter drives; call it directly to migrate to `async`/`await`.
    public let accessEnabler: AsyncAccessEnabler
    let session: LegacySession
    let receivers: LegacyReceivers

    /// Creates the adapter over a new async core with this configuration (environment, storage,
    /// backend, transport). On iOS and tvOS (not Mac Catalyst), without a partner framework in
    /// the configuration, the adapter gives the core Apple's TV Provider, whose view controllers
    /// go to `presentTvProviderDialog` / `dismissTvProviderDialog` as the legacy SDK did (or, for
    /// a delegate without them, are presented by the adapter over the foreground scene); an app
    /// without `NSVideoSubscriberAccountUsageDescription` in its Info.plist runs without it (logged).
    /// Without a service-token provider in the configuration, the core sends the token the app
    /// gives with `setOptions:` (`serviceToken`); an app that gives none costs nothing per request.
    ///
    /// The adapter presents view controllers of its own (Safari, Apple's TV Provider) over the
    /// app's foreground scene, which an app extension has no access to: in an extension, use the
    /// async core (`AsyncAccessEnabler`), which never looks for a window.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    public init(softwareStatement: String, configuration: AsyncAccessEnabler.Configuration = .init()) {
        #if canImport(SafariServices) && canImport(UIKit) && os(iOS)
        let safari: (any SafariPagePresenting)? = SafariSheet(host: SafariViewControllerPresenter())
        #else
        // tvOS has no Safari view controller; macOS and Linux leave the page to the app.
        let safari: (any SafariPagePresenting)? = nil
        #endif
        let receivers = LegacyReceivers()
        self.receivers = receivers
        let configuration = Self.coreConfiguration(
            configuration, receivers: receivers, tvProvider: .platform)
        accessEnabler = AsyncAccessEnabler(softwareStatement: softwareStatement, configuration: configuration)
        session = LegacySession(core: accessEnabler, receivers: receivers, safari: safari)
        super.init()
    }

    /// The adapter with `tvProvider` for Apple's TV Provider and `safari` for its own Safari view
    /// controller, which the platform's would be: the tests give stand-ins.
    init(
        softwareStatement: String, configuration: AsyncAccessEnabler.Configuration, tvProvider: TVProviderBinding?,
        safari: (any SafariPagePresenting)?
    ) {
        let receivers = LegacyReceivers()
        self.receivers = receivers
        let configuration = Self.coreConfiguration(
            configuration, receivers: receivers, tvProvider: tvProvider)
        accessEnabler = AsyncAccessEnabler(softwareStatement: softwareStatement, configuration: configuration)
        session = LegacySession(core: accessEnabler, receivers: receivers, safari: safari)
        super.init()
    }

    /// The app's configuration as the adapter gives it to its core: without a partner framework,
    /// `tvProvider`'s, its view controllers relayed to the delegate of `receivers`. (The
    /// `serviceToken` of `setOptions:` goes to the core as it is given: no provider is installed.)
    private static func coreConfiguration(
        _ configuration: AsyncAccessEnabler.Configuration, receivers: LegacyReceivers, tvProvider: TVProviderBinding?
    ) -> AsyncAccessEnabler.Configuration {
        var configuration = configuration
        if configuration.partnerFramework == nil, let tvProvider {
            configuration.partnerFramework = tvProvider.framework(relayingTo: receivers)
        }
        return configuration
    }

    /// `init:` — the 3.x initializer, with the software statement from the TVE Dashboard.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    public convenience init(_ softwareStatement: String!) {
        self.init(softwareStatement: softwareStatement ?? "")
    }

    /// `initWithStorageCheck:softwareStatement:` (3.8.3+): checks or clears storage at start.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    public convenience init(
        storageCheck: IntegrityCheckType, softwareStatement: String!,
        configuration: AsyncAccessEnabler.Configuration = .init()
    ) {
        var configuration = configuration
        configuration.storageIntegrityCheck = storageCheck.storageIntegrityCheck
        self.init(softwareStatement: softwareStatement ?? "", configuration: configuration)
    }

    /// The pre-3.0 initializer, without a software statement: the configuration fails.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @available(
        *, deprecated,
        message:
            "AccessEnabler 3.x registers with a software statement: use init(_ softwareStatement:) with the statement from the TVE Dashboard."
    )
    public convenience override init() {
        self.init(softwareStatement: "")
    }

    // MARK: Delegates

    /// Receives the entitlement callbacks, on the main thread. Held weakly, as in the legacy SDK.
    open var delegate: (any EntitlementDelegate)! {
        get { receivers.delegate }
        set { receivers.delegate = newValue }
    }

    /// Receives the advanced status reports (`status:`), on the main thread. Held weakly.
    ///
    /// Reported today, each just before the callback of the call it belongs to:
    /// - `N000` (info): `checkAuthentication` found no authentication;
    /// - `N005` (info): the viewer backed out of the picker or the login (`setSelectedProvider(nil)`);
    /// - `N011` (info): authenticated with a TempPass MVPD; `Z011` (info): authorized with one;
    /// - `N130` (error): an authorization without an authentication session;
    /// - `Z100` (error): the MVPD denied an authorization (`message`: its text; `resource`);
    /// - `P100` (error): `checkPreauthorizedResources` failed (too many resources, the network, a
    ///   server error): the failure's enhanced error, its `code`, `status` (the HTTP status, `0`
    ///   from the SDK) and, when set, `action`, `helpUrl` and `trace`, with `message` and
    ///   `details`; `preauthorizedResources` then lists nothing, as it does for a viewer who is not
    ///   signed in, which is not a failure (no report);
    /// - `CFG400`, `CFG404`, `CFG5xx`, `R401` (error): `setRequestor` failed: invalid requestor,
    ///   service provider unreachable, server error, no access token (software statement);
    /// - `VSA203` (info): the logout ended an Apple TV Provider sign-in; the viewer must also sign
    ///   out in Settings.
    ///
    /// - `REGCODE` (`Success`): the second-screen sign-in (``usesSecondScreenAuthentication``)
    ///   created a registration code to show; the dictionary carries it under `code`, with
    ///   `activationURL` and `qrCodeURL` (when `Configuration.activationURL` is set) and `expires`
    ///   (milliseconds since 1970, as a string);
    /// - `REG500` (error): the registration code could not be created.
    ///
    /// The Apple TV Provider's fallbacks (REST API v2), each before the MVPD picker: `N003` (info;
    /// the viewer chose "Other TV Provider", so the TV Provider named no provider), `N004` (info;
    /// a provider Adobe does not support), `VSA403` / `VSA404` (info; access denied / not
    /// determined), `VSA503` (info; the TV Provider failed).
    open var statusDelegate: (any EntitlementStatus)! {
        get { receivers.statusDelegate }
        set { receivers.statusDelegate = newValue }
    }

    // MARK: Dispatch

    /// Runs `call` on the main actor: at once when called on the main thread, else after what the
    /// main queue already holds.
    func onMain(_ call: @escaping @MainActor @Sendable (LegacySession) -> Void) {
        let session = self.session
        MainQueue.run { call(session) }
    }

    // MARK: Configuration

    /// `setOptions:` — values attached to every later request: `applicationProfile`, `visitorID`,
    /// `handleSVC` (set it before authenticating), `device_info` (Base64 JSON that replaces the
    /// computed device information). Unknown keys are ignored.
    ///
    /// The options add up: each call changes only the keys it names, which keep their values
    /// until a later call names them again. A key whose value is an empty string or `NSNull` is
    /// removed (`handleSVC` is then off); a value that cannot be read (a `device_info` that is not
    /// Base64 JSON) changes nothing. So `setOptions(["visitorID": ecid])` after
    /// `setOptions(["handleSVC": true])` keeps `handleSVC` on.
    ///
    /// `serviceToken` (REST API v2): the viewer's service token, a JWS from the app's identity
    /// service, sent as `AD-Service-Token` for single sign-on across devices until another
    /// `setOptions:` replaces or removes it, by the same rules. Give a new one before it expires:
    /// an expired or refused one fails the calls that carry it.
    open func setOptions(_ options: [AnyHashable: Any]!) {
        if let change = LegacyOptionsUpdate.serviceToken(in: options) {
            // Taken at once (a lock), so it is in place before any later call starts.
            accessEnabler.setGivenServiceToken(change.value)
        }
        let update = LegacyOptionsUpdate(options)
        onMain { $0.updateOptions(update) }
    }

    /// `setOptions:` with the async core's typed options (for values the legacy dictionary has no
    /// key for, such as `connectionIP`). Unlike the dictionary form it replaces every option, as
    /// the core's `setOptions(_:)` does (``svcRedirectURL`` included: it reads
    /// `options.safariRedirectURL` from now on).
    open func setOptions(_ options: AsyncAccessEnabler.Options) {
        // At call time, as the svcRedirectURL setter records its value: the getter follows the
        // changes in the order the core applies them.
        session.safariRedirect.withLock { $0 = options.safariRedirectURL?.absoluteString }
        onMain { $0.setOptions(options) }
    }

    /// `setRequestor:` — configures the requestor with the default service providers. Ends with
    /// `setRequestorComplete`.
    open func setRequestor(_ requestorID: String!) {
        setRequestor(requestorID, serviceProviders: [])
    }

    /// `setRequestor:serviceProviders:` — configures the requestor with these service providers
    /// (URL strings or URLs), queried concurrently. Ends with `setRequestorComplete`.
    ///
    /// Adobe's addresses in the forms the legacy SDK took (`http://sp.auth.adobe.com/`,
    /// `sp.auth-staging.adobe.com/adobe-services`: with or without a scheme, `http` or `https`,
    /// with or without `/adobe-services`) name that environment on the backend in use: on REST
    /// API v2 `https://api.auth.adobe.com` or `https://api.auth-staging.adobe.com`, on REST API
    /// v1 the same host over HTTPS. Other addresses must use HTTPS (plain HTTP on a loopback host
    /// only).
    open func setRequestor(_ requestorID: String!, serviceProviders urls: [Any]!) {
        let requestorID = requestorID ?? ""
        let providers = (urls ?? []).map { LegacyValues.text($0) ?? "" }
        onMain { $0.setRequestor(requestorID, serviceProviders: providers) }
    }

    /// The pre-3.0 signed-requestor form; the signature is no longer used.
    @available(
        *, deprecated, renamed: "setRequestor(_:)",
        message: "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor(_:)."
    )
    open func setRequestor(_ requestorID: String!, signedRequestorId: String!) {
        setRequestor(requestorID)
    }

    /// The pre-3.0 signed-requestor form with service providers; the signature is no longer used.
    @available(
        *, deprecated, renamed: "setRequestor(_:serviceProviders:)",
        message:
            "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor(_:serviceProviders:)."
    )
    open func setRequestor(_ requestorID: String!, signedRequestorId: String!, serviceProviders urls: [Any]!) {
        setRequestor(requestorID, serviceProviders: urls)
    }

    /// The pre-3.0 tvOS form with a secret and public key; they are no longer used.
    @available(
        *, deprecated, renamed: "setRequestor(_:)",
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor(_:)."
    )
    open func setRequestor(_ requestorID: String!, signedRequestorId: String!, secret: String!, publicKey: String!) {
        setRequestor(requestorID)
    }

    /// The pre-3.0 tvOS form with service providers, a secret and a public key; they are no longer used.
    @available(
        *, deprecated, renamed: "setRequestor(_:serviceProviders:)",
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor(_:serviceProviders:)."
    )
    open func setRequestor(
        _ requestorID: String!, signedRequestorId: String!, serviceProviders urls: [Any]!, secret: String!,
        publicKey: String!
    ) {
        setRequestor(requestorID, serviceProviders: urls)
    }

    /// The pre-3.0 signed-requestor form as Adobe's 3.0 migration guide spells it.
    @available(
        *, deprecated, renamed: "setRequestor(_:)",
        message: "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor(_:)."
    )
    open func setRequestor(_ requestorID: String!, setSignedRequestorId signedRequestorID: String!) {
        setRequestor(requestorID)
    }

    /// The pre-3.0 tvOS form as Adobe's 3.0 migration guide spells it.
    @available(
        *, deprecated, renamed: "setRequestor(_:)",
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor(_:)."
    )
    open func setRequestor(
        _ requestorID: String!, setSignedRequestorId signedRequestorID: String!, secret: String!, publicKey: String!
    ) {
        setRequestor(requestorID)
    }

    // MARK: Authentication

    /// `checkAuthentication` — from the token storage only, no network call:
    /// `setAuthenticationStatus(1, USER_AUTHENTICATED)` or `(0, USER_NOT_AUTHENTICATED_ERROR)`.
    open func checkAuthentication() {
        onMain { $0.checkAuthentication() }
    }

    /// `getAuthentication` — authenticates unless already authenticated:
    /// `displayProviderDialog` → `setSelectedProvider` → `navigate(toUrl:)` → `handleExternalURL` →
    /// `setAuthenticationStatus`.
    open func getAuthentication() {
        getAuthentication(false, withData: nil, andFilter: nil)
    }

    /// `getAuthentication:` with `forceAuthn`: runs the flow even when already authenticated.
    open func getAuthentication(_ forceAuthn: Bool) {
        getAuthentication(forceAuthn, withData: nil, andFilter: nil)
    }

    /// `getAuthentication:withData:` — `data` (key/value pairs, for example a Promotional TempPass
    /// identity) is forwarded to the server.
    open func getAuthentication(_ forceAuthn: Bool, withData data: [AnyHashable: Any]!) {
        getAuthentication(forceAuthn, withData: data, andFilter: nil)
    }

    /// `getAuthentication:` with the Apple TV Provider picker filter (`TV_PROVIDERS`,
    /// `FEATURED_TV_PROVIDERS`). Without the Apple picker the regular flow runs, as the legacy SDK
    /// did when no MVPD supports single sign-on.
    open func getAuthentication(_ filter: [AnyHashable: Any]!) {
        getAuthentication(false, withData: nil, andFilter: filter)
    }

    /// `getAuthentication:withData:andFilter:`.
    open func getAuthentication(
        _ forceAuthn: Bool, withData data: [AnyHashable: Any]!, andFilter filter: [AnyHashable: Any]!
    ) {
        let data = LegacyValues.stringDictionary(data)
        let filter = ProviderFilter(filter)
        onMain { $0.getAuthentication(force: forceAuthn, data: data, filter: filter) }
    }

    /// How `getAuthentication` signs the viewer in after the picker: with a registration code
    /// shown on this device and finished on another (`true`; the default on tvOS, which has no
    /// web view), or with the MVPD login page through `navigate(toUrl:)` (`false`; the default
    /// elsewhere). Read when a flow starts.
    ///
    /// With `true`, `setSelectedProvider(id)` reports `status` `REGCODE` with the code (see
    /// ``statusDelegate``) and polls until the viewer has signed in on the other device
    /// (`setAuthenticationStatus(1, "")`); `setSelectedProvider(nil)` stops the polling
    /// (`setAuthenticationStatus(0, PROVIDER_NOT_SELECTED_ERROR)`); a code that expires ends the
    /// flow with `setAuthenticationStatus(0, GENERIC_AUTHENTICATION_ERROR)` (call
    /// `getAuthentication` again for a new one). REST API v2 only.
    open var usesSecondScreenAuthentication: Bool {
        get { session.secondScreen.withLock { $0 } }
        set { session.secondScreen.withLock { $0 = newValue } }
    }

    /// `setSelectedProvider:` — the answer to `displayProviderDialog`. `nil` cancels: the flow ends
    /// with `setAuthenticationStatus(0, PROVIDER_NOT_SELECTED_ERROR)`. Outside a picker it starts
    /// authentication with that MVPD (a TempPass MVPD authenticates at once).
    open func setSelectedProvider(_ mvpdId: String!) {
        let mvpdID: String? = mvpdId
        onMain { $0.setSelectedProvider(mvpdID) }
    }

    /// `handleExternalURL:` — the web view or Safari reached the redirect URL: completes the login
    /// or the logout (`setAuthenticationStatus` follows). Call it once per flow. A page that opened
    /// in Safari comes back on the app's `adbe.` scheme: pass that URL on from
    /// `application(_:open:options:)`, from a scene delegate's `scene(_:openURLContexts:)` and
    /// the `urlContexts` of `scene(_:willConnectTo:options:)` (a cold start), or from SwiftUI's
    /// `onOpenURL` (the migration guide shows each).
    open func handleExternalURL(_ url: String!) {
        let url: String? = url
        onMain { $0.handleExternalURL(url) }
    }

    /// The pre-3.0 name of ``handleExternalURL(_:)``.
    @available(
        *, deprecated, renamed: "handleExternalURL(_:)",
        message: "Since 3.0 call handleExternalURL(_:) with the redirect URL the web view reached."
    )
    open func getAuthenticationToken() {
        handleExternalURL(ADOBEPASS_REDIRECT_URL)
    }

    // MARK: Preauthorization

    /// `checkPreauthorizedResources:` — `preauthorizedResources` lists the authorized subset,
    /// answered from the cache when it can.
    open func checkPreauthorizedResources(_ resources: [Any]!) {
        checkPreauthorizedResources(resources, cache: true)
    }

    /// `checkPreauthorizedResources:cache:` — `cache: false` always asks the server.
    open func checkPreauthorizedResources(_ resources: [Any]!, cache: Bool) {
        let resources = LegacyValues.strings(resources)
        onMain { $0.checkPreauthorizedResources(resources, cache: cache) }
    }

    /// `preauthorize:didCompleteWith:` (3.6+). Decisions, or a server error with its status, go to
    /// `onResponse`; a failure of the SDK itself (status 0, for example `requestor_not_configured`
    /// before the configuration completed) goes to `onFailure`. Does not wait for configuration.
    open func preauthorize(
        _ request: PreauthorizeRequest, didCompleteWith callback: AccessEnablerCallback<PreauthorizeResponse>
    ) {
        // Spelled out rather than through onMain: on the main thread (the usual caller) the call
        // allocates nothing more than the async call it makes.
        let session = self.session
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { session.preauthorize(request, didCompleteWith: callback) }
        } else {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { session.preauthorize(request, didCompleteWith: callback) }
            }
        }
    }

    /// The Swift spelling of Adobe's preauthorize sample: `accessEnabler.preauthorize(request, callback)`.
    open func preauthorize(_ request: PreauthorizeRequest, _ callback: AccessEnablerCallback<PreauthorizeResponse>) {
        preauthorize(request, didCompleteWith: callback)
    }

    // MARK: Authorization

    /// `checkAuthorization:` — a media token for `resource` without any login UI:
    /// `setToken(_:forResource:)` or `tokenRequestFailed(_:errorCode:errorDescription:)`.
    open func checkAuthorization(_ resource: String!) {
        checkAuthorization(resource, withData: nil)
    }

    /// `checkAuthorization:withData:` — with key/value pairs forwarded to the server.
    open func checkAuthorization(_ resource: String!, withData data: [AnyHashable: Any]!) {
        let resource = resource ?? ""
        let data = LegacyValues.stringDictionary(data)
        onMain { $0.checkAuthorization(resource, data: data) }
    }

    /// `getAuthorization:` — like ``checkAuthorization(_:)``, but runs the authentication flow first
    /// when the viewer is not authenticated. Always ends with `setToken` or `tokenRequestFailed`
    /// for `resource`: when a later flow (`getAuthentication`, another `getAuthorization`) replaces
    /// its sign-in, the resource follows that flow. A signed-in viewer's call leaves a flow the app
    /// shows alone.
    open func getAuthorization(_ resource: String!) {
        getAuthorization(resource, withData: nil)
    }

    /// `getAuthorization:withData:`.
    open func getAuthorization(_ resource: String!, withData data: [AnyHashable: Any]!) {
        let resource = resource ?? ""
        let data = LegacyValues.stringDictionary(data)
        onMain { $0.getAuthorization(resource, data: data) }
    }

    // MARK: Provider, metadata, logout

    /// `getSelectedProvider` — `selectedProvider` with the ``MVPD-class`` chosen for the current
    /// requestor, or nil.
    open func getSelectedProvider() {
        onMain { $0.getSelectedProvider() }
    }

    /// `getMetadata:` — one piece of metadata, delivered to `setMetadataStatus` with the same
    /// dictionary:
    /// `[METADATA_OPCODE_KEY: METADATA_AUTHENTICATION]` (authentication expiry),
    /// `[METADATA_OPCODE_KEY: METADATA_AUTHORIZATION, METADATA_RESOURCE_ID_KEY: resource]`,
    /// `[METADATA_OPCODE_KEY: METADATA_DEVICE_ID]`,
    /// `[METADATA_OPCODE_KEY: METADATA_USER_META, METADATA_USER_META_KEY: name]`. The opcode may be
    /// an `Int` (`Int(METADATA_USER_META)`), an `Int32` or an `NSNumber`.
    open func getMetadata(_ keyDictionary: [AnyHashable: Any]!) {
        let request = MetadataRequest(keyDictionary)
        let arguments = Untouched(value: keyDictionary)
        onMain { $0.getMetadata(request, arguments: arguments) }
    }

    /// `logout` — logs out on the server, hands the MVPD logout page to `navigate(toUrl:)` (iOS; not
    /// on tvOS), clears the tokens, and ends with `setAuthenticationStatus(0, USER_NOT_AUTHENTICATED_ERROR)`
    /// once the app hands the page's redirect to ``handleExternalURL(_:)`` (or a new flow replaces
    /// the page, or it has not finished after 30 seconds).
    open func logout() {
        onMain { $0.logout() }
    }
}
