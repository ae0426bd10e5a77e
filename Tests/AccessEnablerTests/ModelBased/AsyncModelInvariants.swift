import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// A broken invariant of the async model.
struct AsyncModelViolation: Error, CustomStringConvertible {
    enum Invariant: String {
        /// A call ended otherwise than predicted, or ended twice, or produced something unpredicted.
        case unexpectedEvent = "unexpected event"
        /// A call did not end (or show its code) when predicted.
        case missingEvent = "missing event"
        case storedLogin = "stored login"
        case loginSurvivesLogout = "login survives logout"
        case processesDisagree = "processes disagree"
        case notQuiescent = "not quiescent"
        case world = "world"
    }

    var invariant: Invariant
    var step: Int
    var detail: String

    var description: String { "[\(invariant.rawValue)] at step \(step): \(detail)" }
}

extension AsyncModelRunner {
    /// The invariants that hold after every step whatever the model predicts, checked at rest
    /// (reading the store or asking a core would wait behind a held request): no stored login
    /// survives a completed logout unless a newer login completed; the store holds what the
    /// model says; this process and a process started now agree with it. Each call's terminal
    /// callback exactly once and in order, and nothing for a replaced flow, are the prediction's
    /// match; no hang is checked when the world is brought to rest.
    func checkInvariants(
        after step: AsyncModelStep, index: Int, world: AsyncModelWorld, state: AsyncModelState, bookkeeping: Bookkeeping
    ) async -> AsyncModelViolation? {
        guard state.configured, !state.pending.values.contains(where: { if case .held = $0 { true } else { false } })
        else { return nil }
        let stored = await world.storeHoldsLogin()
        if let logout = bookkeeping.lastLogoutEnd, stored, (bookkeeping.lastLoginEnd ?? -1) < logout {
            return AsyncModelViolation(
                invariant: .loginSurvivesLogout, step: index,
                detail: "after \(step) the store holds a login; the last logout ended at step \(logout)")
        }
        let expired = state.login.map { $0.expires <= state.now } ?? false
        if !expired, stored != (state.login != nil) {
            return AsyncModelViolation(
                invariant: .storedLogin, step: index,
                detail:
                    "after \(step) the store \(stored ? "holds" : "lacks") a login; the model: \(String(describing: state.login))"
            )
        }
        let (this, other) = await world.processesSignedIn()
        let expected = state.signedIn?.mvpd
        if this != expected || other != expected {
            return AsyncModelViolation(
                invariant: .processesDisagree, step: index,
                detail: "after \(step) this process is signed in with \(this ?? "nothing"), a new one with "
                    + "\(other ?? "nothing"); the model: \(expected ?? "nothing")")
        }
        return nil
    }
}
