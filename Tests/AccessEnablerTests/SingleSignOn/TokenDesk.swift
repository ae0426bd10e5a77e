import AccessEnabler
import AccessEnablerTesting
import Foundation

/// The app's identity service as the SDK meets it: the provider gives the scripted answers in
/// order (the last one again once they run out) and records every question; while it is down it
/// throws instead.
final class TokenDesk: Sendable {
    /// What the provider throws while the identity service is down.
    struct Unreachable: Error {}

    private struct State {
        var answers: [String?]
        var reasons: [ServiceTokenReason] = []
        var given: [String] = []
        var isDown = false
    }

    private let state: LockedValue<State>

    init(_ answers: [String?]) { state = LockedValue(State(answers: answers)) }

    /// The closure for ``AccessEnabler/Configuration/serviceTokenProvider``.
    var provider: @Sendable (ServiceTokenReason) async throws -> String? {
        { [state] reason in
            let answer: String?? = state.withLock { state in
                state.reasons.append(reason)
                if state.isDown { return nil }
                let answer = state.answers.count > 1 ? state.answers.removeFirst() : state.answers.first ?? nil
                if let answer { state.given.append(answer) }
                return .some(answer)
            }
            guard let answer else { throw Unreachable() }
            return answer
        }
    }

    /// Why the SDK asked, in order.
    var reasons: [ServiceTokenReason] { state.withLock { $0.reasons } }
    /// Every token given.
    var given: [String] { state.withLock { $0.given } }
    /// Replaces what is still to come.
    func script(_ answers: [String?]) { state.withLock { $0.answers = answers } }
    /// Takes the identity service down (the provider throws) or brings it back.
    func setDown(_ down: Bool) { state.withLock { $0.isDown = down } }
}

extension ServiceTokenIssuer {
    /// A token for `subject` valid for `lifetime` from `clock`'s now.
    func token(_ subject: String, on clock: TestClock, lifetime: TimeInterval = 3600) -> String {
        token(subject: subject, issuedAt: clock.now, expiresAt: clock.now.addingTimeInterval(lifetime))
    }
}
