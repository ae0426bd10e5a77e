import Foundation

/// The one error type of the SDK: every failure carries an enhanced-error ``Status``.
///
/// Server failures carry the server's status (passed through untouched when it has a `code`);
/// failures the SDK detects itself have `status.status == 0`. Compare with the static cases:
///
/// ```swift
/// do { try await enabler.authorize(resource: "news") }
/// catch let error as AccessEnablerError where error == .authorizationDeniedByMVPD {
///     showUpsell(error.status.details)
/// }
/// ```
///
/// Equality compares the ``code`` (an ``AccessEnablerError/Code``), so a case matches whatever
/// status and text came with it. The
/// one code the SDK reports both for its own cache and for the server, `authorization_not_found`,
/// matches ``authorizationNotFound`` either way; ``isFromSDK`` tells the local cache's miss from
/// the server's 404.
/// New codes can be added without breaking callers. Descriptions never contain tokens, secrets,
/// device identifiers or URLs.
public struct AccessEnablerError: Error, Sendable, Hashable {
    // One reference instead of the status's fields inline: an error is a payload of most results
    // and states, and every async frame and enum that can hold one is sized by it (25.6 KB of
    // value-witness and frame code on iOS, docs/performance.md). Only `let`s, written before the
    // error exists anywhere else; the Thread Sanitizer entry in .ci/tsan-suppressions.txt says
    // why its initializer is named there.
    private final class Storage: Sendable {
        let status: Status
        let retryAfter: Duration?
        let underlyingSummary: String?

        init(status: Status, retryAfter: Duration?, underlyingSummary: String?) {
            self.status = status
            self.retryAfter = retryAfter
            self.underlyingSummary = underlyingSummary
        }
    }

    private let storage: Storage

    /// The enhanced error status: HTTP status (0 from the SDK), code, message, details, action.
    public var status: Status { storage.status }
    /// How long the server asked the SDK to wait before retrying (from `Retry-After`), if it did.
    public var retryAfter: Duration? { storage.retryAfter }
    /// The kind of underlying failure, kept as text that holds no secret (e.g. a `URLError` code).
    var underlyingSummary: String? { storage.underlyingSummary }

    /// Creates an error from a status.
    public init(_ status: Status, retryAfter: Duration? = nil) {
        self.init(status: status, retryAfter: retryAfter, underlyingSummary: nil)
    }

    init(status: Status, retryAfter: Duration? = nil, underlyingSummary: String?) {
        storage = Storage(status: status, retryAfter: retryAfter, underlyingSummary: underlyingSummary)
    }

    /// The error code, for example ``Code/authenticationSessionMissing``: the status's `code`
    /// (empty when it has none). Its wire string is `code.rawValue`.
    public var code: Code { Code(rawValue: status.code ?? "") }
    /// Whether the SDK produced the error (status 0) rather than the server.
    public var isFromSDK: Bool { status.status == 0 }
    /// The recommended remediation.
    public var action: Status.Action? { status.action }

    public static func == (lhs: AccessEnablerError, rhs: AccessEnablerError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// A copy whose status has `details` (when non-empty) and `underlyingSummary`.
    func with(details: String? = nil, underlying: String? = nil) -> AccessEnablerError {
        var status = self.status
        if let details, !details.isEmpty { status.details = details }
        return AccessEnablerError(
            status: status, retryAfter: retryAfter, underlyingSummary: underlying ?? underlyingSummary)
    }

    private static func sdk(_ code: Code, _ action: Status.Action, _ message: String) -> AccessEnablerError {
        AccessEnablerError(Status(status: 0, code: code.rawValue, message: message, action: action))
    }
}

// MARK: - SDK-side cases (status 0)

extension AccessEnablerError {
    /// `setRequestor` has not completed (or failed); action `retry`.
    public static var requestorNotConfigured: AccessEnablerError {
        sdk(
            .requestorNotConfigured, .retry,
            "The requestor is not yet configured which is a prerequisite for using any API apart from the setRequestor API."
        )
    }

    /// The local authentication session has expired; action `authentication`.
    public static var authenticationSessionExpired: AccessEnablerError {
        sdk(
            .authenticationSessionExpired, .authentication,
            "The current authentication session has expired. The user must re-authenticate with a supported MVPD in order to continue."
        )
    }

    /// There is no local authentication session; action `authentication`.
    public static var authenticationSessionMissing: AccessEnablerError {
        sdk(
            .authenticationSessionMissing, .authentication,
            "The authentication session associated with this request could not be retrieved. The user must re-authenticate with a supported MVPD in order to continue."
        )
    }

