import AccessEnabler
import Foundation

/// One thing the app, the viewer, the server, time or another process does in an async model
/// run. App calls start a call (numbered in order from 0) that may end at once or in a later step.
indirect enum AsyncModelStep: Hashable, Sendable, CustomStringConvertible {
    // The app: the async API.
    case setRequestor
    case checkAuthentication
    /// `authenticate(forceAuthentication:presenter:)`, the presenter waiting for the viewer.
    case authenticate(force: Bool)
    /// `secondScreenSignIn(mvpdID:forceAuthentication:)`, iterated.
    case secondScreenSignIn(mvpd: String?, force: Bool)
    case authorize(String)
    case preauthorize([String], cache: Bool)
    case getMetadata(AsyncModelMetadata)
    case refreshAuthentication
    /// `logout(presenter:)`, with a presenter that shows the logout page to the viewer, or none.
    case logout(page: Bool)
    /// Cancels the task of call `call` (if it is still running).
    case cancel(call: Int)

    // The viewer.
    /// Picks an MVPD in the picker of the pending `authenticate` (nil: cancels the picker).
    case viewerPicks(String?)
    /// Finishes the page on screen (login or logout) in the browser.
    case viewerCompletesPage
    /// Closes the page on screen (the presenter throws `CancellationError`).
    case viewerAbandonsPage
    /// Activates the last code on a second screen with the companion's `activate(code:mvpdID:presenter:)`.
    case viewerActivatesCode(String)

    // The server, time and another process.
    case serverForgetsSessions
    case serverReleasesHeldRequests
    case timePasses(seconds: Int)
    case otherProcessSignsIn(String)
    case otherProcessLogsOut

    /// `step`, whose main request the server answers with `answer`.
    case answered(AsyncModelAnswer, AsyncModelStep)

    var action: AsyncModelStep {
        if case .answered(_, let step) = self { return step.action }
        return self
    }

    var answer: AsyncModelAnswer? {
        if case .answered(let answer, _) = self { return answer }
        return nil
    }

    /// Whether the step starts a call.
    var startsCall: Bool {
        switch action {
        case .setRequestor, .checkAuthentication, .authenticate, .secondScreenSignIn, .authorize, .preauthorize,
            .getMetadata, .refreshAuthentication, .logout:
            true
        default:
            false
        }
    }

    /// The step's kind, for the tally of interleavings.
    var kind: String {
        let base: String
        switch action {
        case .setRequestor: base = "setRequestor"
        case .checkAuthentication: base = "checkAuthentication"
        case .authenticate(let force): base = force ? "authenticate(force)" : "authenticate"
        case .secondScreenSignIn(let mvpd, _): base = mvpd == nil ? "secondScreenSignIn" : "secondScreenSignIn(mvpd)"
        case .authorize: base = "authorize"
        case .preauthorize(_, let cache): base = "preauthorize(cache: \(cache))"
        case .getMetadata: base = "getMetadata"
        case .refreshAuthentication: base = "refreshAuthentication"
        case .logout(let page): base = page ? "logout(page)" : "logout"
        case .cancel: base = "cancel"
        case .viewerPicks(let id): base = id == nil ? "viewerCancelsPicker" : "viewerPicks"
        case .viewerCompletesPage: base = "viewerCompletesPage"
        case .viewerAbandonsPage: base = "viewerAbandonsPage"
        case .viewerActivatesCode: base = "viewerActivatesCode"
        case .serverForgetsSessions: base = "serverForgetsSessions"
        case .serverReleasesHeldRequests: base = "serverReleasesHeldRequests"
        case .timePasses: base = "timePasses"
        case .otherProcessSignsIn: base = "otherProcessSignsIn"
        case .otherProcessLogsOut: base = "otherProcessLogsOut"
        case .answered: base = "answered"
        }
        return answer.map { "\(base)/\($0)" } ?? base
    }

    var description: String {
        switch self {
        case .setRequestor: ".setRequestor"
        case .checkAuthentication: ".checkAuthentication"
        case .authenticate(let force): ".authenticate(force: \(force))"
        case .secondScreenSignIn(let mvpd, let force):
            ".secondScreenSignIn(mvpd: \(mvpd.map { "\"\($0)\"" } ?? "nil"), force: \(force))"
        case .authorize(let resource): ".authorize(\"\(resource)\")"
        case .preauthorize(let resources, let cache): ".preauthorize(\(resources), cache: \(cache))"
        case .getMetadata(let key): ".getMetadata(.\(key))"
        case .refreshAuthentication: ".refreshAuthentication"
        case .logout(let page): ".logout(page: \(page))"
        case .cancel(let call): ".cancel(call: \(call))"
        case .viewerPicks(let id): ".viewerPicks(\(id.map { "\"\($0)\"" } ?? "nil"))"
        case .viewerCompletesPage: ".viewerCompletesPage"
        case .viewerAbandonsPage: ".viewerAbandonsPage"
        case .viewerActivatesCode(let mvpd): ".viewerActivatesCode(\"\(mvpd)\")"
        case .serverForgetsSessions: ".serverForgetsSessions"
        case .serverReleasesHeldRequests: ".serverReleasesHeldRequests"
        case .timePasses(let seconds): ".timePasses(seconds: \(seconds))"
        case .otherProcessSignsIn(let mvpd): ".otherProcessSignsIn(\"\(mvpd)\")"
        case .otherProcessLogsOut: ".otherProcessLogsOut"
        case .answered(let answer, let step): ".answered(.\(answer), \(step))"
        }
    }
}

