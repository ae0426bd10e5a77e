import AccessEnabler
import Foundation

/// The enhanced-error status of any failure: the SDK's own, or one the tool makes (status 0) for
/// failures outside the SDK (the login presenter, cancellation, …).
enum FailureStatus {
    /// The status that describes `error`.
    static func of(_ error: any Error) -> Status {
        switch error {
        case let error as AccessEnablerError:
            return error.status
        case let error as TokenStorageCorruption:
            return Status(
                status: 0, code: AccessEnablerError.storageFailure.code.rawValue, message: error.description,
                action: .retry)
        case is CancellationError:
            return Status(
                status: 0, code: "cancelled", message: "The operation was cancelled.", action: Status.Action.none)
        default:
            return Status(status: 0, code: "tool_error", message: String(describing: error), action: Status.Action.none)
        }
    }
}
