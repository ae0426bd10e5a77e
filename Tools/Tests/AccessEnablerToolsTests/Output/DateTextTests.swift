@testable import AccessEnablerCLI
import Foundation
import Testing

/// Expiries for people and for JSON, including the far-future ones servers use for "never".
@Suite("Dates in the output", .timeLimit(.minutes(5)))
struct DateTextTests {
    /// `Int64.max` epoch milliseconds, as the SDK turns it into a date.
    static let never = Date(timeIntervalSince1970: TimeInterval(Int64.max) / 1000)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("epoch milliseconds are exact in range and clamp outside it")
    func milliseconds() {
        #expect(JSONOutput.milliseconds(Self.now) == 1_800_000_000_000)
        #expect(JSONOutput.milliseconds(Date(timeIntervalSince1970: 1_800_000_000.1234)) == 1_800_000_000_123)
        #expect(JSONOutput.milliseconds(Self.never) == .max)
        #expect(JSONOutput.milliseconds(Date(timeIntervalSince1970: TimeInterval(Int64.min) / 1000)) == .min)
        #expect(JSONOutput.milliseconds(.distantFuture) == 64_092_211_200_000)
    }

    @Test("dates from 1970 to 9999 are ISO 8601 and relative; others are shown as the bound")
    func describe() {
        #expect(
            DateText.describe(Self.now.addingTimeInterval(3540), now: Self.now) == "2027-01-15T08:59:00Z (in 59 min)")
        #expect(
            DateText.describe(Self.now.addingTimeInterval(-180), now: Self.now) == "2027-01-15T07:57:00Z (3 min ago)")
        #expect(DateText.describe(Self.never, now: Self.now) == "after 9999-12-31T23:59:59Z (far future)")
        #expect(
            DateText.describe(Date(timeIntervalSince1970: 253_402_300_800), now: Self.now)
                == "after 9999-12-31T23:59:59Z (far future)")
        #expect(
            DateText.describe(Date(timeIntervalSince1970: 253_402_300_799), now: Self.now)
                .hasPrefix("9999-12-31T23:59:59Z (in 2912063 d"))
        #expect(
            DateText.describe(Date(timeIntervalSince1970: TimeInterval(Int64.min) / 1000), now: Self.now)
                == "before 1970-01-01T00:00:00Z (long ago)")
        #expect(DateText.describe(Date(timeIntervalSince1970: 0), now: Self.now).hasPrefix("1970-01-01T00:00:00Z ("))
        #expect(DateText.timestamp(Self.never) == "after 9999-12-31T23:59:59Z")
    }

    @Test("a relative time far away is bounded instead of trapping")
    func relative() {
        #expect(DateText.relative(Self.never, now: Date(timeIntervalSince1970: -9.2e15)) == "in 11574074074 d 1 h")
        #expect(DateText.relative(Date(timeIntervalSince1970: -9.2e15), now: Self.never) == "11574074074 d 1 h ago")
    }
}
