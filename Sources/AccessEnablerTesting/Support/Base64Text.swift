import Foundation

/// Lenient Base64 decoding for header values: surrounding spaces are ignored and missing `=`
/// padding is restored; anything else that is not standard Base64 is rejected.
enum Base64Text {
    static func decode(_ value: String) -> Data? {
        var text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let remainder = text.utf8.count % 4
        if remainder != 0 { text += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: text)
    }

    /// The JSON object a Base64 header value carries, with its text; nil when it is not one.
    static func decodeJSONObject(_ value: String) -> (object: [String: Any], text: String)? {
        guard let data = decode(value),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return nil }
        return (object, String(decoding: data, as: UTF8.self))
    }
}
