import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// What a legacy model run is made of, chosen from its seed: the REST API, the service providers,
/// whether Cablevision's pages need Safari, and the sign-in the app starts with (the login page,
/// or the registration code of tvOS).
struct LegacyModelSetup: Hashable, Sendable, CustomStringConvertible {
    var backend: AsyncAccessEnabler.Backend
    /// One service provider (all three MVPDs), or two: Cablevision and TempPass on the first,
    /// AutoCable on the second.
    var serviceProviders: Int
    var safariCablevision: Bool
    var secondScreen: Bool

    var description: String {
        ".init(backend: .\(backend), serviceProviders: \(serviceProviders), safariCablevision: \(safariCablevision), "
            + "secondScreen: \(secondScreen))"
    }

    /// The MVPDs the requestor offers, in the order of the standard scenario.
    static let mvpds = ["Cablevision", "AutoCable", "TempPass"]

    /// The service provider (0 or 1) that serves `mvpd`.
    func serviceProvider(of mvpd: String) -> Int {
        serviceProviders == 2 && mvpd == "AutoCable" ? 1 : 0
    }
}

/// Counts the requests in flight, so the runner can tell a world at rest from one still working.
final class LegacyModelTransport: HTTPTransport {
    private let base: PassEmulatorTransport
    private let counts = LockedValue((started: 0, finished: 0))

    init(_ base: PassEmulatorTransport) { self.base = base }

    var started: Int { counts.withLock { $0.started } }
    var inFlight: Int { counts.withLock { $0.started - $0.finished } }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        counts.withLock { $0.started += 1 }
        defer { counts.withLock { $0.finished += 1 } }
        return try await base.send(request)
    }
}

/// The adapter's own Safari view controller, replaced by a recorder the viewer can tap "Done" on.
@MainActor
final class LegacyModelSafari: SafariPagePresenting {
    private let delegate: LegacyModelDelegate
    private var onEnd: (@MainActor (SafariPageEnd) -> Void)?
    private(set) var isShown = false

    init(delegate: LegacyModelDelegate) { self.delegate = delegate }

    func present(_ url: URL, onEnd: @escaping @MainActor (SafariPageEnd) -> Void) {
        isShown = true
        self.onEnd = onEnd
        delegate.safariPresented(url)
    }

    func dismiss() {
        isShown = false
        onEnd = nil
    }

    func tapDone() {
        let end = onEnd
        isShown = false
        onEnd = nil
        end?(.closedByViewer)
    }
}

/// The system under test of a legacy model run: the legacy adapter over its async core, the
/// emulated service providers on one test clock, the token store on disk, and a second process
/// (an async core) on the same store and device.
@MainActor
final class LegacyModelWorld: ModelWorldWaiting {
    let setup: LegacyModelSetup
    let clock = TestClock()
    let emulators: [PassEmulator]
    let transport: LegacyModelTransport
    let folder: URL
    private(set) var legacy: LegacyAccessEnabler
    let delegate = LegacyModelDelegate()
    let safari: LegacyModelSafari
    /// The configuration of both processes (each with its own `FileTokenStorage` on the folder).
    private let configuration: AsyncAccessEnabler.Configuration
    private let storeURL: URL
    /// What the app set, set again when it is relaunched.
    private var handleSVC = false
    private var secondScreen: Bool
    private(set) var gates: [EmulatorGate] = []
    /// Where the last page the viewer finished ended: what the app hands to `handleExternalURL`.
    private(set) var pageEnd: URL?
    /// What went wrong in the world itself (a page the viewer could not finish, a call of the
    /// other process that failed): the runner reports each as a violation.
    private(set) var problems: [String] = []

    static let requestor = "REF"
    static let wrongURL = "https://wrong.example/landing"

