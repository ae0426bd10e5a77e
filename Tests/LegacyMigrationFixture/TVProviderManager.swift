// A migration fixture: integration code written the way iOS/tvOS apps wrote it against Adobe's
// Objective-C AccessEnabler SDK: a manager class (an NSObject subclass) that implements
// EntitlementDelegate and EntitlementStatus with the signatures Swift imported from the SDK's
// headers and calls every method of the SDK. It is written as an app team leaves it after moving
// to Swift 6 while still on that SDK: the manager and its screens are `@MainActor` (the SDK calls
// the delegates on the main thread; the SDK's protocols are not main-actor isolated, so the
// conformances are `@preconcurrency`), and the URLSession completion handler hands its result to
// the main queue instead of touching `self` on URLSession's queue. The same code builds in Swift 5
// and Swift 6 language modes.
//
// It is compiled three ways:
// - with OLD_API defined, against the Objective-C SDK as Swift imports it
//   (the interface Swift generates from the SDK's Objective-C headers, as module `AccessEnabler`):
//   the control, in Swift 5 and Swift 6 modes;
// - against AccessEnablerLegacy, after the migration guide's one edit (the `#else` branch below;
//   MigrationEditsTests checks that the import is the only code under `#if OLD_API`), in Swift 5
//   and Swift 6 modes;
// - on Linux, as the package target LegacyMigrationFixture (Swift 5 mode) that
//   AccessEnablerLegacyTests drives against the emulator (the UIKit parts are behind
//   `#if canImport(UIKit)`, as there is no UIKit).
//
// The migration edit, and the only difference between the OLD_API and the migrated code:
// `import AccessEnabler` -> `import AccessEnablerLegacy`. In a file that imports only
// AccessEnablerLegacy, `AccessEnabler` names the legacy class and `MVPD` the legacy MVPD class.
#if OLD_API
import AccessEnabler
#else
import AccessEnablerLegacy
#endif

/// What the app's screens do with the SDK's answers (the app's own UI layer).
@MainActor
protocol TVProviderScreens: AnyObject {
    func requestorConfigured(_ success: Bool)
    func showProviderPicker(_ providers: [MVPD])
    func showLoginPage(_ url: URL, inSafari: Bool)
    func authenticationChanged(isAuthenticated: Bool, errorCode: String)
    func updateLocks(unlocked: [String])
    func play(resource: String, mediaToken: String)
    func showAuthorizationError(resource: String, code: String, message: String)
    func showProviderLogo(_ mvpd: MVPD?, logo: URL?)
    func metadataUpdated(key: Int32, value: Any?, encrypted: Bool, name: String?)
    func statusReported(_ code: String, level: String, message: String)
    func recordAnalytics(event: Int32, data: [Any])
}

/// The app's TV provider integration. Its state is the UI's: it lives on the main actor.
@MainActor
final class TVProviderManager: NSObject, @preconcurrency EntitlementDelegate, @preconcurrency EntitlementStatus {
    static let requestorID = "REF"

    let accessEnabler: AccessEnabler
    weak var screens: TVProviderScreens?
    var useSafariViewController: Bool

    // State the manager keeps from the callbacks.
    private(set) var isConfigured = false
    private(set) var isAuthenticated = false
    private(set) var providers: [MVPD] = []
    private(set) var unlockedResources: [String] = []
    private(set) var mediaTokens: [String: String] = [:]
    private(set) var authenticationExpiry: String?
    private(set) var deviceID: String?
    private(set) var userMetadata: [String: Any] = [:]
    private(set) var trackingEvents: [(event: Int32, data: [Any])] = []
    private(set) var advancedStatus: [[AnyHashable: Any]] = []
    private(set) var softwareStatement: String?
    private(set) var lastRefreshError: Error?
    #if canImport(UIKit)
    weak var presentingViewController: UIViewController?
    private var tvProviderDialog: UIViewController?
    #endif

    init(accessEnabler: AccessEnabler, useSafariViewController: Bool = false) {
        self.accessEnabler = accessEnabler
        self.useSafariViewController = useSafariViewController
        super.init()
        configureSDK()
    }

    convenience init(softwareStatement: String) {
        self.init(accessEnabler: AccessEnabler(softwareStatement))
    }

    private func configureSDK() {
        accessEnabler.delegate = self
        accessEnabler.statusDelegate = self
        accessEnabler.setOptions(["applicationProfile": "tv-app", "visitorID": "ECID-1234", "handleSVC": useSafariViewController])
    }

    // MARK: - Calls the app makes

    func start() {
        accessEnabler.setRequestor(TVProviderManager.requestorID)
    }

    func start(serviceProviders: [String]) {
        accessEnabler.setRequestor(TVProviderManager.requestorID, serviceProviders: serviceProviders)
    }

