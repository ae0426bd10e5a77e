import AccessEnabler
import ArgumentParser

/// `accessenabler preauthorize RES...`: preauthorization decisions (for UI hints).
struct PreauthorizeCommand: AsyncParsableCommand {
    struct Options: ParsableArguments {
        @Flag(name: .customLong("no-local-cache"), help: "Do not answer from the SDK's decision cache.")
        var noLocalCache = false

        @Flag(name: .customLong("no-remote-cache"), help: "Ask the server not to answer from its decision cache.")
        var noRemoteCache = false
    }

    static let configuration = CommandConfiguration(
        commandName: "preauthorize",
        abstract: "Get preauthorization decisions for resources (preauthorize).",
        usage:
            "accessenabler preauthorize <resource> ... [--no-local-cache] [--no-remote-cache]\n  [<connection options>] [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler preauthorize news sports premium",
            "# {\"resources\": [{\"id\", \"authorized\", \"error\"?}]}",
            "accessenabler preauthorize news --no-local-cache --json",
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @Argument(help: ArgumentHelp("The resource IDs.", valueName: "resource"))
    var resources: [String]

    @OptionGroup(title: "Preauthorize options") var options: Options
    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func validate() throws {
        if resources.isEmpty { throw ValidationError("Give at least one resource ID.") }
    }

    func run() async throws {
        var disabled = Set<PreauthorizeRequest.Feature>()
        if options.noLocalCache { disabled.insert(.localCache) }
        if options.noRemoteCache { disabled.insert(.remoteCache) }
        let request = PreauthorizeRequest(resources: resources, disabledFeatures: disabled)
        try await CommandExecution.run(connection, output, failureReport: { PreauthorizeReport(failure: $0) }) {
            session in
            try await session.configure()
            let enabler = session.enabler
            let response = try await session.during("Preauthorizing") {
                try await enabler.preauthorize(request)
            }
            return PreauthorizeReport(response)
        }
    }
}
