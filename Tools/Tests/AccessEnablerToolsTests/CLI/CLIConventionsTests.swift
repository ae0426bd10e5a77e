import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The tool's conventions: `--version`, `completion`, the help screens (EXAMPLES, the connection
/// options in their own group after the command's own, 80 columns), and the environment
/// variables that stand for the connection options.
@Suite("CLI conventions", .timeLimit(.minutes(5)))
struct CLIConventionsTests {
    /// Every command path, for the help checks.
    static let commands: [[String]] = [
        [], ["configure"], ["status"], ["login"], ["preauthorize"], ["authorize"], ["metadata"],
        ["metadata", "authn-expiry"], ["metadata", "authz-expiry"], ["metadata", "device-id"], ["metadata", "user"],
        ["logout"], ["demo"], ["completion"], ["emulator"], ["emulator", "serve"], ["emulator", "wait"],
        ["emulator", "fault"], ["emulator", "clock"], ["emulator", "clock", "advance"], ["emulator", "degrade"],
        ["emulator", "requests"], ["emulator", "scenario"], ["emulator", "force-resume"],
    ]

    /// The commands that talk to a service provider.
    static let clientCommands: Set<[String]> = [
        ["configure"], ["status"], ["login"], ["preauthorize"], ["authorize"], ["metadata", "authn-expiry"],
        ["metadata", "authz-expiry"], ["metadata", "device-id"], ["metadata", "user"], ["logout"],
    ]