    init(_ setup: LegacyModelSetup) {
        self.setup = setup
        LegacyTaskStart.applyEnvironment()
        var first = EmulatorScenario.standard
        if setup.safariCablevision {
            first = .safariCablevision
        }
        var emulators = [PassEmulator]()
        if setup.serviceProviders == 2 {
            var second = first
            Self.offer(["AutoCable"], in: &second)
            Self.offer(["Cablevision", "TempPass"], in: &first)
            emulators = [PassEmulator(scenario: first, clock: clock), PassEmulator(scenario: second, clock: clock)]
        } else {
            emulators = [PassEmulator(scenario: first, clock: clock)]
        }
        self.emulators = emulators
        transport = LegacyModelTransport(PassEmulatorTransport(emulators))
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("LegacyModel-\(UUID().uuidString)")
        let storeURL = folder.appendingPathComponent("tokens.json")
        self.storeURL = storeURL

        var configuration = AsyncAccessEnabler.Configuration()
        configuration.backend = setup.backend
        configuration.transport = transport
        configuration.storage = FileTokenStorage(url: storeURL)
        configuration.clock = clock
        configuration.environment = .init(serviceProviders: emulators.map(\.baseURL))
        configuration.retryPolicy = .none
        configuration.activationURL = emulators[0].activationURL
        self.configuration = configuration
        secondScreen = setup.secondScreen
        safari = LegacyModelSafari(delegate: delegate)
        legacy = Self.launch(configuration, storeURL: storeURL, delegate: delegate, safari: safari)
        legacy.usesSecondScreenAuthentication = setup.secondScreen
    }

    /// This process: the adapter, with the delegates and the Safari seam.
    private static func launch(
        _ configuration: AsyncAccessEnabler.Configuration, storeURL: URL, delegate: LegacyModelDelegate,
        safari: LegacyModelSafari
    ) -> LegacyAccessEnabler {
        var configuration = configuration
        configuration.storage = FileTokenStorage(url: storeURL)
        let legacy = LegacyAccessEnabler(softwareStatement: "legacy-model-statement", configuration: configuration)
        legacy.delegate = delegate
        legacy.statusDelegate = delegate
        legacy.session.authentication.safari = safari
        return legacy
    }

    /// A process started now on the same store and device (a run of another app or tool).
    private func otherProcess() async -> AsyncAccessEnabler? {
        var configuration = configuration
        configuration.storage = FileTokenStorage(url: storeURL)
        let other = AsyncAccessEnabler(softwareStatement: "legacy-model-statement", configuration: configuration)
        let configure = Task {
            try await other.setRequestor(Self.requestor, serviceProviders: emulators.map(\.baseURL))
        }
        do {
            _ = try await configure.value(awaiting: "the other process's configuration")
            return other
        } catch {
            problems.append("the other process could not configure: \(error)")
            return nil
        }
    }

    /// Keeps only `mvpds` in what requestor REF offers.
    private static func offer(_ mvpds: [String], in scenario: inout EmulatorScenario) {
        for index in scenario.requestors.indices where scenario.requestors[index].id == requestor {
            scenario.requestors[index].mvpds = mvpds
        }
    }

    /// Whether this app goes away while the other process acts, and is launched again after.
    ///
    /// An instance reads the store once and then answers from memory until it writes (issue 31,
    /// section 5, item 8: "a second instance on the same store reports signed in from memory until
    /// its next network call"; that item's fix checks the store's change marker). Until it lands,
    /// the other process acts only while this app is not running, and the model, which expects
    /// every read to see the store, holds; the gap itself is recorded in `LegacyForegroundSyncTests`.
    /// Set to false once reads see the other process's changes: the other process then acts at any
    /// time while this app runs.
    nonisolated static let relaunchesAroundOtherProcess = false

