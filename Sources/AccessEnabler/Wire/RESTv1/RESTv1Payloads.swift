import Foundation

// Success bodies of REST API v1 (https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/legacy/rest-api-v1/rest-api-reference).
// Only what the SDK relies on is required;
// unknown fields are ignored.

/// The body of `GET /api/v1/config/{requestor}`: the requestor and its MVPDs.
struct ConfigurationBody: Decodable {
    var requestor: Requestor
    /// Some servers list the MVPDs at the top level instead (REST API v2 table).
    var mvpds: [MVPDBody]?

    struct Requestor: Decodable {
        var id: NonEmptyString
        var name: String?
        var domains: [Domain]?
        var mvpds: [MVPDBody]?
    }

    struct Domain: Decodable {
        var name: String
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
}

/// Z1 authorization body.
struct AuthorizationBody: Decodable {
    var resource: String?
    var mvpd: String?
    var expires: EpochMilliseconds
}

/// Z2 short media token body.
struct MediaTokenBody: Decodable {
    var resource: String?
    var serializedToken: NonEmptyString
    var expires: EpochMilliseconds
    var userId: String?
    var mvpdId: String?
    var requestor: String?
}

/// P preauthorize body.
struct PreauthorizeBody: Decodable {
    var resources: [Item]

    struct Item: Decodable {
        var id: String
        var authorized: Bool
        var error: Status?
    }
}

/// M user metadata body.
struct UserMetadataBody: Decodable {
    var encrypted: [String]?
    var data: [String: JSONValue]
}
