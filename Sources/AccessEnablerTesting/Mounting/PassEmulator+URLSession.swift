import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension PassEmulator {
    /// A `URLSession` configuration whose requests are answered by `emulators` in process.
    ///
    /// Built from a copy of `base`, with ``PassEmulatorURLProtocol`` installed first, a routing ID
    /// unique to this configuration (so parallel tests stay apart), a private cookie store, and no
    /// URL cache. Requests for origins none of the emulators serve fail with `cannotFindHost`.
    public static func makeURLSessionConfiguration(
        routing emulators: [PassEmulator],
        base: URLSessionConfiguration = .ephemeral
    ) -> URLSessionConfiguration {
        let configuration = (base.copy() as? URLSessionConfiguration) ?? base
        let routingID = EmulatorRegistry.register(emulators)
        configuration.protocolClasses = [PassEmulatorURLProtocol.self] + (configuration.protocolClasses ?? [])
        var headers = configuration.httpAdditionalHeaders ?? [:]
        headers[PassEmulatorURLProtocol.routingHeaderName] = routingID
        configuration.httpAdditionalHeaders = headers

        if let cookies = URLSessionConfiguration.ephemeral.httpCookieStorage {
            for host in Set(emulators.compactMap { $0.baseURL.host?.lowercased() }) {
                if let cookie = HTTPCookie(properties: [
                    .name: PassEmulatorURLProtocol.routingCookieName, .value: routingID, .domain: host, .path: "/",
                ]) {
                    cookies.setCookie(cookie)
                }
            }
            configuration.httpCookieStorage = cookies
        }
        configuration.httpShouldSetCookies = true
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// A `URLSession` configuration whose requests are answered by this emulator.
    public nonisolated func makeURLSessionConfiguration(
        base: URLSessionConfiguration = .ephemeral
    ) -> URLSessionConfiguration {
        Self.makeURLSessionConfiguration(routing: [self], base: base)
    }
}
