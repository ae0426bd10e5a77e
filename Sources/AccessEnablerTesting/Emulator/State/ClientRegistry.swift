import Foundation

/// The DCR state: registered clients and the access tokens issued to them.
struct ClientRegistry: Sendable {
    struct Client: Sendable, Hashable {
        var id: String
        var secret: String
        var issuedAt: Date
        var redirectURIs: [String]
        var revoked = false
        /// The requestors the client has called with a valid access token.
        var requestors: Set<String> = []
    }

    struct AccessToken: Sendable, Hashable {
        var clientID: String
        var created: Date
        var expires: Date
    }

    /// The outcome of checking a bearer token.
    enum TokenCheck: Sendable {
        case valid(clientID: String)
        /// Missing, unknown or expired.
        case invalid
        /// Issued to a client that has been revoked.
        case revokedClient
    }

    private(set) var clients: [String: Client] = [:]
    private(set) var tokens: [String: AccessToken] = [:]

    mutating func register(_ client: Client) { clients[client.id] = client }

    mutating func issue(_ token: String, _ record: AccessToken) { tokens[token] = record }

    /// Notes that `clientID` called `requestorID` (its redirect URIs are then the requestor's too).
    mutating func noteCall(by clientID: String, to requestorID: String) {
        guard clients[clientID]?.requestors.contains(requestorID) == false else { return }
        clients[clientID]?.requestors.insert(requestorID)
    }

    /// The redirect URIs registered by the clients that have called `requestorID` (by every client
    /// when nil).
    func redirectURIs(ofClientsOf requestorID: String?) -> [String] {
        clients.values.filter { requestorID.map($0.requestors.contains) ?? true }.flatMap(\.redirectURIs)
    }

    func check(bearer token: String?, at now: Date) -> TokenCheck {
        guard let token, let record = tokens[token] else { return .invalid }
        if clients[record.clientID]?.revoked ?? true { return .revokedClient }
        return now < record.expires ? .valid(clientID: record.clientID) : .invalid
    }

    /// Makes every issued token expired at `now`.
    mutating func expireTokens(at now: Date) {
        tokens = tokens.mapValues { token in
            var token = token
            token.expires = min(token.expires, now)
            return token
        }
    }

    /// Revokes every registered client.
    mutating func revokeAll() {
        clients = clients.mapValues { client in
            var client = client
            client.revoked = true
            return client
        }
    }

    mutating func reset() { self = ClientRegistry() }
}
