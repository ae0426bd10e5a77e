import AccessEnablerTesting
import Foundation

/// A server started with ``EmulatorServer/start()``: its URL, its emulator, and a way to stop it.
public struct RunningEmulatorServer: Sendable {
    /// The emulator answering the requests (inspect its request log, inject faults, …).
    public let emulator: PassEmulator
    private let task: Task<Void, Never>

    init(emulator: PassEmulator, task: Task<Void, Never>) {
        self.emulator = emulator
        self.task = task
    }

    /// The listening URL, for example `http://127.0.0.1:49731`.
    public var url: URL { emulator.baseURL }

    /// Stops listening and waits until the server has shut down.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
