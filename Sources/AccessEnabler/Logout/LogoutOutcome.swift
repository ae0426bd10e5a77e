/// What a ``AccessEnabler/logout(presenter:)`` did beyond signing the viewer out on this device.
///
/// The same facts are emitted as events for observers; the outcome belongs to the caller, so two
/// flows running at once never read each other's results.
public struct LogoutOutcome: Sendable, Equatable {
    /// The MVPDs whose profiles came from Apple's TV Provider, in the server's order: guide the
    /// viewer to the system's TV Provider settings to sign out there too (each was also emitted as
    /// ``EntitlementEvent/partnerLogoutRequired(mvpdID:)``).
    public var partnerLogoutMVPDIDs: [String]
    /// Why the server or browser step failed, when it did; the local logout happened anyway (also
    /// emitted as ``EntitlementEvent/logoutIncomplete(_:)``).
    public var incompleteError: AccessEnablerError?

    /// Creates an outcome.
    public init(partnerLogoutMVPDIDs: [String] = [], incompleteError: AccessEnablerError? = nil) {
        self.partnerLogoutMVPDIDs = partnerLogoutMVPDIDs
        self.incompleteError = incompleteError
    }
}