    /// No DCR access token could be obtained; action `none`.
    public static var accessTokenUnavailable: AccessEnablerError {
        sdk(
            .accessTokenUnavailable, .none,
            "The request failed due to an unexpected error while retrieving the access token. Please check the validity of your software statement and custom scheme."
        )
    }

    /// The server answered with a body the SDK cannot read; action `none`.
    public static var serverResponseFormatUnknown: AccessEnablerError {
        sdk(
            .serverResponseFormatUnknown, .none,
            "The request failed due to an unknown server response format. Please capture the device console logs and contact support."
        )
    }

    /// The request did not reach the server or no answer came back; action `none`.
    public static var networkError: AccessEnablerError {
        sdk(
            .networkError, .none,
            "The request failed due to a network error. If the issue persists over several retries, please capture the device console logs and contact support."
        )
    }

    /// The viewer did not pick a TV provider (the presenter returned nil); action `authentication`.
    public static var providerNotSelected: AccessEnablerError {
        sdk(
            .providerNotSelected, .authentication,
            "No TV provider was selected, so authentication was not started.")
    }

    /// The chosen MVPD is not offered by the current configuration; action `authentication`.
    public static var providerNotAvailable: AccessEnablerError {
        sdk(
            .providerNotAvailable, .authentication,
            "The selected TV provider is not offered by the requestor's current configuration.")
    }

    /// The presenter failed (for example the browser could not be shown); the presenter's error
    /// is summarized in the description. Action `authentication`.
    public static var presentationFailed: AccessEnablerError {
        sdk(
            .presentationFailed, .authentication,
            "The authentication presenter could not complete the login or logout page.")
    }

    /// The login ended at a URL that is not the configured redirect URL; action `authentication`.
    public static var invalidRedirectURL: AccessEnablerError {
        sdk(
            .invalidRedirectURL, .authentication,
            "The login ended at a URL that does not match the configured redirect URL.")
    }

    /// A login or logout page URL from the service provider cannot be shown: it is not `https`
    /// (`http` only on a loopback host), has no host, or carries user info. `details` names the
    /// call and what was wrong; no presenter saw the URL. Action `none`.
    public static var invalidPageURL: AccessEnablerError {
        sdk(
            .invalidPageURL, .none,
            "The service provider sent a login or logout page URL that cannot be shown (it must use HTTPS and carry no user info)."
        )
    }

    /// The MVPD's pages open in Safari, which returns to the app only on the app's `adbe.` URL
    /// scheme, and the app's Info.plist does not register it (`CFBundleURLTypes`): `details`
    /// names the scheme to add. Only with a presenter that needs the registration
    /// (``AuthenticationPresenter/requiresRegisteredURLScheme``: the legacy adapter's Safari
    /// pages); `ASWebAuthenticationSession` catches the scheme itself. Action `configuration`.
    public static var appSchemeNotRegistered: AccessEnablerError {
        sdk(
            .appSchemeNotRegistered, .configuration,
            "The TV provider's login opens in Safari, which can return to the app only on its adbe. URL scheme; the app does not register that scheme in its Info.plist."
        )
    }

    /// A service provider URL is not HTTPS (plain HTTP is allowed for loopback hosts only) or is
    /// otherwise unusable; action `configuration`.
    public static var invalidServiceProvider: AccessEnablerError {
        sdk(
            .invalidServiceProvider, .configuration,
            "A service provider URL must use HTTPS; plain HTTP is allowed for loopback hosts only.")
    }

    /// An argument was empty or malformed (for example an empty resource list); action `none`.
    public static var invalidArgument: AccessEnablerError {
        sdk(
            .invalidArgument, .none,
            "An argument passed to the SDK is empty or malformed.")
    }

    /// There is no authorization for the resource; action `authorization`. The SDK throws it
    /// (status 0) when its local cache has none, and passes the server's on (status 404,
    /// ``isFromSDK`` false) when the media token's authorization is gone there: one Adobe code,
    /// told apart by its origin.
    public static var authorizationNotFound: AccessEnablerError {
        sdk(
            .authorizationNotFound, .authorization,
            "There is no authorization for this resource; the user must obtain authorization first.")
    }

    /// The token storage could not be read or written; nothing was deleted; action `retry`.
    public static var storageFailure: AccessEnablerError {
        sdk(
            .storageFailure, .retry,
            "The token storage could not be read or written. No stored data was removed.")
    }

