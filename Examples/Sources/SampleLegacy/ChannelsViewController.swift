import AccessEnablerLegacy
import AuthenticationServices
import UIKit

/// A channel list written against the callback API of Adobe's Objective-C AccessEnabler SDK.
///
/// Moved to this package with the migration guide's one edit: `import AccessEnabler` became
/// `import AccessEnablerLegacy` (where `AccessEnabler` names the legacy class). Everything else is the Objective-C SDK's API as Swift imports it: the delegate callbacks on
/// the main thread, `String!` and `[Any]!` parameters, `Int32` statuses.
public final class ChannelsViewController: UITableViewController, EntitlementDelegate, EntitlementStatus {
    /// The resources of the emulator's standard scenario.
    let channels = ["news", "sports", "movies", "kids", "premium"]
    let accessEnabler: AccessEnabler
    let requestorID: String
    let serviceProviders: [String]
    var unlocked: Set<String> = []
    var signedIn = false
    var webSession: ASWebAuthenticationSession?
    var lastStatus = ""

    /// Creates the screen for `accessenabler emulator serve` on this Mac, or for Adobe staging when
    /// the scheme sets `ACCESSENABLER_STAGING=1`, `ACCESSENABLER_REQUESTOR` and
    /// `ACCESSENABLER_SOFTWARE_STATEMENT`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if environment["ACCESSENABLER_STAGING"] == "1" {
            requestorID = environment["ACCESSENABLER_REQUESTOR"] ?? ""
            serviceProviders = ["https://api.auth-staging.adobe.com"]
            accessEnabler = AccessEnabler(environment["ACCESSENABLER_SOFTWARE_STATEMENT"] ?? "")
        } else {
            requestorID = environment["ACCESSENABLER_REQUESTOR"] ?? "REF"
            serviceProviders = [environment["ACCESSENABLER_SERVICE_PROVIDER"] ?? "http://127.0.0.1:8080"]
            accessEnabler = AccessEnabler("any")  // the emulator accepts any software statement
        }
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("ChannelsViewController is created in code")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Channels (legacy API)"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "channel")
        accessEnabler.delegate = self
        accessEnabler.statusDelegate = self
        accessEnabler.setRequestor(requestorID, serviceProviders: serviceProviders)
        updateSignInButton()
    }

    // MARK: Table

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        channels.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "channel", for: indexPath)
        let channel = channels[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = channel.capitalized
        content.image = UIImage(systemName: unlocked.contains(channel) ? "lock.open" : "lock.fill")
        cell.contentConfiguration = content
        return cell
    }

    public override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        lastStatus.isEmpty ? nil : "Last status: \(lastStatus)"
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        accessEnabler.checkAuthorization(channels[indexPath.row])
    }

    /// A URL on the app's `adbe.` scheme (the end of an MVPD page that opened in Safari), from
    /// the scene delegate: the login goes on.
    public func handle(_ url: URL) {
        guard url.scheme?.lowercased().hasPrefix("adbe.") == true else { return }
        accessEnabler.handleExternalURL(url.absoluteString)
    }

    // MARK: Sign-in and sign-out

    @objc func signInOrOut() {
        if signedIn {
            accessEnabler.logout()
        } else {
            accessEnabler.getAuthentication()
        }
    }

    func updateSignInButton() {
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: signedIn ? "Sign out" : "Sign in", style: .plain, target: self, action: #selector(signInOrOut))
    }

    func show(_ title: String, _ message: String?) {
        let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }

    // MARK: EntitlementDelegate

    public func setRequestorComplete(_ status: Int32) {
        if status == ACCESS_ENABLER_STATUS_SUCCESS {
            accessEnabler.checkAuthentication()
        } else {
            show("The configuration did not load", "Is `accessenabler emulator serve` running?")
        }
    }

    public func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {
        signedIn = status == ACCESS_ENABLER_STATUS_SUCCESS
        updateSignInButton()
        if signedIn {
            accessEnabler.checkPreauthorizedResources(channels)
        } else {
            unlocked = []
            tableView.reloadData()
            let quiet = [USER_NOT_AUTHENTICATED_ERROR, PROVIDER_NOT_SELECTED_ERROR, ""]
            if let code = code, !quiet.contains(code) { show("Sign-in failed", code) }
        }
    }

    public func preauthorizedResources(_ resources: [Any]!) {
        unlocked = Set(resources as? [String] ?? [])
        tableView.reloadData()
    }

    public func setToken(_ token: String!, forResource resource: String!) {
        // A player would start here with `token`; the sample shows when the authorization expires.
        accessEnabler.getMetadata([
            METADATA_OPCODE_KEY: Int(METADATA_AUTHORIZATION), METADATA_RESOURCE_ID_KEY: resource ?? "",
        ])
    }

    public func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!)
    {
        show("\(resource ?? "") is locked", description ?? code)
    }

    public func selectedProvider(_ mvpd: MVPD!) {}

    public func displayProviderDialog(_ mvpds: [Any]!) {
        let sheet = UIAlertController(title: "Your TV provider", message: nil, preferredStyle: .actionSheet)
        for mvpd in mvpds as? [MVPD] ?? [] {
            sheet.addAction(
                UIAlertAction(title: mvpd.displayName, style: .default) { _ in
                    self.accessEnabler.setSelectedProvider(mvpd.id)
                })
        }
        sheet.addAction(
            UIAlertAction(title: "Cancel", style: .cancel) { _ in
                self.accessEnabler.setSelectedProvider(nil)
            })
        sheet.popoverPresentationController?.barButtonItem = navigationItem.rightBarButtonItem
        present(sheet, animated: true)
    }

    public func sendTrackingData(_ data: [Any]!, forEventType event: Int32) {}

    public func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!
    ) {
        guard key == METADATA_AUTHORIZATION, let milliseconds = Double(metadata as? String ?? "") else { return }
        let expires = Date(timeIntervalSince1970: milliseconds / 1000)
        let resource = arguments?[METADATA_RESOURCE_ID_KEY] as? String ?? ""
        show("Playing \(resource)", "The authorization expires \(expires.formatted(date: .omitted, time: .standard)).")
    }

    /// The login (and logout) page, in a web authentication session that ends at the redirect URL.
    public func navigate(toUrl url: String!) {
        guard let url = URL(string: url ?? "") else { return }
        // The SDK's default redirect URL, adobepass://ios.app, ends the session.
        let session = ASWebAuthenticationSession(url: url, callbackURLScheme: "adobepass") { callback, _ in
            DispatchQueue.main.async {
                self.webSession = nil
                if let callback {
                    self.accessEnabler.handleExternalURL(callback.absoluteString)
                } else {
                    // The viewer closed the sheet: a cancellation, as backing out of the picker is.
                    self.accessEnabler.setSelectedProvider(nil)
                }
            }
        }
        session.presentationContextProvider = self
        webSession = session
        session.start()
    }

    public func presentTvProviderDialog(_ viewController: UIViewController!) {
        present(viewController, animated: true)
    }

    public func dismissTvProviderDialog(_ viewController: UIViewController!) {
        viewController.dismiss(animated: true)
    }

    // MARK: EntitlementStatus

    public func status(_ statusDictionary: [AnyHashable: Any]!) {
        // Advanced status reports (Adobe's enhanced errors), shown under the list.
        let errorId = statusDictionary?["errorId"] as? String ?? ""
        let message = statusDictionary?["message"] as? String ?? ""
        lastStatus = "\(errorId) \(message)"
        tableView.reloadData()
    }
}

extension ChannelsViewController: ASWebAuthenticationPresentationContextProviding {
    public func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        view.window ?? ASPresentationAnchor()
    }
}
