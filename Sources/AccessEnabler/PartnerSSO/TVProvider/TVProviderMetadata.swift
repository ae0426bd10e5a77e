import Foundation

/// What a VideoSubscriberAccount metadata request answered, reduced to values: everything the
/// Apple binding decides is decided here, on every platform, from these.
struct TVProviderMetadata: Sendable {
    /// Apple's `VSErrorDomain`.
    static let errorDomain = "VSErrorDomain"
    /// The channel identifier Adobe's integration uses for the metadata request (the SAML issuer).
    static let channelIdentifier = "https://saml.sp.auth.adobe.com"

    var providerID: String?
    var expirationDate: Date?
    var samlResponse: String?
    var errorDomain: String?
    var errorCode: Int?
    var unsupportedProviderID: String?

    /// The framework failure of this answer: `VSErrorCode` 1 (unsupported provider) and 2 (user
    /// cancelled) are outcomes; 0 (access not granted) is a denied status; others are errors.
    private enum Failure {
        case none
        case unsupported(String?)
        case cancelled
        case accessNotGranted
        case error(String)
    }

    private var failure: Failure {
        guard let errorCode else { return .none }
        guard errorDomain == Self.errorDomain else { return .error("\(errorDomain ?? "unknown")#\(errorCode)") }
        switch errorCode {
        case 0: return .accessNotGranted
        case 1: return .unsupported(unsupportedProviderID)
        case 2: return .cancelled
        default: return .error("VSErrorCode#\(errorCode)")
        }
    }

    /// The status outcome of a provider (picker) request made with `access` granted.
    func statusOutcome() throws -> PartnerFrameworkOutcome<PartnerFrameworkStatus> {
        switch failure {
        case .unsupported(let id): return .providerNotSupported(providerID: id)
        case .cancelled: return .userCancelled
        case .accessNotGranted: return .completed(PartnerFrameworkStatus(accessStatus: .denied))
        case .error(let code): throw TVProviderError(code: code)
        case .none:
            return .completed(
                PartnerFrameworkStatus(
                    accessStatus: .granted, providerID: providerID, expirationDate: expirationDate))
        }
    }

    /// The exchange outcome of a request made with Adobe's verification token.
    func exchangeOutcome() throws -> PartnerFrameworkOutcome<PartnerAuthenticationResponse> {
        switch failure {
        case .unsupported(let id): return .providerNotSupported(providerID: id)
        case .cancelled: return .userCancelled
        case .accessNotGranted: throw TVProviderError(code: "VSErrorCode#0")
        case .error(let code): throw TVProviderError(code: code)
        case .none:
            guard let samlResponse, !samlResponse.isEmpty else { throw TVProviderError(code: "no_saml_response") }
            let status = PartnerFrameworkStatus(
                accessStatus: .granted, providerID: providerID, expirationDate: expirationDate)
            return .completed(
                PartnerAuthenticationResponse(response: samlResponse, status: providerID == nil ? nil : status))
        }
    }
}

/// A VideoSubscriberAccount failure the partner flow treats as a fallback.
public struct TVProviderError: Error, Sendable, Hashable {
    /// The framework's domain and code (`VSErrorCode#3`).
    public var code: String
}
