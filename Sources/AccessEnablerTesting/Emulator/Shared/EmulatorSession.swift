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
    /// Whether an authenticate-all degradation rule created it (REST v2, no MVPD login).
    public var isDegraded: Bool
    /// The `generic_data` (v1) or decoded `AP-TempPass-Identity` (v2) sent when it was created,
    /// if any.
    public var genericData: String?
}

extension EmulatorSession {
    init(_ session: AuthNSession) {
        self.init(
            mvpd: session.mvpd, userID: session.userID, created: session.created, expires: session.expires,
            isTempPass: session.isTempPass, isDegraded: session.isDegraded, genericData: session.genericData)
    }
}
