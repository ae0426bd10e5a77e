import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// Which server codes the legacy adapter reports as a denial (`USER_NOT_AUTHORIZED_ERROR`): the
/// ones the core's table of known codes calls denials, not any code that contains "denied".
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyDenialTests {
    /// `code` on the authorization call, as a 403 with an enhanced body; the legacy error code
    /// `tokenRequestFailed` reports.
    func legacyCode(for code: String, backend: AsyncAccessEnabler.Backend) async throws -> String {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        let body = #"{"status":403,"code":"\#(code)","message":"Refused"}"#
        let route: EmulatorRoute = backend == .restV2 ? .authorizeDecisions : .authorize
        await harness.emulator.inject(.status(403, body: body, contentType: "application/json"), on: route)
        harness.legacy.checkAuthorization("news")
        // checkAuthorization reports the authentication check first, then the authorization.
        let calls = await harness.delegate.next(2)
        #expect(calls.first == "setAuthenticationStatus(1, \"\")")
        let call = try #require(calls.last)
        #expect(call.hasPrefix("tokenRequestFailed(news, "), "\(call)")
        return call
    }

    /// OAuth's `access_denied` is about the app's access token, not the viewer's entitlement:
    /// today's `contains("denied")` called it a denial.
    @Test(arguments: legacyBackends)
    func accessDeniedIsNotADenialOfTheViewer(backend: AsyncAccessEnabler.Backend) async throws {
        let call = try await legacyCode(for: "access_denied", backend: backend)
        #expect(call.hasPrefix("tokenRequestFailed(news, \"\(GENERIC_AUTHORIZATION_ERROR)\""), "\(call)")
    }

    /// Adobe's denial codes, and one of the `authorization_denied_by_…` family added after the
    /// table, are denials.
    @Test(arguments: [
        "authorization_denied_by_parental_controls", "authorization_denied_by_degradation_rule",
        "authorization_denied_by_a_rule_added_later",
    ])
    func denialCodesAreDenials(code: String) async throws {
        let call = try await legacyCode(for: code, backend: .restV2)
        #expect(call.hasPrefix("tokenRequestFailed(news, \"\(USER_NOT_AUTHORIZED_ERROR)\""), "\(call)")
    }
}
