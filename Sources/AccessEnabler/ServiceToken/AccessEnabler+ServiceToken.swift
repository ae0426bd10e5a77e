import Foundation

extension AccessEnabler {
    /// Forgets the service token the SDK holds (REST API v2 single sign-on across devices): the
    /// next request whose page lists `AD-Service-Token` asks
    /// ``Configuration/serviceTokenProvider`` again (``ServiceTokenReason/initial``).
    ///
    /// Call it when the viewer signs out of your identity service or switches accounts, so the
    /// SDK stops sending a token it got before; nothing else changes (a sign-in stays).
    public func discardServiceToken() async {
        await serviceTokens.discard()
    }

    /// The legacy adapter's `setOptions:` key `serviceToken`: `value` is sent as
    /// `AD-Service-Token` from now on, as it is, until the next call replaces it (nil or empty:
    /// none). No provider is asked and nothing is done per request beyond reading it. A
    /// ``Configuration/serviceTokenProvider`` wins; REST API v1 has no such header. A value that
    /// is not a compact JWS is not sent. Each case is logged, never the value.
    package nonisolated func setGivenServiceToken(_ value: String?) {
        if serviceTokens.hasProvider {
            log.info("setOptions serviceToken is not used: the configuration's serviceTokenProvider gives the token")
            return
        }
        guard configuration.backend == .restV2 else {
            log.info("setOptions serviceToken is not used: REST API v1 has no AD-Service-Token")
            return
        }
        guard let text = value?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            serviceTokens.give(nil)
            return
        }
        guard let token = ServiceToken(text) else {
            log.error("service token: the app's is not a compact JWS (three Base64URL parts); none sent")
            serviceTokens.give(nil)
            return
        }
        if token.hasExpired(at: clock.now, margin: 0) {
            log.info(
                "service token: the one the app gave has expired on the SDK's clock; sent all the same "
                    + "(the service provider's clock decides)")
        }
        serviceTokens.give(token)
    }
}
