import AccessEnabler
import Combine
import Foundation
import SampleSupport

/// The TV's side of the second-screen sign-in: the code to show, and whether the SDK is still
/// polling for the viewer's login on the other device.
@MainActor
public final class SecondScreenModel: ObservableObject {
    /// What the activation screen shows.
    @Published public private(set) var state = State.requestingCode

    /// The screen's states.
    public enum State: Sendable, Hashable {
        /// Asking the service provider for a code.
        case requestingCode
        /// Showing the code; the SDK polls every `interval` until the viewer signs in elsewhere.
        case polling(ActivationCode, interval: Duration)
        /// The code expired before the viewer signed in.
        case expired
        /// Signed in.
        case signedIn(Authentication)
        /// The sign-in failed.
        case failed(ErrorReport)
    }

    /// Creates the model.
    public init() {}

    /// Runs one sign-in while the screen is visible (a SwiftUI `.task`): cancelling the task, by
    /// leaving the screen or asking for a new code, stops the polling.
    public func run(enabler: AccessEnabler, mvpdID: String? = nil) async -> Authentication? {
        state = .requestingCode
        do {
            for try await step in enabler.secondScreenSignIn(mvpdID: mvpdID) {
                switch step {
                case .showCode(let code):
                    state = .polling(code, interval: enabler.configuration.profilePollingInterval)
                case .authenticated(let authentication):
                    state = .signedIn(authentication)
                    return authentication
                }
            }
        } catch let error as AccessEnablerError where error == .authenticationCodeExpired {
            state = .expired
        } catch {
            if let report = ErrorReport(error, operation: "Sign-in with a code") { state = .failed(report) }
        }
        return nil
    }
}
