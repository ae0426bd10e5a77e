import AccessEnabler
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An in-process Adobe Pass service provider: Dynamic Client Registration, REST API v1 and
/// REST API v2 over one shared state, a fake MVPD login page, and a control surface for tests.
///
/// One emulator is one service provider (one origin, ``baseURL``). It keeps real server-side
/// state (clients, access tokens, authentications, authorizations, TempPass windows, a remote
/// preauthorization cache) on an injectable clock, logs every request, and can inject faults.
/// Mount it with ``transport`` (an `HTTPTransport`) or behind a real `URLSession` with
/// ``makeURLSessionConfiguration(routing:base:)``.
///
/// Routes live at the root of the origin (a path in ``baseURL`` is ignored). Query strings and
/// form bodies are decoded as servlet containers do: `%XX` escapes, and `+` as a space, so
/// clients must send a literal plus sign as `%2B` (RFC 3986 encoders do).
public actor PassEmulator {
    /// The origin the emulator serves; requests are routed to it by scheme, host and port.
    public nonisolated let baseURL: URL
    /// The clock every TTL and expiry is measured on.
    public nonisolated let clock: any AccessEnablerClock

    /// The scenario being served (change it with ``setScenario(_:)`` and the other controls).
    public internal(set) var scenario: EmulatorScenario {
        didSet { index = ScenarioIndex(scenario) }
    }

    /// Running totals of what the emulator did.
    public internal(set) var counters = EmulatorCounters()

    var index: ScenarioIndex
    var entitlementState = EntitlementState()
    var clientRegistry = ClientRegistry()
    var log = RequestLog()
    var faults = FaultQueue()
    /// The last `X-Device-Info` value found valid (spares re-parsing the same header).
    var lastValidDeviceInfo: String?
    /// The last `X-Device-Info` value whose restricted keys were found on their lists.
    var lastDocumentedDeviceInfo: String?
    /// How many more v2 session creations ignore their parameters and answer `resume`.
    var forcedSessionResumes = 0
    /// The page URL the next v2 `authenticate` or `logout` actions carry, and how many more.
    var forcedPageURL: (url: String, count: Int)?
    /// Partner single sign-on (Apple's TV Provider): the MVPDs enabled and the requests issued.
    var partnerSSO = PartnerSSOState()
    /// The REST API versions the clients have spoken so far (from the routes they called).
    var seenBackends: Set<AccessEnabler.Backend> = []
    /// Every warning so far (see ``warnings``).
    var warningLog: [String] = []
    /// Where warnings go besides ``warnings``: standard error unless replaced.
    var warningHandler: @Sendable (String) -> Void = PassEmulator.writeToStandardError

    /// Creates an emulator serving `scenario` at `baseURL`, measuring time on `clock`.
    ///
    /// Without a `baseURL` each emulator gets a host of its own (`https://sp-<n>.pass-emulator.test`):
    /// a `URLSession` mount routes by host, since on Apple platforms a `URLProtocol` does not see
    /// the session's extra header fields or cookies.
    public init(
        scenario: EmulatorScenario = .standard,
        baseURL: URL? = nil,
        clock: any AccessEnablerClock = SystemClock()
    ) {
        self.baseURL = baseURL ?? Self.uniqueBaseURL()
        self.clock = clock
        self.scenario = scenario
        self.index = ScenarioIndex(scenario)
    }

    private static let hostCounter = LockedValue(0)

    /// A service provider origin no other emulator of this process has.
    static func uniqueBaseURL() -> URL {
        let number = hostCounter.withLock { counter -> Int in
            counter += 1
            return counter
        }
        return URL(string: "https://sp-\(number).pass-emulator.test")!
    }

    /// Answers one request as the service provider would.
    ///
    /// Throws only when an injected fault simulates a transport failure (`URLError`), or
    /// `CancellationError` when the task is cancelled during an injected delay or hold.
    public func handle(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let incoming = IncomingRequest(request)
        if incoming.isControl {
            return handleControl(incoming)
        }
        let route = EmulatorRoute(method: incoming.method, pathSegments: incoming.segments)
        let recordID = recordArrival(of: incoming, route: route)
        if let backend = route?.backend, !seenBackends.contains(backend) {
            seenBackends.insert(backend)
            warnAboutFaultsThatCannotFire()
        }
        do {
            let response = try await respond(to: incoming, route: route)
            log.complete(recordID, status: response.status, failure: nil)
            return response
        } catch {
            log.complete(recordID, status: nil, failure: String(describing: error))
            throw error
        }
    }

    /// The most characters (UTF-8 bytes) one query or form parameter may have: far more than any
    /// Adobe Pass parameter needs, and a bound on what a request can make the emulator keep (a
    /// pending login keeps its `redirect_url`).
    public static let maximumParameterLength = 8192

    /// Applies a queued fault, then serves the request.
    private func respond(to request: IncomingRequest, route: EmulatorRoute?) async throws -> HTTPTransportResponse {
        guard let route else {
            if request.segments.starts(with: ["api", "v2"]) { return v2ErrorResponse(.notFoundV2) }
            if request.prefersHTML { return htmlResponse(404, Self.notFoundPage) }
            return errorResponse(.notFound, format: request.format)
        }
        if let name = request.parameter(longerThan: Self.maximumParameterLength) {
            let error = ServiceError.parameterTooLong(name, limit: Self.maximumParameterLength, v2: route.isV2)
            return route.isV2 ? v2ErrorResponse(error) : response(for: .service(error), to: request, on: route)
        }
        if let fault = faults.next(for: route) {
            switch fault {
            case .delay(let duration):
                try await Task.sleep(for: duration)
            case .hold(let gate):
                try await gate.wait()
            case .dropConnection:
                throw URLError(.networkConnectionLost)
            case .timeout:
                throw URLError(.timedOut)
            case .status, .malformedJSON, .html, .tooManyRequests, .wrongTypes, .emptyBody, .largeBody:
                if let response = fault.response(for: route) { return response }
            }
        }
        return serve(request, route: route)
    }

    /// Serves a request on its route, turning rejections into error responses.
    func serve(_ request: IncomingRequest, route: EmulatorRoute) -> HTTPTransportResponse {
        do throws(Rejection) {
            try checkMethod(of: request, for: route)
            func v1() throws(Rejection) -> V1Context { try v1Context(for: request, route: route) }
            func v2() throws(Rejection) -> V2Context { try v2Context(for: request, route: route) }
            // Exhaustive, with no `default:`: a new route does not compile until it has a handler.
            switch route {
            case .register: return try register(request)
            case .token: return try issueAccessToken(request)
            case .authenticate: return try startLogin(request)
            case .mvpdLogin: return try mvpdLogin(request)
            case .browserLogout: return try browserLogout(request)
            case .activation: return activationPage(request)
            case .configuration: return configuration(try v1())
            case .freePreview: return try freePreview(request, v1())
            case .authenticationToken: return authnToken(request, try v1())
            case .authorize: return try authorize(request, v1())
            case .mediaToken: return try mediaToken(request, v1())
            case .preauthorize: return try preauthorize(request, v1())
            case .userMetadata: return try userMetadata(v1())
            case .logout: return logout(try v1())
            case .authenticateV2: return try authenticateInBrowser(request)
            case .configurationV2: return configurationV2(try v2())
            case .createSession: return try createAuthenticationSession(request, v2())
            case .resumeSession: return try resumeAuthenticationSession(request, v2())
            case .sessionInfo: return try authenticationSessionInfo(v2())
            case .profiles: return try allProfiles(v2())
            case .profile: return try profile(forMVPDOf: v2(), request)
            case .profileForCode: return try profile(forCodeOf: v2())
            case .preauthorizeDecisions: return try decisions(request, v2(), authorizing: false)
            case .authorizeDecisions: return try decisions(request, v2(), authorizing: true)
            case .logoutV2: return try logoutV2(request, v2())
            case .partnerSession: return try partnerAuthenticationRequest(request, v2())
            case .partnerProfile: return try partnerProfile(request, v2())
            }
        } catch {
            return response(for: error, to: request, on: route)
        }
    }

    /// Renders a rejection as the route answers: REST v1 errors on the pages a browser visits are
    /// HTML pages when the client asked for HTML.
    private func response(for rejection: Rejection, to request: IncomingRequest, on route: EmulatorRoute)
        -> HTTPTransportResponse
    {
        if case .service(let error) = rejection, route.isBrowserPage, request.prefersHTML {
            return htmlResponse(error.status, Self.errorPage(error))
        }
        return response(for: rejection, format: request.format)
    }

    private func checkMethod(of request: IncomingRequest, for route: EmulatorRoute) throws(Rejection) {
        if route.allowedMethods.contains(request.method) { return }
        switch route {
        case .authenticateV2: throw .response(htmlResponse(405, MVPDLoginPage.methodNotAllowed()))
        case _ where route.isBrowserPage && request.prefersHTML:
            throw .response(htmlResponse(405, MVPDLoginPage.methodNotAllowed()))
        case _ where route.isV2: throw .v2(.methodNotAllowedV2)
        default: throw .service(.methodNotAllowed)
        }
    }

    /// The page for a path the emulator does not serve, when a browser asks.
    static let notFoundPage = HTMLPage.notice(
        title: "404 Not Found", heading: "404 Not Found",
        text: "The emulator has no page at this address. The second-screen activation page is at /activate.")

    /// The page for a REST v1 error on a page a browser visits: the status, message and details.
    static func errorPage(_ error: ServiceError) -> String {
        HTMLPage.notice(
            title: "\(error.status) \(error.message)", heading: error.message,
            text: (error.details ?? "The request could not be served.") + " (HTTP \(error.status), \(error.code))")
    }

    /// Logs an arriving request and wakes the tasks waiting for it.
    private func recordArrival(of request: IncomingRequest, route: EmulatorRoute?) -> Int {
        let now = clock.now
        let (id, satisfied) = log.append(route: route) { id in
            EmulatorRequestRecord(
                id: id,
                route: route,
                method: request.method.rawValue,
                path: request.rawPath,
                queryItems: request.query.pairs.map { .init(name: $0.name, value: $0.value) },
                headers: request.http.headers,
                body: request.http.body,
                date: now)
        }
        satisfied.forEach { $0.resume() }
        return id
    }
}

/// Why a handler stopped early: rendered by ``PassEmulator/serve(_:route:)``.
enum Rejection: Error, Sendable {
    /// A REST v1 error (enhanced or plain, JSON or XML).
    case service(ServiceError)
    /// A REST v2 error (always the enhanced JSON object).
    case v2(ServiceError)
    /// An OAuth-style DCR error.
    case oauth(OAuthError)
    /// A ready response (an HTML page, for example).
    case response(HTTPTransportResponse)
}
