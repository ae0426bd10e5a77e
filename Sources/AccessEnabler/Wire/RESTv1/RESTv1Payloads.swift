import Foundation

// Success bodies of REST API v1 (https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/legacy/rest-api-v1/rest-api-reference).
// Only what the SDK relies on is required;
// unknown fields are ignored.

/// The body of `GET /api/v1/config/{requestor}`: the requestor and its MVPDs.
struct ConfigurationBody: Decodable {
    var requestor: Requestor
    /// Some servers list the MVPDs at the top level instead (REST API v2 table).
    var mvpds: [MVPDBody]?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        requestor = try body.decode(Requestor.self, forKey: "requestor")
        mvpds = try body.decodeIfPresent([MVPDBody].self, forKey: "mvpds")
    }

    struct Requestor: Decodable {
        var id: NonEmptyString
        var name: String?
        var domains: [Domain]?
        var mvpds: [MVPDBody]?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            id = try body.decode(NonEmptyString.self, forKey: "id")
            name = try body.decodeIfPresent(String.self, forKey: "name")
            domains = try body.decodeIfPresent([Domain].self, forKey: "domains")
            mvpds = try body.decodeIfPresent([MVPDBody].self, forKey: "mvpds")
        }
    }

    struct Domain: Decodable {
        var name: String

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            name = try body.decode(String.self, forKey: "name")
        }
    }

    /// The configuration of `serviceProvider`, its MVPDs bound to it. REST v1 and v2 share the
    /// shape (v1's was never documented; it follows v2's).
    func configuration(of serviceProvider: ServiceProvider) -> ServiceProviderConfiguration {
        ServiceProviderConfiguration(
            serviceProvider: serviceProvider, requestorID: requestor.id.value, name: requestor.name,
            domains: (requestor.domains ?? []).map(\.name),
            mvpds: (requestor.mvpds ?? mvpds ?? []).map { $0.mvpd(boundTo: serviceProvider) })
    }

    struct MVPDBody: Decodable {
        var id: NonEmptyString
        var displayName: String?
        var logoUrl: String?
        var isTempPass: Bool?
        var isProxy: Bool?
        var enablePlatformServices: Bool?
        var boardingStatus: String?
        var displayInPlatformPicker: Bool?
        var platformMappingId: String?
        var requiredMetadataFields: [String]?
        var requiresSVC: Bool?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            id = try body.decode(NonEmptyString.self, forKey: "id")
            displayName = try body.decodeIfPresent(String.self, forKey: "displayName")
            logoUrl = try body.decodeIfPresent(String.self, forKey: "logoUrl")
            isTempPass = try body.decodeIfPresent(Bool.self, forKey: "isTempPass")
            isProxy = try body.decodeIfPresent(Bool.self, forKey: "isProxy")
            enablePlatformServices = try body.decodeIfPresent(Bool.self, forKey: "enablePlatformServices")
            boardingStatus = try body.decodeIfPresent(String.self, forKey: "boardingStatus")
            displayInPlatformPicker = try body.decodeIfPresent(Bool.self, forKey: "displayInPlatformPicker")
            platformMappingId = try body.decodeIfPresent(String.self, forKey: "platformMappingId")
            requiredMetadataFields = try body.decodeIfPresent([String].self, forKey: "requiredMetadataFields")
            requiresSVC = try body.decodeIfPresent(Bool.self, forKey: "requiresSVC")
        }

        func mvpd(boundTo serviceProvider: ServiceProvider) -> MVPD {
            MVPD(
                id: id.value, displayName: displayName, logoURL: logoUrl.flatMap(URL.init(string:)),
                isTempPass: isTempPass ?? false, isProxy: isProxy ?? false,
                enablePlatformServices: enablePlatformServices ?? false, boardingStatus: boardingStatus,
                displayInPlatformPicker: displayInPlatformPicker ?? false, platformMappingId: platformMappingId,
                requiredMetadataFields: requiredMetadataFields ?? [],
                requiresSafariViewController: requiresSVC ?? false, serviceProvider: serviceProvider.baseURL)
        }
    }
}

/// A3 authN token body.
struct AuthenticationTokenBody: Decodable {
    var mvpd: NonEmptyString
    var userId: NonEmptyString
    var expires: EpochMilliseconds
    var requestor: String?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        mvpd = try body.decode(NonEmptyString.self, forKey: "mvpd")
        userId = try body.decode(NonEmptyString.self, forKey: "userId")
        expires = try body.decode(EpochMilliseconds.self, forKey: "expires")
        requestor = try body.decodeIfPresent(String.self, forKey: "requestor")
    }
}

/// Z1 authorization body.
struct AuthorizationBody: Decodable {
    var resource: String?
    var mvpd: String?
    var expires: EpochMilliseconds

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        resource = try body.decodeIfPresent(String.self, forKey: "resource")
        mvpd = try body.decodeIfPresent(String.self, forKey: "mvpd")
        expires = try body.decode(EpochMilliseconds.self, forKey: "expires")
    }
}

/// Z2 short media token body.
final class MediaTokenBody: Decodable {
    let resource: String?
    let serializedToken: NonEmptyString
    let expires: EpochMilliseconds
    let userId: String?
    let mvpdId: String?
    let requestor: String?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        resource = try body.decodeIfPresent(String.self, forKey: "resource")
        serializedToken = try body.decode(NonEmptyString.self, forKey: "serializedToken")
        expires = try body.decode(EpochMilliseconds.self, forKey: "expires")
        userId = try body.decodeIfPresent(String.self, forKey: "userId")
        mvpdId = try body.decodeIfPresent(String.self, forKey: "mvpdId")
        requestor = try body.decodeIfPresent(String.self, forKey: "requestor")
    }
}

/// P preauthorize body.
struct PreauthorizeBody: Decodable {
    var resources: [Item]

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        resources = try body.decode([Item].self, forKey: "resources")
    }

    struct Item: Decodable {
        var id: String
        var authorized: Bool
        var error: Status?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            id = try body.decode(String.self, forKey: "id")
            authorized = try body.decode(Bool.self, forKey: "authorized")
            error = try body.decodeIfPresent(Status.self, forKey: "error")
        }
    }
}

/// M user metadata body.
struct UserMetadataBody: Decodable {
    var encrypted: [String]?
    var data: [String: JSONValue]

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        encrypted = try body.decodeIfPresent([String].self, forKey: "encrypted")
        data = try body.decode([String: JSONValue].self, forKey: "data")
    }
}
