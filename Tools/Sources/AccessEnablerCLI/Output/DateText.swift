import Foundation

/// Dates for people: ISO 8601 and how far away.
///
/// A server may send any expiry up to `Int64.max` epoch milliseconds (year 292,278,994) as a way
/// of saying "never"; dates after the year 9999 (or, equally absurd for an expiry, before the
/// epoch) are shown as that bound instead of as the nonsense ISO 8601 formatting makes of them.
enum DateText {
    /// The dates shown as themselves: 1970-01-01T00:00:00Z through 9999-12-31T23:59:59Z.
    static let shown = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)

    /// For example `2026-05-01T12:00:00Z (in 59 min)`, or `after 9999-12-31T23:59:59Z (far future)`.
    static func describe(_ date: Date, now: Date = Date()) -> String {
        if date > shown.upperBound { return "\(timestamp(date)) (far future)" }
        if date < shown.lowerBound { return "\(timestamp(date)) (long ago)" }
        return "\(timestamp(date)) (\(relative(date, now: now)))"
    }

    /// For example `2026-05-01T12:00:00Z`, or `after 9999-12-31T23:59:59Z` for a date beyond it.
    static func timestamp(_ date: Date) -> String {
        if date > shown.upperBound { return "after \(shown.upperBound.formatted(.iso8601))" }
        if date < shown.lowerBound { return "before \(shown.lowerBound.formatted(.iso8601))" }
        return date.formatted(.iso8601)
    }

    /// For example `in 59 min`, `in 2 h 5 min`, `3 min ago`.
    static func relative(_ date: Date, now: Date = Date()) -> String {
        // Bounded first: converting a far-off interval to Int would trap (and 10^15 s is already
        // 31 million years).
        let interval = max(-1e15, min(1e15, date.timeIntervalSince(now)))
        let seconds = interval.isFinite ? Int(interval.rounded()) : 0
        let magnitude = abs(seconds)
        let text: String
        if magnitude < 60 {
            text = "\(magnitude) s"
        } else if magnitude < 3600 {
            text = "\(magnitude / 60) min"
        } else if magnitude < 86_400 {
            text = "\(magnitude / 3600) h \(magnitude % 3600 / 60) min"
        } else {
            text = "\(magnitude / 86_400) d \(magnitude % 86_400 / 3600) h"
        }
        return seconds >= 0 ? "in \(text)" : "\(text) ago"
    }
}
