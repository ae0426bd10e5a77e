import Foundation

/// Builds short media tokens: Base64 of the legacy `shortAuthorizationToken` XML, unsigned.
enum MediaTokenFactory {
    struct Token: Sendable {
        var serialized: String
        var expires: Date
        var sessionGUID: String
    }

    /// A new token; every call has its own session GUID, so no two tokens are equal.
    static func make(requestor: String, resource: String, mvpd: String, issued: Date, ttl: TimeInterval) -> Token {
        let guid = RandomIdentifier.uuid()
        // Saturating: a scenario may set an absurd TTL to test how clients cope with "never".
        let ttlMilliseconds = Int64(saturating: (ttl * 1000).rounded())
        let xml =
            "<signatureInfo>pass-emulator-unsigned</signatureInfo>"
            + "<shortAuthorizationToken>"
            + MarkupEscaping.element("sessionGUID", guid)
            + MarkupEscaping.element("requestorID", requestor)
            + MarkupEscaping.element("resourceID", resource)
            + MarkupEscaping.element("ttl", String(ttlMilliseconds))
            + MarkupEscaping.element("issueTime", String(issued.epochMilliseconds))
            + MarkupEscaping.element("mvpdId", mvpd)
            + "<proxyMvpdId/>"
            + "</shortAuthorizationToken>"
        return Token(
            serialized: Data(xml.utf8).base64EncodedString(), expires: issued.addingTimeInterval(ttl),
            sessionGUID: guid)
    }
}
