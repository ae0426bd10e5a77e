import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

@Suite(.timeLimit(.minutes(5))) struct MetadataTests {
    @Test(arguments: allBackends)
    func expiriesComeFromTheCache(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let authentication = try await harness.signIn()
        let token = try await harness.enabler.authorize(resource: "news")
        await harness.emulator.clearRequestLog()
        let authn = try await harness.enabler.getMetadata(.authenticationExpiry)
        #expect(authn.date == authentication.expires)
        #expect(authn.value == .number(Double(Int64(authentication.expires.timeIntervalSince1970 * 1000))))
        let authz = try await harness.enabler.getMetadata(.authorizationExpiry(resource: "news"))
        #expect(authz.date == harness.clock.now.addingTimeInterval(1800))
        #expect(authz.date! > token.expires)
        await #expect(throws: AccessEnablerError.authorizationNotFound) {
            try await harness.enabler.getMetadata(.authorizationExpiry(resource: "sports"))
        }
        #expect(await harness.emulator.requests.isEmpty)
    }

    @Test(arguments: allBackends)
    func deviceIDIsTheSHA256OfTheSeed(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend) { $0.deviceIDSeed = "vendor-id-1234" }
        // SHA-256 of "vendor-id-1234", computed outside the SDK (`printf %s vendor-id-1234 | sha256sum`).
        let expected = "7bdc8577e4b131c331efcd6c3d437e683d77b70ddb5223c0fd6265e46e6acfa1"
        let deviceID = try await harness.enabler.getMetadata(.deviceID)
        #expect(try #require(deviceID.value.stringValue) == expected)
        try await harness.configure()
        #expect(try #require(await harness.deviceID()) == expected)
        #expect(!deviceID.description.contains(expected))
    }

    @Test func generatedDeviceIDIsStablePerStoreAndDistinctAcrossStores() async throws {
        let storage = InMemoryTokenStorage()
        let first = try await Harness(storage: storage).enabler.getMetadata(.deviceID)
        let again = try await Harness(storage: storage).enabler.getMetadata(.deviceID)
        let other = try await Harness().enabler.getMetadata(.deviceID)
        #expect(first == again)
        #expect(first != other)
        #expect(first.value.stringValue?.count == 64)
    }

    @Test(arguments: allBackends)
    func userMetadataIsFetchedOncePerSession(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let zip = try await harness.enabler.getMetadata(.userMetadata("zip"))
        #expect(zip.isEncrypted)
        #expect(zip.value == .string(Data("10001".utf8).base64EncodedString()))
        let rating = try await harness.enabler.getMetadata(.userMetadata("maxRating"))
        #expect(rating.value["MPAA"] == "PG-13")
        #expect(try await harness.enabler.getMetadata(.userMetadata("channelID")).value.arrayValue?.count == 4)
        #expect(try await harness.enabler.getMetadata(.userMetadata("unknownKey")).value == .null)
        switch backend {
        case .restV1: #expect(await harness.emulator.requests(to: .userMetadata).count == 1)
        case .restV2:
            #expect(
                await harness.emulator.requests(to: .profile).count == 1,
                "the login's profile carries the attributes")
        }
    }

    // Joining the old request would wait on the held gate: the time limit turns that hang into a
    // failure. Five minutes, not one: on a loaded two-core runner the test's share of the run
    // alone came close to a minute.
    @Test(.timeLimit(.minutes(5))) func aMetadataRequestForThePreviousViewerIsNotJoined() async throws {
        // REST v1: user metadata is its own request (v2 reads it from the login profile).
        let harness = Harness(backend: .restV1)
        try await harness.signIn("Cablevision")
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .userMetadata, times: 1)
        let enabler = harness.enabler
        let alices = Task { try await enabler.getMetadata(.userMetadata("zip")) }
        try await harness.emulator.waitForRequests(to: .userMetadata, count: 1)

        // Another viewer signs in while Alice's request is held.
        _ = try await enabler.authenticate(forceAuthentication: true, presenter: harness.presenter("AutoCable"))
        let bobs = try await enabler.getMetadata(.userMetadata("zip"))
        #expect(bobs.value == .null, "Bob has no zip; he must not get Alice's")
        #expect(await harness.emulator.requests(to: .userMetadata).count == 2)

        gate.open()
        _ = try await alices.value(awaiting: "Alice's metadata call")
        // Whatever Alice's late request brought back is not cached for Bob.
        #expect(try await enabler.getMetadata(.userMetadata("zip")).value == .null)
        #expect(await harness.emulator.requests(to: .userMetadata).count == 2)
    }

    @Test(arguments: allBackends)
    func userWithoutMetadataReadsAsNull(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn("AutoCable")
        let value = try await harness.enabler.getMetadata(.userMetadata("zip"))
        #expect(value.value == .null)
        #expect(value.isEncrypted == false)
    }

    @Test(arguments: allBackends)
    func metadataNeedsASession(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        await #expect(throws: AccessEnablerError.authenticationSessionMissing) {
            try await harness.enabler.getMetadata(.userMetadata("zip"))
        }
        await #expect(throws: AccessEnablerError.authenticationSessionMissing) {
            try await harness.enabler.getMetadata(.authenticationExpiry)
        }
    }
}
