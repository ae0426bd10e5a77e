import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The whole flow through spawned `accessenabler` processes against a server on a loopback port,
/// on both backends: every `--json` shape and exit code, state kept in `--storage` between
/// invocations, and no secret in any output.
@Suite("CLI end to end", .timeLimit(.minutes(5)))
struct CLIFlowTests {
    @Test(
        "configure, status, login, preauthorize, authorize, metadata, logout", arguments: AccessEnabler.Backend.allCases
    )
    func wholeFlow(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)

            // configure
            let configure = try await client.run(["configure"])
            #expect(configure.status == 0)
            let configuration = try configure.object()
            #expect(configuration["requestor"] == "REF")
            let mvpds = try #require(configuration["mvpds"]?.arrayValue)
            #expect(mvpds.map { $0["id"] } == ["Cablevision", "AutoCable", "TempPass"])
            let cablevision = try #require(mvpds.first?.objectValue)
            #expect(Set(cablevision.keys) == ["id", "displayName", "logoUrl", "isTempPass", "serviceProvider"])
            #expect(cablevision["displayName"] == "Cablevision")
            #expect(cablevision["isTempPass"] == false)
            #expect(cablevision["logoUrl"] == "https://logos.pass-emulator.test/cablevision.png")
            #expect(cablevision["serviceProvider"] == .string(server.url.absoluteString))
            #expect(mvpds.last?["isTempPass"] == true)

            // status before login
            let before = try await client.run(["status"])
            #expect(before.status == 0)
            #expect(try before.object() == ["authenticated": false, "mvpd": nil, "userId": nil, "expires": nil])

            // login, filling in the emulator's form
            let loginStarted = Date()
            let login = try await client.run(
                ["login", "--mvpd", "Cablevision", "--username", "alice", "--password", "alice-password"])
            let loginEnded = Date()
            #expect(login.status == 0, "\(login.stderr)")
            let signedIn = try login.object()
            #expect(Set(signedIn.keys) == ["authenticated", "mvpd", "userId", "expires"])
            #expect(signedIn["authenticated"] == true)
            #expect(signedIn["mvpd"] == "Cablevision")
            #expect(signedIn["userId"] == "alice-user-id")
            let expires = try #require(signedIn["expires"]?.numberValue)
            // The session lasts an hour from when the emulator, on this machine's clock, created it
            // during the login; whole milliseconds, so the bounds are rounded outwards.
            let earliest = ((loginStarted.timeIntervalSince1970 + 3600) * 1000).rounded(.down)
            let latest = ((loginEnded.timeIntervalSince1970 + 3600) * 1000).rounded(.up)
            #expect(earliest <= expires && expires <= latest, "expires \(expires), not in [\(earliest), \(latest)]")

            // the authentication persisted in the storage file for the next invocation
            let after = try await client.run(["status"])
            #expect(after.status == 0)
            #expect(try after.object() == signedIn)

            // preauthorize: Adobe's decision shape, decisions in request order, duplicates collapsed
            let preauthorize = try await client.run(["preauthorize", "news", "premium", "sports", "news"])
            #expect(preauthorize.status == 0)
            let decisions = try #require(try preauthorize.object()["resources"]?.arrayValue)
            #expect(decisions.map { $0["id"] } == ["news", "premium", "sports"])
            #expect(decisions.map { $0["authorized"] } == [true, false, true])
            #expect(decisions[0]["error"] == nil)
            let denial = try #require(decisions[1]["error"]?.objectValue)
            #expect(Set(denial.keys) == ["status", "code", "message", "details", "helpUrl", "trace", "action"])
            #expect(denial["status"] == 403)
            #expect(denial["details"]?.stringValue?.contains("premium") == true)
            #expect(try preauthorize.object()["status"] == nil)

            // the cache switches are accepted
            let uncached = try await client.run(["preauthorize", "news", "--no-local-cache", "--no-remote-cache"])
            #expect(uncached.status == 0)
            #expect(try uncached.object()["resources"]?.arrayValue?.first?["authorized"] == true)

            // authorize prints the media token
            let authorize = try await client.run(["authorize", "news"])
            #expect(authorize.status == 0, "\(authorize.stderr)")
            let token = try authorize.object()
            #expect(Set(token.keys) == ["resource", "mediaToken", "expires", "mvpd", "userId"])
            #expect(token["resource"] == "news")
            #expect(token["mvpd"] == "Cablevision")
            #expect(token["userId"] == "alice-user-id")
            #expect((token["mediaToken"]?.stringValue?.count ?? 0) > 40)
            #expect(token["expires"]?.numberValue != nil)

            // --verbose shows the SDK's log lines (which hold no secrets) on standard error
            let verbose = try await client.run(["authorize", "sports"], extra: ["--verbose"])
            #expect(verbose.status == 0)
            #expect(verbose.stderr.contains("[AccessEnabler] "))
            #expect(try verbose.object()["resource"] == "sports")

