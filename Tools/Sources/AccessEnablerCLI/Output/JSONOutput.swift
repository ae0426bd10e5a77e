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
    ///
    /// Clamped to the range of `Int64`: a server's "never" (`Int64.max` milliseconds) is 2^63 once
    /// it has been a `Double`, which a plain conversion traps on.
    static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        if let exact = Int64(exactly: milliseconds) { return exact }
        if milliseconds.isNaN { return 0 }
        return milliseconds > 0 ? .max : .min
    }
}
