import AccessEnabler
import AccessEnablerTesting
import ArgumentParser
import Foundation

/// `accessenabler demo`: the whole flow against the in-process Adobe Pass emulator.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole entitlement flow against the built-in Adobe Pass emulator."
    )

    @Option(help: "The wire protocol: restV2 or restV1.")
    var backend: AccessEnabler.Backend = AccessEnabler.Configuration().backend

    mutating func run() async throws {
        let emulator = PassEmulator()
        var configuration = AccessEnabler.Configuration()
        configuration.backend = backend
        configuration.transport = emulator.transport
        configuration.storage = InMemoryTokenStorage()
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        let enabler = AccessEnabler(softwareStatement: "demo-software-statement", configuration: configuration)

        console.out("AccessEnabler demo — REST API \(backend == .restV2 ? "v2" : "v1") against the in-process emulator at \(emulator.baseURL.absoluteString)")

        step("1. setRequestor(\"REF\")")
        let requestor = try await enabler.setRequestor("REF")
        console.out("Requestor \(requestor.requestorID) — \(requestor.name ?? "unnamed"), domains: \(requestor.domains.joined(separator: ", "))")
        var mvpds = Table(headers: ["MVPD", "Name", "TempPass", "Service provider"])
        for mvpd in requestor.mvpds {
            mvpds.rows.append([mvpd.id, mvpd.displayName, mvpd.isTempPass ? "yes" : "no", mvpd.serviceProvider.host ?? ""])
        }
        console.out(mvpds.render())

        step("2. checkAuthentication()")
        console.out(describe(await enabler.checkAuthentication()))

        step("3. authenticate(presenter:) — picks Cablevision, fills in the MVPD login form as alice")
        let presenter = HeadlessPresenter(mvpdID: "Cablevision", username: "alice", password: "alice-password",
                                          transport: emulator.transport)
        let authentication = try await enabler.authenticate(presenter: presenter)
        console.out("Signed in with \(authentication.mvpd.displayName) as \(authentication.userID), until \(format(authentication.expires))")
        console.out(describe(await enabler.checkAuthentication()))

        step("4. preauthorize([news, sports, premium, movies, news])")
        let resources = ["news", "sports", "premium", "movies", "news"]
        let response = try await enabler.preauthorize(PreauthorizeRequest(resources: resources))
        var decisions = Table(headers: ["Resource", "Decision", "Error"])
        for decision in response.decisions {
            decisions.rows.append([
                decision.id, decision.isAuthorized ? "authorized" : "denied",
                decision.error.map { "\($0.code ?? "") — \($0.details ?? $0.message ?? "")" } ?? "",
            ])
        }
        console.out(decisions.render())
        console.out("(duplicates collapsed; a second call for the same resources is answered from the local cache)")

        step("5. authorize(resource: \"news\")")
        let token = try await enabler.authorize(resource: "news")
        console.out("Media token for \(token.resource) from \(token.mvpdID), expires \(format(token.expires)):")
        console.out("  \(token.serializedToken.prefix(48))… (\(token.serializedToken.count) characters)")
        do {
            _ = try await enabler.authorize(resource: "premium")
        } catch let error as AccessEnablerError {
            console.out("authorize(resource: \"premium\") → \(error.code) (HTTP \(error.status.status)): \(error.status.details ?? "")")
        }

        step("6. getMetadata")
        var metadata = Table(headers: ["Key", "Value", "Encrypted"])
        for (label, key) in [("authenticationExpiry", MetadataKey.authenticationExpiry),
                             ("authorizationExpiry(news)", .authorizationExpiry(resource: "news")),
                             ("userMetadata(householdID)", .userMetadata("householdID")),
                             ("userMetadata(zip)", .userMetadata("zip")),
                             ("userMetadata(maxRating)", .userMetadata("maxRating"))] {
            let value = try await enabler.getMetadata(key)
            let text = value.date.map(format) ?? value.value.description
            metadata.rows.append([label, text, value.isEncrypted ? "yes" : "no"])
        }
        console.out(metadata.render())

        step("7. logout(presenter:)")
        try await enabler.logout(presenter: presenter)
        console.out(describe(await enabler.checkAuthentication()))

        let calls = await emulator.requests.compactMap(\.route).map(\.rawValue)
        console.out("\nThe emulator served \(calls.count) requests: \(calls.joined(separator: ", ")).")
    }

    private var console: Console { Console() }

    private func step(_ title: String) {
        console.out("\n▸ \(title)")
    }

    private func describe(_ status: AuthenticationStatus) -> String {
        switch status {
        case .authenticated(let authentication):
            "Authenticated with \(authentication.mvpd.id) until \(format(authentication.expires))"
        case .notAuthenticated(let reason):
            "Not authenticated (\(reason.code))"
        }
    }

    private func format(_ date: Date) -> String {
        DateText.timestamp(date)
    }
}
