import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Expiries a server sets absurdly far in the future (`notAfter` = `Int64.max` epoch
/// milliseconds) are printed, not trapped on, by every command that shows one, and keep working
/// while they are stored.
@Suite("CLI far-future expiries", .timeLimit(.minutes(5)))
struct CLIExpiryTests {
    /// A requestor whose only MVPD signs in without a form and whose TTLs overflow every integer
    /// expiry: the emulator sends `Int64.max` milliseconds.
    static let scenario = EmulatorScenario(
        requestors: [.init(id: "REF", name: "Forever Requestor", mvpds: ["Forever"])],
        mvpds: [
            .init(
                id: "Forever", displayName: "Forever Cable", autoLogin: true,
                users: [.init(username: "dana", password: "", userID: "dana-id")],
                authnTTL: 1e300, authzTTL: 1e300)
        ],
        mediaTokenTTL: 1e300,
        entitlements: .init(authorizeUnlisted: true))

    /// `Int64.max` as the JSON number a test decodes it to.
    static let farFuture = Double(Int64.max)

    @Test("status, login, authorize and metadata print a far-future expiry", arguments: AccessEnabler.Backend.allCases)
    func farFuture(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer(scenario: Self.scenario) { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)

            let login = try await client.run(["login", "--mvpd", "Forever"])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(try login.object()["expires"]?.numberValue == Self.farFuture)
            let loginText = try await client.run(["login", "--mvpd", "Forever"], json: false)
            #expect(loginText.status == 0, "\(loginText.stderr)")
            #expect(
                loginText.stdout.contains("  Expires  after 9999-12-31T23:59:59Z (far future)\n"), "\(loginText.stdout)"
            )

            // Stored, the authentication is read back by every later invocation.
            for _ in 0..<2 {
                let status = try await client.run(["status"])
                #expect(status.status == 0, "\(status.stderr)")
                #expect(try status.object()["expires"]?.numberValue == Self.farFuture)
                let statusText = try await client.run(["status"], json: false)
                #expect(statusText.status == 0, "\(statusText.stderr)")
                #expect(statusText.stdout.contains("after 9999-12-31T23:59:59Z (far future)"), "\(statusText.stdout)")
            }

            let authorize = try await client.run(["authorize", "news"])
            #expect(authorize.status == 0, "\(authorize.stderr)")
            #expect(try authorize.object()["expires"]?.numberValue == Self.farFuture)
            let authorizeText = try await client.run(["authorize", "news"], json: false)
            #expect(authorizeText.status == 0, "\(authorizeText.stderr)")
            #expect(authorizeText.stdout.contains("after 9999-12-31T23:59:59Z (far future)"), "\(authorizeText.stdout)")

            for key in [["authn-expiry"], ["authz-expiry", "news"]] {
                let metadata = try await client.run(["metadata"] + key)
                #expect(metadata.status == 0, "\(key): \(metadata.stderr)")
                #expect(try metadata.object()["value"]?.numberValue == Self.farFuture)
                let metadataText = try await client.run(["metadata"] + key, json: false)
                #expect(metadataText.status == 0, "\(key): \(metadataText.stderr)")
                #expect(
                    metadataText.stdout.hasSuffix(": after 9999-12-31T23:59:59Z (far future)\n"),
                    "\(metadataText.stdout)")
            }
        }
    }
}
