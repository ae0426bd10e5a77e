import Foundation

/// A short media token: proof for the player that the viewer may play `resource` now.
///
/// One-time use and short-lived; the SDK never caches it. Its description and mirror redact the
/// serialized token, so printing or dumping a `MediaToken` does not leak it.
public struct MediaToken: Sendable, Hashable {
    /// The resource the token is for.
    public var resource: String
    /// The serialized (Base64) token to hand to the player or the Media Token Verifier.
    public var serializedToken: String
    /// When the token expires.
    public var expires: Date
    /// The MVPD that authorized the resource.
    public var mvpdID: String
    /// The (scrambled) user ID.
    public var userID: String
    /// The requestor.
    public var requestor: String

    /// Creates a media token.
    public init(
        resource: String, serializedToken: String, expires: Date, mvpdID: String, userID: String,
        requestor: String
    ) {
        self.resource = resource
        self.serializedToken = serializedToken
        self.expires = expires
        self.mvpdID = mvpdID
        self.userID = userID
        self.requestor = requestor
    }
}

extension MediaToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "MediaToken(resource: \(resource), mvpd: \(mvpdID), expires: \(expires), serializedToken: <redacted>)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "resource": resource, "serializedToken": "<redacted>", "expires": expires,
                "mvpdID": mvpdID, "userID": userID, "requestor": requestor,
            ])
    }
}
