import Foundation

/// Dates for people: ISO 8601 and how far away.
enum DateText {
    /// For example `2026-05-01T12:00:00Z (in 59 min)`.
    static func describe(_ date: Date, now: Date = Date()) -> String {
        "\(date.formatted(.iso8601)) (\(relative(date, now: now)))"
    }

    /// For example `in 59 min`, `in 2 h 5 min`, `3 min ago`.
    static func relative(_ date: Date, now: Date = Date()) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded())
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
