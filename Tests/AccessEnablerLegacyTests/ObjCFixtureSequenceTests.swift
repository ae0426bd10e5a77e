import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// The calls of the Objective-C fixture (Tests/LegacyObjCFixture/TVProviderManager.m), in its
/// order and with the values Objective-C hands over (`NSNumber` opcodes, `NSArray`s of
/// `NSString`s), made on the Swift adapter the Objective-C class forwards each selector to: what an
/// Objective-C app reaches is this behaviour. (The forwarding itself needs the Objective-C
/// runtime; .ci/apple-sdk-check compiles the fixture against it.)
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ObjCFixtureSequenceTests {
    @MainActor final class Results {
        var responses: [PreauthorizeResponse] = []
        var failures: [PreauthorizeResponse] = []
    }

    @Test(arguments: legacyBackends)
    func theFixturesSequenceOnTheEmulator(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.emulator.setEntitlement(resource: "news", authorized: true)
        await harness.emulator.setEntitlement(resource: "sports", authorized: false)
        let legacy = harness.legacy
        let delegate = harness.delegate

        // -start
        legacy.setOptions([
            "applicationProfile" as NSString: "tvapp" as NSString, "visitorID" as NSString: "visitor-1" as NSString,
        ])
        legacy.setRequestor("REF")
        #expect(await delegate.next(1) == ["setRequestorComplete(\(ACCESS_ENABLER_STATUS_SUCCESS))"])
        // setRequestorComplete: checks the authentication.
        legacy.checkAuthentication()
        #expect(await delegate.next(1) == ["setAuthenticationStatus(0, \"\(USER_NOT_AUTHENTICATED_ERROR)\")"])

        // -signIn, displayProviderDialog: (an MVPD from the list), -finishSignInWithURL:
        legacy.getAuthentication()
        #expect(await delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        legacy.setSelectedProvider("Cablevision")
        _ = await delegate.next(1)
        legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "Cablevision"))
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\(USER_AUTHENTICATED)\")"])

        // -refreshLocks:
        let resources: [Any] = ["news" as NSString, "sports" as NSString]
        legacy.checkPreauthorizedResources(resources)
        #expect(await delegate.next(1) == ["preauthorizedResources([\"news\"])"])
        legacy.checkPreauthorizedResources(resources, cache: false)
        #expect(await delegate.next(1) == ["preauthorizedResources([\"news\"])"])

        // -playResource:
        legacy.getAuthorization("news")
        #expect(await delegate.next(1) == ["setToken(<token>, news)"])

        // -preauthorizeResources: through the builder and a callback
        let request = PreauthorizeRequest.Builder()
            .setResources(resources: ["news", "sports"])
            .disableFeatures(features: [PreauthorizeRequest.Feature.LOCAL_CACHE])
            .build()
        let results = Results()
        legacy.preauthorize(
            request,
            didCompleteWith: AccessEnablerCallback(
                onResponse: { results.responses.append($0) }, onFailure: { results.failures.append($0) }))
        await eventually { results.responses.count + results.failures.count == 1 }
        let response = try #require(results.responses.first)
        #expect(response.getStatus() == nil)
        #expect(response.getDecisions().map { $0.getId() } == ["news", "sports"])
        #expect(response.getDecisions().map { $0.isAuthorized() } == [true, false])
        #expect(response.getDecisions()[1].getError()?.getCode()?.isEmpty == false)

        // -readMetadata: opcodes as NSNumber, as @(METADATA_…) makes them
        legacy.getMetadata([METADATA_OPCODE_KEY: NSNumber(value: METADATA_AUTHENTICATION)])
        #expect(
            await delegate.next(1).first?.hasSuffix("encrypted: false, forKey: \(METADATA_AUTHENTICATION))") == true)
        legacy.getMetadata([
            METADATA_OPCODE_KEY: NSNumber(value: METADATA_AUTHORIZATION), METADATA_RESOURCE_ID_KEY: "news" as NSString,
        ])
        #expect(await delegate.next(1).first?.hasSuffix("encrypted: false, forKey: \(METADATA_AUTHORIZATION))") == true)
        legacy.getMetadata([METADATA_OPCODE_KEY: NSNumber(value: METADATA_DEVICE_ID)])
        #expect(await delegate.next(1).first?.hasSuffix("encrypted: false, forKey: \(METADATA_DEVICE_ID))") == true)
        legacy.getMetadata([
            METADATA_OPCODE_KEY: NSNumber(value: METADATA_USER_META), METADATA_USER_META_KEY: "zip" as NSString,
        ])
        #expect(await delegate.next(1) == ["setMetadataStatus(\"MTAwMDE=\", encrypted: true, forKey: 3)"])
        legacy.getSelectedProvider()
        #expect(await delegate.next(1) == ["selectedProvider(Cablevision)"])

        // -signOut
        legacy.logout()
        #expect(await delegate.next(1).first?.hasPrefix("navigate(toUrl:") == true)
        // -finishSignInWithURL: with the logout page's redirect ends the logout.
        legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "Cablevision"))
        #expect(await delegate.next(1) == ["setAuthenticationStatus(0, \"\(USER_NOT_AUTHENTICATED_ERROR)\")"])
    }
}
