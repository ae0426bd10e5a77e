import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Durations are measured on the clock's monotonic `uptime`: a viewer who sets the device's
/// clock back an hour during a wait does not make it an hour longer.
@Suite(.timeLimit(.minutes(2))) struct WallClockTests {
    /// The wait for the profile after the login page reached the redirect URL (5 s here) ends
    /// on time although the wall clock went back an hour.
    @Test func theProfileWaitAfterTheRedirectIgnoresTheWallClock() async throws {
        let harness = Harness(backend: .restV2, scenario: ProfileTests.scenario(profileDelay: 7200)) {
            $0.profileWaitAfterRedirect = .seconds(5)
        }
        try await harness.configure()
        let ended = LockedValue(false)
        let login = Task {
            defer { ended.withLock { $0 = true } }
            return try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        }
        await eventually { await harness.emulator.requests(to: .profile).count == 1 }
        await eventually { harness.clock.pendingSleeps == 1 }
        harness.clock.setWallClock(harness.clock.now.addingTimeInterval(-3600))
        harness.clock.advance(by: .seconds(3))
        // At 3 s the second poll finds nothing; the next would come at 6 s, after the wait.
        await eventually { await harness.emulator.requests(to: .profile).count == 2 }
        await eventually { ended.withLock { $0 } || harness.clock.pendingSleeps == 1 }
        #expect(ended.withLock { $0 }, "the wait ended 5 s after the redirect, not an hour later")
        if !ended.withLock({ $0 }) { login.cancel() }
        await #expect(throws: AccessEnablerError.authenticationSessionMissing) {
            try await login.value(awaiting: "the login")
        }
    }

    /// The second-screen code (30 minutes at the emulator) stops being polled when it expires
    /// although the device's wall clock went back an hour. The server's clock is its own.
    @Test func theSecondScreenCodesExpiryIgnoresTheWallClock() async throws {
        let device = TestClock()
        let server = TestClock()
        let emulator = PassEmulator(scenario: .standard, clock: server)
        let tv = Harness(clock: device, emulator: emulator) {
            $0.activationURL = emulator.activationURL
            $0.profilePollingInterval = .seconds(600)
        }
        try await tv.configure()
        var iterator = tv.enabler.secondScreenSignIn().makeAsyncIterator()
        guard case .showCode = try await iterator.next(awaiting: "the code shown") else {
            Issue.record("no code shown")
            return
        }
        let ended = LockedValue(false)
        let result = Task { [iterator] in
            defer { ended.withLock { $0 = true } }
            var iterator = iterator
            return try await iterator.next()
        }
        func polls() async -> Int { await emulator.requests(to: .profileForCode).count }
        await eventually { device.pendingSleeps == 1 }
        device.setWallClock(device.now.addingTimeInterval(-3600))
        for polls in 1...3 {
            await eventually { ended.withLock { $0 } || device.pendingSleeps == 1 }
            device.advance(by: .seconds(600))
            server.advance(by: .seconds(600))
            if polls < 3 { await eventually { await emulator.requests(to: .profileForCode).count == polls } }
        }
        await eventually { ended.withLock { $0 } || device.pendingSleeps == 1 }
        #expect(ended.withLock { $0 }, "the polling ended at the code's expiry, not an hour later")
        if !ended.withLock({ $0 }) { result.cancel() }
        await #expect(throws: AccessEnablerError.authenticationCodeExpired) {
            try await result.value(awaiting: "the second-screen sign-in")
        }
        #expect(await polls() == 2, "at 10 and 20 minutes; at 30 the code has expired")
    }
}
