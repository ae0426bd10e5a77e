import Foundation

/// Random identifiers for clients, tokens and logins (not secrets in any real sense).
enum RandomIdentifier {
    /// 32 lower-case hex digits.
    static func hex32() -> String {
        let uuid = UUID().uuid
        let bytes = [
            uuid.0, uuid.1, uuid.2, uuid.3, uuid.4, uuid.5, uuid.6, uuid.7,
            uuid.8, uuid.9, uuid.10, uuid.11, uuid.12, uuid.13, uuid.14, uuid.15,
        ]
        return bytes.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// A lower-case UUID string.
    static func uuid() -> String { UUID().uuidString.lowercased() }
}
