import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// A broken invariant: which one, at which step, and what was seen.
struct LegacyModelViolation: Error, CustomStringConvertible {
    enum Invariant: String {
        /// A callback the model does not predict: a duplicate terminal callback, one for a
        /// superseded flow, one out of the documented order, or a wrong one.
        case unexpectedCallback = "unexpected callback"
        /// A predicted callback that never came: a call without its terminal callback.
        case missingCallback = "missing callback"
        /// The token store does not hold what the model says.
        case storedLogin = "stored login"
        /// A login survives a completed logout with no newer login.
        case loginSurvivesLogout = "login survives logout"
        /// The two processes on the store disagree with each other or with the store.
        case processesDisagree = "processes disagree"
        /// Something still waits after the world was brought to rest (a hang).
        case notQuiescent = "not quiescent"
        /// The world itself failed (a page the viewer could not finish).
        case world = "world"
    }

    var invariant: Invariant
    var step: Int
    var detail: String

    var description: String { "[\(invariant.rawValue)] at step \(step): \(detail)" }
}

extension LegacyModelRunner {
    /// The invariants that hold after every step whatever the model predicts, checked at rest
    /// (reading the store or asking a core would wait behind a held request): no stored login
    /// survives a completed logout unless a newer login completed; the store holds what the
    /// model says; this process and a process started now agree with it. Each call's terminal
    /// callback exactly once and in order, and nothing for a replaced flow, are the prediction's
    /// match; no hang is checked when the world is brought to rest.
    func checkInvariants(
        after step: LegacyModelStep, index: Int, world: LegacyModelWorld, state: LegacyModelState,
        bookkeeping: Bookkeeping
    ) async -> LegacyModelViolation? {
        // Reading the store or asking a core waits behind a held request: only at rest.
        guard state.held.isEmpty, state.phase == .configured else { return nil }
        let stored = await world.storeHoldsLogin()
        if let logout = bookkeeping.lastLogoutEnd, stored, (bookkeeping.lastLoginEnd ?? -1) < logout {
            return LegacyModelViolation(
                invariant: .loginSurvivesLogout, step: index,
                detail: "after \(step) the store holds a login; the last logout ended at step \(logout)"
                    + ", the last login at step \(bookkeeping.lastLoginEnd.map(String.init) ?? "none")")
        }
        let expired = state.login.map { $0.expires <= state.now } ?? false
        if !expired, stored != (state.login != nil) {
            return LegacyModelViolation(
                invariant: .storedLogin, step: index,
                detail:
                    "after \(step) the store \(stored ? "holds" : "lacks") a login; the model: \(String(describing: state.login))"
            )
        }
        let (this, other) = await world.processesSignedIn()
        let expected = state.signedIn?.mvpd
        if this != expected || other != expected {
            return LegacyModelViolation(
                invariant: .processesDisagree, step: index,
                detail: "after \(step) this process is signed in with \(this ?? "nothing"), the other with "
                    + "\(other ?? "nothing"); the store and the model: \(expected ?? "nothing")")
        }
        return nil
    }
}
