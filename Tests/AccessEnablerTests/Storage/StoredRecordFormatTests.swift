import Foundation
import Testing
@testable import AccessEnabler

/// The records the token cache stores, and the public `Codable` values, are written by hand-written
/// coding (one shared key type, for the code an app ships) and an authentication record keeps its
/// fields behind one reference: on disk and in use each must stay what the compiler-synthesized
/// code of the plain structs wrote and read.
@Suite(.timeLimit(.minutes(1))) struct StoredRecordFormatTests {
    /// A record as the struct with its fields inline encoded it (`JSONEncoder` defaults).
    static let storedByAnEarlierRelease = """
        {"mvpd":{"id":"Cablevision","displayName":"Cablevision","isTempPass":false,"isProxy":false,\
        "enablePlatformServices":false,"displayInPlatformPicker":false,"requiredMetadataFields":[],\
        "requiresSafariViewController":false,"serviceProvider":"https:\\/\\/sp.example.com"},\
        "userID":"user-1","expires":2000000000,"issued":1000,"serviceProvider":"https:\\/\\/sp.example.com",\
        "attributes":{"zip":{"value":"10001","isEncrypted":false}},"profileType":"regular"}
        """

    @Test func aRecordStoredByAnEarlierReleaseLoadsAndIsWrittenBackTheSame() throws {
        let stored = Data(Self.storedByAnEarlierRelease.utf8)
        let record = try JSONDecoder().decode(AuthenticationRecord.self, from: stored)
        #expect(record.mvpd.id == "Cablevision")
        #expect(record.userID == "user-1")
        #expect(record.expires == Date(timeIntervalSinceReferenceDate: 2_000_000_000))
        #expect(record.issued == Date(timeIntervalSinceReferenceDate: 1000))
        #expect(record.serviceProvider == URL(string: "https://sp.example.com"))
        #expect(record.attributes?["zip"] == .init(value: .string("10001"), isEncrypted: false))
        #expect(record.profileType == "regular")

        let written = try JSONEncoder().encode(record)
        let before = try JSONSerialization.jsonObject(with: stored) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: written) as? NSDictionary
        #expect(before != nil && after == before)
    }

    /// One record of each kind as the synthesized coding wrote it (`JSONEncoder` defaults: dates
    /// as seconds since 2001, data as Base64, absent optionals left out).
    enum StoredByAnEarlierRelease: String, CaseIterable, Sendable {
        case clientCredentials = """
            {"clientID":"client-1","clientSecret":"secret-1","issuedAt":1000,"softwareStatementDigest":"digest",\
            "redirectURIs":["adbe.example:\\/\\/x"]}
            """
        case accessToken = #"{"token":"token-1","expires":2000,"clientID":"client-1"}"#
        case authorization = #"{"resource":"news","expires":2000,"mvpdID":"Cablevision"}"#
        case userMetadata = #"{"values":{"zip":"10001","hh":{"id":7}},"encryptedKeys":["zip"],"expires":2000}"#
        case configuration = """
            {"requestorID":"REQ","name":"Requestor","domains":["example.com"],"mvpds":[{"id":"Cablevision",\
            "displayName":"Cablevision","logoURL":"https:\\/\\/logo.example\\/c.png","isTempPass":false,\
            "isProxy":true,"enablePlatformServices":true,"boardingStatus":"SUPPORTED",\
            "displayInPlatformPicker":true,"platformMappingId":"cablevision","requiredMetadataFields":["zip"],\
            "requiresSafariViewController":true,"serviceProvider":"https:\\/\\/sp.example.com"}],\
            "domainsByServiceProvider":{"https:\\/\\/sp.example.com":["example.com"]},\
            "serviceProviders":["https:\\/\\/sp.example.com"],"fetched":1500}
            """
        case device = #"{"seed":"seed-1","accessGroup":"TEAM.group"}"#
        case owedLogout = """
            {"session":{"mvpd":{"id":"Cablevision","displayName":"Cablevision","isTempPass":false,"isProxy":false,\
            "enablePlatformServices":false,"displayInPlatformPicker":false,"requiredMetadataFields":[],\
            "requiresSafariViewController":false,"serviceProvider":"https:\\/\\/sp.example.com"},\
            "userID":"user-1","expires":2000,"issued":1000,"serviceProvider":"https:\\/\\/sp.example.com"}}
            """
        case decision = """
            {"id":"news","isAuthorized":false,"error":{"status":403,"code":"authorization_denied_by_mvpd",\
            "message":"Denied","details":"d","helpUrl":"https:\\/\\/help.example","trace":"t-1",\
            "action":"none"},"source":"mvpd"}
            """

        /// Decodes the JSON with its type and encodes it again.
        func writtenBack() throws -> Data {
            let json = Data(rawValue.utf8)
            let decoder = JSONDecoder()
            let encoder = JSONEncoder()
            switch self {
            case .clientCredentials:
                return try encoder.encode(try decoder.decode(ClientCredentialsRecord.self, from: json))
            case .accessToken: return try encoder.encode(try decoder.decode(AccessTokenRecord.self, from: json))
            case .authorization: return try encoder.encode(try decoder.decode(AuthorizationRecord.self, from: json))
            case .userMetadata: return try encoder.encode(try decoder.decode(UserMetadataRecord.self, from: json))
            case .configuration: return try encoder.encode(try decoder.decode(ConfigurationRecord.self, from: json))
            case .device: return try encoder.encode(try decoder.decode(DeviceRecord.self, from: json))
            case .owedLogout: return try encoder.encode(try decoder.decode(OwedLogoutRecord.self, from: json))
            case .decision: return try encoder.encode(try decoder.decode(Decision.self, from: json))
            }
        }
    }

    @Test(arguments: StoredByAnEarlierRelease.allCases)
    func aRecordOfEachKindLoadsAndIsWrittenBackTheSame(_ stored: StoredByAnEarlierRelease) throws {
        let before = try JSONSerialization.jsonObject(with: Data(stored.rawValue.utf8)) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: stored.writtenBack()) as? NSDictionary
        #expect(before != nil && after == before, "\(stored)")
    }

    @Test func aMissingRequiredFieldIsRefusedAndAnAbsentOptionalIsNil() throws {
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(AccessTokenRecord.self, from: Data(#"{"token":"t","expires":1}"#.utf8))
        }
        let device = try decoder.decode(DeviceRecord.self, from: Data(#"{"seed":"s"}"#.utf8))
        #expect(device.accessGroup == nil)
        let credentials = try decoder.decode(
            ClientCredentialsRecord.self,
            from: Data(#"{"clientID":"c","clientSecret":"s","softwareStatementDigest":"d"}"#.utf8))
        #expect(credentials.issuedAt == nil && credentials.redirectURIs == nil)
    }

    @Test func settingAFieldChangesOnlyThatCopy() {
        let original = AuthenticationRecord(
            mvpd: MVPD(id: "Cablevision", serviceProvider: URL(string: "https://sp.example.com")!), userID: "user-1",
            expires: Date(timeIntervalSinceReferenceDate: 2_000), issued: Date(timeIntervalSinceReferenceDate: 1_000),
            serviceProvider: URL(string: "https://sp.example.com")!)
        var changed = original
        #expect(changed == original)
        changed.expires = Date(timeIntervalSinceReferenceDate: 3_000)
        changed.profileType = "temporary"

        #expect(original.expires == Date(timeIntervalSinceReferenceDate: 2_000))
        #expect(original.profileType == nil)
        #expect(changed.expires == Date(timeIntervalSinceReferenceDate: 3_000))
        #expect(changed != original)
        #expect(changed.isSameSession(as: original))
        changed.userID = "user-2"
        #expect(!changed.isSameSession(as: original))
    }
}
