import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// No token, client secret, software statement or device ID from the exchange may appear in an
/// error's description, debug description, dump, or in the SDK's log.
@Suite(.timeLimit(.minutes(5))) struct SecretHygieneTests {
    @Test(arguments: allBackends)
    func noSecretLeaksIntoErrorsOrLogs(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend) { $0.deviceIDSeed = "DEVICE-SEED-SECRET-4711" }
        var errors: [any Error] = []
        func attempt(_ body: () async throws -> Void) async {
            do { try await body() } catch { errors.append(error) }
        }
        let enabler = harness.enabler
        let emulator = harness.emulator
        try await harness.configure()
        // Authentication data (a Promotional TempPass identity) is a secret too.
        let tempPass = ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!)
        try await enabler.authenticate(data: ["email": "AUTHN-DATA-SECRET@example.com"], presenter: tempPass)
        try await enabler.authenticate(forceAuthentication: true, presenter: harness.presenter("Cablevision"))
        let mediaToken = try await enabler.authorize(resource: "news")

        await attempt { _ = try await enabler.authorize(resource: "premium") }
        for fault in [
            EmulatorFault.dropConnection, .timeout, .malformedJSON, .wrongTypes, .html(status: 502),
            .tooManyRequests(retryAfter: "2"), .largeBody(bytes: 100_000),
        ] {
            await emulator.inject(fault, on: backend.authorizeRoute)
            await attempt { _ = try await enabler.authorize(resource: "sports") }
            await emulator.inject(fault, on: backend.preauthorizeRoute)
            await attempt {
                _ = try await enabler.preauthorize(
                    PreauthorizeRequest(resources: ["movies"], disabledFeatures: [.localCache]))
            }
        }
        await emulator.inject(
            .status(401, body: "", contentType: "application/json"), on: backend.authorizeRoute, times: 2)
        await attempt { _ = try await enabler.authorize(resource: "kids") }
        await emulator.revokeClients()
        await emulator.inject(
            .status(400, body: #"{"error":"invalid_client"}"#, contentType: "application/json"), on: .token, times: nil)
        await emulator.expireAccessTokens()
        await attempt { _ = try await enabler.authorize(resource: "movies") }
        await emulator.clearFaults()
        await emulator.invalidateSessions()
        await attempt { _ = try await enabler.getMetadata(.userMetadata("zip")) }
        await attempt { _ = try await enabler.preauthorize(PreauthorizeRequest(resources: ["news"])) }
        await attempt { try await enabler.setRequestor("REF", serviceProviders: [URL(string: "http://evil.example")!]) }
        try await enabler.logout()
        #expect(errors.count >= 15)

        // Every secret the emulator saw.
        let log = await emulator.requests
        var secrets: Set<String> = [
            Harness.softwareStatement, "DEVICE-SEED-SECRET-4711", mediaToken.serializedToken,
            "AUTHN-DATA-SECRET@example.com",
        ]
        for record in log {
            if let bearer = record.headers["Authorization"], bearer.hasPrefix("Bearer ") {
                secrets.insert(String(bearer.dropFirst(7)))
            }
            if let secret = record.formValue("client_secret") { secrets.insert(secret) }
            if let deviceID = record.query("deviceId") { secrets.insert(deviceID) }
            if let fingerprint = record.headers["AP-Device-Identifier"] { secrets.insert(fingerprint) }
        }
        if let deviceID = await harness.deviceID() { secrets.insert(deviceID) }
        #expect(secrets.count >= 5)

        var texts: [String] = errors.flatMap { error -> [String] in
            var dumped = ""
            dump(error, to: &dumped)
            return [String(describing: error), String(reflecting: error), error.localizedDescription, dumped]
        }
        texts += harness.logLines.all.map(\.message)
        var dumpedToken = ""
        dump(mediaToken, to: &dumpedToken)
        texts += [String(describing: mediaToken), dumpedToken]
        #expect(!harness.logLines.all.isEmpty)
        // Failure messages name the text's position only, never the secret or the text itself.
        for secret in secrets where secret.count >= 8 {
            for (index, text) in texts.enumerated() where text.contains(secret) {
                Issue.record("text #\(index) of \(texts.count) contains a \(secret.count)-character secret")
            }
        }
    }
}
