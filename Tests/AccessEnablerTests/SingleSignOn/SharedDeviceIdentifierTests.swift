@testable import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// One app's view of a Keychain the team's apps share: the access groups its entitlement lists.
/// A query in another group fails as Apple documents for a group the app may not use
/// (`errSecMissingEntitlement`); `searchesFindNothing` makes a search answer `errSecItemNotFound`
/// instead, as the macOS data-protection keychain answers a process without the entitlement.
struct EntitledKeychain: KeychainItems {
    let keychain: FakeKeychain
    let groups: Set<String>
    var searchesFindNothing = false

    private func allowed(_ query: KeychainQuery) -> Bool { query.accessGroup.map(groups.contains) ?? true }

    func copyMatching(_ query: KeychainQuery) -> KeychainSearch {
        if allowed(query) { return keychain.copyMatching(query) }
        return KeychainSearch(
            status: searchesFindNothing ? KeychainStatus.itemNotFound : KeychainStatus.missingEntitlement)
    }

    func add(_ query: KeychainQuery, data: Data, thisDeviceAfterFirstUnlock: Bool) -> Int32 {
        allowed(query)
            ? keychain.add(query, data: data, thisDeviceAfterFirstUnlock: thisDeviceAfterFirstUnlock)
            : KeychainStatus.missingEntitlement
    }

    func update(_ query: KeychainQuery, data: Data) -> Int32 {
        allowed(query) ? keychain.update(query, data: data) : KeychainStatus.missingEntitlement
    }

    func delete(_ query: KeychainQuery) -> Int32 {
        allowed(query) ? keychain.delete(query) : KeychainStatus.missingEntitlement
    }
}

/// A Keychain that answers the next calls (searches included) with a status of its choice, as
/// iOS now and then answers a correctly signed app with `errSecMissingEntitlement`.
final class RefusingKeychain: KeychainItems {
    let base: any KeychainItems
    private let refusals = LockedValue<[Int32]>([])

    init(_ base: any KeychainItems) { self.base = base }

    /// Answers the next `count` calls with `status`.
    func refuseNext(_ count: Int = 1, with status: Int32 = KeychainStatus.missingEntitlement) {
        refusals.withLock { $0 += Array(repeating: status, count: count) }
    }

    private func refusal() -> Int32? { refusals.withLock { $0.isEmpty ? nil : $0.removeFirst() } }

    func copyMatching(_ query: KeychainQuery) -> KeychainSearch {
        refusal().map { KeychainSearch(status: $0) } ?? base.copyMatching(query)
    }

    func add(_ query: KeychainQuery, data: Data, thisDeviceAfterFirstUnlock: Bool) -> Int32 {
        refusal() ?? base.add(query, data: data, thisDeviceAfterFirstUnlock: thisDeviceAfterFirstUnlock)
    }

    func update(_ query: KeychainQuery, data: Data) -> Int32 { refusal() ?? base.update(query, data: data) }

    func delete(_ query: KeychainQuery) -> Int32 { refusal() ?? base.delete(query) }
}

extension Harness {
    /// An app on the device whose Keychain is `keychain`, naming `accessGroup` in its
    /// configuration; its tokens are its own (`storage`).
    init(
        app keychain: (any KeychainItems)?, accessGroup: String?, clock: TestClock, emulator: PassEmulator,
        storage: any TokenStorage = InMemoryTokenStorage(),
        configure: (inout AccessEnabler.Configuration) -> Void = { _ in }
    ) {
        self.clock = clock
        self.backend = .restV2
        self.emulator = emulator
        self.storage = storage
        let logLines = LogRecorder()
        self.logLines = logLines
        var configuration = AccessEnabler.Configuration()
        configuration.transport = emulator.transport
        configuration.storage = storage
        configuration.clock = clock
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        configuration.logHandler = { logLines.append($0) }
        configuration.retryPolicy = .none
        configuration.deviceIdentifierAccessGroup = accessGroup
        configure(&configuration)
        self.enabler = AccessEnabler(
            softwareStatement: Self.softwareStatement, configuration: configuration,
            connectionMonitor: SystemConnectionTypeMonitor(), deviceSeedKeychain: keychain)
    }

