import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// A Mac process without the keychain entitlement (a Developer ID app without a provisioning
/// profile, a command-line tool): its data-protection searches find nothing and its writes fail
/// with `errSecMissingEntitlement`. The first write decides the keychain, and what an earlier run
/// stored in the file keychain is found again.
@Suite(.timeLimit(.minutes(5))) struct KeychainEntitlementTests {
    static let service = "com.adobe.pass.AccessEnabler"

    func store(_ keychain: FakeKeychain, accessGroup: String? = nil) -> KeychainRecordStore {
        KeychainRecordStore(
            service: Self.service, accessGroup: accessGroup, flavour: .automatic,
            hasFileKeychain: keychain.platform.hasFileKeychain, items: keychain)
    }

    @Test func theFakeAnswersAsAnUnentitledProcessIsAnswered() {
        let keychain = FakeKeychain(.macOS(entitled: false))
        let query = KeychainQuery(
            service: Self.service, account: "device", accessGroup: nil, dataProtectionKeychain: true)
        var search = query
        search.limit = .all
        search.returning = .attributes
        #expect(keychain.copyMatching(search).status == KeychainStatus.itemNotFound)
        #expect(
            keychain.add(query, data: Data(), thisDeviceAfterFirstUnlock: true) == KeychainStatus.missingEntitlement)
        #expect(keychain.update(query, data: Data()) == KeychainStatus.missingEntitlement)
        #expect(keychain.delete(query) == KeychainStatus.missingEntitlement)
    }

    /// The search at launch succeeds (finding nothing); the write after it is the one refused:
    /// it moves to the file keychain and lands there.
    @Test func aWriteAfterAnEmptyLoadLandsInTheFileKeychain() throws {
        let keychain = FakeKeychain(.macOS(entitled: false))
        let store = store(keychain)
        #expect(try store.loadRecords().isEmpty)
        try store.writeRecord(Data("seed".utf8), forKey: "device")
        #expect(store.currentFlavour == .file)
        #expect(keychain.items.map(\.kind) == [.file])
        #expect(keychain.items.map(\.accessGroup) == [""], "no access group on the file keychain")
        #expect(try store.loadRecords() == ["device": Data("seed".utf8)])
    }

    @Test func aRemovalIsAWriteThatDecidesToo() throws {
        let keychain = FakeKeychain(.macOS(entitled: false))
        try store(keychain).writeRecord(Data("x".utf8), forKey: "authn|REF")
        let relaunched = store(keychain)
        try relaunched.removeRecord(forKey: "authn|REF")
        #expect(relaunched.currentFlavour == .file)
        #expect(keychain.items.isEmpty)
    }

    /// The next launch finds what the last one stored, instead of an empty store (and a new
    /// device ID, and a signed-out viewer).
    @Test func theNextLaunchFindsTheRecordsInTheFileKeychain() throws {
        let keychain = FakeKeychain(.macOS(entitled: false))
        try store(keychain).writeRecord(Data("seed".utf8), forKey: "device")
        let relaunched = store(keychain)
        #expect(try relaunched.loadRecords() == ["device": Data("seed".utf8)])
        #expect(relaunched.currentFlavour == .file)
    }

    @Test func anEntitledProcessWithAnEmptyKeychainStaysOnDataProtectionAndLeavesNoProbe() throws {
        let keychain = FakeKeychain(.macOS(entitled: true))
        let store = store(keychain)
        #expect(try store.loadRecords().isEmpty)
        #expect(store.currentFlavour == .dataProtection)
        #expect(keychain.items.isEmpty)
        #expect(!keychain.calls.contains { !$0.query.dataProtectionKeychain }, "the file keychain was not touched")
        try store.writeRecord(Data("seed".utf8), forKey: "device")
        #expect(keychain.items.map(\.kind) == [.dataProtection])
    }

    /// With an access group (which only the data-protection keychain honours) nothing falls
    /// back: the write fails, as the SDK reports a storage failure.
    @Test func withAnAccessGroupTheRefusedWriteFails() throws {
        let keychain = FakeKeychain(.macOS(entitled: false))
        let store = store(keychain, accessGroup: "TEAM.shared")
        #expect(try store.loadRecords().isEmpty)
        let error = #expect(throws: KeychainStatusError.self) {
            try store.writeRecord(Data("x".utf8), forKey: "device")
        }
        #expect(error?.status == KeychainStatus.missingEntitlement)
        #expect(keychain.items.isEmpty)
    }

    /// Through the SDK: an unsigned Mac tool signs in, and its next run is still signed in with
    /// the same device ID.
    @Test func anUnsignedMacToolStaysSignedInAcrossRuns() async throws {
        let keychain = FakeKeychain(.macOS(entitled: false))
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = Harness(clock: clock, emulator: emulator, storage: store(keychain))
        let signedIn = try await first.signIn()
        let deviceID = try await first.enabler.getMetadata(.deviceID).value

        let second = Harness(clock: clock, emulator: emulator, storage: store(keychain))
        try await second.configure()
        #expect(await second.enabler.checkAuthentication().authentication == signedIn)
        #expect(try await second.enabler.getMetadata(.deviceID).value == deviceID)
        #expect(keychain.items.allSatisfy { $0.kind == .file })
    }

    /// A removal conditional on the stored item: another process changed it since it was read,
    /// so nothing is removed.
    @Test(arguments: [FakeKeychain.Platform.iOS, .macOS(entitled: false)])
    func aConditionalRemovalComparesTheStoredItem(platform: FakeKeychain.Platform) throws {
        let keychain = FakeKeychain(platform)
        let ours = store(keychain)
        try ours.writeRecord(Data("A".utf8), forKey: "authn|REF")
        try ours.writeRecord(Data("a-news".utf8), forKey: "authz|REF|news")
        // Another process (an extension) logs B in.
        try store(keychain).writeRecord(Data("B".utf8), forKey: "authn|REF")

        let removals: [TokenStorageChange] = [.remove(forKey: "authz|REF|news"), .remove(forKey: "authn|REF")]
        #expect(try !ours.applyChanges(removals, ifRecord: "authn|REF") { $0 == Data("A".utf8) })
        #expect(try ours.loadRecords() == ["authn|REF": Data("B".utf8), "authz|REF|news": Data("a-news".utf8)])
        #expect(try ours.applyChanges(removals, ifRecord: "authn|REF") { $0 == Data("B".utf8) })
        #expect(try ours.loadRecords().isEmpty)
    }
}
