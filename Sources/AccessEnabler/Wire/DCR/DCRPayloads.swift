import Foundation

/// `POST /o/client/register` request body.
struct RegistrationRequestBody: Encodable {
    var software_statement: String
    var redirect_uri: String

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(software_statement, forKey: "software_statement")
        try body.encode(redirect_uri, forKey: "redirect_uri")
    }
}

/// `POST /o/client/register` success body (only what the SDK needs is required).
final class RegistrationResponseBody: Decodable {
    let client_id: NonEmptyString
    let client_secret: NonEmptyString
    let client_id_issued_at: Double?
    /// Read leniently: the credentials work without it.
    let redirect_uris: [String]?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        client_id = try body.decode(NonEmptyString.self, forKey: "client_id")
        client_secret = try body.decode(NonEmptyString.self, forKey: "client_secret")
        client_id_issued_at = try body.decodeIfPresent(Double.self, forKey: "client_id_issued_at")
        redirect_uris = try? body.decodeIfPresent([String].self, forKey: "redirect_uris")
    }
}

/// `POST /o/client/token` success body.
struct AccessTokenResponseBody: Decodable {
    var access_token: NonEmptyString
    var expires_in: Double
    var token_type: String?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        access_token = try body.decode(NonEmptyString.self, forKey: "access_token")
        expires_in = try body.decode(Double.self, forKey: "expires_in")
        token_type = try body.decodeIfPresent(String.self, forKey: "token_type")
    }
}
