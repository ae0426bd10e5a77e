import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct TempPassTests {
    @Test func freePreviewStartsATempPass() async throws {
        let harness = try await Harness.make()
        let response = try await harness.startTempPass()
        #expect(response.status == 204)
        let token = try decodeObject(try await harness.v1("/api/v1/tokens/authn"))
        #expect(token["mvpd"] == "TempPass")
        #expect(token["expires"] == .string(String(1_800_000_600_000)))
        let session = try #require(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID))
        #expect(session.isTempPass)
        // TempPass authorizes everything, even what no subscription includes.
        #expect(try await harness.v1("/api/v1/authorize", [("resource", "premium")]).status == 200)
    }

    @Test func anExpiredTempPassCannotStartAgain() async throws {
        let harness = try await Harness.make()
        #expect(try await harness.startTempPass().status == 204)
        harness.clock.advance(by: .seconds(300))
        // Starting again inside the window resumes it: the expiry does not move.
        #expect(try await harness.startTempPass().status == 204)
        #expect(
            try decodeObject(try await harness.v1("/api/v1/tokens/authn"))["expires"]
                == .string(String(1_800_000_600_000)))
        harness.clock.advance(by: .seconds(300))
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 410)
        try expectEnhancedError(
            try await harness.startTempPass(), status: 400,
            code: "temporary_access_duration_limit_exceeded", action: "authentication")
        // Another device still has its TempPass.
        #expect(try await harness.startTempPass(deviceID: "device-2").status == 204)
        // Logging out does not reset the TempPass.
        #expect(try await harness.v1("/api/v1/logout", method: .delete).status == 204)
        #expect(try await harness.startTempPass().status == 400)
    }

    @Test func freePreviewNeedsATempPassMVPD() async throws {
        let harness = try await Harness.make()
        #expect(try await harness.startTempPass(mvpd: "Cablevision").status == 400)
        try expectEnhancedError(
            try await harness.startTempPass(mvpd: "Nope"), status: 400,
            code: "unknown_integration", action: "configuration")
    }

    @Test func freePreviewIsProtected() async throws {
        let harness = try await Harness.make()
        await harness.emulator.expireAccessTokens()
        #expect(try await harness.startTempPass().status == 401)
    }
}
