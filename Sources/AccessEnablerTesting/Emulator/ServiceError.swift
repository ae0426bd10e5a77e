import Foundation

/// A REST v1 error the emulator answers with: rendered as the enhanced error object when enhanced
/// error reporting is on, else as the plain `{status, message, details}` form.
struct ServiceError: Error, Sendable {
    var status: Int
    var code: String
    var message: String
    var details: String?
    var action: String

    /// Adobe's help page for enhanced error codes.
    static let helpURL =
        "https://experienceleague.adobe.com/docs/pass/authentication/auth-features/error-reportn/enhanced-error-codes.html"

    static func invalidRequestor(_ details: String? = nil) -> ServiceError {
        ServiceError(
            status: 400, code: "invalid_requestor", message: "The requestor parameter is missing or invalid.",
            details: details, action: "none")
    }

    static let invalidDeviceID = ServiceError(
        status: 400, code: "invalid_device_id", message: "The deviceId parameter is missing or invalid.",
        action: "none")

    static let invalidDeviceInfo = ServiceError(
        status: 400, code: "invalid_device_info", message: "The device information is missing or invalid.",
        action: "none")

    static let missingResource = ServiceError(
        status: 400, code: "missing_resource", message: "The resource parameter is missing.", action: "none")

    static func badRequest(_ details: String) -> ServiceError {
        ServiceError(status: 400, code: "internal_error", message: "Bad request", details: details, action: "none")
    }

    static func unknownIntegration(_ details: String) -> ServiceError {
        ServiceError(
            status: 400, code: "unknown_integration",
            message: "There is no integration between the requestor and the MVPD.", details: details,
            action: "configuration")
    }

    static let methodNotAllowed = ServiceError(
        status: 405, code: "internal_error", message: "Method not allowed", action: "none")

    static let notFound = ServiceError(status: 404, code: "internal_error", message: "Not Found", action: "none")

    static let invalidAccessToken = ServiceError(
        status: 401, code: "invalid_access_token_client_application",
        message: "The access token is missing, invalid or expired. Obtain a new access token.",
        action: "application-registration")

    /// No or expired authentication, with the status and codes of the route that asked.
    static func authentication(_ lookup: AuthNLookup, status: Int = 412, preauthorization: Bool = false)
        -> ServiceError
    {
        let expired: Bool
        if case .expired = lookup { expired = true } else { expired = false }
        let prefix = preauthorization ? "preauthorization_" : ""
        let code = prefix + (expired ? "authentication_session_expired" : "authentication_session_missing")
        let message: String
        switch status {
        case 404: message = "Not Found"
        case 410: message = "Gone"
        default: message = "User not authenticated"
        }
        return ServiceError(status: status, code: code, message: message, action: "authentication")
    }

    static func authorizationDenied(_ details: String?) -> ServiceError {
        ServiceError(
            status: 403, code: "authorization_denied_by_mvpd", message: "User not authorized",
            details: details, action: "none")
    }

    static let authorizationNotFound = ServiceError(
        status: 404, code: "authorization_not_found", message: "Not Found", action: "authorization")

    static let authorizationExpired = ServiceError(
        status: 410, code: "authorization_expired", message: "Gone", action: "authorization")

    static func tooManyResources(limit: Int) -> ServiceError {
        ServiceError(
            status: 403, code: "too_many_resources", message: "Too many resources",
            details: "At most \(limit) resources may be preauthorized in one request.",
            action: "configuration")
    }

    static let temporaryAccessExpired = ServiceError(
        status: 400, code: "temporary_access_duration_limit_exceeded",
        message: "The temporary access duration limit has been exceeded.", action: "authentication")

    static let userMetadataNotFound = ServiceError(
        status: 404, code: "user_metadata_not_found", message: "Not Found",
        details: "The MVPD shares no metadata for this user.", action: "none")
}

// MARK: - REST API v2 (always rendered as enhanced error objects; codes from Adobe's v2 catalogue)

extension ServiceError {
    static let invalidServiceProvider = ServiceError(
        status: 400, code: "invalid_parameter_service_provider",
        message: "The service provider parameter value is missing or invalid.", action: "none")

    static func invalidMVPD(_ details: String? = nil) -> ServiceError {
        ServiceError(
            status: 400, code: "invalid_parameter_mvpd", message: "The mvpd parameter value is missing or invalid.",
            details: details, action: "none")
    }

    static func invalidIntegration(serviceProvider: String, mvpd: String) -> ServiceError {
        ServiceError(
            status: 400, code: "invalid_integration",
            message: "The integration between the service provider and the MVPD is missing or disabled.",
            details: "\(serviceProvider) does not offer \(mvpd).", action: "none")
    }

    /// Not in Adobe's catalogue (which has no code for the domain): named like the other
    /// `invalid_parameter_*` codes.
    static let invalidDomainName = ServiceError(
        status: 400, code: "invalid_parameter_domain_name",
        message: "The domainName parameter value is not a domain registered for the service provider.",
        action: "none")

