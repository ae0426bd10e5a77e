import Foundation

/// A second-screen sign-in on a TV: an asynchronous sequence of what to show.
///
/// Iterate it from the screen that shows the code; it yields ``State/showCode(_:)`` once, then
/// polls the service provider every ``AccessEnabler/Configuration/profilePollingInterval`` and
/// yields ``State/authenticated(_:)`` when the viewer has finished on the other device (the
/// authentication is stored exactly as after a browser login), then ends.
///
/// Polling runs only while the sequence is iterated, so it stops when the iterating task is
/// cancelled (a SwiftUI `.task` ends with its view). It throws
/// ``AccessEnablerError/authenticationCodeExpired`` when the code expires (start a new sign-in
/// for a new code), ``AccessEnablerError/authenticationCodeReplaced`` when a newer sign-in on
/// the same instance replaced it, `CancellationError` when a logout began meanwhile (nothing is
/// stored), ``AccessEnablerError/providerNotAvailable`` when the service provider answers with a
/// profile for an MVPD the requestor does not offer (or not the preselected one; nothing is
/// stored), or the service provider's error. A `429` makes it wait as long as `Retry-After` says
/// (at most a minute), then go on; a code is polled for an hour at most, whatever its expiry.
///
/// ```swift
/// for try await state in enabler.secondScreenSignIn() {
///     switch state {
///     case .showCode(let code): self.code = code        // show code.code and code.qrCodeURL
///     case .authenticated(let authentication): self.signedIn(authentication)
///     }
/// }
/// ```
public struct SecondScreenSignIn: AsyncSequence, Sendable {
    /// What the TV screen shows.
    public enum State: Sendable, Hashable {
        /// Show this code (with its activation URL and QR code) until the sign-in ends.
        case showCode(ActivationCode)
        /// The viewer is signed in (without a code when already signed in, or when the service
        /// provider already had an authentication).
        case authenticated(Authentication)
    }

    /// Each state in turn.
    public typealias Element = State

    let enabler: AccessEnabler
    /// How the MVPD is chosen before the code is created.
    let choice: ProviderChoice
    /// Key/value pairs for the profile call of an MVPD that signs in at once (a Promotional
    /// TempPass identity).
    var data: [String: String] = [:]

    /// Starts the sign-in when first iterated.
    public func makeAsyncIterator() -> Iterator {
        Iterator(enabler: enabler, choice: choice, data: data)
    }

    /// Drives the sign-in: each `next()` does the network work that leads to the next state.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let enabler: AccessEnabler
        let choice: ProviderChoice
        let data: [String: String]
        var stage = Stage.start

        enum Stage: Sendable {
            case start
            case polling(SecondScreenAttempt)
            case finished
        }

        init(enabler: AccessEnabler, choice: ProviderChoice, data: [String: String]) {
            self.enabler = enabler
            self.choice = choice
            self.data = data
        }

        /// The next state, or nil once signed in.
        public mutating func next() async throws -> State? {
            switch stage {
            case .start:
                stage = .finished
                let (enabler, choice, data) = (enabler, choice, data)
                let start = try await enabler.startSecondScreen(choice, data: data)
                switch start {
                case .authenticated(let authentication):
                    return .authenticated(authentication)
                case .code(let attempt):
                    stage = .polling(attempt)
                    return .showCode(attempt.code)
                }
            case .polling(let attempt):
                stage = .finished
                let enabler = enabler
                return .authenticated(try await enabler.awaitSecondScreen(attempt))
            case .finished:
                return nil
            }
        }
    }
}

/// The second-screen sign-ins of one instance.
struct SecondScreenState {
    /// How many have started: a newer one stops the polling of older ones (each attempt polls
    /// while its number is the latest).
    var attempts: UInt64 = 0

    /// Starts an attempt; its number.
    mutating func startAttempt() -> UInt64 {
        attempts &+= 1
        return attempts
    }

    /// Whether attempt `id` is the latest.
    func isLatest(_ id: UInt64) -> Bool { id == attempts }
}

/// One code being polled for.
struct SecondScreenAttempt: Sendable {
    var id: UInt64
    var code: ActivationCode
    var serviceProvider: ServiceProvider
    var configuration: RequestorConfiguration
    var context: RequestContext
    var logoutEpoch: UInt64
    /// When polling stops: the ``AccessEnablerClock/uptime`` of the code's expiry, capped at an
    /// hour from when it was shown (``ActivationCode/expires`` is the same on the wall clock).
    var pollsUntil: Duration
}

/// How a second-screen sign-in started.
enum SecondScreenStart: Sendable {
    case code(SecondScreenAttempt)
    case authenticated(Authentication)
}
