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

/// `POST /decisions/authorize/…` body, as far as an authorization reads it: the decision's
/// resource, answer, MVPD, error and expiry, and its media token (expiry and serialized token).
/// The source and the `notBefore` times are not used, so not decoded.
struct DecisionsBody: Decodable {
    var decisions: [Item]

    struct Item: Decodable {
        var resource: String
        var authorized: Bool
        var mvpd: String?
        var token: Token?
        var error: Status?
        var notAfter: EpochMilliseconds?
    }

    struct Token: Decodable {
        var notAfter: EpochMilliseconds
        var serializedToken: NonEmptyString
    }
}

/// `POST /decisions/preauthorize/…` body, as far as a preauthorization reads it: each decision's
/// resource, answer, source and error. A preauthorization carries no media token, and its MVPD
/// and validity window are not part of a ``Decision``, so they are not decoded (a preauthorization
/// does not fail over a field it would not use).
struct PreauthorizeDecisionsBody: Decodable {
    var decisions: [Item]

    struct Item: Decodable {
        var resource: String
        var authorized: Bool
        /// Decoded as the plain string it is (``Decision/Source`` decodes through a single-value
        /// container, a nested decoder per item).
        var source: String?
        var error: Status?
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

/// `GET /sessions/{code}` body, as far as a companion app reads it: the parameters the TV
/// already gave (the preselected MVPD among them) and the code's expiry. The device description
/// is not decoded.
struct SessionInfoBody: Decodable {
    var existingParameters: [String: JSONValue]?
    var missingParameters: [String]?
    var notAfter: EpochMilliseconds?
}
