import AccessEnabler
import AccessEnablerTesting
import EmulatorServer
import Foundation

/// Runs `body` with an emulator server listening on an ephemeral loopback port, and stops it
/// afterwards.
func withEmulatorServer<T: Sendable>(
    scenario: EmulatorScenario = .standard,
    clock: any AccessEnablerClock = SystemClock(),
    _ body: (RunningEmulatorServer) async throws -> T
) async throws -> T {
    let running = try await EmulatorServer(port: 0, scenario: scenario, clock: clock).start()
    do {
        let result = try await body(running)
        await running.stop()
        return result
    } catch {
        await running.stop()
        throw error
    }
}
