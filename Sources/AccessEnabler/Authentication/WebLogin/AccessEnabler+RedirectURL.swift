import Foundation

extension AccessEnabler {
    /// The redirect URL of `mvpd`'s browser login and logout in `presenter`.
    ///
    /// An MVPD whose pages open in Safari (``MVPD/requiresSafariViewController``) ends them on the
    /// app's custom scheme: Safari cannot be stopped at `adobepass://ios.app` as a web view can.
    /// The scheme is found as the legacy SDK found it — in the `redirect_uris` the registration
    /// returned with the software statement, else in the bundle's `CFBundleURLTypes`. Only a
    /// presenter whose page comes back through iOS handing the URL to the app
    /// (``AuthenticationPresenter/requiresRegisteredURLScheme``: the legacy adapter's Safari
    /// routes) needs the app to register that scheme; there, an app that does not fails the login
    /// with ``AccessEnablerError/appSchemeNotRegistered`` (logged once per scheme, naming the
    /// Info.plist entry to add) instead of ending where no app receives it. A presenter that
    /// catches the redirect itself (`ASWebAuthenticationSession`) gets the scheme, registered or
    /// not. A redirect URL the app configured itself serves every MVPD;
    /// ``Options/safariRedirectURL``, when set, serves the MVPDs that open in Safari.
    func redirectURL(for mvpd: MVPD, presenter: any AuthenticationPresenter) async throws(AccessEnablerError) -> URL {
        try await redirectURL(for: mvpd, requiresRegisteredScheme: presenter.requiresRegisteredURLScheme)
    }

    /// ``redirectURL(for:presenter:)`` for a presenter that does (`requiresRegisteredScheme`), or
    /// does not, need the app to register the scheme.
    func redirectURL(for mvpd: MVPD, requiresRegisteredScheme: Bool = true) async throws(AccessEnablerError) -> URL {
        let configured = configuration.redirectURL
        guard mvpd.requiresSafariViewController else { return configured }
        if let chosen = options.safariRedirectURL { return chosen }
        guard configured == Self.defaultRedirectURL else { return configured }
        var registered: [String] = []
        if let origin = (try? ServiceProvider(mvpd.serviceProvider))?.origin,
            let uris = try? await cache.clientCredentials(for: origin, before: storageDeadline())?.redirectURIs
        {
            registered = uris
        }
        switch AppSchemeRedirect.choose(
            registered: registered, bundle: configuration.appBundle, requiresRegisteredScheme: requiresRegisteredScheme)
        {
        case .url(let url):
            return url
        case .useConfigured:
            return configured
        case .unregistered(let scheme):
            let entry = "CFBundleURLTypes > CFBundleURLSchemes: \(scheme)"
            if appSchemeWarnings.insert(scheme).inserted {
                log.error(
                    "\(mvpd.id) opens in Safari, which returns to the app only on its \(scheme) scheme: add \(entry) to the app's Info.plist"
                )
            }
            throw AccessEnablerError.appSchemeNotRegistered.with(
                details: "\(mvpd.id) opens in Safari; add \(entry) to the app's Info.plist.")
        case .noScheme:
            if appSchemeWarnings.insert("").inserted {
                log.error(
                    "\(mvpd.id) opens in Safari, but neither the registration nor the app's Info.plist (CFBundleURLTypes) names an adbe. scheme"
                )
            }
            throw AccessEnablerError.appSchemeNotRegistered.with(
                details:
                    "\(mvpd.id) opens in Safari; register the adbe. scheme of the software statement in the app's Info.plist (CFBundleURLTypes)."
            )
        }
    }
}