            // metadata
            let authnExpiry = try await client.run(["metadata", "authn-expiry"])
            #expect(try authnExpiry.object() == ["key": "authn-expiry", "value": .number(expires), "encrypted": false])
            let authzExpiry = try await client.run(["metadata", "authz-expiry", "news"])
            #expect(authzExpiry.status == 0, "\(authzExpiry.stderr)")
            #expect(try authzExpiry.object()["key"] == "authz-expiry:news")
            #expect(try authzExpiry.object()["value"]?.numberValue != nil)
            let deviceID = try await client.run(["metadata", "device-id"])
            #expect(try deviceID.object()["value"]?.stringValue?.count == 64)
            let zip = try await client.run(["metadata", "user", "zip"])
            #expect(
                try zip.object() == [
                    "key": "user:zip", "value": .string(Data("10001".utf8).base64EncodedString()),
                    "encrypted": true,
                ])
            let household = try await client.run(["metadata", "user", "householdID"])
            #expect(
                try household.object() == ["key": "user:householdID", "value": "alice-household", "encrypted": false])

            // logout clears the stored authentication
            let logout = try await client.run(["logout"])
            #expect(logout.status == 0)
            #expect(try logout.object() == ["loggedOut": true])
            let loggedOut = try await client.run(["status"])
            #expect(try loggedOut.object()["authenticated"] == false)

            // nothing printed holds an access token, a client secret or the software statement
            let secrets = await ExchangedSecrets(from: server.emulator)
            #expect(!secrets.clientSecrets.isEmpty)
            #expect(!secrets.accessTokens.isEmpty)
            for run in client.allRuns {
                for secret in secrets.all.union([client.softwareStatement]) {
                    // Computed first: a failing #expect prints its operands, and the secret is one.
                    let leaked = run.transcript.contains(secret)
                    #expect(!leaked, "\(run.arguments.first ?? "") printed a secret")
                }
            }
        }
    }

    @Test("text output for people: tables and one line per decision, no spinner when stderr is not a terminal")
    func textOutput() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let configure = try await client.run(["configure"], json: false)
            #expect(configure.status == 0)
            #expect(configure.stdout.contains("Requestor REF — Reference Requestor: 3 MVPD(s)"))
            #expect(configure.stdout.contains("MVPD         Name         TempPass  Service provider"))
            #expect(configure.stdout.contains("TempPass     TempPass     yes"))

            let status = try await client.run(["status"], json: false)
            #expect(status.stdout.hasPrefix("Not authenticated — authentication_session_missing"))

            let login = try await client.run(["login", "--mvpd", "AutoCable"], json: false)
            #expect(login.status == 0)
            #expect(login.stdout.hasPrefix("Authenticated\n  MVPD     AutoCable (Auto Cable)\n  User ID  bob-user-id"))

            let preauthorize = try await client.run(["preauthorize", "news", "premium"], json: false)
            let lines = preauthorize.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Resource  Decision    Details")
            #expect(lines.contains { $0.hasPrefix("news      authorized") })
            #expect(lines.contains { $0.hasPrefix("premium   denied      preauthorization_denied_by_mvpd — ") })
            #expect(lines.last == "1 of 2 authorized")

            let authorize = try await client.run(["authorize", "news"], json: false)
            #expect(authorize.stdout.hasPrefix("Authorized news\n"))
            #expect(authorize.stdout.contains("Media token:\n"))

            let logout = try await client.run(["logout"], json: false)
            #expect(logout.stdout == "Logged out\n")

            for run in client.allRuns {
                #expect(!run.stderr.contains("\u{1B}["), "no spinner escape codes when stderr is a pipe")
            }
        }
    }

    @Test("the default storage is a file under $XDG_DATA_HOME that persists between invocations")
    func defaultStorage() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let common = [
                "--service-provider", server.url.absoluteString, "--requestor", "REF", "--json",
                "--software-statement-file", folder.path("statement.jwt"),
            ]
            try "statement-from-a-file\n".write(toFile: folder.path("statement.jwt"), atomically: true, encoding: .utf8)
            let environment = ["XDG_DATA_HOME": folder.path("data"), "HOME": folder.path("home")]
            let login = try await CLIRun.run(["login", "--mvpd", "AutoCable"] + common, environment: environment)
            #expect(login.status == 0, "\(login.stderr)")
            // The store is the file and its journal of changes since the last compaction.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("data/accessenabler"))
            #expect(files.contains { $0.hasPrefix("storage.json") })
            let status = try await CLIRun.run(["status"] + common, environment: environment)
            #expect(try status.object()["authenticated"] == true)
            // Another storage file knows nothing of it.
            let elsewhere = try await CLIRun.run(
                ["status", "--storage", folder.path("other.json")] + common, environment: environment)
            #expect(try elsewhere.object()["authenticated"] == false)
            #expect(!login.transcript.contains("statement-from-a-file"))
        }
    }
}

/// REST API v2 checklist, Configuration Retrieval: a signed-in `status` is answered from storage.
@Suite("CLI round trips", .timeLimit(.minutes(5)))
struct CLIRoundTripTests {
    @Test(
        "status while signed in sends no request on REST v2; configure always fetches",
        arguments: AccessEnabler.Backend.allCases)
    func signedInStatus(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)
            let login = try await client.run(["login", "--mvpd", "AutoCable"])
            #expect(login.status == 0, "\(login.stderr)")
            await server.emulator.clearRequestLog()

            let status = try await client.run(["status"])
            #expect(status.status == 0)
            #expect(try status.object()["authenticated"] == true)
            let sent = await server.emulator.requests.compactMap(\.route)
            // REST v1 fetches the configuration on every setRequestor, as the legacy SDK did.
            #expect(sent == (backend == .restV2 ? [] : [.configuration]))

            await server.emulator.clearRequestLog()
            let configure = try await client.run(["configure"])
            #expect(configure.status == 0)
            #expect(
                await server.emulator.requests(to: backend == .restV2 ? .configurationV2 : .configuration).count == 1)
        }
    }
}
