import Foundation

// Response bodies of REST API v2, as Adobe's samples show them. Timestamps are epoch
// milliseconds, as strings (sessions) or numbers (profiles, decisions).

/// `POST /sessions` and `POST /sessions/{code}` body.
struct SessionBody: Decodable {
    var actionName: String
    var actionType: String?
    var reasonType: String?
    var url: String?
    var code: String?
    var mvpd: String?
    /// When the authentication code (and the session) expires.
    var notAfter: EpochMilliseconds?
}

/// `GET /profiles…` body: profiles keyed by MVPD.
struct ProfilesBody: Decodable {
    var profiles: [String: Profile]

    struct Profile: Decodable {
        var notBefore: EpochMilliseconds?
        var notAfter: EpochMilliseconds
        var issuer: String?
        var type: String?
        var attributes: [String: Attribute]?
    }

    struct Attribute: Decodable {
        var value: JSONValue
        var state: String?
    }
}

/// `POST /decisions/…` body.
struct DecisionsBody: Decodable {
    var decisions: [Item]

    struct Item: Decodable {
        var resource: String
        var authorized: Bool
        var source: Decision.Source?
        var mvpd: String?
        var token: Token?
        var error: Status?
        var notBefore: EpochMilliseconds?
        var notAfter: EpochMilliseconds?
    }

    struct Token: Decodable {
        var notBefore: EpochMilliseconds?
        var notAfter: EpochMilliseconds
        var serializedToken: NonEmptyString
    }
}

/// `GET /logout/{mvpd}` body.
struct LogoutBody: Decodable {
    var logouts: [String: Action]

    struct Action: Decodable {
        var actionName: String
        var actionType: String?
        var mvpd: String?
        var url: String?
    }
}

/// `POST /decisions/…` request body.
struct DecisionsRequestBody: Encodable {
    var resources: [String]
}
