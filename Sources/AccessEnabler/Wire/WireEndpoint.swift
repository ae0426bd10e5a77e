import Foundation

/// Every call the SDK makes, one case per real call, each carrying its rules: its method, the
/// headers its page lists, whether a failure may be sent again, and (in ``ErrorMapping``) the
/// error a plain status maps to. A request is made from its call (``request(_:context:body:temporaryPassIdentity:)``),
/// so what it sends, how it is retried, logged and mapped cannot disagree.
///
/// The name (`rawValue`) labels the call in the log.
enum WireEndpoint: String, Sendable, Hashable, CaseIterable {
    // Dynamic client registration
    /// `POST /o/client/register`.
    case register
    /// `POST /o/client/token`.
    case token

    // REST API v1
    /// `GET /api/v1/config/{requestor}`.
    case configuration
    /// `POST /api/v1/authenticate/freepreview`: a TempPass login.
    case freePreview
    /// `GET /api/v1/tokens/authn`.
    case authenticationToken
    /// `GET /api/v1/authorize`.
    case authorize
    /// `GET /api/v1/tokens/media`.
    case mediaToken
    /// `GET /api/v1/preauthorize`.
    case preauthorize
    /// `GET /api/v1/tokens/usermetadata`.
    case userMetadata
    /// `DELETE /api/v1/logout`.
    case logout

    // REST API v2
    /// `GET /api/v2/{serviceProvider}/configuration`.
    case configurationV2
    /// `POST /sessions`: starts an authentication session (primary or second screen).
    case createSession
    /// `POST /sessions/{code}`: resumes a session with its parameters.
    case resumeSession
    /// `GET /sessions/{code}`: what a code's session already has (companion app).
    case sessionInfo
    /// `GET /profiles`: every profile of the device.
    case profiles
    /// `GET /profiles/{mvpd}`.
    case profile
    /// `GET /profiles/code/{code}`: the second-screen poll.
    case profileForCode
    /// `POST /decisions/preauthorize/{mvpd}`.
    case preauthorizeDecisions
    /// `POST /decisions/authorize/{mvpd}`.
    case authorizeDecisions
    /// `GET /logout/{mvpd}`.
    case logoutV2
    /// `POST /sessions/sso/{partner}`: the partner authentication request.
    case partnerSession
    /// `POST /profiles/sso/{partner}`: the profile from the partner's response.
    case partnerProfile

    var method: HTTPTransportMethod {
        switch self {
        case .register, .token, .freePreview, .createSession, .resumeSession, .preauthorizeDecisions,
            .authorizeDecisions, .partnerSession, .partnerProfile:
            .post
        case .logout: .delete
        case .configuration, .authenticationToken, .authorize, .mediaToken, .preauthorize, .userMetadata,
            .configurationV2, .sessionInfo, .profiles, .profile, .profileForCode, .logoutV2:
            .get
        }
    }

    /// Whether the call may be sent again after a failure: it reads, or its repetition is
    /// harmless (a second access token, a preauthorization decision, a logout: it removes the
    /// device's session on v1, the MVPD's profile on v2, and sent again removes nothing more).
    /// Registration, login sessions, TempPass logins, partner profiles (the partner's response is
    /// used once) and v2 authorization decisions (each may use up a TempPass or degradation
    /// quota) change server state and are sent once.
    var isRetryable: Bool {
        switch self {
        case .token, .configuration, .authenticationToken, .authorize, .mediaToken, .preauthorize, .userMetadata,
            .configurationV2, .sessionInfo, .profiles, .profile, .profileForCode, .preauthorizeDecisions, .logout,
            .logoutV2:
            true
        case .register, .freePreview, .createSession, .resumeSession, .authorizeDecisions, .partnerSession,
            .partnerProfile:
            false
        }
    }

    /// Which headers the call sends.
    var headerRule: HeaderRule {
        switch self {
        case .register, .token: .registration
        case .configuration, .freePreview, .authenticationToken, .authorize, .mediaToken, .preauthorize, .userMetadata,
            .logout:
            .restV1
        case .configurationV2: .restV2(visitor: false, temporaryPass: false, partnerStatus: false, serviceToken: false)
        case .resumeSession, .sessionInfo, .profileForCode:
            .restV2(visitor: true, temporaryPass: false, partnerStatus: false, serviceToken: false)
        case .createSession, .logoutV2:
            .restV2(visitor: true, temporaryPass: false, partnerStatus: false, serviceToken: true)
        case .partnerSession, .partnerProfile:
            .restV2(visitor: true, temporaryPass: false, partnerStatus: true, serviceToken: false)
        case .profiles, .preauthorizeDecisions:
            .restV2(visitor: true, temporaryPass: false, partnerStatus: true, serviceToken: true)
        case .profile, .authorizeDecisions:
            .restV2(visitor: true, temporaryPass: true, partnerStatus: true, serviceToken: true)
        }
    }

