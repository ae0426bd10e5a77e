import AccessEnabler
import Foundation

/// What Adobe's REST API v2 pages list for each call's request, written from the pages (the
/// "Request" table of each call's page under
/// https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/),
/// not from any client:
/// the emulator holds requests to them when ``EmulatorScenario/strictV2Requests`` is on.
enum DocumentedV2Request {
    /// The request headers each page lists, required and optional alike (lower-cased); nil for
    /// the routes that are not checked: the browser route (a user agent sends what it sends),
    /// REST v1 and DCR.
    static func headers(of route: EmulatorRoute) -> [String]? { listedHeaders[route] }

    private static let listedHeaders: [EmulatorRoute: [String]] = {
        let base = ["authorization", "x-forwarded-for", "accept", "user-agent"]
        let device = ["ap-device-identifier", "x-device-info"]
        let platformSSO = ["adobe-subject-token", "x-roku-reserved-roku-connect-token", "ad-service-token"]
        let visitor = ["ap-visitor-identifier"]
        let partner = ["ap-partner-framework-status"]
        let tempPass = ["ap-temppass-identity"]
        let form = ["content-type"]
        return [
            // "Retrieve configuration for specific service provider": no visitor identifier.
            .configurationV2: base + device,
            // "Create authentication session": no TempPass identity, no partner status.
            .createSession: base + form + device + platformSSO + visitor,
            // "Resume authentication session" lists neither device header; Adobe's checklist asks
            // for X-Device-Info on every request and the secondary-application flow lists
            // AP-Device-Identifier for the resume, so both are accepted (and required) here.
            .resumeSession: base + form + device + visitor,
            // "Retrieve authentication session information using code" (device headers: as above).
            .sessionInfo: base + device + visitor,
            // "Retrieve profiles".
            .profiles: base + device + platformSSO + partner + visitor,
            // "Retrieve profile for specific MVPD".
            .profile: base + device + platformSSO + partner + tempPass + visitor,
            // "Retrieve profile for specific code".
            .profileForCode: base + device + tempPass + visitor,
            // "Retrieve preauthorization decisions using specific MVPD": no TempPass identity.
            .preauthorizeDecisions: base + form + device + platformSSO + partner + visitor,
            // "Retrieve authorization decisions using specific MVPD".
            .authorizeDecisions: base + form + device + platformSSO + partner + tempPass + visitor,
            // "Initiate logout for specific MVPD": no TempPass identity, no partner status.
            .logoutV2: base + device + platformSSO + visitor,
            // "Retrieve partner authentication request".
            .partnerSession: base + form + device + partner + visitor,
            // "Retrieve profile using partner authentication response".
            .partnerProfile: base + form + device + partner + visitor,
        ]
    }()

    /// Whether `name` is one of `names` (lower-case), ignoring ASCII case without building a
    /// lower-cased copy: this runs for every header of every v2 request.
    static func contains(_ names: [String], _ name: String) -> Bool {
        names.contains { listed in
            let a = listed.utf8, b = name.utf8
            guard a.count == b.count else { return false }
            return zip(a, b).allSatisfy { x, y in
                x == y || (y >= UInt8(ascii: "A") && y <= UInt8(ascii: "Z") && x == y | 0x20)
            }
        }
    }

    /// The query and form parameters each page lists (path parameters aside; the decisions take
    /// a JSON body).
    static func parameters(of route: EmulatorRoute) -> [String] {
        switch route {
        case .configurationV2: configurationParameters
        case .createSession, .resumeSession: sessionParameters
        case .logoutV2: logoutParameters
        case .partnerSession: partnerSessionParameters
        case .partnerProfile: partnerProfileParameters
        default: []
        }
    }

    private static let configurationParameters = ["profile"]
    private static let sessionParameters = ["mvpd", "domainName", "redirectUrl"]
    private static let logoutParameters = ["redirectUrl"]
    private static let partnerSessionParameters = ["domainName", "redirectUrl"]
    private static let partnerProfileParameters = ["SAMLResponse"]

