import Foundation

/// What a TV shows during a second-screen sign-in: the code to type on another device, where
/// to type it, and until when it works.
public struct ActivationCode: Sendable, Hashable {
    /// The code (for example `8ER640M`). A code from the service provider is always a plausible
    /// one: 4 to 16 ASCII letters and digits (Adobe's are 7); the SDK refuses any other with
    /// ``AccessEnablerError/serverResponseFormatUnknown`` before it is shown.
    public var code: String
    /// The companion page to type the code on: ``AccessEnabler/Configuration/activationURL``.
    public var activationURL: URL?
    /// ``activationURL`` with the code as its `code` query item, for a QR image; a phone that
    /// scans it skips typing.
    public var qrCodeURL: URL?
    /// When the code expires; after it, the sign-in ends with
    /// ``AccessEnablerError/authenticationCodeExpired``.
    public var expires: Date
    /// The MVPD the TV preselected; nil when the viewer picks one on the other device.
    public var mvpd: MVPD?

    /// Creates a code; ``qrCodeURL`` is derived from `activationURL`.
    public init(code: String, activationURL: URL?, expires: Date, mvpd: MVPD? = nil) {
        self.code = code
        self.activationURL = activationURL
        self.qrCodeURL = activationURL.flatMap { Self.url($0, embedding: code) }
        self.expires = expires
        self.mvpd = mvpd
    }

    /// Whether `code` is one a viewer can read and type: 4 to 16 characters, each an ASCII letter
    /// or digit. No control character (a line feed would start a line of its own on the screen),
    /// no space, no markup.
    static func isPlausible(_ code: String) -> Bool {
        let scalars = code.unicodeScalars
        return (4...16).contains(scalars.count)
            && scalars.allSatisfy { ("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
    }

    /// `activationURL` with `code=<code>` added to its query.
    static func url(_ activationURL: URL, embedding code: String) -> URL? {
        guard var components = URLComponents(url: activationURL, resolvingAgainstBaseURL: true) else { return nil }
        var items = (components.queryItems ?? []).filter { $0.name != "code" }
        items.append(URLQueryItem(name: "code", value: code))
        components.queryItems = items
        return components.url
    }
}
