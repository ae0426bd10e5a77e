import AccessEnabler
import Foundation

/// Dynamic Client Registration: `/o/client/register` and `/o/client/token`.
extension PassEmulator {
    /// `POST /o/client/register`: JSON `{software_statement, redirect_uri?}` → 201 client credentials.
    func register(_ request: IncomingRequest) throws(Rejection) -> HTTPTransportResponse {
        if let contentType = request.header("Content-Type"), !contentType.lowercased().contains("json") {
            throw .oauth(OAuthError(error: "invalid_request", description: "The body must be JSON."))
        }
        guard let body = request.http.body, !body.isEmpty,
            let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        else {
            throw .oauth(OAuthError(error: "invalid_request", description: "The body is not a JSON object."))
        }
        guard let statement = object["software_statement"] as? String else {
            throw .oauth(OAuthError(error: "invalid_request", description: "software_statement is missing."))
        }
        let policy = scenario.softwareStatements
        if statement.isEmpty {
            throw .oauth(OAuthError(error: "invalid_software_statement"))
        }
        if policy.revoked.contains(statement) {
            throw .oauth(OAuthError(error: "unapproved_software_statement"))
        }
        if let accepted = policy.accepted, !accepted.contains(statement) {
            throw .oauth(OAuthError(error: "invalid_software_statement"))
        }
        var redirectURIs: [String] = []
        if let value = object["redirect_uri"] {
            guard let redirect = value as? String, let url = URL(string: redirect), url.scheme != nil else {
                throw .oauth(OAuthError(error: "invalid_redirect_uri"))
            }
            redirectURIs = [redirect]
        }
        redirectURIs += policy.redirectURIs.filter { !redirectURIs.contains($0) }
        let now = clock.now
        let client = ClientRegistry.Client(
            id: RandomIdentifier.hex32(), secret: RandomIdentifier.hex32(), issuedAt: now, redirectURIs: redirectURIs)
        clientRegistry.register(client)
        counters.clientsRegistered += 1
        return jsonResponse(
            201,
            .object([
                ("client_id", .string(client.id)),
                ("client_secret", .string(client.secret)),
                ("client_id_issued_at", .integer(now.epochSeconds)),
                ("redirect_uris", .array(redirectURIs.map(JSONText.string))),
                ("grant_types", .array([.string("client_credentials")])),
                ("scopes", .array([.string("api:client:v2")])),
            ]))
    }

    /// `POST /o/client/token`: form `client_id`, `client_secret`, `grant_type` → 201 access token.
    func issueAccessToken(_ request: IncomingRequest) throws(Rejection) -> HTTPTransportResponse {
        guard request.header("Content-Type")?.lowercased().contains("application/x-www-form-urlencoded") ?? false
        else {
            throw .oauth(
                OAuthError(
                    error: "invalid_request",
                    description: "The body must be application/x-www-form-urlencoded."))
        }
        guard let clientID = request.form["client_id"], let secret = request.form["client_secret"],
            let grantType = request.form["grant_type"], !clientID.isEmpty, !secret.isEmpty, !grantType.isEmpty
        else {
            throw .oauth(
                OAuthError(
                    error: "invalid_request",
                    description: "client_id, client_secret and grant_type are required."))
        }
        guard let client = clientRegistry.clients[clientID], client.secret == secret, !client.revoked else {
            throw .oauth(OAuthError(error: "invalid_client"))
        }
        guard grantType == "client_credentials" else {
            throw .oauth(OAuthError(error: "unsupported_grant_type"))
        }
        let now = clock.now
        let token = RandomIdentifier.hex32() + RandomIdentifier.hex32()
        let ttl = scenario.accessTokenTTL
        clientRegistry.issue(token, .init(clientID: client.id, created: now, expires: now.addingTimeInterval(ttl)))
        counters.accessTokensIssued += 1
        return jsonResponse(
            201,
            .object([
                ("access_token", .string(token)),
                ("token_type", .string("bearer")),
                ("expires_in", .integer(Int64(ttl.rounded()))),
                ("created_at", .integer(now.epochMilliseconds)),
                ("id", .string(RandomIdentifier.uuid())),
            ]))
    }
}
