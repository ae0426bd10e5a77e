import AccessEnabler
import Foundation

/// How the tool shows the SDK's log lines under `--verbose`.
enum LogLine {
    /// The line as printed: the SDK's message (which starts with its own `[AccessEnabler]`
    /// prefix, added once) with durations rounded — `retrying in 0.734512883 seconds` reads
    /// `retrying in 0.73 s`.
    static func text(_ message: LogMessage) -> String {
        var text = message.message
        if !text.hasPrefix("[AccessEnabler]") { text = "[AccessEnabler] " + text }
        return roundingDurations(in: text)
    }

    /// `text` with each `<number> seconds` (how `Duration` describes itself) rounded: two
    /// decimals below 10 s, one below 100 s, whole seconds above, trailing zeros dropped.
    static func roundingDurations(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: " seconds") {
            let before = rest[..<range.lowerBound]
            let numberStart =
                before.lastIndex { !("0"..."9").contains($0) && $0 != "." && $0 != "e" && $0 != "-" }
                .map { before.index(after: $0) } ?? before.startIndex
            let number = before[numberStart...]
            if let seconds = Double(number), seconds.isFinite, !number.isEmpty {
                result += before[..<numberStart] + format(seconds) + " s"
            } else {
                result += before + " seconds"
            }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// `0.5` → `0.5`, `0.734512` → `0.73`, `12.34` → `12.3`, `130.2` → `130`.
    static func format(_ seconds: Double) -> String {
        let decimals = seconds < 10 ? 2 : seconds < 100 ? 1 : 0
        var text = String(format: "%.\(decimals)f", seconds)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
