import AccessEnabler
import AccessEnablerTesting
import Foundation

/// Runs client commands against one service provider with one storage file, the way a developer
/// would type them, and keeps every output for the secret checks.
final class CLIClient: Sendable {
    /// The software statement every invocation registers with.
    let softwareStatement = "tools-test-statement-\(UUID().uuidString)"
    let serviceProvider: URL
    let storage: String
    let backend: AccessEnabler.Backend
    let requestor: String
    private let runs = LockedRuns()

    init(serviceProvider: URL, storage: String, backend: AccessEnabler.Backend, requestor: String = "REF") {
        self.serviceProvider = serviceProvider
        self.storage = storage
        self.backend = backend
        self.requestor = requestor
    }

    /// The options every client command gets.
    var commonArguments: [String] {
        [
            "--service-provider", serviceProvider.absoluteString, "--requestor", requestor, "--storage", storage,
            "--backend", backend.rawValue,
        ]
    }

    /// Runs `words` (a subcommand and its arguments) with the common options, the software
    /// statement in the environment, and `--json` unless `json` is false.
    @discardableResult
    func run(_ words: [String], json: Bool = true, input: String? = nil, extra: [String] = []) async throws -> CLIRun {
        let arguments = words + commonArguments + (json ? ["--json"] : []) + extra
        let run = try await CLIRun.run(
            arguments, input: input, environment: ["ACCESSENABLER_SOFTWARE_STATEMENT": softwareStatement])
        runs.append(run)
        return run
    }

    /// Every run so far.
    var allRuns: [CLIRun] { runs.all }
}
