extension AccessEnablerError {
    /// An Adobe Pass error code: the `code` of an enhanced error, as the server sends it or the
    /// SDK produces it (for example `authorization_denied_by_mvpd`).
    ///
    /// An open set: every code the SDK produces or Adobe's enhanced error codes name is a static
    /// member, and a code the server adds later is kept as it was sent (``rawValue``), so it still
    /// round-trips. A string literal is a code:
    ///
    /// ```swift
    /// switch error.code {
    /// case .authorizationDeniedByParentalControls: showParentalControlsHelp()
    /// case "a_code_added_later": handleNewCode()
    /// default: showGenericError(error)
    /// }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The code as sent, for example `authentication_session_missing`.
        public let rawValue: String

        /// Creates a code from its wire value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a code from a string literal.
        public init(stringLiteral value: String) { self.init(rawValue: value) }

        public var description: String { rawValue }
    }
}

// MARK: - Codes the SDK produces (status 0)

extension AccessEnablerError.Code {
    /// `setRequestor` has not completed. ``AccessEnablerError/requestorNotConfigured``.
    public static let requestorNotConfigured = Self(rawValue: "requestor_not_configured")
    /// The local authentication session has expired. ``AccessEnablerError/authenticationSessionExpired``.
    public static let authenticationSessionExpired = Self(rawValue: "authentication_session_expired")
    /// There is no local authentication session. ``AccessEnablerError/authenticationSessionMissing``.
    public static let authenticationSessionMissing = Self(rawValue: "authentication_session_missing")
    /// No DCR access token could be obtained. ``AccessEnablerError/accessTokenUnavailable``.
    public static let accessTokenUnavailable = Self(rawValue: "access_token_unavailable")
    /// The server answered with a body the SDK cannot read. ``AccessEnablerError/serverResponseFormatUnknown``.
    public static let serverResponseFormatUnknown = Self(rawValue: "server_response_format_unknown")
    /// The request did not reach the server or no answer came back. ``AccessEnablerError/networkError``.
    public static let networkError = Self(rawValue: "network_error")
    /// The viewer did not pick a TV provider. ``AccessEnablerError/providerNotSelected``.
    public static let providerNotSelected = Self(rawValue: "provider_not_selected")
    /// The chosen MVPD is not offered by the configuration. ``AccessEnablerError/providerNotAvailable``.
    public static let providerNotAvailable = Self(rawValue: "provider_not_available")
    /// The presenter failed. ``AccessEnablerError/presentationFailed``.
    public static let presentationFailed = Self(rawValue: "presentation_failed")
    /// The login ended at a URL that is not the redirect URL. ``AccessEnablerError/invalidRedirectURL``.
    public static let invalidRedirectURL = Self(rawValue: "invalid_redirect_url")
    /// A login or logout page URL cannot be shown. ``AccessEnablerError/invalidPageURL``.
    public static let invalidPageURL = Self(rawValue: "invalid_page_url")
    /// The app does not register its `adbe.` URL scheme. ``AccessEnablerError/appSchemeNotRegistered``.
    public static let appSchemeNotRegistered = Self(rawValue: "app_scheme_not_registered")
    /// A service provider URL is not usable. ``AccessEnablerError/invalidServiceProvider``.
    public static let invalidServiceProvider = Self(rawValue: "invalid_service_provider")
    /// An argument was empty or malformed. ``AccessEnablerError/invalidArgument``.
    public static let invalidArgument = Self(rawValue: "invalid_argument")
    /// There is no authorization for the resource (the SDK's cache, or the server's 404). ``AccessEnablerError/authorizationNotFound``.
    public static let authorizationNotFound = Self(rawValue: "authorization_not_found")
    /// The token storage could not be read or written. ``AccessEnablerError/storageFailure``.
    public static let storageFailure = Self(rawValue: "storage_failure")
    /// The second-screen code expired. ``AccessEnablerError/authenticationCodeExpired``.
    public static let authenticationCodeExpired = Self(rawValue: "authentication_code_expired")
    /// A newer second-screen sign-in replaced this one. ``AccessEnablerError/authenticationCodeReplaced``.
    public static let authenticationCodeReplaced = Self(rawValue: "authentication_code_replaced")
    /// Second-screen sign-in was asked for on REST API v1. ``AccessEnablerError/secondScreenNotSupported``.
    public static let secondScreenNotSupported = Self(rawValue: "second_screen_not_supported")
}

// MARK: - Codes the server sends

