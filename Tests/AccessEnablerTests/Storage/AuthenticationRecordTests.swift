import Foundation
import Testing
@testable import AccessEnabler

/// An authentication record keeps its fields behind one reference (for the code an app ships);
/// on disk and in use it must stay what the plain struct was.
@Suite(.timeLimit(.minutes(1))) struct AuthenticationRecordTests {
    /// A record as the struct with its fields inline encoded it (`JSONEncoder` defaults).
    static let storedByAnEarlierRelease = """
        {"mvpd":{"id":"Cablevision","displayName":"Cablevision","isTempPass":false,"isProxy":false,\
        "enablePlatformServices":false,"displayInPlatformPicker":false,"requiredMetadataFields":[],\
        "requiresSafariViewController":false,"serviceProvider":"https:\\/\\/sp.example.com"},\
        "userID":"user-1","expires":2000000000,"issued":1000,"serviceProvider":"https:\\/\\/sp.example.com",\
        "attributes":{"zip":{"value":"10001","isEncrypted":false}},"profileType":"regular"}
        """

    @Test func aRecordStoredByAnEarlierReleaseLoadsAndIsWrittenBackTheSame() throws {
        let stored = Data(Self.storedByAnEarlierRelease.utf8)
        let record = try JSONDecoder().decode(AuthenticationRecord.self, from: stored)
        #expect(record.mvpd.id == "Cablevision")
        #expect(record.userID == "user-1")
        #expect(record.expires == Date(timeIntervalSinceReferenceDate: 2_000_000_000))
        #expect(record.issued == Date(timeIntervalSinceReferenceDate: 1000))
        #expect(record.serviceProvider == URL(string: "https://sp.example.com"))
        #expect(record.attributes?["zip"] == .init(value: .string("10001"), isEncrypted: false))
        #expect(record.profileType == "regular")

        let written = try JSONEncoder().encode(record)
        let before = try JSONSerialization.jsonObject(with: stored) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: written) as? NSDictionary
        #expect(before != nil && after == before)
    }

    @Test func settingAFieldChangesOnlyThatCopy() {
        let original = AuthenticationRecord(
            mvpd: MVPD(id: "Cablevision", serviceProvider: URL(string: "https://sp.example.com")!), userID: "user-1",
            expires: Date(timeIntervalSinceReferenceDate: 2_000), issued: Date(timeIntervalSinceReferenceDate: 1_000),
            serviceProvider: URL(string: "https://sp.example.com")!)
        var changed = original
        #expect(changed == original)
        changed.expires = Date(timeIntervalSinceReferenceDate: 3_000)
        changed.profileType = "temporary"

        #expect(original.expires == Date(timeIntervalSinceReferenceDate: 2_000))
        #expect(original.profileType == nil)
        #expect(changed.expires == Date(timeIntervalSinceReferenceDate: 3_000))
        #expect(changed != original)
        #expect(changed.isSameSession(as: original))
        changed.userID = "user-2"
        #expect(!changed.isSameSession(as: original))
    }
}
