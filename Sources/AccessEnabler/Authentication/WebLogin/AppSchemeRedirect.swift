import Foundation

/// The app's custom-scheme redirect URL (`adbe.<id>://adobe.com`): the TVE Dashboard issues the
/// scheme with the software statement, and the app registers it in its `Info.plist` URL types.
enum AppSchemeRedirect {
    /// Where a Safari page ends.
    indirect enum Choice: Equatable {
        /// On this URL of the app's scheme.
        case url(URL)
        /// On the configured redirect URL: not an app (a tool, a test), or a presenter that
        /// catches the redirect itself, and no `adbe.` scheme anywhere.
        case useConfigured
        /// The registration's scheme, which the app does not register: Safari cannot come back.
        case unregistered(scheme: String)
        /// No `adbe.` scheme anywhere, in an app.
        case noScheme
    }

    /// The choice for the registration's `redirect_uris` and the app's `bundle`: the
    /// registration's `adbe.` scheme when the app registers it (or when nothing needs the app to:
    /// not an app, or a presenter that catches the redirect itself, `requiresRegisteredScheme`
    /// false), else the bundle's own `adbe.` scheme when the registration names none.
    static func choose(registered: [String], bundle: AppBundle, requiresRegisteredScheme: Bool) -> Choice {
        let appReceives = bundle.isApp && requiresRegisteredScheme
        if let url = url(in: registered) {
            guard appReceives else { return .url(url) }
            let scheme = url.scheme ?? ""
            return bundle.urlSchemes.contains { $0.lowercased() == scheme.lowercased() }
                ? .url(url) : .unregistered(scheme: scheme)
        }
        if let url = url(inSchemes: bundle.urlSchemes) { return .url(url) }
        return appReceives ? .noScheme : .useConfigured
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