    /// Headers an HTTP stack adds on its own (URLSession, a server's client, a proxy): no page
    /// lists them because they are not the application's.
    static let transportHeaders: [String] = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive", "accept-encoding",
        "accept-language", "expect", "te", "upgrade", "proxy-connection",
    ]

    /// The X-Device-Info keys whose values Adobe's header page restricts to a list
    /// (https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-appendix/rest-api-v2-appendix-headers/rest-api-v2-appendix-headers-x-device-info).
    static let restrictedDeviceInfoValues: [String: Set<String>] = [
        "primaryHardwareType": [
            "Camera", "DataCollectionTerminal", "Desktop", "EmbeddedNetworkModule", "eReader", "GamesConsole",
            "GeolocationTracker", "Glasses", "MediaPlayer", "MobilePhone", "PaymentTerminal", "PluginModem",
            "SetTopBox", "TV", "Tablet", "WirelessHotspot", "Wristwatch", "Unknown",
        ],
        "osName": [
            "Android", "Chrome OS", "Linux", "Mac OS", "OS X", "OpenBSD", "Roku OS", "Windows", "iOS", "tvOS", "webOS",
        ],
        "osFamily": [
            "Android", "BSD", "Linux", "PlayStation OS", "Roku OS", "Symbian", "Tizen", "Windows", "iOS", "tvOS",
            "macOS", "webOS",
        ],
        "osVendor": [
            "Amazon", "Apple", "Google", "LG", "Microsoft", "Mozilla", "Nintendo", "Nokia", "Roku", "Samsung", "Sony",
            "Tizen Project",
        ],
        "browserName": [
            "Android Browser", "Chrome", "Edge", "Firefox", "Internet Explorer", "Opera", "Safari", "SeaMonkey",
            "Symbian Browser",
        ],
        "browserVendor": [
            "Amazon", "Apple", "Google", "Microsoft", "Motorola", "Mozilla", "Netscape", "Nintendo", "Nokia", "Samsung",
            "Sony Ericsson",
        ],
    ]

    /// Whether every restricted key of the decoded device info holds a value from its list
    /// (`connectionSecure`: `true` or `false`, as a JSON Boolean or text). Other keys are free:
    /// Adobe's own iOS cookbook sends a `type` key the appendix does not name.
    static func hasRestrictedValuesOnly(_ object: [String: Any]) -> Bool {
        for (key, allowed) in restrictedDeviceInfoValues {
            guard let value = object[key] else { continue }
            guard let text = value as? String, allowed.contains(text) else { return false }
        }
        if let secure = object["connectionSecure"] {
            switch secure {
            case is Bool: break
            case let text as String where text == "true" || text == "false": break
            default: return false
            }
        }
        return true
    }
}

extension PassEmulator {
    /// In strict mode, a v2 request with a header or parameter its page does not list is 400
    /// `bad_request` (the code Adobe answers a malformed SDK request with; the v2 catalogue has
    /// none for this), naming the first one found.
    func checkDocumented(_ request: IncomingRequest, route: EmulatorRoute) throws(Rejection) {
        guard scenario.strictV2Requests, let listed = DocumentedV2Request.headers(of: route) else { return }
        for field in request.http.headers
        where !DocumentedV2Request.contains(listed, field.name)
            && !DocumentedV2Request.contains(DocumentedV2Request.transportHeaders, field.name)
        {
            throw .v2(.undocumented("header", field.name, of: route))
        }
        let parameters = DocumentedV2Request.parameters(of: route)
        for pair in request.query.pairs where !parameters.contains(pair.name) {
            throw .v2(.undocumented("parameter", pair.name, of: route))
        }
        for pair in request.form.pairs where !parameters.contains(pair.name) {
            throw .v2(.undocumented("parameter", pair.name, of: route))
        }
    }

    /// In strict mode, `X-Device-Info` values outside the appendix's restricted lists are invalid
    /// (400 `invalid_header_device_info`).
    func checkDocumentedDeviceInfo(_ value: String) throws(Rejection) {
        guard scenario.strictV2Requests, value != lastDocumentedDeviceInfo else { return }
        guard let object = Base64Text.decodeJSONObject(value)?.object,
            DocumentedV2Request.hasRestrictedValuesOnly(object)
        else { throw .v2(.invalidHeaderDeviceInfo) }
        lastDocumentedDeviceInfo = value
    }

    /// In strict mode, a resume without one of the parameters its page marks required is 400,
    /// with the catalogue's code for that parameter (`invalid_parameter_domain_name` is named
    /// like them: the catalogue has none for the domain).
    func checkResumeParameters(_ request: IncomingRequest) throws(Rejection) {
        guard scenario.strictV2Requests else { return }
        if request.nonEmptyParameter("mvpd") == nil { throw .v2(.invalidMVPD("mvpd is required on a resume.")) }
        if request.nonEmptyParameter("domainName") == nil { throw .v2(.invalidDomainName) }
        if request.nonEmptyParameter("redirectUrl") == nil { throw .v2(.invalidRedirectURL) }
    }
}
