import Foundation

/// What the SDK reads from the app's `Info.plist`: whether the process is an app, and the URL
/// schemes it registers (which Safari can hand back to it). ``AccessEnabler/Configuration``
/// holds the running process's; the tests describe an app of their own.
package struct AppBundle: Sendable {
    /// Whether the process is an app bundle (`CFBundlePackageType` `APPL`): only an app receives
    /// a URL on its scheme from Safari. A command-line tool or a test catches redirects itself.
    package var isApp: Bool
    /// The schemes of `CFBundleURLTypes`, in order.
    package var urlSchemes: [String]

    package init(isApp: Bool, urlSchemes: [String]) {
        self.isApp = isApp
        self.urlSchemes = urlSchemes
    }

    /// The running process's bundle.
    package static var main: AppBundle {
        AppBundle(
            isApp: Bundle.main.object(forInfoDictionaryKey: "CFBundlePackageType") as? String == "APPL",
            urlSchemes: schemes(inURLTypes: Bundle.main.object(forInfoDictionaryKey: "CFBundleURLTypes")))
    }

    /// The schemes of a `CFBundleURLTypes` value (dictionaries whose `CFBundleURLSchemes` lists
    /// schemes); anything else has none.
    static func schemes(inURLTypes urlTypes: Any?) -> [String] {
        let types = urlTypes as? [[String: Any]] ?? []
        return types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
    }
}
