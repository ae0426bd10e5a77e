import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// A token store the SDK moves aside as unreadable is reported with one line on standard error,
/// and the command goes on with an empty store.
@Suite("CLI storage recovery", .timeLimit(.minutes(5)))
struct CLIStorageRecoveryTests {
    @Test(
        "a corrupt storage file is moved aside, reported once, and the command still works",
        arguments: [true, false])
    func corruptStorage(json: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let storage = folder.path("storage.json")
            let client = CLIClient(serviceProvider: server.url, storage: storage, backend: .restV2)
            let login = try await client.run(["login", "--mvpd", "AutoCable"])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(Self.reports(login).isEmpty, "\(login.stderr)")

            let garbage = "not token JSON, and not a secret-\(UUID().uuidString)"
            try garbage.write(toFile: storage, atomically: true, encoding: .utf8)
            let status = try await client.run(["status"], json: json)
            #expect(status.status == 0, "\(status.stderr)")
            if json {
                #expect(try status.object()["authenticated"] == false)
            } else {
                #expect(status.stdout.hasPrefix("Not authenticated"))
            }

            // Exactly one line, that says what was moved where and why.
            let lines = status.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(status.stderr.hasSuffix("\n"))
            #expect(lines.count == 1, "\(status.stderr)")
            let line = String(lines.first ?? "")
            #expect(
                line.hasPrefix(
                    "warning: the token storage \(storage) was unreadable (the file is not valid token JSON)"),
                "\(line)")
            // The snapshot (the journal goes to storage.json.journal.corrupt-…) is kept, not deleted.
            let aside = try #require(
                try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
                    .first { $0.hasPrefix("storage.json.corrupt-") })
            #expect(line.contains("moved to \(folder.path(aside))"), "\(line)")
            #expect(try String(contentsOfFile: folder.path(aside), encoding: .utf8) == garbage)
            #expect(!line.contains(garbage), "the unreadable content is not printed")

            // The store works again: a login lands, and nothing more is reported.
            let again = try await client.run(["login", "--mvpd", "AutoCable"], json: json)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(Self.reports(again).isEmpty, "\(again.stderr)")
            let after = try await client.run(["status"])
            #expect(try after.object()["authenticated"] == true)
            #expect(after.stderr.isEmpty)
        }
    }

    /// What a run wrote to standard error besides the login's progress notice, which a loaded
    /// machine prints when the profile takes more than a second of real time to come.
    private static func reports(_ run: CLIRun) -> [Substring] {
        run.stderr.split(separator: "\n").filter { !$0.hasPrefix("The login reached the redirect URL; waiting up to") }
    }
}
