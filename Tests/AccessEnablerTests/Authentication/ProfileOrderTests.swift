import Foundation
import Testing
@testable import AccessEnabler

/// The order in which a profile refresh offers the server's profiles (`ProfileSync.bestFirst`).
@Suite(.timeLimit(.minutes(1))) struct ProfileOrderTests {
    static func record(_ mvpd: String, expires: TimeInterval) -> AuthenticationRecord {
        let serviceProvider = URL(string: "https://sp.example.com")!
        return AuthenticationRecord(
            mvpd: MVPD(id: mvpd, serviceProvider: serviceProvider), userID: "user-\(mvpd)",
            expires: Date(timeIntervalSinceReferenceDate: expires), issued: .distantPast,
            serviceProvider: serviceProvider)
    }

    @Test func thePreferredThenTheLocalThenTheSelectedThenTheLongestValidThenByID() {
        let found = [
            Self.record("A", expires: 100), Self.record("F", expires: 200), Self.record("D", expires: 50),
            Self.record("C", expires: 10), Self.record("B", expires: 200), Self.record("E", expires: 1),
        ]
        let ordered = ProfileSync.bestFirst(found, preferred: "E", local: "C", selected: "D")
        #expect(ordered.map(\.mvpd.id) == ["E", "C", "D", "B", "F", "A"])
    }

    @Test func withoutPreferenceTheLongestValidComesFirst() {
        let found = [Self.record("A", expires: 100), Self.record("B", expires: 300), Self.record("C", expires: 200)]
        #expect(
            ProfileSync.bestFirst(found, preferred: nil, local: nil, selected: nil).map(\.mvpd.id) == ["B", "C", "A"])
        #expect(ProfileSync.bestFirst([], preferred: "A", local: nil, selected: nil).isEmpty)
    }
}
