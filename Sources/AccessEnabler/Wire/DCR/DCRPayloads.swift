import Foundation

/// `POST /o/client/register` request body.
struct RegistrationRequestBody: Encodable {
    var software_statement: String
    var redirect_uri: String
}

/// `POST /o/client/register` success body (only what the SDK needs is required).
struct RegistrationResponseBody: Decodable {
    var client_id: NonEmptyString
    var client_secret: NonEmptyString
    var client_id_issued_at: Double?
    /// Read leniently: the credentials work without it.
    var redirect_uris: [String]?

    private enum CodingKeys: String, CodingKey {
        case client_id, client_secret, client_id_issued_at, redirect_uris
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client_id = try container.decode(NonEmptyString.self, forKey: .client_id)
        client_secret = try container.decode(NonEmptyString.self, forKey: .client_secret)
        client_id_issued_at = try container.decodeIfPresent(Double.self, forKey: .client_id_issued_at)
        redirect_uris = try? container.decodeIfPresent([String].self, forKey: .redirect_uris)
    }
}

/// `POST /o/client/token` success body.
struct AccessTokenResponseBody: Decodable {
    var access_token: NonEmptyString
    var expires_in: Double
    var token_type: String?
}