    /// Fetches the software statement from the app's server (Adobe's advice) and keeps it for
    /// the next launch. The completion handler runs on URLSession's queue: it hands what it got
    /// to the main queue, where the manager's state lives.
    func refreshSoftwareStatement(from url: URL) {
        let task = URLSession.shared.dataTask(with: url) { data, _, error in
            let statement = data.flatMap { String(data: $0, encoding: .utf8) }
            DispatchQueue.main.async {
                self.softwareStatementLoaded(statement, error: error)
            }
        }
        task.resume()
    }

    private func softwareStatementLoaded(_ statement: String?, error: Error?) {
        if let error = error {
            lastRefreshError = error
            return
        }
        guard let statement = statement else { return }
        softwareStatement = statement
        UserDefaults.standard.set(statement, forKey: "softwareStatement")
        start()
    }

    func checkSignIn() {
        accessEnabler.checkAuthentication()
    }

    func signIn() {
        accessEnabler.getAuthentication()
    }

    func signIn(force: Bool, promotion: [String: String]?) {
        if let promotion = promotion {
            accessEnabler.getAuthentication(force, withData: promotion)
        } else {
            accessEnabler.getAuthentication(force)
        }
    }

    func signIn(onlyProviders ids: [String], featured: [String]) {
        accessEnabler.getAuthentication([TV_PROVIDERS: ids, FEATURED_TV_PROVIDERS: featured])
        accessEnabler.getAuthentication(true, withData: ["email": "hash"], andFilter: [TV_PROVIDERS: ids])
    }

    func providerChosen(_ mvpd: MVPD?) {
        accessEnabler.setSelectedProvider(mvpd?.id)
    }

    func pickerCancelled() {
        accessEnabler.setSelectedProvider(nil)
    }

    /// The login web view's navigation policy: the redirect URL is never loaded; it ends the login.
    func webViewShouldLoad(_ url: URL) -> Bool {
        if url.absoluteString == ADOBEPASS_REDIRECT_URL {
            loginPageFinished(at: url)
            return false
        }
        return true
    }

    /// Safari reached the app's custom scheme (or the user closed the page: nil).
    func loginPageFinished(at url: URL?) {
        let redirect: String? = url?.absoluteString
        accessEnabler.handleExternalURL(redirect)
    }

    func loadCatalogue(_ resourceIDs: [String], fresh: Bool = false) {
        if fresh {
            accessEnabler.checkPreauthorizedResources(resourceIDs, cache: false)
        } else {
            accessEnabler.checkPreauthorizedResources(resourceIDs)
        }
    }

    func preauthorize(_ resourceIDs: [String]) {
        let request = PreauthorizeRequest.Builder()
            .setResources(resources: resourceIDs)
            .disableFeatures(features: [PreauthorizeRequest.Feature.LOCAL_CACHE])
            .build()
        let callback = AccessEnablerCallback<PreauthorizeResponse>(onResponse: { response in
            let unlocked = response.getDecisions().filter { $0.isAuthorized() }.map { $0.getId() }
            self.unlockedResources = unlocked
            self.screens?.updateLocks(unlocked: unlocked)
        }, onFailure: { response in
            let status = response.getStatus()
            self.screens?.statusReported(status?.getCode() ?? "", level: "error", message: status?.getMessage() ?? "")
        })
        accessEnabler.preauthorize(request, didCompleteWith: callback)
    }

    func play(_ resources: [String]) {
        accessEnabler.getAuthorization(resources.first)
    }

    func play(_ resource: String, promotion: [String: String]) {
        accessEnabler.getAuthorization(resource, withData: promotion)
    }

    func checkEntitlement(_ resource: String?) {
        accessEnabler.checkAuthorization(resource)
        accessEnabler.checkAuthorization(resource, withData: ["email": "hash"])
    }

    func showProvider() {
        accessEnabler.getSelectedProvider()
    }

    func loadAccountDetails(userMetadata names: [String]) {
        accessEnabler.getMetadata([METADATA_OPCODE_KEY: Int(METADATA_AUTHENTICATION)])
        accessEnabler.getMetadata([METADATA_OPCODE_KEY: Int(METADATA_DEVICE_ID)])
        accessEnabler.getMetadata([METADATA_OPCODE_KEY: Int(METADATA_USER_META), METADATA_USER_META_KEY: "zip"])
        for name in names where name != "zip" {
            accessEnabler.getMetadata([METADATA_OPCODE_KEY: METADATA_USER_META, METADATA_USER_META_KEY: name])
        }
    }

    func loadPlaybackWindow(for resource: String) {
        let request: [String: Any] = [METADATA_OPCODE_KEY: Int(METADATA_AUTHORIZATION), METADATA_RESOURCE_ID_KEY: resource]
        accessEnabler.getMetadata(request)
    }

    func signOut() {
        accessEnabler.logout()
    }

