import AccessEnabler
import Foundation

// Two members of Adobe's 3.x `AccessEnabler.h` that its API reference never documents; apps
// written against that header use them.

extension LegacyAccessEnabler {
    /// `svcRedirectURL` — where the login and logout pages of an MVPD that opens in Safari end: the
    /// app's custom-scheme URL (`adbe.<id>://adobe.com`), which iOS hands to the app (pass it to
    /// ``handleExternalURL(_:)``). Takes effect for the flows that start after it is set.
    ///
    /// When nil or empty (the default), or not a URL with a scheme, the adapter finds the scheme
    /// as Adobe's SDK did: in the registration issued with the software statement, else in the
    /// app's `CFBundleURLTypes`. Unlike `Configuration.redirectURL`, it changes nothing for MVPDs
    /// whose pages open in the web view. The typed ``setOptions(_:)-(AsyncAccessEnabler.Options)``
    /// replaces it with its `safariRedirectURL`.
    public var svcRedirectURL: String! {
        get { session.safariRedirect.withLock { $0 } }
        set {
            session.safariRedirect.withLock { $0 = newValue }
            var update = LegacyOptionsUpdate()
            update.safariRedirectURL = Self.safariRedirectURL(newValue).map { .set($0) } ?? .remove
            onMain { $0.updateOptions(update) }
        }
    }

    /// `dispatchStatus:` — hands `status` to the ``statusDelegate``'s `status(_:)` on the main
    /// thread, after the callbacks already queued, as the adapter's own reports arrive. Without
    /// a status delegate nothing happens.
    public func dispatchStatus(_ status: [AnyHashable: Any]!) {
        let status = Untouched(value: status)
        onMain { $0.callbacks.emit(statusDictionary: status) }
    }

    /// The URL `svcRedirectURL` names, nil for none (nil, empty, or not a URL with a scheme).
    static func safariRedirectURL(_ text: String?) -> URL? {
        guard let text, let url = URL(string: text), url.scheme?.isEmpty == false else { return nil }
        return url
    }
}