    /// The device ID the app sends.
    func sentDeviceID() async throws -> String { try await enabler.getMetadata(.deviceID).value.stringValue ?? "" }
}

/// Single sign-on across the programmer's apps on one device: apps (and extensions) that name
/// one Keychain access group send one device identifier, so a profile one of them created is
/// the other's too (REST API v2 profiles are per device).
@Suite(.timeLimit(.minutes(2))) struct SharedDeviceIdentifierTests {
    static let group = "TEAM.com.example.shared"

    struct Device {
        let clock = TestClock()
        let emulator: PassEmulator
        let keychain = FakeKeychain(.iOS)

        init() { emulator = PassEmulator(clock: clock) }

        /// An app entitled to `groups` that names `accessGroup`.
        func app(
            groups: Set<String> = [group], accessGroup: String? = group, searchesFindNothing: Bool = false,
            storage: any TokenStorage = InMemoryTokenStorage(),
            configure: (inout AccessEnabler.Configuration) -> Void = { _ in }
        ) -> Harness {
            Harness(
                app: EntitledKeychain(keychain: keychain, groups: groups, searchesFindNothing: searchesFindNothing),
                accessGroup: accessGroup, clock: clock, emulator: emulator, storage: storage, configure: configure)
        }

        /// An entitled app whose Keychain refuses what `refusing` says.
        func app(refusing: (RefusingKeychain) -> Void, storage: any TokenStorage = InMemoryTokenStorage()) -> Harness {
            let keychain = RefusingKeychain(EntitledKeychain(keychain: keychain, groups: [group]))
            refusing(keychain)
            return Harness(app: keychain, accessGroup: group, clock: clock, emulator: emulator, storage: storage)
        }
    }

    @Test func appBFindsTheProfileAppACreatedOnItsLaunchWithOneRequest() async throws {
        let device = Device()
        let appA = device.app()
        try await appA.signIn()

        let appB = device.app()
        try await appB.configure()
        #expect(await appB.enabler.checkAuthentication().isAuthenticated == false, "B has stored nothing")
        let before = await device.emulator.requests.count
        let status = try await appB.enabler.refreshAuthentication()
        let after = await device.emulator.requests
        #expect(after.count == before + 1, "the launch sync is one request")
        #expect(after.last?.route == .profiles)
        #expect(status.authentication?.mvpd.id == "Cablevision")
        #expect(status.authentication?.profileType == "regular", "the same device's own profile")
        #expect(await device.emulator.requests(to: .createSession).count == 1, "only A signed in")
        #expect(try await appB.sentDeviceID() == appA.sentDeviceID())
        _ = try await appB.enabler.authorize(resource: "news")

        let items = device.keychain.items.filter { $0.service == SharedDeviceSeedStore.service }
        #expect(items.count == 1)
        #expect(items.first?.accessGroup == Self.group)
        #expect(items.first?.thisDeviceAfterFirstUnlock == true, "readable after first unlock, never synchronized")
        #expect(
            try await Self.storedSeed(appA) == Self.storedSeed(appB), "A's own seed, adopted by the group; B's copy")

        // A logout in B signs A out on the server too: one device, one profile.
        try await appB.enabler.logout()
        #expect(try await appA.enabler.refreshAuthentication().isAuthenticated == false)
    }

    /// The device seed an app keeps with its tokens.
    static func storedSeed(_ app: Harness) async throws -> String? {
        try await app.storage.loadRecords(before: .inTests)["device"].map {
            try JSONDecoder().decode(DeviceRecord.self, from: $0).seed
        }
    }

    /// iOS answers a correctly signed app with `errSecMissingEntitlement` now and then: an app the
    /// group answered before sends the group's device ID all the same, and stays signed in.
    /// Before the app kept a copy of the group's seed, B relaunched with its own new seed, lost
    /// its sign-in, and kept that device ID for the whole process.
    @Test(arguments: [1, 2])
    func aPassingRefusalAfterTheGroupAnsweredKeepsTheDeviceID(refusals: Int) async throws {
        let device = Device()
        let appA = device.app()
        try await appA.signIn()
        let storage = InMemoryTokenStorage()
        let appB = device.app(storage: storage)
        try await appB.configure()
        #expect(try await appB.enabler.refreshAuthentication().isAuthenticated)

        let relaunched = device.app(refusing: { $0.refuseNext(refusals) }, storage: storage)
        try await relaunched.configure()
        #expect(try await relaunched.sentDeviceID() == appA.sentDeviceID())
        #expect(try await relaunched.enabler.refreshAuthentication().isAuthenticated, "still signed in")
        #expect(await relaunched.enabler.checkAuthentication().isAuthenticated)
        #expect(try await relaunched.sentDeviceID() == appA.sentDeviceID())
        #expect(device.keychain.items.filter { $0.service == SharedDeviceSeedStore.service }.count == 1)
    }

    /// A refusal before the group ever answered this app may pass too: the app's own seed serves
    /// that call only, and the next call asks the group again instead of keeping the app's own
    /// device ID for the whole process.
    @Test func aRefusalBeforeTheGroupAnsweredIsNotKeptForTheProcess() async throws {
        let device = Device()
        let appA = device.app()
        try await appA.signIn()
        let appB = device.app(refusing: { $0.refuseNext() })
        let first = try await appB.sentDeviceID()
        #expect(try await first != appA.sentDeviceID(), "the app's own, for this call")
        #expect(try await appB.sentDeviceID() == appA.sentDeviceID(), "the group's, asked again")
        try await appB.configure()
        #expect(try await appB.enabler.refreshAuthentication().isAuthenticated)
        let lines = appB.logLines.all.filter { $0.message.contains("keychain-access-groups") }
        #expect(lines.count == 1)
        #expect(lines.first?.message.contains("until the group answers") == true)
    }

    @Test func anAppThatAlreadyHadADeviceIDKeepsItWhenItStartsSharing() async throws {
        let device = Device()
        let storage = InMemoryTokenStorage()
        let before = device.app(accessGroup: nil, storage: storage)
        try await before.signIn()
        let id = try await before.sentDeviceID()
        #expect(device.keychain.items.isEmpty, "no access group, no shared item")

        let updated = device.app(storage: storage)
        try await updated.configure()
        #expect(try await updated.enabler.refreshAuthentication().isAuthenticated, "still signed in on the server")
        #expect(try await updated.sentDeviceID() == id)
        #expect(try await device.app().sentDeviceID() == id, "and the group's other apps send it too")
    }

    @Test(arguments: [false, true])
    func anAppWithoutTheEntitlementKeepsItsOwnAndTheLogSaysSoOnce(searchesFindNothing: Bool) async throws {
        let device = Device()
        let appA = device.app()
        try await appA.signIn()
        let unentitled = device.app(groups: ["TEAM.com.example.other"], searchesFindNothing: searchesFindNothing)
        try await unentitled.configure()
        #expect(try await unentitled.enabler.refreshAuthentication().isAuthenticated == false)
        _ = try? await unentitled.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(try await unentitled.sentDeviceID() != appA.sentDeviceID())
        let id = try await unentitled.sentDeviceID()
        #expect(
            try await unentitled.storage.loadRecords(before: .inTests)["device"] != nil,
            "its own seed, kept with its tokens")
        let lines = unentitled.logLines.all.filter { $0.message.contains("keychain-access-groups") }
        #expect(lines.count == 1, "logged once")
        #expect(lines.first?.level == .error)
        #expect(lines.first?.message.contains(Self.group) == true, "naming the group to add")
        // The same app relaunched keeps the same device ID.
        let relaunched = device.app(groups: [], storage: unentitled.storage)
        #expect(try await relaunched.sentDeviceID() == id)
    }

    @Test func aLockedKeychainIsAStorageFailureNotAnotherDeviceID() async throws {
        let device = Device()
        let appA = device.app()
        try await appA.signIn()
        device.keychain.locked = true
        let appB = device.app()
        let error = await #expect(throws: AccessEnablerError.self) { try await appB.configure() }
        #expect(error == .storageFailure)
        #expect(
            try await appB.storage.loadRecords(before: .inTests)["device"] == nil, "no seed of its own made meanwhile")
        device.keychain.locked = false
        try await appB.configure()
        #expect(try await appB.enabler.refreshAuthentication().isAuthenticated)
        #expect(try await appB.sentDeviceID() == appA.sentDeviceID())
    }

    @Test func twoAppsStartingAtOnceAgreeOnOneSeed() async throws {
        let device = Device()
        let appA = device.app()
        // Another app of the group adds its seed between A's search and A's add.
        device.keychain.beforeNextAdd { items in
            items.append(
                FakeKeychain.Item(
                    kind: .dataProtection, service: SharedDeviceSeedStore.service,
                    account: SharedDeviceSeedStore.account, accessGroup: Self.group, data: Data("other-app-seed".utf8),
                    thisDeviceAfterFirstUnlock: true))
        }
        let id = try await appA.sentDeviceID()
        #expect(id == SHA256.hexDigest("other-app-seed"), "the seed stored first wins")
        #expect(device.keychain.items.count == 1)
    }

    @Test func aConfiguredSeedWinsOverTheGroup() async throws {
        let device = Device()
        let app = device.app { $0.deviceIDSeed = "vendor-id" }
        #expect(try await app.sentDeviceID() == SHA256.hexDigest("vendor-id"))
        #expect(device.keychain.calls.isEmpty)
        #expect(app.logLines.all.contains { $0.message.contains("deviceIdentifierAccessGroup is not used") })
    }

    @Test func aPlatformWithoutAKeychainKeepsTheSeedWithTheTokens() async throws {
        let device = Device()
        let app = Harness(
            app: nil, accessGroup: Self.group, clock: device.clock, emulator: device.emulator)
        _ = try await app.sentDeviceID()
        #expect(try await app.storage.loadRecords(before: .inTests)["device"] != nil)
        #expect(app.logLines.all.contains { $0.message.contains("this platform has no Keychain") })
    }
}

