import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// The preauthorize sample at the end of Adobe's iOS/tvOS Preauthorize page
/// (https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/legacy/sdks/ios-tvos-sdk/preauthorize-api-ios-tvos-sdk), as compiling Swift. The
/// only change is the class name: the sample mixes `PreauthorizationRequest` (a documentation
/// slip, kept as a deprecated alias) with the real `PreauthorizeRequest`.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SeedPreauthorizeSampleTests {
    @MainActor final class Results {
        var responses: [PreauthorizeResponse] = []
        var failures: [PreauthorizeResponse] = []
    }

    @Test(arguments: legacyBackends)
    func theSeedSampleReachesOnResponseWithOneDecisionPerResource(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.emulator.setEntitlement(resource: "resource_1", authorized: true)
        await harness.emulator.setEntitlement(resource: "resource_3", authorized: true)
        await harness.configure()
        try await harness.signIn("AutoCable")
        let accessEnabler = harness.legacy
        let results = Results()

        // --- the sample ---
        let resources: [String] = ["resource_1", "resource_2", "resource_3"];

        let disabledFeatures: Set<PreauthorizeRequest.Feature> = [PreauthorizeRequest.Feature.LOCAL_CACHE];

        // Build the Preauthorization API request using the builder from PreauthorizationRequest class`

        let request: PreauthorizeRequest = PreauthorizeRequest.Builder()

            .setResources(resources: resources)

            .disableFeatures(features: disabledFeatures)  // It is **optional** to disable features. If not used all features are enabled by default.

            .build()
            ;

        // Build the AccessEnablerCallback by providing the constructor two callbacks for onResponse and onFailure handling
        func onResponseCallback(result: PreauthorizeResponse) -> Void {
            results.responses.append(result)
        };

        func onFailureCallback(result: PreauthorizeResponse) -> Void {
            results.failures.append(result)
        };

        let callback: AccessEnablerCallback<PreauthorizeResponse> = AccessEnablerCallback<PreauthorizeResponse>(
            onResponse: onResponseCallback, onFailure: onFailureCallback)
            ;

        // Use the preauthorize API
        accessEnabler.preauthorize(request, callback);
        // --- end of the sample ---

        await eventually { results.responses.count + results.failures.count == 1 }
        #expect(results.failures.isEmpty)
        let response = try #require(results.responses.first)
        #expect(response.getStatus() == nil)
        #expect(response.getDecisions().map { $0.getId() } == resources)
        #expect(response.getDecisions().map { $0.isAuthorized() } == [true, false, true])
        let denial = try #require(response.getDecisions()[1].getError())
        #expect(denial.getStatus() == 403)
        #expect(denial.getCode()?.contains("denied_by_mvpd") == true)
        #expect(denial.getAction() == "none")
        #expect(denial.getDetails()?.contains("resource_2") == true)
        #expect(request.disabledFeatures == [.localCache], "the builder's request is the async API's request")
    }

    @Test(arguments: legacyBackends)
    func serverErrorsGoToOnResponseAndSDKFailuresToOnFailure(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        let results = Results()
        let callback = AccessEnablerCallback<PreauthorizeResponse>(
            onResponse: { results.responses.append($0) }, onFailure: { results.failures.append($0) })
        let request = PreauthorizeRequest.Builder().setResources(resources: ["news"]).build()

        // Before configuration: no queueing, an immediate requestor_not_configured failure.
        harness.legacy.preauthorize(request, didCompleteWith: callback)
        await eventually { results.failures.count == 1 }
        let notConfigured = try #require(results.failures.first?.getStatus())
        #expect(notConfigured.getStatus() == 0)
        #expect(notConfigured.getCode() == "requestor_not_configured")
        #expect(notConfigured.getAction() == "retry")
        #expect(results.failures.first?.getDecisions().isEmpty == true)

        await harness.configure()
        try await harness.signIn("AutoCable")
        let route: EmulatorRoute = backend == .restV1 ? .preauthorize : .init(rawValue: "preauthorizeDecisions")!
        let body =
            #"{"status":400,"code":"bad_request","message":"Missing required parameter : deviceId","action":"none"}"#
        await harness.emulator.inject(.status(400, body: body, contentType: "application/json"), on: route)
        harness.legacy.preauthorize(request, callback)
        await eventually { results.responses.count == 1 }
        let serverError = try #require(results.responses.first)
        #expect(serverError.getDecisions().isEmpty)
        #expect(serverError.getStatus()?.getStatus() == 400)
        #expect(serverError.getStatus()?.getCode() == "bad_request")
        #expect(serverError.getStatus()?.getMessage() == "Missing required parameter : deviceId")
    }
}
