import AccessEnabler
import AccessEnablerTesting
import Foundation

/// Hands requests that arrived over HTTP to a ``PassEmulator`` and turns its answers back into
/// raw responses.
struct EmulatorEndpoint: Sendable {
    /// The emulator being served.
    let emulator: PassEmulator

    /// Header fields that describe one connection or the framing of one message: the server
    /// writes its own, so the emulator's are not copied.
    private static let framingFields: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade",
    ]

    /// Answers `raw` as the emulator does; throws when an injected fault simulates a transport
    /// failure (the caller then closes the connection without answering).
    func serve(_ raw: RawRequest) async throws -> RawResponse {
        guard let url = Self.absoluteURL(for: raw.target, origin: emulator.baseURL) else {
            return RawResponse(
                status: 400, headers: [("Content-Type", "text/plain; charset=utf-8")],
                body: Data("The request target is not a valid URL.\n".utf8))
        }
        var headers = HTTPTransportHeaders()
        for field in raw.headers {
            headers.add(name: field.name, value: field.value)
        }
        let request = HTTPTransportRequest(
            method: HTTPTransportMethod(rawValue: raw.method), url: url, headers: headers,
            body: raw.body.isEmpty ? nil : raw.body)
        let response = try await emulator.handle(request)
        let fields = response.headers
            .filter { !Self.framingFields.contains($0.name.lowercased()) }
            .map { (name: $0.name, value: $0.value) }
        return RawResponse(status: response.status, headers: fields, body: response.body)
    }

    /// The absolute URL of a request target: origin-form targets are resolved against the
    /// emulator's origin; absolute-form targets are kept.
    static func absoluteURL(for target: String, origin: URL) -> URL? {
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            return URL(string: target)
        }
        guard target.hasPrefix("/") else { return nil }
        var base = origin.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + target)
    }
}
