extension AccessEnabler {
    /// Forgets the service token the SDK holds (REST API v2 single sign-on across devices): the
    /// next request whose page lists `AD-Service-Token` asks
    /// ``Configuration/serviceTokenProvider`` again (``ServiceTokenReason/initial``).
    ///
    /// Call it when the viewer signs out of your identity service or switches accounts, so the
    /// SDK stops sending a token it got before; nothing else changes (a sign-in stays).
    public func discardServiceToken() async {
        await serviceTokens?.discard()
    }
}
