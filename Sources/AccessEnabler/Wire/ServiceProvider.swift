import Foundation

/// One Adobe Pass service provider: an origin every wire path is relative to.
struct ServiceProvider: Sendable, Hashable {
    /// The base URL, without a trailing slash.
    let baseURL: URL
    /// A stable key for the records of this service provider (scheme, host, port, path).
    let origin: String

    /// Validates `url`: HTTPS, or plain HTTP for a loopback host only; no query, no credentials.
    init(_ url: URL) throws(AccessEnablerError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased(), !host.isEmpty,
            components.query == nil, components.user == nil, components.password == nil
        else { throw AccessEnablerError.invalidServiceProvider }
        switch scheme {
        case "https": break
        case "http":
            guard Self.isLoopback(host) else { throw AccessEnablerError.invalidServiceProvider }
        default:
            throw AccessEnablerError.invalidServiceProvider
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let port = components.port.map { ":\($0)" } ?? ""
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let base = "\(scheme)://\(hostPart)\(port)\(path)"
        guard let baseURL = URL(string: base) else { throw AccessEnablerError.invalidServiceProvider }
        self.baseURL = baseURL
        self.origin = base
    }

    /// `ServiceProvider(url)`, remembered: every entitlement call names its service provider by
    /// the URL stored with the session, and validating it again each time showed up on the
    /// network path. Only valid URLs are remembered, and only a few (apps use one to three).
    static func validated(_ url: URL) throws(AccessEnablerError) -> ServiceProvider {
        if let known = validatedProviders.withLock({ $0[url] }) { return known }
        let provider = try ServiceProvider(url)
        validatedProviders.withLock { providers in
            if providers.count >= 16 { providers.removeAll() }
            providers[url] = provider
        }
        return provider
    }

    private static let validatedProviders = LockedValue<[URL: ServiceProvider]>([:])

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare == "127.0.0.1" || bare.hasPrefix("127.")
    }

    /// `path` (already percent-encoded, starting with `/`) with the query `items`, in order.
    /// `rawQuery` is appended as given (already encoded), after `items`.
    func url(_ path: String, query items: [(String, String)] = [], rawQuery: String? = nil) -> URL {
        var text = origin + path
        var query = PercentEncoding.query(items)
        if let rawQuery, !rawQuery.isEmpty { query += query.isEmpty ? rawQuery : "&" + rawQuery }
        if !query.isEmpty { text += "?" + query }
        // Every part was encoded above, so this cannot fail for a valid origin.
        return URL(string: text) ?? baseURL
    }

    /// Resolves `location` (absolute, or relative to this service provider).
    func resolve(_ location: String) -> URL? {
        if let absolute = URL(string: location), absolute.scheme != nil { return absolute }
        return URL(string: location, relativeTo: URL(string: origin + "/"))?.absoluteURL
    }
}
