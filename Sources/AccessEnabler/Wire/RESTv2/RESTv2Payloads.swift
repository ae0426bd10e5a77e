import Foundation

// Response bodies of REST API v2, as Adobe's samples show them. Timestamps are epoch
// milliseconds, as strings (sessions) or numbers (profiles, decisions).

/// `POST /sessions` and `POST /sessions/{code}` body.
final class SessionBody: Decodable {
    let actionName: String
    let actionType: String?
    let reasonType: String?
    let url: String?
    let code: String?
    let mvpd: String?
    /// When the authentication code (and the session) expires.
    let notAfter: EpochMilliseconds?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        actionName = try body.decode(String.self, forKey: "actionName")
        actionType = try body.decodeIfPresent(String.self, forKey: "actionType")
        reasonType = try body.decodeIfPresent(String.self, forKey: "reasonType")
        url = try body.decodeIfPresent(String.self, forKey: "url")
        code = try body.decodeIfPresent(String.self, forKey: "code")
        mvpd = try body.decodeIfPresent(String.self, forKey: "mvpd")
        notAfter = try body.decodeIfPresent(EpochMilliseconds.self, forKey: "notAfter")
    }
}

/// `GET /profiles…` body: profiles keyed by MVPD.
struct ProfilesBody: Decodable {
    var profiles: [String: Profile]

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        profiles = try body.decode([String: Profile].self, forKey: "profiles")
    }

    final class Profile: Decodable {
        let notBefore: EpochMilliseconds?
        let notAfter: EpochMilliseconds
        let issuer: String?
        let type: String?
        let attributes: [String: Attribute]?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            notBefore = try body.decodeIfPresent(EpochMilliseconds.self, forKey: "notBefore")
            notAfter = try body.decode(EpochMilliseconds.self, forKey: "notAfter")
            issuer = try body.decodeIfPresent(String.self, forKey: "issuer")
            type = try body.decodeIfPresent(String.self, forKey: "type")
            attributes = try body.decodeIfPresent([String: Attribute].self, forKey: "attributes")
        }
    }

    struct Attribute: Decodable {
        var value: JSONValue
        var state: String?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            value = try body.decode(JSONValue.self, forKey: "value")
            state = try body.decodeIfPresent(String.self, forKey: "state")
        }
    }
}

/// `POST /decisions/authorize/…` body, as far as an authorization reads it: the decision's
/// resource, answer, MVPD, error and expiry, and its media token (expiry and serialized token).
/// The source and the `notBefore` times are not used, so not decoded.
struct DecisionsBody: Decodable {
    var decisions: [Item]

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        decisions = try body.decode([Item].self, forKey: "decisions")
    }

    struct Item: Decodable {
        var resource: String
        var authorized: Bool
        var mvpd: String?
        var token: Token?
        var error: Status?
        var notAfter: EpochMilliseconds?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            resource = try body.decode(String.self, forKey: "resource")
            authorized = try body.decode(Bool.self, forKey: "authorized")
            mvpd = try body.decodeIfPresent(String.self, forKey: "mvpd")
            token = try body.decodeIfPresent(Token.self, forKey: "token")
            error = try body.decodeIfPresent(Status.self, forKey: "error")
            notAfter = try body.decodeIfPresent(EpochMilliseconds.self, forKey: "notAfter")
        }
    }

    struct Token: Decodable {
        var notAfter: EpochMilliseconds
        var serializedToken: NonEmptyString

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            notAfter = try body.decode(EpochMilliseconds.self, forKey: "notAfter")
            serializedToken = try body.decode(NonEmptyString.self, forKey: "serializedToken")
        }
    }
}

/// `POST /decisions/preauthorize/…` body, as far as a preauthorization reads it: each decision's
/// resource, answer, source and error. A preauthorization carries no media token, and its MVPD
/// and validity window are not part of a ``Decision``, so they are not decoded (a preauthorization
/// does not fail over a field it would not use).
struct PreauthorizeDecisionsBody: Decodable {
    var decisions: [Item]

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        decisions = try body.decode([Item].self, forKey: "decisions")
    }

    struct Item: Decodable {
        var resource: String
        var authorized: Bool
        /// Decoded as the plain string it is (``Decision/Source`` decodes through a single-value
        /// container, a nested decoder per item).
        var source: String?
        var error: Status?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            resource = try body.decode(String.self, forKey: "resource")
            authorized = try body.decode(Bool.self, forKey: "authorized")
            source = try body.decodeIfPresent(String.self, forKey: "source")
            error = try body.decodeIfPresent(Status.self, forKey: "error")
        }
    }
}

/// `GET /logout/{mvpd}` body.
struct LogoutBody: Decodable {
    var logouts: [String: Action]

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        logouts = try body.decode([String: Action].self, forKey: "logouts")
    }

    struct Action: Decodable {
        var actionName: String
        var actionType: String?
        var mvpd: String?
        var url: String?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            actionName = try body.decode(String.self, forKey: "actionName")
            actionType = try body.decodeIfPresent(String.self, forKey: "actionType")
            mvpd = try body.decodeIfPresent(String.self, forKey: "mvpd")
            url = try body.decodeIfPresent(String.self, forKey: "url")
        }
    }
}

/// `POST /decisions/…` request body.
struct DecisionsRequestBody: Encodable {
    var resources: [String]

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(resources, forKey: "resources")
    }
}

/// `GET /sessions/{code}` body, as far as a companion app reads it: the parameters the TV
/// already gave (the preselected MVPD among them) and the code's expiry. The device description
/// is not decoded.
struct SessionInfoBody: Decodable {
    var existingParameters: [String: JSONValue]?
    var missingParameters: [String]?
    var notAfter: EpochMilliseconds?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        existingParameters = try body.decodeIfPresent([String: JSONValue].self, forKey: "existingParameters")
        missingParameters = try body.decodeIfPresent([String].self, forKey: "missingParameters")
        notAfter = try body.decodeIfPresent(EpochMilliseconds.self, forKey: "notAfter")
    }
}
