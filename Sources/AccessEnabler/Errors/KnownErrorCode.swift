/// What a server error code means to the SDK's flows.
package struct ErrorCodeMeaning: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The server no longer knows the authentication the request was sent for: the SDK drops
    /// its local copy.
    package static let sessionGone = ErrorCodeMeaning(rawValue: 1 << 0)
    /// The server no longer has the authorization: the SDK obtains a new one.
    package static let authorizationGone = ErrorCodeMeaning(rawValue: 1 << 1)
    /// The MVPD or one of its rules refused the resource: the viewer is signed in, not entitled.
    package static let denied = ErrorCodeMeaning(rawValue: 1 << 2)
    /// The service provider rejected the partner framework's status or response: partner single
    /// sign-on falls back to the basic flow.
    package static let partnerRejected = ErrorCodeMeaning(rawValue: 1 << 3)
    /// The service provider refused the request's `AD-Service-Token`: the SDK asks the app for
    /// another once.
    package static let serviceTokenRefused = ErrorCodeMeaning(rawValue: 1 << 4)
}

/// The one table of the server error codes the SDK acts on: what each means to the flows and the
/// action it gets when the server sent none (Adobe's enhanced error codes:
/// https://experienceleague.adobe.com/docs/pass/authentication/auth-features/error-reportn/enhanced-error-codes.html).
/// Every rule that reads a code string asks it; a code it does not list means nothing.
package enum KnownErrorCode {
    struct Entry: Sendable {
        var meaning: ErrorCodeMeaning = []
        var action: Status.Action?
    }

    /// This SDK's name for a refused `AD-Service-Token` (Adobe's catalogue names none): a 400 with
    /// it, to a request that carried the token, is taken as the refusal.
    package static let serviceTokenRefused = "invalid_header_service_token"

    /// The codes, exactly as the server sends them.
    static let table: [String: Entry] = {
        var table: [String: Entry] = [:]
        func add(_ codes: [String], _ meaning: ErrorCodeMeaning = [], action: Status.Action? = nil) {
            for code in codes { table[code] = Entry(meaning: meaning, action: action) }
        }
        add(
            [
                "authentication_session_missing", "authentication_session_expired",
                "authentication_session_invalidated", "authenticated_profile_missing", "authenticated_profile_expired",
                "authenticated_profile_invalidated", "preauthorization_authentication_session_missing",
                "preauthorization_authentication_session_expired",
            ], .sessionGone, action: .authentication)
        add(
            ["authorization_denied_by_hba_policies", "authorization_denied_by_session_invalidated"], .denied,
            action: .authentication)
        add(
            [
                "identity_not_recognized_by_mvpd", "temporary_access_duration_limit_exceeded",
                "temporary_access_resources_limit_exceeded", "authentication_session_issuer_mismatch",
            ], action: .authentication)
        add(
            [
                "authorization_denied_by_mvpd", "authorization_denied_by_parental_controls",
                "authorization_denied_by_degradation_rule", "preauthorization_denied_by_mvpd",
            ], .denied)
        add(["authorization_not_found", "authorization_expired"], .authorizationGone, action: .authorization)
        add(["too_many_resources", "unknown_integration"], action: .configuration)
        add(
            ["network_received_error", "network_connection_timeout", "maximum_execution_time_exceeded"], action: .retry)
        add(
            ["invalid_access_token_service_provider", "invalid_access_token_client_application"],
            action: .applicationRegistration)
        add(["invalid_parameter_saml_response"], .partnerRejected)
        // Adobe's catalogue names no code for AD-Service-Token; the SDK's name follows its header codes
        // (`invalid_header_device_info`, `…_identity_for_temporary_access`): 400, action none.
        add([serviceTokenRefused], .serviceTokenRefused)
        return table
    }()

    /// Families of codes Adobe names by a common prefix, for the members added after this table:
    /// `invalid_header_pfs_…` (the partner framework status) and `authorization_denied_by_…`.
    static let families: [(prefix: String, meaning: ErrorCodeMeaning)] = [
        ("invalid_header_pfs_", .partnerRejected), ("authorization_denied_by_", .denied),
    ]

    /// What `code` means to the SDK (empty for a code it does not act on).
    package static func meaning(of code: String) -> ErrorCodeMeaning {
        if let entry = table[code] { return entry.meaning }
        return families.first { code.hasPrefix($0.prefix) }?.meaning ?? []
    }

    /// The documented action of a code the server sent without one.
    static func defaultAction(of code: String) -> Status.Action? {
        table[code]?.action
    }
}

extension AccessEnablerError {
    /// What the error's code means to the SDK's flows. The code alone decides: a rule about the
    /// server's answers also checks ``isFromSDK`` (`authorization_not_found` is both the
    /// server's code and the SDK's own for its cache).
    package var meaning: ErrorCodeMeaning { KnownErrorCode.meaning(of: code) }
}