    static let invalidRedirectURL = ServiceError(
        status: 400, code: "invalid_parameter_redirect_url",
        message: "The redirect URL parameter value is missing or invalid.", action: "none")

    static func invalidResources(_ details: String) -> ServiceError {
        ServiceError(
            status: 400, code: "invalid_parameter_resources",
            message: "The resources parameter value is missing or invalid.", details: details,
            action: "none")
    }

    static let invalidHeaderDeviceInfo = ServiceError(
        status: 400, code: "invalid_header_device_info",
        message: "The device information header value is missing or invalid.", action: "none")

    static let invalidHeaderDeviceIdentifier = ServiceError(
        status: 400, code: "invalid_header_device_identifier",
        message: "The device identifier header value is missing or invalid.", action: "none")

    static let invalidTempPassIdentity = ServiceError(
        status: 400, code: "invalid_header_identity_for_temporary_access",
        message: "The identity for temporary access header value is missing or invalid.", action: "none")

    /// A refused `AD-Service-Token`. Adobe's catalogue names no code for this header; this one
    /// follows its other header codes (400, action `none`).
    static func invalidServiceToken(_ details: String) -> ServiceError {
        ServiceError(
            status: 400, code: "invalid_header_service_token",
            message: "The service token header value is missing or invalid.", details: details, action: "none")
    }

    static let invalidCodeParameter = ServiceError(
        status: 400, code: "invalid_parameter_code",
        message: "The authentication code is missing or invalid.", action: "none")

    static let invalidAuthenticationSession = ServiceError(
        status: 400, code: "invalid_authentication_session",
        message: "The authentication session is missing, invalid or expired.", action: "none")

    static let authenticatedProfileMissing = ServiceError(
        status: 403, code: "authenticated_profile_missing",
        message: "The authenticated profile is missing.", action: "authentication")

    static let authenticatedProfileExpired = ServiceError(
        status: 403, code: "authenticated_profile_expired",
        message: "The authenticated profile has expired.", action: "authentication")

    static func tooManyResourcesV2(limit: Int) -> ServiceError {
        ServiceError(
            status: 403, code: "too_many_resources",
            message: "The request contains too many resources.",
            details: "At most \(limit) resources may be sent in one request.", action: "configuration")
    }

    static let temporaryAccessDurationLimitExceeded = ServiceError(
        status: 403, code: "temporary_access_duration_limit_exceeded",
        message: "The temporary access duration limit has been exceeded.", action: "authentication")

    static func preauthorizationDeniedByMVPD(_ details: String?) -> ServiceError {
        ServiceError(
            status: 403, code: "preauthorization_denied_by_mvpd",
            message:
                #"The MVPD has returned a "Deny" decision when requesting pre-authorization for the specified resource."#,
            details: details, action: "none")
    }

    static func authorizationDeniedByMVPD(_ details: String?) -> ServiceError {
        ServiceError(
            status: 403, code: "authorization_denied_by_mvpd",
            message:
                #"The MVPD has returned a "Deny" decision when requesting authorization for the specified resource."#,
            details: details, action: "none")
    }

    static let authorizationDeniedByDegradationRule = ServiceError(
        status: 403, code: "authorization_denied_by_degradation_rule",
        message: "The integration has an AuthZNone rule applied for the requested resources", action: "none")

    /// A query or form parameter longer than the emulator takes
    /// (``PassEmulator/maximumParameterLength``): REST v1's generic 400, or REST v2's `bad_request`.
    static func parameterTooLong(_ name: String, limit: Int, v2: Bool) -> ServiceError {
        let details = "The parameter \(name) is longer than \(limit) characters."
        guard v2 else { return badRequest(details) }
        return ServiceError(
            status: 400, code: "bad_request", message: "The request carries a parameter that is too long.",
            details: details, action: "none")
    }

    /// A header or parameter the call's page does not list (strict mode). The v2 catalogue has
    /// no code for it; `bad_request` is the one Adobe answers a malformed SDK request with. Only
    /// the name is echoed: values can be secrets.
    static func undocumented(_ kind: String, _ name: String, of route: EmulatorRoute) -> ServiceError {
        ServiceError(
            status: 400, code: "bad_request", message: "The request carries a \(kind) the API does not accept.",
            details: "\(name) is not a request \(kind) of \(route.endpointDescription); send only the "
                + "headers and parameters Adobe's API reference lists for it.",
            action: "none")
    }

    /// v2 has no code for a wrong method; its generic server code stands in.
    static let methodNotAllowedV2 = ServiceError(
        status: 405, code: "internal_server_error", message: "Method not allowed", action: "none")

    static let notFoundV2 = ServiceError(
        status: 404, code: "internal_server_error", message: "Not Found", action: "none")
}

/// An OAuth-style DCR error: `{"error": code, "error_description"?}`.
struct OAuthError: Error, Sendable {
    var status: Int = 400
    var error: String
    var description: String?
}
