import Foundation

/// When a redirect URL a request names is one that was registered.
enum RedirectURLRule {
    /// Whether `url` is the registered redirect URL `registered`: the same scheme, host, port and
    /// path (the query and fragment may differ, as the SDK's own redirect matching allows). A
    /// loopback IP literal (`127.0.0.0/8`, `[::1]`) over http matches on any port, as
    /// RFC 8252 §7.3 asks of a server for native apps that listen on a port the system picks.
    static func matches(_ url: URL, registered: String) -> Bool {
        guard let registered = URL(string: registered), let scheme = url.scheme?.lowercased(),
            scheme == registered.scheme?.lowercased(), url.host?.lowercased() == registered.host?.lowercased(),
            path(of: url) == path(of: registered)
        else { return false }
        if scheme == "http", isLoopbackLiteral(url.host) { return true }
        return effectivePort(of: url) == effectivePort(of: registered)
    }

    /// The path, with an empty one read as `/` for http(s) (`https://example.com` is `https://example.com/`).
    private static func path(of url: URL) -> String {
        let path = url.path
        if path.isEmpty, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" { return "/" }
        return path
    }

    private static func effectivePort(of url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    /// Whether `host` is a loopback IP literal: `127.x.y.z` or `::1` (a name such as `localhost`
    /// is not, as RFC 8252 §8.3 advises).
    static func isLoopbackLiteral(_ host: String?) -> Bool {
        guard let host = host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else {
            return false
        }
        if host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { part in
                part.count <= 3 && !part.isEmpty && part.allSatisfy(\.isASCII) && UInt8(part) != nil
            }
    }
}
