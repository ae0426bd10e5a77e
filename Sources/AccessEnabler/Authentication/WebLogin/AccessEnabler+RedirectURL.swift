import Foundation

extension AccessEnabler {
    /// The redirect URL of `mvpd`'s browser login and logout.
    ///
    /// An MVPD whose pages open in Safari (``MVPD/requiresSafariViewController``) ends them on the
    /// app's custom scheme, which iOS hands to the app: Safari cannot be stopped at
    /// `adobepass://ios.app` as a web view can. The scheme is found as the legacy SDK found it — in
    /// the `redirect_uris` the registration returned with the software statement, else in the
    /// bundle's `CFBundleURLTypes` — and, in an app, must be one the app registers: otherwise
    /// Safari cannot come back, so the login fails with
    /// ``AccessEnablerError/appSchemeNotRegistered`` (logged once per scheme, naming the
    /// Info.plist entry to add) instead of ending where no app receives it. A redirect URL the
    /// app configured itself serves every MVPD; ``Options/safariRedirectURL``, when set, serves
    /// the MVPDs that open in Safari.
    func redirectURL(for mvpd: MVPD) async throws(AccessEnablerError) -> URL {
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
        switch AppSchemeRedirect.choose(registered: registered, bundle: configuration.appBundle) {
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

/// The app's custom-scheme redirect URL (`adbe.<id>://adobe.com`): the TVE Dashboard issues the
/// scheme with the software statement, and the app registers it in its `Info.plist` URL types.
enum AppSchemeRedirect {
    /// Where a Safari page ends.
    enum Choice: Equatable {
        /// On this URL of the app's scheme.
        case url(URL)
        /// On the configured redirect URL: not an app (a tool, a test), whose presenter catches
        /// the redirect itself.
        case useConfigured
        /// The registration's scheme, which the app does not register: Safari cannot come back.
        case unregistered(scheme: String)
        /// No `adbe.` scheme anywhere, in an app.
        case noScheme
    }

    /// The choice for the registration's `redirect_uris` and the app's `bundle`: the
    /// registration's `adbe.` scheme when the app registers it (or when this is not an app),
    /// else the bundle's own `adbe.` scheme when the registration names none.
    static func choose(registered: [String], bundle: AppBundle) -> Choice {
        if let url = url(in: registered) {
            guard bundle.isApp else { return .url(url) }
            let scheme = url.scheme ?? ""
            return bundle.urlSchemes.contains { $0.lowercased() == scheme.lowercased() }
                ? .url(url) : .unregistered(scheme: scheme)
        }
        if let url = url(inSchemes: bundle.urlSchemes) { return .url(url) }
        return bundle.isApp ? .noScheme : .useConfigured
    }

    /// The first URL among `uris` on an `adbe.` scheme.
    static func url(in uris: [String]) -> URL? {
        uris.lazy.compactMap(URL.init(string:)).first { isAppScheme($0.scheme) }
    }

    /// `<scheme>://adobe.com` for the first `adbe.` scheme in `urlTypes` (the value of the
    /// bundle's `CFBundleURLTypes`: dictionaries whose `CFBundleURLSchemes` lists schemes).
    static func url(inURLTypes urlTypes: Any?) -> URL? {
        url(inSchemes: AppBundle.schemes(inURLTypes: urlTypes))
    }

    private static func url(inSchemes schemes: [String]) -> URL? {
        schemes.first(where: isAppScheme).flatMap { URL(string: "\($0)://adobe.com") }
    }

    private static func isAppScheme(_ scheme: String?) -> Bool {
        scheme?.lowercased().hasPrefix("adbe.") == true
    }
}
