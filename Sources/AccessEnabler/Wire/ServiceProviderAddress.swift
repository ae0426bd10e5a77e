import Foundation

/// The service-provider addresses of Adobe's legacy SDK, read for the backend in use.
///
/// The legacy iOS SDK's reference writes the default service provider as
/// `http://sp.auth.adobe.com/`, and apps pass forms such as
/// `sp.auth-staging.adobe.com/adobe-services`; Adobe's SDK took them all. The REST APIs are
/// served over HTTPS only, at the root of the host: REST API v2 on the API hosts
/// (`api.auth.adobe.com`, staging `api.auth-staging.adobe.com`), REST API v1 (and its client
/// registration) on either Adobe host. So each of Adobe's hosts, with or without a scheme (`http`
/// or `https`) and with or without the legacy path `/adobe-services`, becomes the HTTPS origin of
/// that environment for the backend: the API host on REST API v2, the same host on REST API v1.
/// Any other address is left as it is, for ``ServiceProvider`` to accept (HTTPS, or HTTP on a
/// loopback host) or refuse.
package enum ServiceProviderAddress {
    /// Adobe's hosts, each with the REST API v2 host of its environment.
    static let restV2Hosts: [String: String] = [
        "sp.auth.adobe.com": "api.auth.adobe.com",
        "api.auth.adobe.com": "api.auth.adobe.com",
        "sp.auth-staging.adobe.com": "api.auth-staging.adobe.com",
        "api.auth-staging.adobe.com": "api.auth-staging.adobe.com",
    ]

    /// The paths the legacy SDK's addresses carry after the host.
    private static let legacyPaths: Set<String> = ["", "/", "/adobe-services", "/adobe-services/"]

    /// The URL of the service provider `address` names on `backend`: for one of Adobe's hosts, the
    /// HTTPS origin described above; for anything else, the address as it is. Nil when it is not
    /// a URL at all.
    package static func url(_ address: String, backend: AccessEnabler.Backend) -> URL? {
        let text = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let host = adobeHost(in: text) else { return URL(string: text) }
        switch backend {
        case .restV2: return URL(string: "https://\(restV2Hosts[host] ?? host)")
        case .restV1: return URL(string: "https://\(host)")
        }
    }

    /// The Adobe host `text` names in one of the legacy forms (lower-cased), else nil: no other
    /// scheme, port, credentials, path, query or fragment.
    static func adobeHost(in text: String) -> String? {
        var rest = Substring(text)
        if let separator = rest.range(of: "://") {
            guard ["http", "https"].contains(rest[..<separator.lowerBound].lowercased()) else { return nil }
            rest = rest[separator.upperBound...]
        }
        let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
        let host = rest[..<pathStart].lowercased()
        guard restV2Hosts[host] != nil, legacyPaths.contains(rest[pathStart...].lowercased()) else { return nil }
        return host
    }
}
