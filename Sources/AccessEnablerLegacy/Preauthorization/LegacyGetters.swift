import AccessEnabler

// The getter style of the legacy preauthorize model, beside the Swift properties.

extension PreauthorizeResponse {
    /// The status of a failed call, or nil.
    public func getStatus() -> Status? { status }
    /// One decision per resource; empty when the call failed.
    public func getDecisions() -> [Decision] { decisions }
}

extension Decision {
    /// The resource ID.
    public func getId() -> String { id }
    /// Whether the resource is preauthorized.
    public func isAuthorized() -> Bool { self.isAuthorized }
    /// Why it is not, when reported.
    public func getError() -> Status? { error }
}

extension Status {
    /// The HTTP status, or 0 when the SDK produced the status.
    public func getStatus() -> Int { status }
    /// The error code.
    public func getCode() -> String? { code }
    /// A message that may be shown to the viewer.
    public func getMessage() -> String? { message }
    /// Details from the MVPD or a degradation rule.
    public func getDetails() -> String? { details }
    /// A link to more information.
    public func getHelpUrl() -> String? { helpUrl }
    /// The response identifier for support.
    public func getTrace() -> String? { trace }
    /// The recommended action, as its wire value (`application-registration`, `retry-after`, …).
    public func getAction() -> String? { action?.rawValue }
}
