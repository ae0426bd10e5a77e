import AccessEnabler
import Foundation

/// What the `/emulator/` control routes require of a request before they read it, so that a web
/// page cannot drive the emulator:
///
/// - every control route answers only a `Host` that names this machine's loopback (`localhost`),
///   an IP address, or the emulator's own host (its ``PassEmulator/baseURL``): a page that rebinds
///   its own name to 127.0.0.1 sends its name, and is refused (403);
/// - a control write (`POST`) takes `Content-Type: application/json` only: a page can send a form
///   or `text/plain` to any address without asking first, but not JSON (415).
extension PassEmulator {
    /// Why a control request is refused before its route reads it; nil when it may go on.
    func controlGuardRefusal(_ request: IncomingRequest) -> HTTPTransportResponse? {
        let host = request.header("Host").flatMap(Self.hostName(ofHostHeader:)) ?? request.http.url.host ?? ""
        guard isControlHost(host) else {
            return jsonResponse(
                403,
                .object([
                    (
                        "error",
                        .string(
                            "The control routes answer only requests to this machine's loopback, an IP address or "
                                + "\(baseURL.host ?? "the emulator's host"); this one was sent to \(host.prefix(100)).")
                    )
                ]))
        }
        if request.method == .post, !Self.isJSON(request.header("Content-Type")) {
            return jsonResponse(
                415,
                .object([
                    (
                        "error",
                        .string(
                            "A control request with a body takes Content-Type: application/json "
                                + "(curl -H 'Content-Type: application/json' …).")
                    )
                ]))
        }
        return nil
    }

    /// Whether `host` (a name or an address, without a port) may reach the control routes.
    private func isControlHost(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == baseURL.host?.lowercased() { return true }
        return Self.isIPAddress(name)
    }

    /// The host of a `Host` header value: `name:port`, `name`, `[v6]:port` or `[v6]`.
    static func hostName(ofHostHeader value: String) -> String? {
        let value = value.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return nil }
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            return String(value[value.index(after: value.startIndex)..<close])
        }
        if let colon = value.lastIndex(of: ":"), value.firstIndex(of: ":") == colon {
            return String(value[..<colon])
        }
        return value
    }

    /// Whether `text` is an IPv4 address in dotted decimal or an IPv6 address (no name resolves).
    static func isIPAddress(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4,
            parts.allSatisfy({ part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil
            })
        {
            return true
        }
        // IPv6: hexadecimal groups, colons, and an optional embedded IPv4 or zone; at least two colons.
        return text.filter { $0 == ":" }.count >= 2
            && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "%" }
    }

    /// Whether a `Content-Type` value is JSON (`application/json`, with or without parameters).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return mediaType.lowercased() == "application/json"
    }
}
