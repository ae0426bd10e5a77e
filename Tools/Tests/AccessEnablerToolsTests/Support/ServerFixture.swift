import AccessEnabler
import AccessEnablerTesting
import EmulatorServer
import Foundation

/// Runs `body` with an emulator server listening on an ephemeral loopback port, and stops it
/// afterwards.
func withEmulatorServer<T: Sendable>(
    scenario: EmulatorScenario = .standard,
    clock: any AccessEnablerClock = SystemClock(),
    redactingRequestLog: Bool = false,
    _ body: (RunningEmulatorServer) async throws -> T
) async throws -> T {
    // The log is kept whole by default here, unlike `emulator serve`: tests read the secrets a
    // session exchanged from it to check that none is printed.
    var server = EmulatorServer(port: 0, scenario: scenario, clock: clock)
    server.redactsRequestLog = redactingRequestLog
    let running = try await server.start()
    do {
        let result = try await body(running)
        await running.stop()
        return result
    } catch {
        await running.stop()
        throw error
    }
}
