import AccessEnabler
import Foundation
import Testing

/// The outcome of one `accessenabler` invocation.
struct CLIRun: Sendable {
    var arguments: [String]
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard output as one JSON value (fails the test when it is not exactly one).
    func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let text = stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!text.contains("\n"), "one JSON object on one line", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// The members of the JSON object on standard output.
    func object(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: JSONValue] {
        try #require(try json(sourceLocation: sourceLocation).objectValue, sourceLocation: sourceLocation)
    }

    /// Everything printed, for secret checks.
    var transcript: String { stdout + "\n" + stderr }

    /// Runs the executable to completion; standard input gets `input` and is then closed.
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) async throws
        -> CLIRun
    {
        let process = try LiveProcess(arguments: arguments, environment: environment)
        if let input { process.write(input) }
        process.closeInput()
        let result = await process.finish()
        return CLIRun(arguments: arguments, status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
