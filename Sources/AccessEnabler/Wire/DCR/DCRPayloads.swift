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
}

/// `POST /o/client/token` success body.
struct AccessTokenResponseBody: Decodable {
    var access_token: NonEmptyString
    var expires_in: Double
    var token_type: String?
}
