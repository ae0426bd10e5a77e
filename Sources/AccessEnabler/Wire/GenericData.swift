import Foundation

/// The app's key/value data for a call (for example a Promotional TempPass identity): REST v1
/// sends it as `generic_data`, REST v2 Base64-encoded in `AP-TempPass-Identity`.
enum GenericData {
    /// `data` as a JSON object with sorted keys, or nil when there is none.
    static func json(_ data: [String: String]) -> String? {
        guard !data.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(data)).flatMap { String(data: $0, encoding: .utf8) }
    }
}
