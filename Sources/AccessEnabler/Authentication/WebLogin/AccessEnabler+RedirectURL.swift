import Foundation

extension AccessEnabler {
    /// The redirect URL of `mvpd`'s browser login and logout.
    ///
    /// An MVPD whose pages open in Safari (``MVPD/requiresSafariViewController``) ends them on the
    /// app's custom scheme, which iOS hands to the app: Safari cannot be stopped at
    /// `adobepass://ios.app` as a web view can. The scheme is found as the legacy SDK found it — in
    /// the `redirect_uris` the registration returned with the software statement, else in the
    /// bundle's `CFBundleURLTypes`. A redirect URL the app configured itself serves every MVPD.
    func redirectURL(for mvpd: MVPD) async -> URL {
        let configured = configuration.redirectURL
        guard mvpd.requiresSafariViewController, configured == Self.defaultRedirectURL else { return configured }
        if let origin = (try? ServiceProvider(mvpd.serviceProvider))?.origin,
            let registered = try? await cache.clientCredentials(for: origin, before: storageDeadline())?.redirectURIs,
            let url = AppSchemeRedirect.url(in: registered)
        {
            return url
        }
        if let url = AppSchemeRedirect.url(inURLTypes: Bundle.main.object(forInfoDictionaryKey: "CFBundleURLTypes")) {
            return url
        }
        log.error(
            "\(mvpd.id) opens in Safari, but neither the registration nor the app's URL types name an adbe. scheme; using \(configured)"
        )
        return configured
    }
}

/// The app's custom-scheme redirect URL (`adbe.<id>://adobe.com`): the TVE Dashboard issues the
/// scheme with the software statement, and the app registers it in its `Info.plist` URL types.
enum AppSchemeRedirect {
    /// The first URL among `uris` on an `adbe.` scheme.
    static func url(in uris: [String]) -> URL? {
        uris.lazy.compactMap(URL.init(string:)).first { isAppScheme($0.scheme) }
    }

    /// `<scheme>://adobe.com` for the first `adbe.` scheme in `urlTypes` (the value of the
    /// bundle's `CFBundleURLTypes`: dictionaries whose `CFBundleURLSchemes` lists schemes).
    static func url(inURLTypes urlTypes: Any?) -> URL? {
        let types = urlTypes as? [[String: Any]] ?? []
        let schemes = types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
        return schemes.first(where: isAppScheme).flatMap { URL(string: "\($0)://adobe.com") }
    }

    private static func isAppScheme(_ scheme: String?) -> Bool {
        scheme?.lowercased().hasPrefix("adbe.") == true
    }
}
