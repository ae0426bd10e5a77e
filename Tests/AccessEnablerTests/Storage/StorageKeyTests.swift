import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// The keys on disk are a format: a store written by an earlier release must load, and the
/// cache must write and remove records under the very same bytes.
@Suite(.timeLimit(.minutes(5))) struct StorageKeyTests {
    static let origin = "https://sp.example.com"
    static let later = Date(timeIntervalSinceReferenceDate: 2_000_000_000)

    /// A store as the SDK wrote it before the keys were typed, every kind of record once, and an
    /// authorization whose resource itself contains the separator.
    static func storeWithTodaysKeys() throws -> [String: Data] {
        let encoder = JSONEncoder()
        let mvpd = MVPD(id: "Cablevision", serviceProvider: URL(string: origin)!)
        let configuration = ConfigurationRecord(
            RequestorConfiguration(requestorID: "REQ", name: nil, domains: ["example.com"], mvpds: [mvpd]),
            serviceProviders: [], fetched: later)
        return [
            "device": try encoder.encode(DeviceRecord(seed: "stored-seed")),
            "dcr.client|\(origin)": try encoder.encode(
                ClientCredentialsRecord(
                    clientID: "client-1", clientSecret: "secret", issuedAt: nil, softwareStatementDigest: "digest")),
            "dcr.token|\(origin)": try encoder.encode(
                AccessTokenRecord(token: "token", expires: later, clientID: "client-1")),
            "authn|REQ": try encoder.encode(
                AuthenticationRecord(
                    mvpd: mvpd, userID: "user", expires: later, issued: .distantPast,
                    serviceProvider: URL(string: origin)!)),
            "selected-mvpd|REQ": try encoder.encode(mvpd),
            "authz|REQ|news": try encoder.encode(
                AuthorizationRecord(resource: "news", expires: later, mvpdID: "Cablevision")),
            "authz|REQ|a|b": try encoder.encode(
                AuthorizationRecord(resource: "a|b", expires: later, mvpdID: "Cablevision")),
            "user-metadata|REQ": try encoder.encode(
                UserMetadataRecord(values: ["zip": "10001"], encryptedKeys: [], expires: later)),
            "configuration|REQ": try encoder.encode(configuration),
        ]
    }

    @Test func everyKeyOnDiskParsesBackToTheSameBytes() async throws {
        for key in try Self.storeWithTodaysKeys().keys {
            #expect(StorageKey(rawValue: key)?.rawValue == key, "\(key)")
        }
        #expect(StorageKey(rawValue: "authz|REQ|a|b") == .authorization(requestor: "REQ", resource: "a|b"))
        #expect(StorageKey(rawValue: "integrity-probe") == nil)
        #expect(StorageKey(rawValue: "devices") == nil)
    }

    @Test(arguments: [StorageIntegrityCheck.none, .all])
    func aStoreWrittenWithTodaysKeysLoads(check: StorageIntegrityCheck) async throws {
        let records = try Self.storeWithTodaysKeys()
        let storage = InMemoryTokenStorage(records: records)
        let cache = TokenCache(storage: storage, integrityCheck: check, events: EventHub(), log: Log(handler: nil))

        #expect(try await cache.deviceSeed(configured: nil, before: .inTests) == "stored-seed")
        #expect(try await cache.clientCredentials(for: Self.origin, before: .inTests)?.clientID == "client-1")
        let token = try await cache.usableAccessToken(
            for: Self.origin, softwareStatementDigest: "digest", now: .distantPast, before: .inTests)
        #expect(token?.token == "token")
        #expect(try await cache.authentication(for: "REQ", before: .inTests)?.userID == "user")
        #expect(try await cache.selectedMVPD(for: "REQ", before: .inTests)?.id == "Cablevision")
        #expect(try await cache.authorization(for: "news", requestor: "REQ", before: .inTests) != nil)
        #expect(try await cache.authorization(for: "a|b", requestor: "REQ", before: .inTests) != nil)
        #expect(try await cache.userMetadata(for: "REQ", before: .inTests)?.values["zip"] == "10001")
        #expect(try await cache.storedConfiguration(for: "REQ", before: .inTests)?.mvpds.map(\.id) == ["Cablevision"])
        // Nothing was rewritten or dropped by loading.
        #expect(try await storage.loadRecords() == records)

        // Removals name the same bytes.
        try await cache.removeAuthorization(for: "a|b", requestor: "REQ", before: .inTests)
        #expect(try await storage.loadRecords()["authz|REQ|a|b"] == nil)
        try await cache.clearUserData(before: .inTests)
        #expect(
            Set(try await storage.loadRecords().keys) == [
                "device", "dcr.client|\(Self.origin)", "dcr.token|\(Self.origin)",
                "configuration|REQ",
            ])
    }
}
