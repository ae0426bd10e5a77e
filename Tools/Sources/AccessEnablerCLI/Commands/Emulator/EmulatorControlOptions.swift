import AccessEnabler
import ArgumentParser
import Foundation

/// Where a running `accessenabler emulator serve` is: `--emulator-url`, else
/// `ACCESSENABLER_EMULATOR_URL`, else `http://127.0.0.1:8080`.
struct EmulatorControlOptions: ParsableArguments {
    static let defaultURL = "http://127.0.0.1:8080"

    @Option(
        name: .customLong("emulator-url"),
        help: ArgumentHelp(
            "The URL of the running emulator. Default: \(ToolEnvironment.emulatorURL), else \(defaultURL).",
            valueName: "url"))
    var emulatorURL: String?

    mutating func validate() throws {
        _ = try url()
    }

    /// The emulator's base URL.
    func url(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let text = emulatorURL ?? ToolEnvironment.value(ToolEnvironment.emulatorURL, in: environment) ?? Self.defaultURL
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else {
            throw ValidationError(
                "--emulator-url takes the URL emulator serve printed, such as \(Self.defaultURL); "
                    + "got \"\(text)\".")
        }
        return url
    }
}

/// Talks to the `/emulator/` control routes of a running emulator.
struct EmulatorControl: Sendable {
    /// The emulator's base URL.
    let baseURL: URL
    let console = Console()
    private let transport = DiagnosingTransport()

    init(_ options: EmulatorControlOptions) throws {
        baseURL = try options.url()
    }

    /// Sends `method` to `/emulator/<path>[?query]` with `json` as the body, and returns the answer.
    ///
    /// - Throws: `ExitCode(1)` after printing one line when no emulator answers.
    func send(_ method: HTTPTransportMethod, _ path: String, query: String? = nil, json: JSONValue? = nil) async throws
        -> HTTPTransportResponse
    {
        var url = baseURL.appendingPathComponent("emulator/" + path)
        if let query, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) {
            components.percentEncodedQuery = query
            url = components.url ?? url
        }
        var request = HTTPTransportRequest(method: method, url: url)
        request.timeout = .seconds(10)
        if let json {
            request.headers["Content-Type"] = "application/json"
            request.body = Data(JSONOutput.line(json).utf8)
        }
        do {
            return try await transport.send(request)
        } catch {
            let cause = DiagnosingTransport.cause(of: error) ?? "cancelled"
            console.err(
                "error: no emulator answers at \(baseURL.absoluteString) (\(cause)); start one with "
                    + "`accessenabler emulator serve`, or give its URL with --emulator-url or \(ToolEnvironment.emulatorURL)"
            )
            throw ExitCode(1)
        }
    }

    /// Checks that `response` succeeded; otherwise prints the emulator's reason and exits: 2 when
    /// the emulator refused the input (400, 404 for an unknown MVPD), 1 otherwise.
    func check(_ response: HTTPTransportResponse, what: String) throws {
        guard !(200..<300).contains(response.status) else { return }
        let reason =
            (try? JSONDecoder().decode(JSONValue.self, from: response.body))?["error"]?.stringValue
            ?? String(decoding: response.body, as: UTF8.self)
        console.err(
            "error: the emulator at \(baseURL.absoluteString) refused \(what) (HTTP \(response.status)): \(reason)")
        throw ExitCode(response.status == 400 || response.status == 404 ? 2 : 1)
    }

    /// Prints the warnings an answer carries (`{"warnings": [...]}`) on standard error.
    func printWarnings(of response: HTTPTransportResponse) {
        guard !response.body.isEmpty,
            let warnings = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?["warnings"]?.arrayValue
        else { return }
        for warning in warnings.compactMap(\.stringValue) {
            console.err("warning: \(warning)")
        }
    }
}
