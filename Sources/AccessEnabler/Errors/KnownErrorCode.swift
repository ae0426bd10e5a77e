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

/// The one table of the server error codes the SDK acts on (each spelled once, in
/// ``AccessEnablerError/Code``): what each means to the flows and the
/// action it gets when the server sent none (Adobe's enhanced error codes:
/// https://experienceleague.adobe.com/docs/pass/authentication/auth-features/error-reportn/enhanced-error-codes.html).
/// Every rule that reads a code string asks it; a code it does not list means nothing.
package enum KnownErrorCode {
    struct Entry: Sendable {
        var meaning: ErrorCodeMeaning = []
        var action: Status.Action?
    }

    /// The codes the SDK acts on.
    static let table: [AccessEnablerError.Code: Entry] = {
        var table: [AccessEnablerError.Code: Entry] = [:]
        func add(_ codes: [AccessEnablerError.Code], _ meaning: ErrorCodeMeaning = [], action: Status.Action? = nil) {
            for code in codes { table[code] = Entry(meaning: meaning, action: action) }
        }
        add(
            [
                .authenticationSessionMissing, .authenticationSessionExpired, .authenticationSessionInvalidated,
                .authenticatedProfileMissing, .authenticatedProfileExpired, .authenticatedProfileInvalidated,
                .preauthorizationAuthenticationSessionMissing, .preauthorizationAuthenticationSessionExpired,
            ], .sessionGone, action: .authentication)
        add(
            [.authorizationDeniedByHBAPolicies, .authorizationDeniedBySessionInvalidated], .denied,
            action: .authentication)
        add(
            [
                .identityNotRecognizedByMVPD, .temporaryAccessDurationLimitExceeded,
                .temporaryAccessResourcesLimitExceeded, .authenticationSessionIssuerMismatch,
            ], action: .authentication)
        add(
            [
                .authorizationDeniedByMVPD, .authorizationDeniedByParentalControls,
                .authorizationDeniedByDegradationRule, .preauthorizationDeniedByMVPD,
            ], .denied)
        add([.authorizationNotFound, .authorizationExpired], .authorizationGone, action: .authorization)
        add([.tooManyResources, .unknownIntegration], action: .configuration)
        add([.networkReceivedError, .networkConnectionTimeout, .maximumExecutionTimeExceeded], action: .retry)
        add(
            [.invalidAccessTokenServiceProvider, .invalidAccessTokenClientApplication],
            action: .applicationRegistration)
        add([.invalidParameterSAMLResponse], .partnerRejected)
        // Adobe's catalogue names no code for AD-Service-Token; the SDK's name follows its header codes
        // (`invalid_header_device_info`, `…_identity_for_temporary_access`): 400, action none.
        add([.invalidHeaderServiceToken], .serviceTokenRefused)
        return table
    }()

    /// Families of codes Adobe names by a common prefix, for the members added after this table:
    /// `invalid_header_pfs_…` (the partner framework status) and `authorization_denied_by_…`.
    static let families: [(prefix: String, meaning: ErrorCodeMeaning)] = [
        ("invalid_header_pfs_", .partnerRejected), ("authorization_denied_by_", .denied),
    ]

    /// What `code` means to the SDK (empty for a code it does not act on).
    package static func meaning(of code: AccessEnablerError.Code) -> ErrorCodeMeaning {
        if let entry = table[code] { return entry.meaning }
        return families.first { code.rawValue.hasPrefix($0.prefix) }?.meaning ?? []
    }

    /// The documented action of a code the server sent without one.
    static func defaultAction(of code: AccessEnablerError.Code) -> Status.Action? {
        table[code]?.action
    }
}

extension AccessEnablerError {
    /// What the error's code means to the SDK's flows. The code alone decides: a rule about the
    /// server's answers also checks ``isFromSDK`` (`authorization_not_found` is both the
    /// server's code and the SDK's own for its cache).
    package var meaning: ErrorCodeMeaning { KnownErrorCode.meaning(of: code) }
}
