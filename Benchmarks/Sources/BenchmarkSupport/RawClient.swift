import AccessEnabler
import AccessEnablerTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The raw baseline: the SDK's entitlement requests built by hand and sent with a plain
/// `URLSession`, JSON decoded into minimal structs. It is what an app would write without the
/// SDK, so `SDK / raw` is the SDK's own cost on the network path.
///
/// It has its own Dynamic Client Registration (hand-built `/o/client/register` and
/// `/o/client/token` calls). The device headers (`X-Device-Info`, `AP-Device-Identifier`, the
/// `deviceId` parameter), `User-Agent` and, on REST v1 only, `AP-SDK-Identifier` are copied from a
/// request the SDK sent, so that the raw requests carry the same device identity (the one the
/// emulator holds the authentication for) and the same bytes.
package struct RawClient: Sendable {
    package let session: URLSession
    package let baseURL: URL
    package let accessToken: String
    /// Header fields sent on every call, `Authorization` included.
    package let headers: [(String, String)]
    /// The device ID (REST API v1 `deviceId`).
    package let deviceID: String
    /// Whether requests get their header fields in one `allHTTPHeaderFields` dictionary, as the
    /// SDK's transport sets them, instead of one `addValue(_:forHTTPHeaderField:)` per field, as
    /// apps usually write it (the benchmarks' baseline). swift-corelibs-foundation's `addValue` is
    /// slow (about 260K instructions for these seven fields); `AccessEnablerProfile … pair-lean`
    /// compares the SDK with this leaner client, to show the SDK's cost apart from that.
    package var setsFieldsAtOnce = false

    // MARK: Minimal response bodies

    private struct DecisionsBody: Decodable {
        struct Item: Decodable {
            struct Token: Decodable { var serializedToken: String }
            var resource: String
            var authorized: Bool
            var token: Token?
        }
        var decisions: [Item]
    }

    private struct PreauthorizeV1Body: Decodable {
        struct Item: Decodable {
            var id: String
            var authorized: Bool
        }
        var resources: [Item]
    }

    private struct MediaTokenV1Body: Decodable {
        var serializedToken: String
    }

    private struct RegistrationBody: Decodable {
        var client_id: String
        var client_secret: String
    }

    private struct AccessTokenBody: Decodable {
        var access_token: String
    }

    // MARK: Setup

    /// Registers a client and gets an access token by hand, then takes the device headers from
    /// `template`, a request the SDK sent to the same emulator.
    package static func make(session: URLSession, baseURL: URL, template: EmulatorRequestRecord) async throws
        -> RawClient
    {
        func field(_ name: String) throws -> String {
            guard let value = template.headers[name] else { throw BenchmarkFailure("the SDK sent no \(name)") }
            return value
        }
        var register = URLRequest(url: baseURL.appendingPathComponent("o/client/register"))
        register.httpMethod = "POST"
        register.setValue("application/json", forHTTPHeaderField: "Content-Type")
        register.httpBody = try JSONSerialization.data(withJSONObject: [
            "software_statement": Fixture.softwareStatement, "redirect_uri": "adobepass://ios.app",
        ])
        let client = try JSONDecoder().decode(RegistrationBody.self, from: try await send(register, with: session))

        var token = URLRequest(url: baseURL.appendingPathComponent("o/client/token"))
        token.httpMethod = "POST"
        token.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        token.httpBody = Data(
            "client_id=\(client.client_id)&client_secret=\(client.client_secret)&grant_type=client_credentials".utf8)
        let accessToken = try JSONDecoder().decode(AccessTokenBody.self, from: try await send(token, with: session))
            .access_token

        var headers = [
            ("Accept", "application/json"),
            ("X-Device-Info", try field("X-Device-Info")),
            ("User-Agent", try field("User-Agent")),
            ("Authorization", "Bearer " + accessToken),
        ]
        // A v1 header only: no REST API v2 page lists it, and the strict emulator refuses it there.
        if let sdk = template.headers["AP-SDK-Identifier"] { headers.append(("AP-SDK-Identifier", sdk)) }
        let deviceID: String
        if let identifier = template.headers["AP-Device-Identifier"] {
            // REST API v2: `fingerprint <Base64 of the device ID>`.
            headers.append(("AP-Device-Identifier", identifier))
            guard let data = Data(base64Encoded: String(identifier.dropFirst("fingerprint ".count))) else {
                throw BenchmarkFailure("unexpected AP-Device-Identifier")
            }
            deviceID = String(decoding: data, as: UTF8.self)
        } else {
            guard let value = template.query("deviceId") else { throw BenchmarkFailure("the SDK sent no deviceId") }
            deviceID = value
        }
        return RawClient(
            session: session, baseURL: baseURL, accessToken: accessToken, headers: headers, deviceID: deviceID)
    }

    private static func send(_ request: URLRequest, with session: URLSession) async throws -> Data {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            let status = (response as? HTTPURLResponse)?.statusCode ?? -1
            throw BenchmarkFailure(
                "\(request.url?.path ?? "?") answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    private func request(_ url: URL, method: String = "GET", contentType: String? = nil) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if setsFieldsAtOnce {
            var fields = Dictionary(headers, uniquingKeysWith: { first, _ in first })
            if let contentType { fields["Content-Type"] = contentType }
            request.allHTTPHeaderFields = fields
        } else {
            for (name, value) in headers { request.addValue(value, forHTTPHeaderField: name) }
            if let contentType { request.addValue(contentType, forHTTPHeaderField: "Content-Type") }
        }
        return request
    }

    // MARK: REST API v2

    /// `POST /api/v2/{requestor}/decisions/{kind}/{mvpd}` with `{"resources": [...]}`.
    private func decisions(_ kind: String, _ resources: [String]) async throws -> DecisionsBody {
        let url = URL(
            string: baseURL.absoluteString
                + "/api/v2/\(Fixture.requestorID)/decisions/\(kind)/\(Fixture.mvpdID)")!
        var request = request(url, method: "POST", contentType: "application/json")
        request.httpBody = try JSONEncoder().encode(["resources": resources])
        return try JSONDecoder().decode(DecisionsBody.self, from: try await Self.send(request, with: session))
    }

    /// The number of authorized resources among `resources`.
    package func preauthorizeV2(_ resources: [String]) async throws -> Int {
        try await decisions("preauthorize", resources).decisions.filter(\.authorized).count
    }

    /// The media token of `resource`.
    package func authorizeV2(_ resource: String) async throws -> String {
        let body = try await decisions("authorize", [resource])
        guard let item = body.decisions.first, item.authorized, let token = item.token else {
            throw BenchmarkFailure("the raw authorize was not granted")
        }
        return token.serializedToken
    }

    // MARK: REST API v1

    private func v1URL(_ path: String, _ rest: String) -> URL {
        URL(string: baseURL.absoluteString + path + "?requestor=\(Fixture.requestorID)&deviceId=\(deviceID)&" + rest)!
    }

    /// `GET /api/v1/preauthorize?…&resource=a,b,…`: the number of authorized resources.
    package func preauthorizeV1(_ resources: [String]) async throws -> Int {
        let list = resources.map { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)! }
            .joined(separator: ",")
        let data = try await Self.send(request(v1URL("/api/v1/preauthorize", "resource=" + list)), with: session)
        return try JSONDecoder().decode(PreauthorizeV1Body.self, from: data).resources.filter(\.authorized).count
    }

    /// `GET /api/v1/tokens/media?…&resource=…`: the media token (the authorization must exist).
    package func mediaTokenV1(_ resource: String) async throws -> String {
        let encoded = resource.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!
        let data = try await Self.send(request(v1URL("/api/v1/tokens/media", "resource=" + encoded)), with: session)
        return try JSONDecoder().decode(MediaTokenV1Body.self, from: data).serializedToken
    }
}
