import Foundation

/// The emulator's partner single sign-on state: which MVPDs a partner signs in, and the partner
/// authentication requests issued and not yet answered.
struct PartnerSSOState: Sendable {
    /// One MVPD's partner setup.
    struct Provider: Sendable, Hashable {
        var partner: String
        var platformMappingID: String
        var boardingStatus: String
    }

    /// A partner authentication request the emulator issued.
    struct IssuedRequest: Sendable, Hashable {
        var key: DeviceKey
        var mvpd: String
        var providerID: String
        var expires: Date
    }

    /// By MVPD ID.
    var providers: [String: Provider] = [:]
    /// Whether the service provider's partner single sign-on configuration is on (off answers
    /// `configuration_fallback`).
    var configurationEnabled = true
    /// By request ID.
    var issued: [String: IssuedRequest] = [:]

    /// The MVPD whose platform mapping ID is `providerID` for `partner`.
    func mvpd(forProvider providerID: String, partner: String) -> String? {
        providers.first { $0.value.platformMappingID == providerID && $0.value.partner == partner }?.key
    }
}
