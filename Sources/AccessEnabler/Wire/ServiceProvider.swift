import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Whether `host` is the loopback interface, decided from the parsed address, never from a
    /// name's prefix: `localhost` exactly, an IPv4 address of 127.0.0.0/8 in dotted decimal,
    /// `::1`, or an IPv4-mapped IPv6 address of 127.0.0.0/8 (`::ffff:127.0.0.1`).
    ///
    /// Other spellings are refused even where a resolver might read them as 127.0.0.1 (decimal,
    /// hex or octal IPv4, leading zeros, a trailing dot, `localhost.<domain>`): a name goes to DNS,
    /// and an ambiguous address may not be what it looks like. `inet_pton` accepts only the
    /// canonical forms on every platform.
    static func isLoopback(_ host: String) -> Bool {
        var bare = Substring(host.lowercased())
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        if bare == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, String(bare), &ipv4) == 1 {
            return withUnsafeBytes(of: &ipv4) { $0[0] == 127 }
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, String(bare), &ipv6) == 1 else { return false }
        return withUnsafeBytes(of: &ipv6) { bytes in
            let loopback = bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            let mappedLoopback =
                bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                && bytes[12] == 127
            return loopback || mappedLoopback
        }
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

    /// Resolves `location` (absolute, or relative to this service provider), encoding what needs
    /// it first so that every platform parses it alike (``ExternalURL``).
    func resolve(_ location: String) -> URL? {
        ExternalURL.resolve(location, against: URL(string: origin + "/") ?? baseURL)
    }
}