    @Test("--version prints AccessEnabler.version, the version the SDK's User-Agent carries")
    func version() async throws {
        let run = try await CLIRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == AccessEnabler.version + "\n")

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let result1 = try await client.run(["configure"])
            #expect(result1.status == 0)
            let agents = Set(await server.emulator.requests.compactMap { $0.headers["User-Agent"] })
            #expect(!agents.isEmpty)
            #expect(agents.allSatisfy { $0.hasPrefix("AccessEnabler-Swift/\(AccessEnabler.version) (") }, "\(agents)")
        }
    }

    @Test("completion prints the script ArgumentParser generates for each shell", arguments: ["bash", "zsh", "fish"])
    func completion(shell: String) async throws {
        let run = try await CLIRun.run(["completion", shell])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("accessenabler"))
        #expect(run.stdout.contains("emulator"))
        #expect(run.stdout.count > 1_000)
    }

    @Test("completion for an unknown shell is a usage error")
    func unknownShell() async throws {
        let run = try await CLIRun.run(["completion", "tcsh"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("bash, zsh or fish"))
    }

    @Test("every help screen has EXAMPLES and fits 80 columns", arguments: Self.commands)
    func helpScreens(command: [String]) async throws {
        let run = try await CLIRun.run(command + ["--help"])
        #expect(run.status == 0)
        let help = run.stdout
        #expect(help.contains("\nEXAMPLES:\n  "), "\(command)")
        for line in help.split(separator: "\n") where !line.hasPrefix("USAGE:") && !line.hasPrefix("       ") {
            #expect(line.count <= 80, "\(command): \(line)")
        }
        if Self.clientCommands.contains(command) {
            let connection = try #require(help.range(of: "\nCONNECTION OPTIONS:\n"), "\(command)")
            let output = try #require(help.range(of: "\nOUTPUT OPTIONS:\n"))
            #expect(connection.lowerBound < output.lowerBound)
            if let own = help.range(of: " OPTIONS:\n"), own.lowerBound < connection.lowerBound {
                #expect(!help[..<connection.lowerBound].contains("--service-provider"), "own options come first")
            }
            #expect(help.contains("ACCESSENABLER_REQUESTOR"))
            #expect(help.contains("ACCESSENABLER_SERVICE_PROVIDER"))
        }
    }

    @Test("the root help lists every environment variable")
    func environmentInHelp() async throws {
        let help = try await CLIRun.run(["--help"]).stdout
        for name in [
            "ACCESSENABLER_SERVICE_PROVIDER", "ACCESSENABLER_STAGING", "ACCESSENABLER_REQUESTOR",
            "ACCESSENABLER_SOFTWARE_STATEMENT", "ACCESSENABLER_SOFTWARE_STATEMENT_FILE", "ACCESSENABLER_STORAGE",
            "ACCESSENABLER_REDIRECT_URL", "ACCESSENABLER_DEVICE_ID_SEED", "ACCESSENABLER_BACKEND",
            "ACCESSENABLER_EMULATOR_URL",
        ] {
            #expect(help.contains(name), "\(name)")
        }
    }

    @Test("the connection options come from the environment; the command line replaces them")
    func environmentVariables() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let environment = [
                "ACCESSENABLER_SERVICE_PROVIDER": server.url.absoluteString,
                "ACCESSENABLER_REQUESTOR": "REF",
                "ACCESSENABLER_SOFTWARE_STATEMENT": "statement-from-the-environment",
                "ACCESSENABLER_STORAGE": folder.path("storage.json"),
                "ACCESSENABLER_BACKEND": "restV1",
            ]
            let login = try await CLIRun.run(["login", "--mvpd", "AutoCable", "--json"], environment: environment)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(try login.object()["mvpd"] == "AutoCable")
            #expect(!(await server.emulator.requests(to: .authenticate)).isEmpty, "REST API v1 from the variable")
            #expect(FileManager.default.fileExists(atPath: folder.path("storage.json.journal")), "the storage variable")

            // The command line wins over the variable.
            var wrong = environment
            wrong["ACCESSENABLER_REQUESTOR"] = "NOPE"
            let status = try await CLIRun.run(["status", "--requestor", "REF", "--json"], environment: wrong)
            #expect(status.status == 0, "\(status.stderr)")
            #expect(try status.object()["mvpd"] == "AutoCable")

            // A statement in a file, from its variable.
            try "statement-in-a-file".write(toFile: folder.path("statement.jwt"), atomically: true, encoding: .utf8)
            var fromFile = environment
            fromFile["ACCESSENABLER_SOFTWARE_STATEMENT"] = nil
            fromFile["ACCESSENABLER_SOFTWARE_STATEMENT_FILE"] = folder.path("statement.jwt")
            let result2 = try await CLIRun.run(["status", "--json"], environment: fromFile)
            #expect(result2.status == 0)
        }
    }

    @Test(
        "a missing or conflicting variable is a usage error that names it",
        arguments: [
            ([:], "ACCESSENABLER_REQUESTOR"),
            (["ACCESSENABLER_REQUESTOR": "REF"], "ACCESSENABLER_SOFTWARE_STATEMENT"),
            (
                [
                    "ACCESSENABLER_REQUESTOR": "REF", "ACCESSENABLER_SOFTWARE_STATEMENT": "s",
                    "ACCESSENABLER_BACKEND": "restV3",
                ],
                "ACCESSENABLER_BACKEND must be restV2 or restV1"
            ),
            (
                [
                    "ACCESSENABLER_REQUESTOR": "REF", "ACCESSENABLER_SOFTWARE_STATEMENT": "s",
                    "ACCESSENABLER_STAGING": "1",
                    "ACCESSENABLER_SERVICE_PROVIDER": "http://127.0.0.1:1",
                ], "are both set"
            ),
            (
                [
                    "ACCESSENABLER_REQUESTOR": "REF", "ACCESSENABLER_SOFTWARE_STATEMENT": "s",
                    "ACCESSENABLER_SERVICE_PROVIDER": "ftp://sp.example.com",
                ], "ACCESSENABLER_SERVICE_PROVIDER takes an http(s) URL"
            ),
            (
                [
                    "ACCESSENABLER_REQUESTOR": "REF", "ACCESSENABLER_SOFTWARE_STATEMENT": "s",
                    "ACCESSENABLER_SOFTWARE_STATEMENT_FILE": "/nonexistent",
                ], "are both set"
            ),
        ])
    func environmentMistakes(environment: [String: String], expected: String) async throws {
        let run = try await CLIRun.run(["status", "--json"], environment: environment)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }
}
