import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `checkPreauthorizedResources` that fails is told apart from "nothing authorized": the status
/// delegate gets `P100` with the failure's enhanced error before the empty list.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LegacyPreauthorizationStatusTests {
    func signedInHarness(_ backend: AsyncAccessEnabler.Backend) async throws -> LegacyHarness {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.legacy.statusDelegate = harness.delegate
        harness.delegate.recordStatus = true
        return harness
    }

    static func preauthorizeRoute(_ backend: AsyncAccessEnabler.Backend) -> EmulatorRoute {
        backend == .restV2 ? .preauthorizeDecisions : .preauthorize
    }

    /// A server error: `P100` carries its status and code, then the list is empty.
    @Test(arguments: legacyBackends)
    func aServerErrorIsReportedBeforeTheEmptyList(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = try await signedInHarness(backend)
        let body = #"{"status":503,"code":"service_unavailable","message":"Try later.","action":"retry"}"#
        await harness.emulator.inject(
            .status(503, body: body, contentType: "application/json"), on: Self.preauthorizeRoute(backend))
        harness.legacy.checkPreauthorizedResources(["news"], cache: false)
        #expect(await harness.delegate.next(2) == ["status(P100)", "preauthorizedResources([])"])
        let report = try #require(harness.delegate.statusReports.last)
        #expect(report["level"] == "error")
        #expect(report["status"] == "503")
        #expect(report["code"] == "service_unavailable")
        #expect(report["action"] == "retry")
    }

    /// A dropped connection: `P100` with the SDK's network error (status 0).
    @Test(arguments: legacyBackends)
    func aNetworkFailureIsReportedBeforeTheEmptyList(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = try await signedInHarness(backend)
        await harness.emulator.inject(.dropConnection, on: Self.preauthorizeRoute(backend))
        harness.legacy.checkPreauthorizedResources(["news"], cache: false)
        #expect(await harness.delegate.next(2) == ["status(P100)", "preauthorizedResources([])"])
        let report = try #require(harness.delegate.statusReports.last)
        #expect(report["status"] == "0")
        #expect(report["code"] == AccessEnablerError.networkError.code.rawValue)
    }

    /// A viewer who is not signed in is authorized for nothing, which is no failure.
    @Test(arguments: legacyBackends)
    func nothingAuthorizedWithoutASessionIsNoFailure(backend: AsyncAccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        harness.legacy.statusDelegate = harness.delegate
        harness.delegate.recordStatus = true
        await harness.configure()
        harness.legacy.checkPreauthorizedResources(["news"])
        #expect(await harness.delegate.next(1) == ["preauthorizedResources([])"])
        #expect(harness.delegate.statusReports.isEmpty)
    }
}
