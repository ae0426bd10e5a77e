import AccessEnabler
import ArgumentParser

/// Runs a command body with a ``ClientSession`` and prints its report, or its failure.
///
/// A token store the SDK found unreadable and moved aside is reported first, in one line on
/// standard error.
///
/// Exit codes: 0 when the body returns; 1 when it throws (the SDK or the server failed) — with
/// `{"status": {…}}` on standard output under `--json` and a readable message on standard error;
/// usage errors (`ValidationError`) pass through and exit with 2.
enum CommandExecution {
    /// Runs `body` and prints its report.
    ///
    /// - Parameters:
    ///   - failureReport: The JSON object printed when `body` fails (default
    ///     `{"status": {…}}`).
    ///   - adjust: Changes to the SDK configuration a command needs (second-screen options).
    static func run(
        _ connection: ConnectionOptions,
        _ output: OutputOptions,
        failureReport: @Sendable (Status) -> any Encodable & Sendable = { FailureReport($0) },
        adjust: (inout AccessEnabler.Configuration) -> Void = { _ in },
        _ body: (ClientSession) async throws -> any CommandReport
    ) async throws {
        let session = try ClientSession(connection: connection, output: output, adjust: adjust)
        let report: any CommandReport
        do {
            // A store another process holds costs each SDK call of the command its retry deadline
            // at most (the call's storage deadline).
            report = try await body(session)
        } catch let error as ValidationError {
            session.progress.stop()
            await session.storageRecoveries.report(to: session.console)
            throw error
        } catch {
            session.progress.stop()
            await session.storageRecoveries.report(to: session.console)
            let status = FailureStatus.of(error)
            session.console.err(FailureReport.message(for: status, context: session.failureContext))
            if session.json { session.console.outJSON(JSONOutput.line(failureReport(status))) }
            throw ExitCode(1)
        }
        session.progress.stop()
        await session.storageRecoveries.report(to: session.console)
        if session.json {
            session.console.outJSON(JSONOutput.line(report))
        } else {
            session.console.out(report.text)
        }
    }
}
