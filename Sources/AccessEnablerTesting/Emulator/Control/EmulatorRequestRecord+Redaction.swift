import AccessEnabler
import Foundation

/// The request log without secrets: what `GET /emulator/requests` serves, and what the emulator
/// keeps once ``PassEmulator/setRequestLogRedaction(_:)`` is on (the standalone server turns it
/// on), so that a log read over HTTP, or a server's memory, holds no credential.
extension EmulatorRequestRecord {
    /// What replaces a secret value.
    public static let redactedValue = "<redacted>"

    /// Header fields whose values are credentials or device identifiers (lower-cased). An
    /// `Authorization` header keeps its scheme (`Bearer <redacted>`).
    static let secretHeaders: Set<String> = [
        "authorization", "ap-device-identifier", "adobe-subject-token", "ad-service-token",
        "x-roku-reserved-roku-connect-token", "cookie", "ap-temppass-identity",
    ]

    /// Query, form and JSON body parameters whose values are secrets: the software statement,
    /// client secrets, tokens, MVPD passwords, device identifiers, partner responses, and REST v2
    /// authentication codes (`/activate?code=…`), which let another device finish a login.
    static let secretParameters: Set<String> = [
        "software_statement", "client_secret", "access_token", "refresh_token", "password", "deviceId", "device_id",
        "SAMLResponse", "code",
    ]

    /// This record with every secret replaced by ``redactedValue``: the headers and parameters
    /// listed above, in the query, a form body or a JSON body, and the authentication code in a
    /// REST v2 path (`…/sessions/{code}`, `…/profiles/code/{code}`, `/api/v2/authenticate/{sp}/{code}`
    /// become `…/redacted`, as in the SDK's own log). A body of another kind is kept.
    public func redacted() -> EmulatorRequestRecord {
        var copy = self
        copy.path = AuthenticationCodeRedaction.redactingCodes(inPath: path)
        copy.headers = HTTPTransportHeaders(
            headers.map { field in
                let name = field.name.lowercased()
                guard Self.secretHeaders.contains(name), field.value != Self.redactedValue else { return field }
                if name == "authorization", let space = field.value.firstIndex(of: " ") {
                    return HTTPTransportHeaders.Field(
                        name: field.name, value: String(field.value[..<space]) + " " + Self.redactedValue)
                }
                return HTTPTransportHeaders.Field(name: field.name, value: Self.redactedValue)
            })
        copy.queryItems = queryItems.map { item in
            Self.secretParameters.contains(item.name) && item.value != nil
                ? QueryItem(name: item.name, value: Self.redactedValue) : item
        }
        if let body { copy.body = Self.redactedBody(body) }
        return copy
    }

    /// A form or JSON body with its secret parameters replaced; other bodies as they are. A body
    /// that looks like JSON but does not parse (cut at ``RequestLog/maximumBodyBytes``, or sent
    /// broken) becomes ``redactedValue`` whole: where its secrets are cannot be told.
    static func redactedBody(_ body: Data) -> Data {
        // Decoded leniently: a body cut inside a multi-byte character is not valid UTF-8.
        let lenient = String(decoding: body, as: UTF8.self)
        let trimmed = lenient.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if trimmed.first == "{" || trimmed.first == "[" {
            guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
                let data = try? JSONSerialization.data(withJSONObject: redactedJSON(value), options: [.sortedKeys])
            else { return Data(redactedValue.utf8) }
            return data
        }
        guard let text = String(data: body, encoding: .utf8) else { return body }
        let form = FormParameters(parsing: text)
        guard form.pairs.contains(where: { secretParameters.contains($0.name) }) else { return body }
        return Data(
            FormParameters.encode(
                form.pairs.map { pair in
                    (pair.name, secretParameters.contains(pair.name) ? redactedValue : pair.value ?? "")
                }
            ).utf8)
    }

    private static func redactedJSON(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, member) in object {
                copy[key] = secretParameters.contains(key) ? redactedValue : redactedJSON(member)
            }
            return copy
        }
        if let array = value as? [Any] { return array.map(redactedJSON) }
        return value
    }
}
