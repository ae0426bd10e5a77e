import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnablerCLI

/// Messages that say what to do: the host and cause of a network failure, an unknown
/// requestor, a service provider that answered with an error, `--verbose` lines.
@Suite("CLI diagnostics", .timeLimit(.minutes(5)))
struct CLIDiagnosticsTests {
    @Test("a refused connection names the host and the cause on the first line, without --verbose")
    func connectionRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withClosedPort { url in
            let client = CLIClient(serviceProvider: url, storage: folder.path("storage.json"), backend: .restV2)
            let run = try await client.run(["configure"], json: false)
            #expect(run.status == 1)
            let first = try #require(run.stderr.split(separator: "\n").first)
            let origin = "http://127.0.0.1:\(url.port ?? 0)"
            #expect(
                first == "error: \(origin) could not be reached: connection refused (nothing listens on that port) "
                    + "(network_error)", "\(run.stderr)")
        }
    }

    @Test("the causes of transport failures, in a few words")
    func causes() {
        #expect(DiagnosingTransport.cause(of: URLError(.cannotConnectToHost))?.hasPrefix("connection refused") == true)
        #expect(DiagnosingTransport.cause(of: URLError(.cannotFindHost)) == "the host name could not be resolved (DNS)")
        #expect(DiagnosingTransport.cause(of: URLError(.timedOut)) == "timed out")
        #expect(DiagnosingTransport.cause(of: URLError(.secureConnectionFailed)) == "the TLS handshake failed")
        #expect(DiagnosingTransport.cause(of: URLError(.serverCertificateUntrusted))?.hasPrefix("TLS") == true)
        #expect(DiagnosingTransport.cause(of: URLError(.cancelled)) == nil)
        #expect(DiagnosingTransport.cause(of: CancellationError()) == nil)
        #expect(
            DiagnosingTransport.origin(of: URL(string: "https://api.auth.adobe.com/api/v2/REF/configuration?x=1")!)
                == "https://api.auth.adobe.com")
    }

    @Test("a timeout says so, with the host, on one line")
    func timeoutMessage() {
        var status = AccessEnablerError.networkError.status
        status.details = "The service provider did not answer completely within 30 s."
        let message = FailureReport.message(
            for: status, context: FailureContext(requestorID: "REF", lastOrigin: "https://sp.example.com"))
        #expect(
            message.split(separator: "\n").first.map(String.init)
                == "error: https://sp.example.com could not be reached: timed out: the service provider did not answer "
                + "completely within 30 s (network_error)")
        let dns = FailureReport.message(
            for: AccessEnablerError.networkError.status,
            context: FailureContext(
                lastFailure: .init(
                    origin: "https://nowhere.invalid", cause: "the host name could not be resolved (DNS)")))
        #expect(
            dns.hasPrefix(
                "error: https://nowhere.invalid could not be reached: the host name could not be resolved (DNS)"))
    }

    @Test("an unknown requestor is named as such, on both backends", arguments: AccessEnabler.Backend.allCases)
    func unknownRequestor(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(
                serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend, requestor: "NOPE")
            let run = try await client.run(["configure"])
            #expect(run.status == 1)
            let first = try #require(run.stderr.split(separator: "\n").first.map(String.init))
            #expect(
                first.hasPrefix("error: the requestor NOPE was not recognised by \(server.url.absoluteString) ("),
                "\(run.stderr)")
            #expect(!first.contains("service provider parameter"))
            #expect(run.stderr.contains("check --requestor (or ACCESSENABLER_REQUESTOR)"))
            // The JSON keeps the server's status as it came.
            let code = try run.object()["status"]?["code"]?.stringValue
            #expect(code == (backend == .restV2 ? "invalid_parameter_service_provider" : "invalid_requestor"))
        }
    }

    @Test("a service provider that answered with an error is reported as answering, with the status")
    func serviceProviderAnsweredWithAnError() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var other = EmulatorScenario.standard
        other.requestors = [EmulatorScenario.Requestor(id: "OTHER", mvpds: ["AutoCable"])]
        try await withClosedPort { closed in
            try await withEmulatorServer { server in
                try await withEmulatorServer(scenario: other) { stranger in
                    let run = try await CLIRun.run(
                        [
                            "configure", "--service-provider", server.url.absoluteString,
                            "--service-provider", stranger.url.absoluteString, "--service-provider",
                            closed.absoluteString,
                            "--requestor", "REF", "--storage", folder.path("storage.json"), "--json",
                        ],
                        environment: ["ACCESSENABLER_SOFTWARE_STATEMENT": "s"])
                    #expect(run.status == 0, "\(run.stderr)")
                    #expect(
                        run.stderr.contains(
                            "warning: \(stranger.url.absoluteString) answered HTTP 400 invalid_parameter_service_provider: "
                                + "it does not know the requestor REF; its MVPDs are left out"), "\(run.stderr)")
                    #expect(
                        run.stderr.contains(
                            "warning: \(closed.absoluteString) could not be reached (connection refused"),
                        "\(run.stderr)")
                    #expect(!run.stderr.contains("did not answer:"))
                }
            }
        }
    }

    @Test("--verbose lines carry one prefix and rounded retry waits")
    func verboseLines() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let result1 = try await client.run(["login", "--mvpd", "AutoCable"])
            #expect(result1.status == 0)
            await server.emulator.inject(.status(503, body: "", contentType: "text/plain"), on: .preauthorize)
            let run = try await client.run(["preauthorize", "news"], extra: ["--verbose"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("[AccessEnabler] "))
            #expect(!run.stderr.contains("[AccessEnabler] [AccessEnabler]"))
            let retry = try #require(run.stderr.split(separator: "\n").first { $0.contains("retrying in") })
            #expect(
                retry.wholeMatch(of: /\[AccessEnabler\] .*: retrying in [0-9]+(\.[0-9]{1,2})? s/) != nil, "\(retry)")
        }
    }

    @Test("durations in log lines are rounded")
    func roundedDurations() {
        #expect(
            LogLine.roundingDurations(in: "preauthorize: retrying in 0.734512883 seconds")
                == "preauthorize: retrying in 0.73 s")
        #expect(
            LogLine.roundingDurations(in: "waiting 12.3456 seconds, then 3.0 seconds") == "waiting 12.3 s, then 3 s")
        #expect(LogLine.roundingDurations(in: "no number seconds") == "no number seconds")
        #expect(LogLine.text(LogMessage(level: .info, message: "[AccessEnabler] x")) == "[AccessEnabler] x")
        #expect(LogLine.text(LogMessage(level: .info, message: "x")) == "[AccessEnabler] x")
    }
}
