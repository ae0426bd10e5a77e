import AccessEnabler
import ArgumentParser
import Foundation

/// One invocation's SDK instance, built from the command-line options exactly as an app would
/// build it: a `FileTokenStorage`, `URLSessionTransport`, the chosen backend and environment.
struct ClientSession: Sendable {
    /// The SDK.
    let enabler: AccessEnabler
    /// The requestor ID.
    let requestorID: String
    /// The `--service-provider` URLs (empty: the environment's).
    let serviceProviders: [URL]
    /// Whether the output is JSON.
    let json: Bool
    /// Where text goes.
    let console: Console
    /// The spinner (drawn only for people, on a terminal).
    let progress: ProgressLine
    /// The unreadable token stores the SDK moved aside, reported when the command ends.
    let storageRecoveries: StorageRecoveryWatcher

    /// Builds the session.
    ///
    /// - Throws: `ValidationError` (a usage error) for a missing software statement.
    init(
        options: ClientOptions, console: Console = Console(),
        adjust: (inout AccessEnabler.Configuration) -> Void = { _ in }
    ) throws {
        var configuration = AccessEnabler.Configuration()
        configuration.backend = options.backend
        configuration.transport = URLSessionTransport()
        configuration.storage = FileTokenStorage(url: options.storageURL)
        configuration.environment = options.staging ? .staging : .production
        configuration.redirectURL = try options.parsedRedirectURL()
        configuration.deviceIDSeed = options.deviceIDSeed
        if options.verbose {
            configuration.logHandler = { message in console.err("[AccessEnabler] \(message.message)") }
        }
        adjust(&configuration)
        self.enabler = AccessEnabler(
            softwareStatement: try options.resolvedSoftwareStatement(), configuration: configuration)
        // Subscribed before any call: the store is read, and moved aside if unreadable, on the first.
        self.storageRecoveries = StorageRecoveryWatcher(events: enabler.events, storage: options.storageURL)
        self.requestorID = options.requestor
        self.serviceProviders = try options.serviceProviderURLs()
        self.json = options.json
        self.console = console
        self.progress = ProgressLine(enabled: !options.json && console.stderrIsTerminal, console: console)
    }

    /// `setRequestor`: on REST API v2 the stored configuration while signed in or fresh (no
    /// request), else registers (once), fetches and merges it; `refresh` always fetches. Service
    /// providers that did not answer are reported on standard error.
    @discardableResult
    func configure(refresh: Bool = false) async throws -> RequestorConfiguration {
        let enabler = self.enabler
        let requestorID = self.requestorID
        let serviceProviders = self.serviceProviders
        let configuration = try await progress.during("Configuring \(requestorID)") {
            try await enabler.setRequestor(requestorID, serviceProviders: serviceProviders, refresh: refresh)
        }
        for failure in configuration.failures {
            console.err("warning: \(failure.serviceProvider.absoluteString) did not answer: \(failure.error.status)")
        }
        return configuration
    }

    /// Runs `operation` with the spinner showing `label` while it takes long.
    func during<T: Sendable>(_ label: String, _ operation: () async throws -> T) async throws -> T {
        try await progress.during(label, operation)
    }
}