    /// The second-screen code expired before the viewer finished signing in on the other
    /// device (or the service provider no longer knows it); ask for a new code. Action
    /// `authentication`.
    public static var authenticationCodeExpired: AccessEnablerError {
        sdk(
            .authenticationCodeExpired, .authentication,
            "The authentication code expired before the sign-in was completed on the second screen. Request a new code."
        )
    }

    /// A newer second-screen sign-in replaced this one on the same instance: its code is no
    /// longer polled. Action `none`.
    public static var authenticationCodeReplaced: AccessEnablerError {
        sdk(
            .authenticationCodeReplaced, .none,
            "A new authentication code was requested; the previous one is no longer polled.")
    }

    /// The app's ``AccessEnabler/Configuration/serviceTokenProvider`` threw: its identity service
    /// could not say who the viewer is. Nothing was sent and the sign-in is unchanged (a nil
    /// from the provider, "no identity", is not an error). Action `retry`.
    public static var serviceTokenUnavailable: AccessEnablerError {
        sdk(
            "service_token_unavailable", .retry,
            "The app could not provide the viewer's service token; nothing was sent and the sign-in is unchanged.")
    }

    /// Second-screen (registration code) sign-in was asked for on REST API v1, which the SDK
    /// does not support; use REST API v2. Action `configuration`.
    public static var secondScreenNotSupported: AccessEnablerError {
        sdk(
            .secondScreenNotSupported, .configuration,
            "Second-screen (registration code) sign-in is not supported on REST API v1; use REST API v2.")
    }
}

// MARK: - Server-side cases (their HTTP status comes from the response)

extension AccessEnablerError {
    /// The MVPD denied the authorization; `details` carries the MVPD's text.
    public static var authorizationDeniedByMVPD: AccessEnablerError {
        server(403, .authorizationDeniedByMVPD, .none, "User not authorized")
    }
    /// ``authorizationNotFound`` as the server reports it (a 404 on the media token).
    static let authorizationNotFoundOnServer = server(
        404, .authorizationNotFound, .authorization, "Not Found")
    /// The server's authorization for the resource has expired.
    public static var authorizationExpired: AccessEnablerError {
        server(410, .authorizationExpired, .authorization, "Gone")
    }
    /// Too many resources in one preauthorization request.
    public static var tooManyResources: AccessEnablerError {
        server(403, .tooManyResources, .configuration, "Too many resources")
    }
    /// The server throttled the device (HTTP 429).
    public static var tooManyRequests: AccessEnablerError {
        server(429, .tooManyRequests, .retryAfter, "Too Many Requests")
    }
    /// The server failed (HTTP 5xx).
    public static var internalError: AccessEnablerError {
        server(500, .internalError, .retry, "Internal Server Error")
    }
    /// The requestor ID is unknown to the service provider.
    public static var invalidRequestor: AccessEnablerError {
        server(400, .invalidRequestor, .none, "The requestor parameter is missing or invalid.")
    }
    /// The companion app's code is not one the service provider knows (mistyped, or never
    /// issued): ask the viewer to check it.
    public static var invalidAuthenticationCode: AccessEnablerError {
        server(400, .invalidCodeParameter, .none, "The authentication code is missing or invalid.")
    }
    /// The authentication session of the code is missing, invalid or expired: the viewer must
    /// ask the TV for a new code.
    public static var invalidAuthenticationSession: AccessEnablerError {
        server(400, .invalidAuthenticationSession, .none, "The authentication session is missing, invalid or expired.")
    }
    /// The server rejected the request as malformed.
    public static var badRequest: AccessEnablerError {
        server(400, .badRequest, .none, "Bad Request")
    }
    /// The server answered with a status the protocol does not define for this call.
    public static var unexpectedStatus: AccessEnablerError {
        server(0, .unexpectedResponseStatus, .none, "The server answered with an unexpected status.")
    }

    private static func server(_ status: Int, _ code: Code, _ action: Status.Action, _ message: String)
        -> AccessEnablerError
    {
        AccessEnablerError(Status(status: status, code: code.rawValue, message: message, action: action))
    }
}

extension AccessEnablerError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    public var description: String {
        var text = "AccessEnablerError(\(status))"
        if let underlyingSummary { text += " caused by \(underlyingSummary)" }
        return text
    }

    public var debugDescription: String { description }

    public var errorDescription: String? { status.message ?? code.rawValue }
}
