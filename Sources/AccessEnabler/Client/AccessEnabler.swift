import Foundation

/// Adobe Pass Authentication for TV Everywhere: sign the viewer in with their TV provider, learn
/// what they may watch, and get media tokens to play it.
///
/// ```swift
/// let enabler = AccessEnabler(softwareStatement: statement)
/// let configuration = try await enabler.setRequestor("REF")
/// if await !enabler.checkAuthentication().isAuthenticated {
///     try await enabler.authenticate(presenter: myPresenter)
/// }
/// let decisions = try await enabler.preauthorize(PreauthorizeRequest(resources: ["news", "sports"]))
/// let token = try await enabler.authorize(resource: "news")
/// ```
///
/// Keep one instance per app. Every method is safe to call concurrently: concurrent calls share
/// the network work they have in common (one access-token renewal, one authorization per
/// resource), and a logout discards results still in flight.
public actor AccessEnabler {
    /// The configuration the instance was created with.
    public nonisolated let configuration: Configuration
    /// The configuration's partner framework; nil when the app lacks what it needs (logged once,
    /// when the instance is created).
    package nonisolated let partnerFramework: (any PartnerFramework)?

    let cache: TokenCache
    let tokens: AccessTokenProvider
    let backend: any EntitlementBackend
    /// The app's service tokens (``Configuration/serviceTokenProvider``, REST API v2).
    let serviceTokens: ServiceTokens
    let hub = EventHub()
    let log: Log
    let clock: any AccessEnablerClock

    var options = Options()
    var requestor = RequestorState()
    var sharedRequests = SharedRequestState()
    var secondScreen = SecondScreenState()
    let partner = PartnerState()
    /// How many of this instance's logouts have not had their server call answered yet: the
    /// logout they owe is theirs to send, not a refresh's (which would leave the MVPD's logout page
    /// unshown: the logout's own answer would then remove nothing).
    var serverLogoutsRunning = 0
    /// The app schemes whose absence from the Info.plist was logged ("" for none at all).
    var appSchemeWarnings: Set<String> = []
    private var deviceID: String?
    /// Where the device ID's seed is shared (``Configuration/deviceIdentifierAccessGroup``); nil
    /// when it is not, or once the app proved not entitled to the group.
    var sharedDeviceSeed: SharedDeviceSeedStore?
    /// Whether the log said the app may not use the access group (said once).
    var loggedGroupRefusal = false
    private let contextMemo: RequestContextMemo

    /// Creates an instance that registers the app with `softwareStatement` (the JWT from the TVE
    /// Dashboard) on first use.
    public init(softwareStatement: String, configuration: Configuration = .init()) {
        self.init(
            softwareStatement: softwareStatement, configuration: configuration,
            connectionMonitor: SystemConnectionTypeMonitor())
    }

    /// Creates an instance whose `X-Device-Info` reads the connection type from `connectionMonitor`,
    /// started here, and that shares the device ID's seed through `deviceSeedKeychain` when the
    /// configuration names an access group.
    init(
        softwareStatement: String, configuration: Configuration, connectionMonitor: any ConnectionTypeMonitor,
        deviceSeedKeychain: (any KeychainItems)? = SharedDeviceSeedStore.platformItems
    ) {
        connectionMonitor.start()
        self.contextMemo = RequestContextMemo(
            defaultDeviceInfo: DeviceInfo.current, connectionMonitor: connectionMonitor,
            redirectURL: configuration.redirectURL)
        self.configuration = configuration
        self.clock = configuration.clock
        self.log = Log(handler: configuration.logHandler)
        self.partnerFramework = Self.usable(configuration.partnerFramework, log: log)
        self.cache = TokenCache(
            storage: configuration.storage, integrityCheck: configuration.storageIntegrityCheck, events: hub, log: log)
        let caller = HTTPCaller(
            transport: configuration.transport, log: log, clock: configuration.clock,
            retryPolicy: configuration.retryPolicy,
            requestTimeout: configuration.requestTimeout, maximumResponseBytes: configuration.maximumResponseBytes)
        self.tokens = AccessTokenProvider(
            softwareStatement: softwareStatement, redirectURL: configuration.redirectURL, cache: cache, caller: caller,
            clock: configuration.clock)
        var serviceTokens = ServiceTokens.Origin.none
        if let provider = configuration.serviceTokenProvider {
            if configuration.backend == .restV2 {
                serviceTokens = .provider(ServiceTokenSource(provider: provider, clock: configuration.clock, log: log))
            } else {
                log.info("serviceTokenProvider is not used: REST API v1 has no AD-Service-Token")
            }
        }
        self.serviceTokens = ServiceTokens(serviceTokens)
        self.backend = configuration.backend.make(
            wire: WireClient(caller: caller, tokens: tokens, serviceTokens: self.serviceTokens),
            clock: configuration.clock)
        self.sharedDeviceSeed = DeviceSeed.sharedStore(configuration, keychain: deviceSeedKeychain, log: log)
    }

    /// Events the legacy SDK reported through `sendTrackingData` and its status callbacks. Each
    /// access returns a new stream that receives the events emitted from then on.
    public nonisolated var events: AsyncStream<EntitlementEvent> { hub.makeStream() }

    /// Replaces the options attached to every later request.
    public func setOptions(_ options: Options) {
        var options = options
        if let visitorID = options.visitorID, let problem = Options.visitorIDProblem(visitorID) {
            // Sent as a header on REST API v2: every call would fail (or, through a transport that
            // does not check, carry another header). Logged, never the value.
            log.error("visitorID is not sent: it \(problem)")
            options.visitorID = nil
        }
        self.options = options
        if !backend.sendsApplicationProfile, options.applicationProfile?.isEmpty == false {
            log.debug("applicationProfile is not sent: REST API v2 has no parameter for it")
        }
    }

    /// The current options.
    public var currentOptions: Options { options }

    // MARK: Shared helpers

    /// The storage deadline of a call that starts now: its ``RetryPolicy/deadline`` on the SDK's
    /// clock. Every public call makes one and passes it to each storage operation it makes.
    nonisolated func storageDeadline() -> TokenStorageDeadline {
        TokenStorageDeadline(after: configuration.retryPolicy.deadline, on: clock)
    }

    /// The context of a call for `requestorID`, whose storage operations (the device seed, the
    /// DCR credentials) end by `deadline`.
    func context(for requestorID: String, before deadline: TokenStorageDeadline) async throws -> RequestContext {
        var context = try await baseContext(for: requestorID, before: deadline)
        context.partnerFrameworkStatus = await currentPartnerStatusHeader()
        context.storageDeadline = deadline
        return context
    }

    private func baseContext(for requestorID: String, before deadline: TokenStorageDeadline) async throws
        -> RequestContext
    {
        let deviceID = try await currentDeviceID(before: deadline)
        return contextMemo.context(requestorID: requestorID, deviceID: deviceID, options: options)
    }

    /// The device ID: the SHA-256 hex of the seed.
    func currentDeviceID(before deadline: TokenStorageDeadline) async throws -> String {
        if let deviceID { return deviceID }
        let (seed, lasting) = try await DeviceSeed.seed(before: deadline, on: self)
        let id = SHA256.hexDigest(seed)
        if lasting { deviceID = id }
        return id
    }

    /// The valid authentication of `requestorID` (with the cache generation it was read at), or
    /// the status-0 error that says why there is none. A login or logout another instance stored
    /// since memory last matched the store is taken first, so every call answers for the same
    /// session as ``checkAuthentication()``.
    // Never inlined: with two callers left, -O copied it into both (about 2 KB).
    @inline(never)
    func requireAuthentication(
        for requestorID: String, before deadline: TokenStorageDeadline, takingStoreChanges: Bool = true
    ) async throws -> CachedSession {
        let stored = try await cache.session(for: requestorID, before: deadline, takingStoreChanges: takingStoreChanges)
        return try CachedSession.valid(stored, at: clock.now)
    }

    /// Drops the local authentication when the server says the session a request was sent for is
    /// gone, unless the session changed meanwhile (a logout, a new login): the rejection is about
    /// `session` only.
    func handleSessionRejection(
        _ error: any Error, session: CachedSession, requestorID: String, before deadline: TokenStorageDeadline
    ) async {
        guard let error = error as? AccessEnablerError, Self.meansSessionGone(error) else { return }
        guard (try? await cache.removeAuthentication(session, for: requestorID, before: deadline)) == true else {
            log.info("server rejected a session that is no longer the current one (\(error.code)); nothing removed")
            return
        }
        log.info("server no longer knows the authentication (\(error.code)); removed it locally")
        hub.emit(.authenticationRemoved(reason: error))
    }

    static func meansSessionGone(_ error: AccessEnablerError) -> Bool {
        !error.isFromSDK && error.meaning.contains(.sessionGone)
    }
}

/// What one shared user-metadata request is for.
struct SessionRequestKey: Hashable, Sendable {
    var requestorID: String
    var generation: UInt64
}

/// Identifies one shared authorization request.
struct AuthorizationKey: Hashable, Sendable {
    var requestorID: String
    var resource: String
    var data: [String: String]
    var generation: UInt64
}