    /// Whether the call's page lists `AD-Service-Token` (the create-session, profiles, profile,
    /// decisions and logout pages): ``WireClient`` adds it, like `Authorization`, when the app
    /// gives a service token.
    var carriesServiceToken: Bool {
        if case .restV2(_, _, _, let serviceToken) = headerRule { return serviceToken }
        return false
    }

    /// The header sets of the three APIs. Every REST API v2 page lists `Authorization` (added by
    /// ``WireClient``), `Accept`, `User-Agent` and both device headers; the rest as each page
    /// lists them (one page per call under
    /// https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/).
    enum HeaderRule: Hashable {
        /// `Accept`, `User-Agent` and `X-Device-Info`: what the DCR pages list besides `Content-Type`.
        case registration
        /// The registration set plus `AP-SDK-Identifier`, a header of the SDK era.
        case restV1
        /// `visitor`: `AP-Visitor-Identifier` (every page but the configuration's);
        /// `temporaryPass`: `AP-TempPass-Identity` (the profile and authorize pages);
        /// `partnerStatus`: `AP-Partner-Framework-Status` (the profiles, decisions and partner
        /// pages, not the configuration, sessions, logout or code pages);
        /// `serviceToken`: `AD-Service-Token` (the create-session, profiles, profile, decisions
        /// and logout pages; not the configuration, resume, session-information, code or partner
        /// pages).
        case restV2(visitor: Bool, temporaryPass: Bool, partnerStatus: Bool, serviceToken: Bool)
    }

    /// The headers the call's page lists that the SDK has values for: the visitor ID when the app
    /// set one, the Promotional TempPass identity when the app passed data. Nothing else (no v2
    /// page lists `AP-SDK-Identifier` or `Cache-Control`). `Authorization` and `AD-Service-Token`
    /// are added when the request is sent (``WireClient``), since both may be renewed after a
    /// refusal.
    func headers(_ context: RequestContext, temporaryPassIdentity data: [String: String] = [:]) -> HTTPTransportHeaders
    {
        switch headerRule {
        case .registration:
            return context.registrationHeaders
        case .restV1:
            return context.v1Headers
        case .restV2(let visitor, let temporaryPass, let partnerStatus, _):
            var headers: HTTPTransportHeaders = [
                "Accept": RequestContext.accept, "User-Agent": RequestContext.userAgent,
            ]
            // Both device headers on every call: the resume, session information and
            // profile-by-code pages do not list them, but the checklist asks for X-Device-Info on
            // every REST API v2 request and the secondary-application flow lists
            // AP-Device-Identifier among the resume call's required headers.
            headers.add(name: "AP-Device-Identifier", value: context.deviceIdentifierHeader)
            headers.add(name: "X-Device-Info", value: context.deviceInfoHeader)
            if visitor, let id = context.options.visitorID, !id.isEmpty {
                headers.add(name: "AP-Visitor-Identifier", value: id)
            }
            if temporaryPass, !data.isEmpty, let identity = GenericData.json(data) {
                headers.add(name: "AP-TempPass-Identity", value: Data(identity.utf8).base64EncodedString())
            }
            if partnerStatus, let status = context.partnerFrameworkStatus {
                headers.add(name: "AP-Partner-Framework-Status", value: status)
            }
            return headers
        }
    }

    /// A request of this call to `url`, with the call's method and headers and, when given, `body`
    /// with its `Content-Type`.
    func request(
        _ url: URL, context: RequestContext, body: WireRequest.Body? = nil,
        temporaryPassIdentity data: [String: String] = [:]
    ) -> WireRequest {
        var headers = headers(context, temporaryPassIdentity: data)
        var http = HTTPTransportRequest(method: method, url: url)
        switch body {
        case .form(let items):
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            http.body = Data(PercentEncoding.query(items).utf8)
        case .json(let data):
            headers["Content-Type"] = "application/json"
            http.body = data
        case nil:
            break
        }
        http.headers = headers
        return WireRequest(endpoint: self, http: http)
    }
}

/// One request of a known call: the call decides its retries, log label and error mapping.
struct WireRequest: Sendable {
    let endpoint: WireEndpoint
    var http: HTTPTransportRequest

    /// A request body.
    enum Body: Sendable {
        /// Form-encoded, in this order.
        case form([(String, String)])
        /// JSON, already encoded.
        case json(Data)
    }
}
