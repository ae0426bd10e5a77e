import Foundation

/// What a finished web authentication session means for the SDK: the URL it ended at, a
/// cancellation (the viewer closed the sheet: `CancellationError`, the SDK's cancel), or
/// ``AccessEnablerError/presentationFailed``.
enum WebLoginOutcome {
    /// `ASWebAuthenticationSessionErrorDomain` and its codes, as Apple documents them.
    static let errorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"
    static let canceledLogin = 1
    static let presentationContextNotProvided = 2
    static let presentationContextInvalid = 3

    private static func failure(_ error: NSError) -> AccessEnablerError {
        AccessEnablerError.presentationFailed.with(underlying: "\(error.domain) \(error.code)")
    }

    /// The result of a session's completion handler.
    static func resolve(callbackURL: URL?, error: (any Error)?) -> Result<URL, any Error> {
        if let error {
            if error is CancellationError { return .failure(CancellationError()) }
            let nsError = error as NSError
            guard nsError.domain == errorDomain else {
                return .failure(failure(nsError))
            }
            switch nsError.code {
            case canceledLogin:
                return .failure(CancellationError())
            case presentationContextNotProvided, presentationContextInvalid:
                return .failure(
                    AccessEnablerError.presentationFailed.with(
                        details: "The web authentication session has no valid presentation anchor (a window on screen)."
                    ))
            default:
                return .failure(failure(nsError))
            }
        }
        guard let callbackURL else {
            return .failure(
                AccessEnablerError.presentationFailed.with(
                    details: "The web authentication session ended without a URL."))
        }
        return .success(callbackURL)
    }
}