/// The shared seed's decisions, call by call, on the fake keychain.
@Suite(.timeLimit(.minutes(3))) struct SharedDeviceSeedStoreTests {
    static let group = SharedDeviceIdentifierTests.group

    func store(_ keychain: FakeKeychain, groups: Set<String> = [group]) -> SharedDeviceSeedStore {
        SharedDeviceSeedStore(accessGroup: Self.group, items: EntitledKeychain(keychain: keychain, groups: groups))
    }

    @Test func theFirstAppStoresItsSeedAndTheNextReadsIt() async throws {
        let keychain = FakeKeychain(.iOS)
        let first = try await store(keychain).seed(adopting: { "seed-a" })
        #expect(first == .shared("seed-a"))
        let second = try await store(keychain).seed(adopting: {
            Issue.record("the second app needs no seed of its own")
            return "seed-b"
        })
        #expect(second == .shared("seed-a"))
        let query = try #require(keychain.calls.first?.query)
        #expect(query.service == SharedDeviceSeedStore.service)
        #expect(query.accessGroup == Self.group)
        #expect(query.dataProtectionKeychain, "access groups need the data-protection keychain on macOS")
    }

    @Test func anEmptyItemGetsTheSeed() async throws {
        let keychain = FakeKeychain(.iOS)
        keychain.insert(
            FakeKeychain.Item(
                kind: .dataProtection, service: SharedDeviceSeedStore.service, account: SharedDeviceSeedStore.account,
                accessGroup: Self.group, data: Data(), thisDeviceAfterFirstUnlock: true))
        #expect(try await store(keychain).seed(adopting: { "seed-a" }) == .shared("seed-a"))
        #expect(try await store(keychain).seed(adopting: { "seed-b" }) == .shared("seed-a"))
    }

    @Test func missingEntitlementIsTheOneFallbackLastingOnMacOSOnly() async throws {
        let keychain = FakeKeychain(.iOS)
        var iOS = store(keychain, groups: [])
        iOS.refusalIsLasting = false
        #expect(try await iOS.seed(adopting: { "seed" }) == .notEntitled(lasting: false), "may pass on iOS")
        // A Mac process without the keychain entitlement: searches find nothing, the add is refused.
        var unsigned = SharedDeviceSeedStore(accessGroup: Self.group, items: FakeKeychain(.macOS(entitled: false)))
        unsigned.refusalIsLasting = true
        #expect(try await unsigned.seed(adopting: { "seed" }) == .notEntitled(lasting: true))
        let locked = FakeKeychain(.iOS)
        locked.locked = true
        await #expect(throws: KeychainStatusError.self) { try await store(locked).seed(adopting: { "seed" }) }
    }
}