/// A `getMetadata` key.
enum AsyncModelMetadata: String, Hashable, Sendable {
    case authenticationExpiry, newsAuthorizationExpiry, deviceID, zip

    var key: MetadataKey {
        switch self {
        case .authenticationExpiry: .authenticationExpiry
        case .newsAuthorizationExpiry: .authorizationExpiry(resource: "news")
        case .deviceID: .deviceID
        case .zip: .userMetadata("zip")
        }
    }
}

/// How the server answers a step's main request.
enum AsyncModelAnswer: String, Hashable, Sendable {
    case serverError, throttled, dropped, late
}

/// What a call produced: a code shown (second screen), or its end.
enum AsyncModelEvent: Hashable, Sendable, CustomStringConvertible {
    case codeShown
    case finished(AsyncModelOutcome)

    var description: String {
        switch self {
        case .codeShown: "code shown"
        case .finished(let outcome): "\(outcome)"
        }
    }
}

/// How a call ended, reduced to what the model predicts.
enum AsyncModelOutcome: Hashable, Sendable {
    case configured
    /// `checkAuthentication` / `refreshAuthentication`: the MVPD signed in with, or nil.
    case status(String?)
    /// A sign-in: the MVPD.
    case authenticated(String)
    case token(String)
    /// `preauthorize`: the authorized resources.
    case decisions([String])
    case metadata(present: Bool)
    case loggedOut
    case failure(AsyncModelFailure)
}

/// A thrown error, by what the app does about it.
enum AsyncModelFailure: String, Hashable, Sendable {
    /// `CancellationError`.
    case cancelled
    case providerNotSelected
    /// The viewer is not signed in (or no longer is, on the server).
    case notSignedIn
    /// The MVPD denied the authorization.
    case denied
    case codeExpired
    case codeReplaced
    /// No stored value for a metadata key.
    case notFound
    /// Anything else: a network or server error.
    case failed

    init(_ error: any Error) {
        if error is CancellationError {
            self = .cancelled
            return
        }
        guard let error = error as? AccessEnablerError else {
            self = .failed
            return
        }
        if error == .providerNotSelected {
            self = .providerNotSelected
        } else if error == .authenticationCodeExpired {
            self = .codeExpired
        } else if error == .authenticationCodeReplaced {
            self = .codeReplaced
        } else if error == .authorizationNotFound {
            self = .notFound
        } else if error.meaning.contains(.denied) {
            self = .denied
        } else if error.action == .authentication {
            self = .notSignedIn
        } else {
            self = .failed
        }
    }
}
