import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// The Keychain's query logic against a fake of each Apple keychain: what works on iOS must work
/// on the macOS file keychain, an unsigned Mac process, a locked device and a second process.
@Suite(.timeLimit(.minutes(5))) struct KeychainRecordStoreTests {
    static let service = "com.adobe.pass.AccessEnabler"

    /// Each platform flavour: the keychain, the flavour asked for, the keychain the items land in.
    static let flavours: [(FakeKeychain.Platform, KeychainRecordStore.Flavour, FakeKeychain.Kind)] = [
        (.iOS, .automatic, .dataProtection),
        (.macOS(entitled: true), .automatic, .dataProtection),
        (.macOS(entitled: false), .automatic, .file),
        (.macOS(entitled: true), .file, .file),
    ]

    func store(
        _ keychain: FakeKeychain, _ flavour: KeychainRecordStore.Flavour = .automatic,
        accessGroup: String? = nil
    ) -> KeychainRecordStore {
        KeychainRecordStore(
            service: Self.service, accessGroup: accessGroup, flavour: flavour,
            hasFileKeychain: keychain.platform.hasFileKeychain, items: keychain)
    }

    @Test func theDataProtectionKeychainDeletesARecordInOneCall() throws {
        let keychain = FakeKeychain(.iOS)
        let store = store(keychain)
        try store.writeRecord(Data("a".utf8), forKey: "authn|REF")
        let before = keychain.calls.count
        try store.removeRecord(forKey: "authn|REF")
        let deletes = keychain.calls.dropFirst(before).filter { if case .delete = $0 { true } else { false } }
        #expect(deletes.count == 1, "one SecItemDelete removes every match there")
        #expect(keychain.items.isEmpty)
    }

    @Test(arguments: flavours)
    func recordsRoundTripOnEveryKeychain(
        platform: FakeKeychain.Platform, flavour: KeychainRecordStore.Flavour, lands: FakeKeychain.Kind
    ) throws {
        let keychain = FakeKeychain(platform)
        let store = store(keychain, flavour)
        #expect(try store.loadRecords().isEmpty)
        try store.writeRecord(Data("a".utf8), forKey: "device")
        try store.writeRecord(Data("b".utf8), forKey: "authn|REF")
        try store.writeRecord(Data("c".utf8), forKey: "authz|REF|news")
        try store.writeRecord(Data("b2".utf8), forKey: "authn|REF")
        #expect(
            try store.loadRecords() == [
                "device": Data("a".utf8), "authn|REF": Data("b2".utf8), "authz|REF|news": Data("c".utf8),
            ])
        #expect(keychain.items.count == 3)
        #expect(keychain.items.allSatisfy { $0.kind == lands })
        try store.removeRecord(forKey: "authz|REF|news")
        try store.removeRecord(forKey: "never-written")
        #expect(Set(try store.loadRecords().keys) == ["device", "authn|REF"])
        try store.removeAllRecords()
        #expect(try store.loadRecords().isEmpty)
        #expect(keychain.items.isEmpty, "the integrity wipe must leave nothing behind")
    }

    /// The macOS file keychain rejects `kSecMatchLimitAll` with `kSecReturnData`: loading lists the
    /// accounts, then reads each item on its own.
    @Test func loadingNeverAsksForAllDataAtOnce() throws {
        let keychain = FakeKeychain(.macOS(entitled: true))
        let store = store(keychain, .file)
        for key in ["device", "authn|REF", "authz|REF|news"] { try store.writeRecord(Data(key.utf8), forKey: key) }
        keychain.clearCalls()
        #expect(try store.loadRecords().count == 3)
        let copies = keychain.calls.map(\.query)
        #expect(!copies.contains { $0.limit == .all && $0.returning == .data })
        #expect(copies.filter { $0.limit == .one && $0.returning == .data }.count == 3)
    }

    /// One `SecItemDelete` deletes one item on the file keychain: a record present twice (a second
    /// keychain in the search list) is deleted until it is gone, and so is every record on logout.
    @Test func removingDeletesEveryCopyOnTheFileKeychain() throws {
        let keychain = FakeKeychain(.macOS(entitled: true))
        let store = store(keychain, .file)
        for key in ["device", "authn|REF", "authz|REF|news"] { try store.writeRecord(Data(key.utf8), forKey: key) }
        keychain.insert(
            .init(
                kind: .file, service: Self.service, account: "authn|REF", accessGroup: "other",
                data: Data("copy".utf8), thisDeviceAfterFirstUnlock: false))
        try store.removeRecord(forKey: "authn|REF")
        #expect(!keychain.items.contains { $0.account == "authn|REF" })
        try store.removeAllRecords()
        #expect(keychain.items.isEmpty)
    }

    /// The data-protection keychain carries the access group and the accessibility class; the
    /// file keychain has neither (an access group there would not be honoured).
    @Test func accessGroupAndAccessibilityGoToTheDataProtectionKeychain() throws {
        let keychain = FakeKeychain(.macOS(entitled: true))
        try store(keychain, .automatic, accessGroup: "TEAM.shared").writeRecord(Data("x".utf8), forKey: "device")
        #expect(keychain.calls.allSatisfy { $0.query.dataProtectionKeychain && $0.query.accessGroup == "TEAM.shared" })
        #expect(
            keychain.calls.contains(
                .add(
                    .init(
                        service: Self.service, account: "device", accessGroup: "TEAM.shared",
                        dataProtectionKeychain: true),
                    thisDeviceAfterFirstUnlock: true)))
        #expect(keychain.items.map(\.accessGroup) == ["TEAM.shared"])

        let file = FakeKeychain(.macOS(entitled: true))
        try store(file, .file, accessGroup: "TEAM.shared").writeRecord(Data("x".utf8), forKey: "device")
        #expect(file.calls.allSatisfy { !$0.query.dataProtectionKeychain && $0.query.accessGroup == nil })
    }

    /// An unsigned Mac process has no data-protection keychain: automatic settles on the file
    /// keychain for good; with an access group (which only that keychain honours) it fails instead.
    @Test func anUnsignedMacProcessFallsBackToTheFileKeychain() throws {
        let keychain = FakeKeychain(.macOS(entitled: false))
        let automatic = store(keychain)
        try automatic.writeRecord(Data("x".utf8), forKey: "device")
        #expect(automatic.currentFlavour == .file)
        #expect(keychain.items.map(\.kind) == [.file])

        let grouped = store(FakeKeychain(.macOS(entitled: false)), accessGroup: "TEAM.shared")
        #expect(throws: KeychainStatusError.self) { try grouped.writeRecord(Data("x".utf8), forKey: "device") }
        #expect(grouped.currentFlavour == .automatic)

        let signed = store(FakeKeychain(.macOS(entitled: true)))
        _ = try signed.loadRecords()
        #expect(signed.currentFlavour == .dataProtection)
    }

    /// Before first unlock every call fails with `errSecInteractionNotAllowed`: an error, never an
    /// empty store.
    @Test(arguments: flavours)
    func aLockedKeychainThrowsRatherThanReadingEmpty(
        platform: FakeKeychain.Platform, flavour: KeychainRecordStore.Flavour, lands: FakeKeychain.Kind
    ) throws {
        let keychain = FakeKeychain(platform)
        let store = store(keychain, flavour)
        try store.writeRecord(Data("x".utf8), forKey: "authn|REF")
        keychain.locked = true
        for call in [
            { _ = try store.loadRecords() }, { try store.writeRecord(Data(), forKey: "k") },
            { try store.removeRecord(forKey: "authn|REF") }, { try store.removeAllRecords() },
        ] {
            let error = #expect(throws: KeychainStatusError.self) { try call() }
            #expect(error?.status == KeychainStatus.interactionNotAllowed)
            #expect((error.map { $0 as NSError })?.domain == "NSOSStatusErrorDomain")
        }
        keychain.locked = false
        #expect(try store.loadRecords() == ["authn|REF": Data("x".utf8)])
    }

    /// Another process sharing the access group adds the record between this one's update
    /// (not found) and add (duplicate): the write lands as an update.
    @Test(arguments: flavours)
    func aRecordAddedByAnotherProcessMeanwhileIsUpdated(
        platform: FakeKeychain.Platform, flavour: KeychainRecordStore.Flavour, lands: FakeKeychain.Kind
    ) throws {
        let keychain = FakeKeychain(platform)
        let store = store(keychain, flavour)
        _ = try store.loadRecords()  // settles the flavour
        let group = lands == .file ? "" : FakeKeychain.defaultGroup
        keychain.beforeNextAdd { items in
            items.append(
                .init(
                    kind: lands, service: Self.service, account: "authn|REF", accessGroup: group,
                    data: Data("theirs".utf8), thisDeviceAfterFirstUnlock: true))
        }
        try store.writeRecord(Data("ours".utf8), forKey: "authn|REF")
        #expect(try store.loadRecords() == ["authn|REF": Data("ours".utf8)])
        #expect(keychain.items.count == 1)
    }

    /// A record removed by another process between the listing and its read is not an error.
    @Test func aRecordRemovedMeanwhileIsSkipped() throws {
        let keychain = FakeKeychain(.iOS)
        let store = store(keychain)
        try store.writeRecord(Data("x".utf8), forKey: "a")
        let racing = RacingRemoval(keychain: keychain, account: "a")
        let racingStore = KeychainRecordStore(
            service: Self.service, accessGroup: nil, flavour: .automatic, hasFileKeychain: false, items: racing)
        #expect(try racingStore.loadRecords().isEmpty)
    }

    /// Through the SDK: a locked keychain at launch is a storage failure, not "signed out", and the
    /// session is there once the device is unlocked.
    @Test func aLockedKeychainAtLaunchIsAStorageFailureNotASignOut() async throws {
        let keychain = FakeKeychain(.iOS)
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = Harness(clock: clock, emulator: emulator, storage: store(keychain))
        let signedIn = try await first.signIn()

        keychain.locked = true
        let second = Harness(clock: clock, emulator: emulator, storage: store(keychain))
        // The device ID and the registration are in the locked keychain: setRequestor reports it.
        await #expect(throws: AccessEnablerError.storageFailure) { try await second.configure() }
        #expect(await second.enabler.checkAuthentication().isAuthenticated == false)
        #expect(keychain.items.contains { $0.account.hasPrefix("authn|") }, "nothing was removed")

        keychain.locked = false
        try await second.configure()
        #expect(await second.enabler.checkAuthentication().authentication == signedIn)
    }
}

/// Lists an account, then reports it gone when read (another process deleted it in between).
private struct RacingRemoval: KeychainItems {
    let keychain: FakeKeychain
    let account: String
    func copyMatching(_ query: KeychainQuery) -> KeychainSearch {
        if query.returning == .data { return KeychainSearch(status: KeychainStatus.itemNotFound) }
        return keychain.copyMatching(query)
    }
    func add(_ query: KeychainQuery, data: Data, thisDeviceAfterFirstUnlock: Bool) -> Int32 {
        keychain.add(query, data: data, thisDeviceAfterFirstUnlock: thisDeviceAfterFirstUnlock)
    }
    func update(_ query: KeychainQuery, data: Data) -> Int32 { keychain.update(query, data: data) }
    func delete(_ query: KeychainQuery) -> Int32 { keychain.delete(query) }
}