    /// Removes the token store.
    func tearDown() {
        for gate in gates { gate.open() }
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: Steps

    /// What the runner needs to know to play a step beyond the step itself, from the model.
    struct StepContext {
        /// The routes the step's main request may take (where its server answer goes).
        var routes: [EmulatorRoute] = []
        /// The MVPD of the page on screen or the code shown.
        var mvpd: String?
        /// Where the page on screen ends (the redirect URL it is loaded to).
        var pageRedirect: String?
    }

    /// Plays `step`: arms its server answer, then does it.
    func perform(_ step: LegacyModelStep, context: StepContext) async {
        if let answer = step.answer { await arm(answer, on: context.routes) }
        await perform(action: step.action, context: context)
    }

    private func arm(_ answer: LegacyModelAnswer, on routes: [EmulatorRoute]) async {
        let fault: EmulatorFault
        switch answer {
        case .serverError:
            fault = .status(
                503, body: #"{"status":503,"code":"service_unavailable","message":"Service unavailable"}"#,
                contentType: "application/json")
        case .throttled: fault = .tooManyRequests(retryAfter: "2")
        case .dropped: fault = .dropConnection
        case .late:
            let gate = EmulatorGate()
            gates.append(gate)
            fault = .hold(gate)
        }
        for emulator in emulators {
            for route in routes { await emulator.inject(fault, on: route, times: 1) }
        }
    }

    /// Removes the answers the step did not use, so they cannot reach a later step.
    func clearUnusedAnswers() async {
        for emulator in emulators { await emulator.clearFaults() }
    }

    private func perform(action: LegacyModelStep, context: StepContext) async {
        switch action {
        case .setRequestor:
            legacy.setRequestor(Self.requestor, serviceProviders: emulators.map(\.baseURL.absoluteString))
        case .setOptions(let handleSVC):
            self.handleSVC = handleSVC
            legacy.setOptions(["handleSVC": handleSVC, "applicationProfile": "model", "visitorID": "model-visitor"])
        case .usesSecondScreen(let on):
            secondScreen = on
            legacy.usesSecondScreenAuthentication = on
        case .checkAuthentication:
            legacy.checkAuthentication()
        case .getAuthentication(let force, let data, let filter):
            legacy.getAuthentication(
                force, withData: data ? ["email": "viewer@example.com"] : nil,
                andFilter: filter
                    ? [TV_PROVIDERS: ["Cablevision", "AutoCable"], FEATURED_TV_PROVIDERS: ["AutoCable"]] : nil)
        case .setSelectedProvider(let id):
            legacy.setSelectedProvider(id)
        case .handleExternalURL(let url):
            switch url {
            case .pageEnd: legacy.handleExternalURL(pageEnd?.absoluteString ?? ADOBEPASS_REDIRECT_URL)
            case .redirectUnfinished: legacy.handleExternalURL(context.pageRedirect ?? ADOBEPASS_REDIRECT_URL)
            case .wrong: legacy.handleExternalURL(Self.wrongURL)
            }
        case .checkAuthorization(let resource):
            legacy.checkAuthorization(resource)
        case .getAuthorization(let resource):
            legacy.getAuthorization(resource)
        case .checkPreauthorizedResources(let resources, let cache):
            legacy.checkPreauthorizedResources(resources, cache: cache)
        case .getMetadata(let key):
            legacy.getMetadata(key.dictionary)
        case .getSelectedProvider:
            legacy.getSelectedProvider()
        case .logout:
            legacy.logout()
        case .viewerCompletesPage:
            await completePage(context)
        case .viewerTapsDone:
            safari.tapDone()
        case .viewerActivatesCode:
            await activateCode(context)
        case .serverForgetsSessions:
            for emulator in emulators { await emulator.invalidateSessions() }
        case .serverReleasesHeldRequests:
            for gate in gates { gate.open() }
            gates = []
        case .timePasses(let seconds):
            clock.advance(by: .seconds(seconds))
        case .otherProcessSignsIn(let mvpd):
            guard let other = await otherProcess() else { return }
            let presenter = HeadlessPresenter(
                mvpdID: mvpd, username: "alice", password: "alice-password", transport: transport)
            let signIn = Task { try await other.authenticate(forceAuthentication: true, presenter: presenter) }
            do {
                _ = try await signIn.value(awaiting: "the other process's sign-in")
            } catch {
                problems.append("the other process could not sign in with \(mvpd): \(error)")
            }
            relaunchAfterOtherProcess()
        case .otherProcessLogsOut:
            guard let other = await otherProcess() else { return }
            let logout = Task { try await other.logout() }
            do {
                _ = try await logout.value(awaiting: "the other process's logout")
            } catch {
                problems.append("the other process could not log out: \(error)")
            }
            relaunchAfterOtherProcess()
        case .answered:
            break
        }
    }

    /// This app launched again (see ``relaunchesAroundOtherProcess``): the adapter, the options
    /// the app sets at launch, and its `setRequestor`.
    private func relaunchAfterOtherProcess() {
        guard Self.relaunchesAroundOtherProcess else { return }
        legacy = Self.launch(configuration, storeURL: storeURL, delegate: delegate, safari: safari)
        legacy.usesSecondScreenAuthentication = secondScreen
        if handleSVC { legacy.setOptions(["handleSVC": true]) }
        legacy.setRequestor(Self.requestor, serviceProviders: emulators.map(\.baseURL.absoluteString))
    }

    /// The viewer loads the page on screen like a browser, to where it ends.
    private func completePage(_ context: StepContext) async {
        guard let url = delegate.lastNavigation, let redirect = context.pageRedirect.flatMap(URL.init(string:)) else {
            problems.append("the viewer has no page to finish")
            return
        }
        let presenter = HeadlessPresenter(
            mvpdID: context.mvpd, username: "alice", password: "alice-password", transport: transport)
        let load = Task { try await presenter.presentLogin(url: url, redirectURL: redirect) }
        do {
            pageEnd = try await load.value(awaiting: "the viewer's page")
        } catch {
            problems.append("the viewer could not finish the page \(url.path): \(error)")
        }
    }

    /// The viewer types the code on a second screen.
    private func activateCode(_ context: StepContext) async {
        guard let code = delegate.lastCode, let mvpd = context.mvpd else {
            problems.append("the viewer has no code to activate")
            return
        }
        let emulator = emulators[setup.serviceProvider(of: mvpd)]
        let phone = HeadlessPresenter(mvpdID: mvpd, username: "alice", password: "alice-password", transport: transport)
        let activation = Task { try await phone.activate(code: code, at: emulator.activationURL) }
        do {
            try await activation.value(awaiting: "the activation of the code")
        } catch {
            problems.append("the viewer could not activate the code for \(mvpd): \(error)")
        }
    }

    // MARK: Observation

    /// Requests held at a gate now.
    var heldRequests: Int { gates.reduce(0) { $0 + $1.waiting } }
    var requestsInFlight: Int { transport.inFlight }

    /// A fingerprint of everything that moves while the world works.
    var activity: [Int] {
        [
            delegate.heard.count, transport.started, transport.inFlight, clock.pendingSleeps, clock.pendingTimeLimits,
            heldRequests,
        ]
    }

    /// Whether the token store holds an authentication for the requestor, as a process starting
    /// now would read it.
    func storeHoldsLogin() async -> Bool {
        let records = try? await FileTokenStorage(url: folder.appendingPathComponent("tokens.json")).loadRecords(
            before: TokenStorageDeadline(after: .seconds(60)))
        return records?["authn|\(Self.requestor)"] != nil
    }

    /// The answer to `checkAuthentication` of this process and of a process started now: the
    /// MVPD each is signed in with, or nil.
    func processesSignedIn() async -> (this: String?, other: String?) {
        let this = await legacy.accessEnabler.checkAuthentication().authentication?.mvpd.id
        let other = await otherProcess()?.checkAuthentication().authentication?.mvpd.id
        return (this, other)
    }

    /// Takes the problems reported so far.
    func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }
}
