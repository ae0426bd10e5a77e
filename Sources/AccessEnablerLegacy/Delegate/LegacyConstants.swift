import AccessEnabler
import Foundation

// The legacy SDK's constants, with their legacy names. Values Adobe's public docs state are used
// as they are; where the docs give none, the value is the one the legacy SDKs themselves carry
// (Adobe's Android 1.8 SDK has the same constants), as each comment says.

/// Status of `setRequestorComplete` and `setAuthenticationStatus`: success (documented: 1).
public let ACCESS_ENABLER_STATUS_SUCCESS: Int32 = 1
/// Status of `setRequestorComplete` and `setAuthenticationStatus`: failure (documented: 0).
public let ACCESS_ENABLER_STATUS_ERROR: Int32 = 0

/// The error code of a successful authentication (documented: the empty string).
public let USER_AUTHENTICATED = ""
/// No valid authentication. Undocumented value: the legacy SDK's string.
public let USER_NOT_AUTHENTICATED_ERROR = "User Not Authenticated Error"
/// The viewer cancelled the MVPD choice. Undocumented value: the legacy SDK's string.
public let PROVIDER_NOT_SELECTED_ERROR = "Provider not Selected Error"
/// The selected MVPD is not available. Undocumented value: the legacy SDK's string.
public let PROVIDER_NOT_AVAILABLE_ERROR = "Provider not Available Error"
/// Authentication failed (network or server). Undocumented value: the legacy SDK's string.
public let GENERIC_AUTHENTICATION_ERROR = "Generic Authentication Error"
/// An internal authentication error. Undocumented value: the legacy SDK's string.
public let INTERNAL_AUTHENTICATION_ERROR = "Internal Authentication Error"
/// Authorization was denied. Undocumented value: the legacy SDK's string.
public let USER_NOT_AUTHORIZED_ERROR = "User not Authorized Error"
/// Authorization failed (network or server). Undocumented value: the legacy SDK's string.
public let GENERIC_AUTHORIZATION_ERROR = "Generic Authorization Error"
/// An internal authorization error. Undocumented value: the legacy SDK's string.
public let INTERNAL_AUTHORIZATION_ERROR = "Internal Authorization Error"
/// An internal error. Undocumented value: the legacy SDK's string.
public let INTERNAL_ERROR = "Internal Error"

/// Where web-view logins and logouts end (documented: `adobepass://ios.app`).
public let ADOBEPASS_REDIRECT_URL = "adobepass://ios.app"

/// The `getMetadata` dictionary key that holds the operation.
public let METADATA_OPCODE_KEY = "METADATA_OPCODE_KEY"
/// The `getMetadata` dictionary key that holds the resource ID (authorization expiry).
public let METADATA_RESOURCE_ID_KEY = "METADATA_RESOURCE_ID_KEY"
/// The `getMetadata` dictionary key that holds the user-metadata name.
public let METADATA_USER_META_KEY = "METADATA_USER_META_KEY"
/// Operation: the authentication expiry. Undocumented value: the legacy SDK's 0.
public let METADATA_AUTHENTICATION: Int32 = 0
/// Operation: the authorization expiry of a resource. Undocumented value: the legacy SDK's 1.
public let METADATA_AUTHORIZATION: Int32 = 1
/// Operation: the device ID. Undocumented value: the legacy SDK's 2.
public let METADATA_DEVICE_ID: Int32 = 2
/// Operation: one user-metadata value. Undocumented value: the legacy SDK's 3.
public let METADATA_USER_META: Int32 = 3

/// Tracking event: an authentication check. Undocumented value; numbered in documentation order.
public let TRACKING_AUTHENTICATION: Int32 = 0
/// Tracking event: an authorization request returned. Undocumented value; numbered in documentation order.
public let TRACKING_AUTHORIZATION: Int32 = 1
/// Tracking event: the viewer picked an MVPD. Undocumented value; numbered in documentation order.
public let TRACKING_GET_SELECTED_PROVIDER: Int32 = 2

/// Apple SSO picker filter key: the MVPD IDs to list, in order.
public let TV_PROVIDERS = "TV_PROVIDERS"
/// Apple SSO picker filter key: the MVPD IDs to feature.
public let FEATURED_TV_PROVIDERS = "FEATURED_TV_PROVIDERS"

/// The storage check the legacy `init(storageCheck:softwareStatement:)` takes.
public enum IntegrityCheckType: Int, Sendable, Hashable {
    /// Check nothing (the behaviour of `init(_:)`).
    case INTEGRITY_CHECK_NONE = 0
    /// Verify storage and every stored value; clear only when a check fails.
    case INTEGRITY_CHECK_ALL = 1
    /// Clear storage every time the SDK starts.
    case INTEGRITY_CHECK_CLEAR = 2

    var storageIntegrityCheck: StorageIntegrityCheck {
        switch self {
        case .INTEGRITY_CHECK_NONE: .none
        case .INTEGRITY_CHECK_ALL: .all
        case .INTEGRITY_CHECK_CLEAR: .clear
        }
    }
}
