import Foundation

/// The one JSON object a command prints under `--json`: compact, on one line, keys sorted.
enum JSONOutput {
    /// `value` as one line of JSON.
    static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `date` as epoch milliseconds, the unit of every expiry in the JSON output.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