/// Adobe's enhanced error codes (REST API v2, REST API v1 and the preauthorize API).
extension AccessEnablerError.Code {
    /// The authentication session was invalidated.
    public static let authenticationSessionInvalidated = Self(rawValue: "authentication_session_invalidated")
    /// The authentication session was issued for another MVPD or service provider.
    public static let authenticationSessionIssuerMismatch = Self(rawValue: "authentication_session_issuer_mismatch")
    /// There is no authenticated profile.
    public static let authenticatedProfileMissing = Self(rawValue: "authenticated_profile_missing")
    /// The authenticated profile has expired.
    public static let authenticatedProfileExpired = Self(rawValue: "authenticated_profile_expired")
    /// The authenticated profile was invalidated.
    public static let authenticatedProfileInvalidated = Self(rawValue: "authenticated_profile_invalidated")
    /// The authentication session is missing, invalid or expired.
    public static let invalidAuthenticationSession = Self(rawValue: "invalid_authentication_session")
    /// The MVPD does not recognize the viewer's identity.
    public static let identityNotRecognizedByMVPD = Self(rawValue: "identity_not_recognized_by_mvpd")
    /// The MVPD denied the authorization.
    public static let authorizationDeniedByMVPD = Self(rawValue: "authorization_denied_by_mvpd")
    /// Parental controls denied the authorization.
    public static let authorizationDeniedByParentalControls = Self(
        rawValue: "authorization_denied_by_parental_controls")
    /// A degradation rule denied the authorization.
    public static let authorizationDeniedByDegradationRule = Self(rawValue: "authorization_denied_by_degradation_rule")
    /// The home-based authentication policies denied the authorization.
    public static let authorizationDeniedByHBAPolicies = Self(rawValue: "authorization_denied_by_hba_policies")
    /// The authorization was denied because the session was invalidated.
    public static let authorizationDeniedBySessionInvalidated = Self(
        rawValue: "authorization_denied_by_session_invalidated")
    /// The authorization has expired.
    public static let authorizationExpired = Self(rawValue: "authorization_expired")
    /// The MVPD denied the preauthorization.
    public static let preauthorizationDeniedByMVPD = Self(rawValue: "preauthorization_denied_by_mvpd")
    /// A preauthorization found no authentication session.
    public static let preauthorizationAuthenticationSessionMissing = Self(
        rawValue: "preauthorization_authentication_session_missing")
    /// A preauthorization found the authentication session expired.
    public static let preauthorizationAuthenticationSessionExpired = Self(
        rawValue: "preauthorization_authentication_session_expired")
    /// Too many resources in one preauthorization request.
    public static let tooManyResources = Self(rawValue: "too_many_resources")
    /// The resource is missing.
    public static let missingResource = Self(rawValue: "missing_resource")
    /// The authorization request is malformed.
    public static let malformedAuthzRequest = Self(rawValue: "malformed_authz_request")
    /// The temporary access period is over.
    public static let temporaryAccessDurationLimitExceeded = Self(rawValue: "temporary_access_duration_limit_exceeded")
    /// The temporary access resource limit is reached.
    public static let temporaryAccessResourcesLimitExceeded = Self(
        rawValue: "temporary_access_resources_limit_exceeded")
    /// The requestor is missing or invalid.
    public static let invalidRequestor = Self(rawValue: "invalid_requestor")
    /// The service provider parameter is missing or invalid.
    public static let invalidParameterServiceProvider = Self(rawValue: "invalid_parameter_service_provider")
    /// The MVPD parameter is missing or invalid.
    public static let invalidParameterMVPD = Self(rawValue: "invalid_parameter_mvpd")
    /// The authentication code is missing or invalid.
    public static let invalidCodeParameter = Self(rawValue: "invalid_parameter_code")
    /// The resources parameter is missing or invalid.
    public static let invalidParameterResources = Self(rawValue: "invalid_parameter_resources")
    /// The redirect URL parameter is missing or invalid.
    public static let invalidParameterRedirectURL = Self(rawValue: "invalid_parameter_redirect_url")
    /// The partner parameter is missing or invalid.
    public static let invalidParameterPartner = Self(rawValue: "invalid_parameter_partner")
    /// The partner's SAML response is missing or invalid.
    public static let invalidParameterSAMLResponse = Self(rawValue: "invalid_parameter_saml_response")
    /// The device identifier is missing or invalid.
    public static let invalidDeviceID = Self(rawValue: "invalid_device_id")
    /// The device information is missing or invalid.
    public static let invalidDeviceInfo = Self(rawValue: "invalid_device_info")
    /// The `AP-Device-Identifier` header is missing or invalid.
    public static let invalidHeaderDeviceIdentifier = Self(rawValue: "invalid_header_device_identifier")
    /// The `X-Device-Info` header is missing or invalid.
    public static let invalidHeaderDeviceInfo = Self(rawValue: "invalid_header_device_info")
    /// The `AP-TempPass-Identity` header is invalid.
    public static let invalidHeaderIdentityForTemporaryAccess = Self(
        rawValue: "invalid_header_identity_for_temporary_access")
    /// The `AD-Service-Token` header was refused (Adobe names no code for it; this one follows its header codes).
    public static let invalidHeaderServiceToken = Self(rawValue: "invalid_header_service_token")
    /// The partner framework status says the viewer's permission is not determined.
    public static let invalidHeaderPFSPermissionAccessNotDetermined = Self(
        rawValue: "invalid_header_pfs_permission_access_not_determined")
    /// The partner framework status says the viewer did not grant permission.
    public static let invalidHeaderPFSPermissionAccessNotGranted = Self(
        rawValue: "invalid_header_pfs_permission_access_not_granted")
    /// The partner framework status carries no permission.
    public static let invalidHeaderPFSPermissionAccessNotPresent = Self(
        rawValue: "invalid_header_pfs_permission_access_not_present")
    /// The partner framework's provider is not the one asked for.
    public static let invalidHeaderPFSProviderIDMismatch = Self(rawValue: "invalid_header_pfs_provider_id_mismatch")
    /// The partner framework's provider is not determined.
    public static let invalidHeaderPFSProviderIDNotDetermined = Self(
        rawValue: "invalid_header_pfs_provider_id_not_determined")
    /// The partner framework's provider information has expired.
    public static let invalidHeaderPFSProviderInfoExpired = Self(rawValue: "invalid_header_pfs_provider_info_expired")
    /// The access token is not valid for the service provider.
    public static let invalidAccessTokenServiceProvider = Self(rawValue: "invalid_access_token_service_provider")
    /// The access token is not valid for the client application.
    public static let invalidAccessTokenClientApplication = Self(rawValue: "invalid_access_token_client_application")
    /// The integration of the service provider and the MVPD is unknown.
    public static let unknownIntegration = Self(rawValue: "unknown_integration")
    /// The integration of the service provider and the MVPD is invalid.
    public static let invalidIntegration = Self(rawValue: "invalid_integration")
    /// The platform configuration is invalid.
    public static let invalidConfigurationPlatform = Self(rawValue: "invalid_configuration_platform")
    /// The platform identifier configuration is invalid.
    public static let invalidConfigurationPlatformID = Self(rawValue: "invalid_configuration_platform_id")
    /// The platform category configuration is invalid.
    public static let invalidConfigurationPlatformCategoryTrait = Self(
        rawValue: "invalid_configuration_platform_category_trait")
    /// The platform trait configuration is invalid.
    public static let invalidConfigurationPlatformTrait = Self(rawValue: "invalid_configuration_platform_trait")
    /// The platform services configuration is invalid.
    public static let invalidConfigurationPlatformServices = Self(rawValue: "invalid_configuration_platform_services")
    /// The MVPD's platform configuration is invalid.
    public static let invalidConfigurationMVPDPlatform = Self(rawValue: "invalid_configuration_mvpd_platform")
    /// The MVPD's platform boarding status is invalid.
    public static let invalidConfigurationMVPDPlatformBoardingStatus = Self(
        rawValue: "invalid_configuration_mvpd_platform_boarding_status")
    /// The MVPD's profile exchange configuration is invalid.
    public static let invalidConfigurationMVPDPlatformProfileExchange = Self(
        rawValue: "invalid_configuration_mvpd_platform_profile_exchange")
    /// The temporary access configuration is invalid.
    public static let invalidConfigurationTemporaryAccess = Self(rawValue: "invalid_configuration_temporary_access")
    /// The user metadata certificate configuration is invalid.
    public static let invalidConfigurationUserMetadataCertificate = Self(
        rawValue: "invalid_configuration_user_metadata_certificate")
    /// The server rejected the request as malformed.
    public static let badRequest = Self(rawValue: "bad_request")
    /// The server throttled the device.
    public static let tooManyRequests = Self(rawValue: "too_many_requests")
    /// The server failed.
    public static let internalError = Self(rawValue: "internal_error")
    /// The server failed.
    public static let internalServerError = Self(rawValue: "internal_server_error")
    /// The service provider's call to the MVPD failed.
    public static let networkReceivedError = Self(rawValue: "network_received_error")
    /// The service provider's call to the MVPD timed out.
    public static let networkConnectionTimeout = Self(rawValue: "network_connection_timeout")
    /// The request took longer than the server allows.
    public static let maximumExecutionTimeExceeded = Self(rawValue: "maximum_execution_time_exceeded")
    /// The server answered with a status the protocol does not define for the call (the SDK's code).
    public static let unexpectedResponseStatus = Self(rawValue: "unexpected_response_status")
}
