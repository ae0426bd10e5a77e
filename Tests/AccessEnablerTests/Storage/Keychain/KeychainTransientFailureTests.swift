import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// iOS and tvOS have one keychain: `errSecMissingEntitlement` (-34018) there is a transient
/// failure a correctly signed app meets now and then, not a Mac without the entitlement. The
/// write fails as a storage failure, the next one tries the data-protection keychain again, and
/// every item keeps `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
@Suite(.timeLimit(.minutes(10))) struct KeychainTransientFailureTests {
    static let service = "com.adobe.pass.AccessEnabler"
    static let singleKeychainPlatforms: [FakeKeychain.Platform] = [.iOS, .tvOS]

    func store(_ keychain: FakeKeychain, _ flavour: KeychainRecordStore.Flavour = .automatic) -> KeychainRecordStore {
        KeychainRecordStore(
            service: Self.service, accessGroup: nil, flavour: flavour,
            hasFileKeychain: keychain.platform.hasFileKeychain, items: keychain)
    }

    @Test(arguments: singleKeychainPlatforms)
    func aRefusedWriteFailsAndTheNextOneLandsWithTheAccessibilityClass(platform: FakeKeychain.Platform) throws {
        let keychain = FakeKeychain(platform)
        let store = store(keychain)
        try store.writeRecord(Data("seed".utf8), forKey: "device")
        keychain.failNextWrites(with: KeychainStatus.missingEntitlement)
        let error = #expect(throws: KeychainStatusError.self) {
            try store.writeRecord(Data("A".utf8), forKey: "authn|REF")
        }
        #expect(error?.status == KeychainStatus.missingEntitlement)
        #expect(store.currentFlavour == .dataProtection)
        try store.writeRecord(Data("A".utf8), forKey: "authn|REF")
        try store.writeRecord(Data("news".utf8), forKey: "authz|REF|news")
        #expect(keychain.items.count == 3)
        #expect(
            keychain.items.allSatisfy { $0.thisDeviceAfterFirstUnlock }, "every item: after first unlock, this device")
        #expect(keychain.calls.allSatisfy { $0.query.dataProtectionKeychain }, "never a query without data protection")
        #expect(try store.loadRecords()["authn|REF"] == Data("A".utf8))
    }

    /// The first write of a launch refused: the same, with nothing stored before it.
    @Test(arguments: singleKeychainPlatforms)
    func aRefusedFirstWriteDoesNotMoveTheStore(platform: FakeKeychain.Platform) throws {
        let keychain = FakeKeychain(platform)
        let store = store(keychain)
        keychain.failNextWrites(with: KeychainStatus.missingEntitlement)
        #expect(throws: KeychainStatusError.self) { try store.writeRecord(Data("seed".utf8), forKey: "device") }
        try store.writeRecord(Data("seed".utf8), forKey: "device")
        #expect(keychain.items.map(\.thisDeviceAfterFirstUnlock) == [true])
        #expect(keychain.calls.allSatisfy { $0.query.dataProtectionKeychain })
    }

    /// The probe (an item added and deleted to learn which macOS keychain this process may use)
    /// is for macOS only: an empty load on iOS or tvOS is a search, nothing more.
    @Test(arguments: singleKeychainPlatforms)
    func anEmptyLoadMakesNoProbe(platform: FakeKeychain.Platform) throws {
        let keychain = FakeKeychain(platform)
        #expect(try store(keychain).loadRecords().isEmpty)
        #expect(keychain.calls.allSatisfy { !$0.isWrite }, "calls: \(keychain.calls)")
    }

    /// Asking for the macOS file keychain on iOS or tvOS gets the one keychain there is, with
    /// the accessibility class.
    @Test(arguments: singleKeychainPlatforms)
    func theFileFlavourMeansTheDataProtectionKeychainThere(platform: FakeKeychain.Platform) throws {
        let keychain = FakeKeychain(platform)
        try store(keychain, .file).writeRecord(Data("seed".utf8), forKey: "device")
        #expect(keychain.items.map(\.thisDeviceAfterFirstUnlock) == [true])
    }

    /// The control: on a Mac without the entitlement the same status still moves the store to
    /// the file keychain, once.
    @Test func onAMacTheFallbackStays() throws {
        let keychain = FakeKeychain(.macOS(entitled: false))
        let store = store(keychain)
        try store.writeRecord(Data("seed".utf8), forKey: "device")
        #expect(store.currentFlavour == .file)
        #expect(keychain.items.map(\.kind) == [.file])
    }

    /// Through the SDK on iOS: a sign-in whose write meets -34018 reports a storage failure and
    /// loses nothing; the next sign-in's write lands in the data-protection keychain.
    @Test func throughTheSDKTheWriteIsRetriedOnTheNextOne() async throws {
        let keychain = FakeKeychain(.iOS)
        let harness = Harness(storage: store(keychain))
        try await harness.configure()
        keychain.failNextWrites(with: KeychainStatus.missingEntitlement)
        await #expect(throws: AccessEnablerError.storageFailure) {
            try await harness.enabler.authenticate(presenter: harness.presenter("Cablevision"))
        }
        try await harness.enabler.authenticate(forceAuthentication: true, presenter: harness.presenter("Cablevision"))
        #expect(keychain.items.contains { $0.account.hasPrefix("authn|") })
        #expect(keychain.items.allSatisfy { $0.kind == .dataProtection && $0.thisDeviceAfterFirstUnlock })
    }
}
