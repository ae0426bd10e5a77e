import AccessEnabler
import AccessEnablerTesting
import ArgumentParser
import Foundation

/// `accessenabler demo`: the whole flow against the in-process Adobe Pass emulator.
///
/// Each step prints the call, then one line with its result (`→ …`); the configuration,
/// preauthorization and metadata steps add the same table the matching command prints.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole entitlement flow against the built-in Adobe Pass emulator.",
        discussion: HelpText.examples([
            "accessenabler demo",
            "accessenabler demo --backend restV1",
            "accessenabler demo --partner-sso",
            "# from a checkout of the package, building first",
            "swift run --package-path Tools accessenabler demo",
        ]))

    @Option(help: ArgumentHelp("The wire protocol: restV2 or restV1.", valueName: "backend"))
    var backend: AccessEnabler.Backend = AccessEnabler.Configuration().backend

    @Flag(help: "Sign in through a fake Apple TV Provider (partner single sign-on, REST API v2): no login page.")
    var partnerSSO = false

    mutating func validate() throws {
        if partnerSSO, backend != .restV2 {
            throw ValidationError(
                "--partner-sso needs REST API v2 (--backend restV2): REST API v1 has no partner APIs.")
        }
    }

    /// Whether the demo shows a second device signed in by a service token: REST API v2, and a
    /// browser login (the TV Provider's sign-in is not made with the token).
    private var showsServiceToken: Bool { backend == .restV2 && !partnerSSO }

    mutating func run() async throws {
        let emulator = PassEmulator()
        var configuration = AccessEnabler.Configuration()
        // One device ID for the apps of this device: what a shared Keychain access group
        // (deviceIdentifierAccessGroup) gives apps on Apple platforms.
        configuration.deviceIDSeed = "demo-device-1"
        if showsServiceToken { configuration.serviceTokenProvider = Self.serviceTokenProvider(clock: emulator.clock) }
        if partnerSSO {
            await emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: "Cablevision-Apple")
            configuration.partnerFramework = FakePartnerFramework(
                clock: emulator.clock, picker: .select("Cablevision-Apple"), userID: "tv-provider-user")
        }
        configuration.backend = backend
        configuration.transport = emulator.transport
        configuration.storage = InMemoryTokenStorage()
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        let enabler = AccessEnabler(softwareStatement: "demo-software-statement", configuration: configuration)

        console.out(
            "AccessEnabler \(AccessEnabler.version) demo — REST API \(backend == .restV2 ? "v2" : "v1") "
                + "against the in-process emulator at \(emulator.baseURL.absoluteString)")

        step("1. setRequestor(\"REF\")")
        let requestor = try await enabler.setRequestor("REF")
        result(
            "configured requestor \(requestor.requestorID) (\(requestor.name ?? "unnamed")), "
                + "\(requestor.mvpds.count) MVPDs, domains \(requestor.domains.joined(separator: ", "))")
        console.out(ConfigureReport(requestor).table)

        step("2. checkAuthentication()")
        result(describe(await enabler.checkAuthentication()) + " — nobody has signed in yet")

        let presenter = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password",
            transport: emulator.transport)
        let authentication: Authentication
        if partnerSSO {
            step("3. authenticate(providerFilter:presenter:) — the TV Provider's picker chooses Cablevision")
            authentication = try await enabler.authenticate(providerFilter: nil, presenter: presenter)
            let pages = await emulator.requests(to: .authenticateV2).count
            result(
                "signed in with \(authentication.mvpd.displayName) as \(authentication.userID) through the TV "
                    + "Provider (profile type \(authentication.profileType ?? "none")), \(pages) login pages opened")
        } else {
            step("3. authenticate(presenter:) — picks Cablevision and fills in its login form as alice")
            authentication = try await enabler.authenticate(presenter: presenter)
            result(
                "signed in with \(authentication.mvpd.displayName) as \(authentication.userID), "
                    + "until \(format(authentication.expires))")
        }

        step("4. preauthorize([news, sports, premium, movies, news])")
        let resources = ["news", "sports", "premium", "movies", "news"]
        let report = PreauthorizeReport(try await enabler.preauthorize(PreauthorizeRequest(resources: resources)))
        result(
            "\(report.summary); the duplicate news is asked once, and a second call is answered from the local cache")
        console.out(report.table)

        step("5. authorize(resource: \"news\")")
        let token = try await enabler.authorize(resource: "news")
        result(
            "media token for \(token.resource) from \(token.mvpdID), expires \(format(token.expires)): "
                + "\(token.serializedToken.prefix(32))… (\(token.serializedToken.count) characters)")

        step("6. authorize(resource: \"premium\")")
        do {
            _ = try await enabler.authorize(resource: "premium")
            result("authorized (the standard scenario denies premium: unexpected)")
        } catch let error as AccessEnablerError {
            result("denied as expected: \(error.code) (HTTP \(error.status.status)) — \(error.status.details ?? "")")
        }

        step("7. getMetadata")
        var metadata = Table(headers: ["Key", "Value", "Encrypted"])
        let keys: [(String, MetadataKey)] = [
            ("authenticationExpiry", .authenticationExpiry),
            ("authorizationExpiry(news)", .authorizationExpiry(resource: "news")),
            ("userMetadata(householdID)", .userMetadata("householdID")),
            ("userMetadata(zip)", .userMetadata("zip")),
            ("userMetadata(maxRating)", .userMetadata("maxRating")),
        ]
        for (label, key) in keys {
            let value = try await enabler.getMetadata(key)
            let text = value.date.map(format) ?? value.value.description
            metadata.rows.append([label, text, value.isEncrypted ? "yes" : "no"])
        }
        result("\(keys.count) values read")
        console.out(metadata.render())

        var number = 8
        step("\(number). A second app on this device: setRequestor, then refreshAuthentication()")
        number += 1
        var secondApp = configuration
        secondApp.storage = InMemoryTokenStorage()
        secondApp.serviceTokenProvider = nil
        let found = try await signInElsewhere(secondApp, emulator: emulator)
        result(
            "\(found.status) — \(found.requests) request\(found.requests == 1 ? "" : "s"), no login page: both apps "
                + "send the device identifier "
                + "their shared Keychain access group keeps (here: the same seed)")

        if showsServiceToken {
            step("\(number). A second device of the same viewer, whose app gives a service token for viewer-1")
            number += 1
            var secondDevice = configuration
            secondDevice.storage = InMemoryTokenStorage()
            secondDevice.deviceIDSeed = "demo-device-2"
            let shared = try await signInElsewhere(secondDevice, emulator: emulator)
            result(
                "\(shared.status) — found through AD-Service-Token (profile type \(shared.profileType ?? "none")), "
                    + "no login page on this device")
        }

        step("\(number). logout(presenter:)")
        try await enabler.logout(presenter: presenter)
        let signedOut = await enabler.checkAuthentication().isAuthenticated == false
        result(
            signedOut
                ? "logged out: the server session and the stored tokens are gone"
                : "logout returned, but checkAuthentication still reports a session (unexpected)")

        let calls = await emulator.requests.compactMap(\.route).map(\.rawValue)
        console.out("\nThe emulator served \(calls.count) requests: \(calls.joined(separator: ", ")).")
    }

    private var console: Console { Console() }

    /// A service token for `viewer-1` from the emulator's test identity service, valid for an
    /// hour from when the SDK asks.
    private static func serviceTokenProvider(clock: any AccessEnablerClock)
        -> @Sendable (ServiceTokenReason) async -> String?
    {
        { _ in
            ServiceTokenIssuer.emulator.token(
                subject: "viewer-1", issuedAt: clock.now, expiresAt: clock.now.addingTimeInterval(3600))
        }
    }

    /// A new SDK instance with `configuration` launching as an app does (`setRequestor`, then
    /// `refreshAuthentication`): its status, and how many requests the refresh made.
    private func signInElsewhere(_ configuration: AccessEnabler.Configuration, emulator: PassEmulator) async throws
        -> (status: String, requests: Int, profileType: String?)
    {
        let enabler = AccessEnabler(softwareStatement: "demo-software-statement", configuration: configuration)
        try await enabler.setRequestor("REF")
        let before = await emulator.requests.count
        let status = try await enabler.refreshAuthentication()
        let requests = await emulator.requests.count - before
        return (describe(status), requests, status.authentication?.profileType)
    }

    private func step(_ title: String) {
        console.out("\n▸ \(title)")
    }

    private func result(_ text: String) {
        console.out("  → \(text)")
    }

    private func describe(_ status: AuthenticationStatus) -> String {
        switch status {
        case .authenticated(let authentication):
            "authenticated with \(authentication.mvpd.id) until \(format(authentication.expires))"
        case .notAuthenticated(let reason):
            "not authenticated (\(reason.code))"
        }
    }

    private func format(_ date: Date) -> String {
        DateText.timestamp(date)
    }
}
