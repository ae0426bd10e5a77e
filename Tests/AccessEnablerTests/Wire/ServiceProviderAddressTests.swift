import Foundation
import Testing
@testable import AccessEnabler

/// The service-provider addresses of Adobe's legacy SDK and its documentation, read for each
/// backend: Adobe's hosts in every form become the HTTPS origin of their environment.
@Suite(.timeLimit(.minutes(3))) struct ServiceProviderAddressTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var address: String
        var restV2: String
        var restV1: String
        var testDescription: String { address }
    }

    static let production = [
        "http://sp.auth.adobe.com/", "https://sp.auth.adobe.com", "sp.auth.adobe.com",
        "sp.auth.adobe.com/adobe-services", "http://sp.auth.adobe.com/adobe-services/",
        "HTTPS://SP.AUTH.ADOBE.COM/adobe-services", " sp.auth.adobe.com/ ",
    ].map { Row(address: $0, restV2: "https://api.auth.adobe.com", restV1: "https://sp.auth.adobe.com") }

    static let staging = [
        "sp.auth-staging.adobe.com/adobe-services", "http://sp.auth-staging.adobe.com/",
        "https://sp.auth-staging.adobe.com/adobe-services",
    ].map {
        Row(address: $0, restV2: "https://api.auth-staging.adobe.com", restV1: "https://sp.auth-staging.adobe.com")
    }

    static let apiHosts = [
        Row(
            address: "http://api.auth.adobe.com/", restV2: "https://api.auth.adobe.com",
            restV1: "https://api.auth.adobe.com"),
        Row(
            address: "api.auth-staging.adobe.com/adobe-services", restV2: "https://api.auth-staging.adobe.com",
            restV1: "https://api.auth-staging.adobe.com"),
    ]

    @Test(arguments: production + staging + apiHosts)
    func adobesAddressesNameTheBackendsHost(row: Row) throws {
        #expect(ServiceProviderAddress.url(row.address, backend: .restV2)?.absoluteString == row.restV2)
        #expect(ServiceProviderAddress.url(row.address, backend: .restV1)?.absoluteString == row.restV1)
        // What the backend then accepts.
        _ = try ServiceProvider(try #require(ServiceProviderAddress.url(row.address, backend: .restV2)))
        _ = try ServiceProvider(try #require(ServiceProviderAddress.url(row.address, backend: .restV1)))
    }

    /// Anything else is left as it is, for the service provider's own checks: other hosts, other
    /// paths, a port, another scheme, credentials, a query.
    @Test(arguments: [
        "https://sp.example.com/prefix", "http://127.0.0.1:8080", "http://sp.auth.adobe.com:8080/",
        "https://sp.auth.adobe.com/other", "ftp://sp.auth.adobe.com", "https://user@sp.auth.adobe.com",
        "https://sp.auth.adobe.com/?x=1", "sp.auth.adobe.com.evil.example/adobe-services",
        "http://sp-prequal.auth.adobe.com/",
    ])
    func otherAddressesAreLeftAsTheyAre(address: String) {
        for backend in AccessEnabler.Backend.allCases {
            #expect(ServiceProviderAddress.url(address, backend: backend) == URL(string: address))
        }
    }

    /// A plain-HTTP address of another host is still refused by the service provider.
    @Test func otherPlainHTTPIsStillRefused() throws {
        let url = try #require(ServiceProviderAddress.url("http://sp.example.com/", backend: .restV2))
        #expect(throws: AccessEnablerError.invalidServiceProvider) { try ServiceProvider(url) }
    }
}
