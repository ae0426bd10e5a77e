import AccessEnabler
import ArgumentParser
import Foundation

/// One invocation's SDK instance, built from the command-line options exactly as an app would
/// build it: a `FileTokenStorage`, `URLSessionTransport`, the chosen backend and environment.
struct ClientSession: Sendable {
    /// The SDK.
    let enabler: AccessEnabler
    /// The options after the environment and defaults were applied.
    let settings: ConnectionSettings
    /// Whether the output is JSON.
    let json: Bool
    /// Where text goes.
    let console: Console
    /// The spinner (drawn only for people, on a terminal).
    let progress: ProgressLine
    /// The unreadable token stores the SDK moved aside, reported when the command ends.
    let storageRecoveries: StorageRecoveryWatcher
    /// The transport, which knows why a request got no answer.
    let transport: DiagnosingTransport

    /// The requestor ID.
    var requestorID: String { settings.requestorID }

    /// Builds the session.
    ///
    /// - Throws: `ValidationError` (a usage error) for a missing requestor or software statement.
    init(
        connection: ConnectionOptions, output: OutputOptions, console: Console = Console(),
        adjust: (inout AccessEnabler.Configuration) -> Void = { _ in }
    ) throws {
        let settings = try connection.settings()
        let transport = DiagnosingTransport()
        var configuration = AccessEnabler.Configuration()
        configuration.backend = settings.backend
        configuration.transport = transport
        configuration.storage = FileTokenStorage(url: settings.storageURL)
        configuration.environment = settings.staging ? .staging : .production
        configuration.redirectURL = settings.redirectURL
        configuration.deviceIDSeed = settings.deviceIDSeed
        if let token = settings.serviceToken { configuration.serviceTokenProvider = { _ in token } }
        if output.verbose {
            configuration.logHandler = { message in console.err(LogLine.text(message)) }
        }
        adjust(&configuration)
        self.enabler = AccessEnabler(softwareStatement: settings.softwareStatement, configuration: configuration)
        // Subscribed before any call: the store is read, and moved aside if unreadable, on the first.
        self.storageRecoveries = StorageRecoveryWatcher(events: enabler.events, storage: settings.storageURL)
        self.settings = settings
        self.transport = transport
        self.json = output.json
        self.console = console
        self.progress = ProgressLine(enabled: !output.json && console.stderrIsTerminal, console: console)
    }

    /// `setRequestor`: on REST API v2 the stored configuration while signed in or fresh (no
    /// request), else registers (once), fetches and merges it; `refresh` always fetches. Service
    /// providers that failed are reported on standard error: one that answered with an error,
    /// with the status it answered; one that did not answer, with why.
    @discardableResult
    func configure(refresh: Bool = false) async throws -> RequestorConfiguration {
        let enabler = self.enabler
        let requestorID = self.requestorID
        let serviceProviders = settings.serviceProviders
        let configuration = try await progress.during("Configuring \(requestorID)") {
            try await enabler.setRequestor(requestorID, serviceProviders: serviceProviders, refresh: refresh)
        }
        for failure in configuration.failures {
            console.err(
                FailureReport.warning(
                    serviceProvider: failure.serviceProvider, status: failure.error.status,
                    cause: transport.failure(for: failure.serviceProvider)?.cause, requestorID: requestorID))
        }
        return configuration
    }

    /// What a failure message can say beyond the status: the requestor, the host and the cause.
    var failureContext: FailureContext {
        FailureContext(requestorID: requestorID, lastOrigin: transport.lastOrigin, lastFailure: transport.lastFailure)
    }

    /// Runs `operation` with the spinner showing `label` while it takes long.
    func during<T: Sendable>(_ label: String, _ operation: () async throws -> T) async throws -> T {
        try await progress.during(label, operation)
    }
}
