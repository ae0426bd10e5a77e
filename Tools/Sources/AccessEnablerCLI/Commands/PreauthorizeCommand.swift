import AccessEnabler
import ArgumentParser

/// `accessenabler preauthorize RES...`: preauthorization decisions (for UI hints).
struct PreauthorizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preauthorize",
        abstract: "Get preauthorization decisions for resources (preauthorize).")

    @OptionGroup var client: ClientOptions

    @Argument(help: ArgumentHelp("The resource IDs.", valueName: "resource"))
    var resources: [String]

    @Flag(name: .customLong("no-local-cache"), help: "Do not answer from the SDK's decision cache.")
    var noLocalCache = false

    @Flag(name: .customLong("no-remote-cache"), help: "Ask the server not to answer from its decision cache.")
    var noRemoteCache = false

    func validate() throws {
        if resources.isEmpty { throw ValidationError("Give at least one resource ID.") }
    }

    func run() async throws {
        var disabled = Set<PreauthorizeRequest.Feature>()
        if noLocalCache { disabled.insert(.localCache) }
        if noRemoteCache { disabled.insert(.remoteCache) }
        let request = PreauthorizeRequest(resources: resources, disabledFeatures: disabled)
        try await CommandExecution.run(client, failureReport: { PreauthorizeReport(failure: $0) }) { session in
            try await session.configure()
            let enabler = session.enabler
            let response = try await session.during("Preauthorizing") {
                try await enabler.preauthorize(request)
            }
            return PreauthorizeReport(response)
        }
    }
}