    /// Calls of the SDK before 3.0, still found in old apps.
    @available(*, deprecated, message: "pre-3.0 calls")
    func legacyCalls() {
        let old = AccessEnabler()
        old.setRequestor(TVProviderManager.requestorID, signedRequestorId: "signature")
        old.setRequestor(TVProviderManager.requestorID, signedRequestorId: "signature", serviceProviders: ["https://sp.auth.adobe.com"])
        old.setRequestor(TVProviderManager.requestorID, signedRequestorId: "signature", secret: "secret", publicKey: "public_key")
        old.setRequestor(TVProviderManager.requestorID, signedRequestorId: "signature", serviceProviders: [], secret: "secret", publicKey: "public_key")
        old.getAuthenticationToken()
    }

    // MARK: - EntitlementDelegate

    func setRequestorComplete(_ status: Int32) {
        isConfigured = status == ACCESS_ENABLER_STATUS_SUCCESS
        screens?.requestorConfigured(isConfigured)
    }

    func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {
        isAuthenticated = status == ACCESS_ENABLER_STATUS_SUCCESS
        if status == ACCESS_ENABLER_STATUS_ERROR && (code == PROVIDER_NOT_SELECTED_ERROR || code == GENERIC_AUTHENTICATION_ERROR) {
            providers = []
        }
        let errorCode = code ?? USER_AUTHENTICATED
        screens?.authenticationChanged(isAuthenticated: isAuthenticated, errorCode: errorCode)
    }

    func setToken(_ token: String!, forResource resource: String!) {
        mediaTokens[resource] = token
        screens?.play(resource: resource, mediaToken: token)
    }

    func preauthorizedResources(_ resources: [Any]!) {
        unlockedResources = resources as? [String] ?? []
        screens?.updateLocks(unlocked: unlockedResources)
    }

    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!) {
        if code == USER_NOT_AUTHORIZED_ERROR || code == USER_NOT_AUTHENTICATED_ERROR {
            screens?.showAuthorizationError(resource: resource, code: code, message: description ?? "")
        } else {
            screens?.showAuthorizationError(resource: resource ?? "", code: code ?? "", message: "")
        }
    }

    func selectedProvider(_ mvpd: MVPD!) {
        let logo = URL(string: mvpd?.logoURL ?? "")
        screens?.showProviderLogo(mvpd, logo: logo)
    }

    func displayProviderDialog(_ mvpds: [Any]!) {
        let list = mvpds as? [MVPD] ?? []
        providers = list.sortedByDisplayName
        screens?.showProviderPicker(providers)
    }

    func sendTrackingData(_ data: [Any]!, forEventType event: Int32) {
        switch event {
        case TRACKING_AUTHENTICATION, TRACKING_AUTHORIZATION, TRACKING_GET_SELECTED_PROVIDER:
            trackingEvents.append((event: event, data: data ?? []))
            screens?.recordAnalytics(event: event, data: data ?? [])
        default:
            break
        }
    }

    func setMetadataStatus(_ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable : Any]!) {
        let name = arguments?[METADATA_USER_META_KEY] as? String
        switch key {
        case METADATA_AUTHENTICATION:
            authenticationExpiry = metadata as? String
        case METADATA_DEVICE_ID:
            deviceID = metadata as? String
        case METADATA_USER_META:
            if let name = name {
                userMetadata[name] = metadata
            }
        default:
            break
        }
        screens?.metadataUpdated(key: key, value: metadata, encrypted: encrypted, name: name)
    }

    func navigate(toUrl url: String!) {
        guard let url = URL(string: url) else { return }
        screens?.showLoginPage(url, inSafari: false)
    }

    func navigate(toUrl url: String!, useSVC: Bool) {
        guard let loginURL = URL(string: url) else { return }
        screens?.showLoginPage(loginURL, inSafari: useSVC)
    }

    #if canImport(UIKit)
    func presentTvProviderDialog(_ viewController: UIViewController!) {
        tvProviderDialog = viewController
        DispatchQueue.main.async {
            self.presentingViewController?.present(viewController, animated: true)
        }
    }

    func dismissTvProviderDialog(_ viewController: UIViewController!) {
        tvProviderDialog = nil
        DispatchQueue.main.async {
            viewController.dismiss(animated: true)
        }
    }
    #endif

    // MARK: - EntitlementStatus

    func status(_ statusDictionary: [AnyHashable : Any]!) {
        guard let status = statusDictionary else { return }
        advancedStatus.append(status)
        let code = status["errorId"] as? String ?? ""
        let level = status["level"] as? String ?? ""
        let message = status["message"] as? String ?? ""
        screens?.statusReported(code, level: level, message: message)
    }
}

extension Array where Element: MVPD {
    /// The picker's order: by display name.
    var sortedByDisplayName: [Element] {
        sorted { ($0.displayName ?? "") < ($1.displayName ?? "") }
    }

    /// Providers that can use the platform's single sign-on.
    var singleSignOnCapable: [Element] {
        filter { $0.enablePlatformServices && $0.boardingStatus != nil }
    }
}
