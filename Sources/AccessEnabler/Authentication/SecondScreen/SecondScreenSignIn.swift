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
    public indirect enum State: Sendable, Equatable {
        /// Show this code (with its activation URL and QR code) until the sign-in ends.
        case showCode(ActivationCode)
        /// The viewer is signed in (without a code when already signed in, or when the service
        /// provider already had an authentication).
        case authenticated(Authentication)
    }

    /// Each state in turn.
    public typealias Element = State

    /// The sign-in whose code and authentication this sequence yields.
    let flow: SignInFlow

    /// Starts the sign-in when first iterated.
    public func makeAsyncIterator() -> Iterator {
        Iterator(flow: flow.makeAsyncIterator())
    }

    /// Drives the sign-in: each `next()` does the network work that leads to the next state.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        var flow: SignInFlow.Iterator

        /// The next state, or nil once signed in.
        public mutating func next() async throws -> State? {
            while let state = try await flow.step() {
                switch state {
                case .codeShown(let code): return .showCode(code)
                case .signedIn(let authentication): return .authenticated(authentication)
                default: continue
                }
            }
            return nil
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

/// One code being polled for. A class: the flow's stages hand it on unchanged, and a
/// reference costs one retain where these fields inline cost a copy of each.
final class SecondScreenAttempt: Sendable {
    let id: UInt64
    let code: ActivationCode
    let serviceProvider: ServiceProvider
    let configuration: RequestorConfiguration
    let context: RequestContext
    let logoutEpoch: UInt64
    /// When polling stops: the ``AccessEnablerClock/uptime`` of the code's expiry, capped at an
    /// hour from when it was shown (``ActivationCode/expires`` is the same on the wall clock).
    let pollsUntil: Duration

    init(
        id: UInt64, code: ActivationCode, serviceProvider: ServiceProvider, configuration: RequestorConfiguration,
        context: RequestContext, logoutEpoch: UInt64, pollsUntil: Duration
    ) {
        self.id = id
        self.code = code
        self.serviceProvider = serviceProvider
        self.configuration = configuration
        self.context = context
        self.logoutEpoch = logoutEpoch
        self.pollsUntil = pollsUntil
    }
}
