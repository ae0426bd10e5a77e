import Foundation

/// A snapshot of a device's server-side authentication, for assertions.
public struct EmulatorSession: Sendable, Hashable {
    /// The MVPD the viewer signed in with.
    public var mvpd: String
    /// The user ID.
    public var userID: String
    /// When the authentication was created.
    public var created: Date
    /// When it expires.
    public var expires: Date
    /// Whether it is a TempPass.
    public var isTempPass: Bool
    /// The `generic_data` sent when it was created, if any.
    public var genericData: String?
}

extension EmulatorSession {
    init(_ session: AuthNSession) {
        self.init(mvpd: session.mvpd, userID: session.userID, created: session.created, expires: session.expires,
                  isTempPass: session.isTempPass, genericData: session.genericData)
    }
}
