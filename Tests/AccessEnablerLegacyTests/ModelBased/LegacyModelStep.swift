import AccessEnablerLegacy
import Foundation

/// One thing the app, the viewer, the server, time or another process does, as the generator
/// draws it and the runner replays it.
indirect enum LegacyModelStep: Hashable, Sendable, CustomStringConvertible {
    // The app: every documented legacy call.
    /// `setRequestor("REF", serviceProviders:)` with the world's service providers: the first
    /// configuration, or a return to the foreground.
    case setRequestor
    /// `setOptions` with `handleSVC`, an application profile and a visitor ID.
    case setOptions(handleSVC: Bool)
    /// `usesSecondScreenAuthentication`: the registration code (tvOS) or the login page.
    case usesSecondScreen(Bool)
    case checkAuthentication
    /// `getAuthentication:withData:andFilter:` (force; data; the Apple TV Provider filter).
    case getAuthentication(force: Bool, data: Bool, filter: Bool)
    /// `setSelectedProvider` with an MVPD ID (the picker's answer, or a preselection) or nil.
    case setSelectedProvider(String?)
    /// `handleExternalURL` with the URL where the viewer's page ended, the redirect constant
    /// without the page finished, or a URL that is not the redirect.
    case handleExternalURL(LegacyModelURL)
    case checkAuthorization(String)
    case getAuthorization(String)
    case checkPreauthorizedResources([String], cache: Bool)
    case getMetadata(LegacyModelMetadata)
    case getSelectedProvider
    case logout

    // The viewer.
    /// Loads the page on screen (login or logout) to its end, as a browser would.
    case viewerCompletesPage
    /// Taps "Done" on the adapter's Safari view controller.
    case viewerTapsDone
    /// Activates the registration code on a second screen.
    case viewerActivatesCode

    // The server.
    /// Forgets every session and profile (a logout elsewhere, a profile deleted, an early expiry).
    case serverForgetsSessions
    /// Lets every held request through.
    case serverReleasesHeldRequests

    /// The test clock moves forward.
    case timePasses(seconds: Int)

    // A second process on the same token store.
    case otherProcessSignsIn(String)
    case otherProcessLogsOut

    /// `step`, whose main request the server answers with `answer`.
    case answered(LegacyModelAnswer, LegacyModelStep)

    /// The step without its server answer.
    var action: LegacyModelStep {
        if case .answered(_, let step) = self { return step.action }
        return self
    }

    /// The server's answer to the step's main request (nil: the normal answer).
    var answer: LegacyModelAnswer? {
        if case .answered(let answer, _) = self { return answer }
        return nil
    }

    /// The step's kind, for the tally of interleavings.
    var kind: String {
        let base: String
        switch action {
        case .setRequestor: base = "setRequestor"
        case .setOptions: base = "setOptions"
        case .usesSecondScreen: base = "usesSecondScreen"
        case .checkAuthentication: base = "checkAuthentication"
        case .getAuthentication(let force, _, _): base = force ? "getAuthentication(force)" : "getAuthentication"
        case .setSelectedProvider(let id): base = id == nil ? "setSelectedProvider(nil)" : "setSelectedProvider(id)"
        case .handleExternalURL(let url): base = "handleExternalURL(\(url))"
        case .checkAuthorization: base = "checkAuthorization"
        case .getAuthorization: base = "getAuthorization"
        case .checkPreauthorizedResources(_, let cache): base = "checkPreauthorizedResources(cache: \(cache))"
        case .getMetadata: base = "getMetadata"
        case .getSelectedProvider: base = "getSelectedProvider"
        case .logout: base = "logout"
        case .viewerCompletesPage: base = "viewerCompletesPage"
        case .viewerTapsDone: base = "viewerTapsDone"
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

    /// The step as Swift source, for the shortest failing sequence a failure prints.
    var description: String {
        switch self {
        case .setRequestor: ".setRequestor"
        case .setOptions(let handleSVC): ".setOptions(handleSVC: \(handleSVC))"
        case .usesSecondScreen(let on): ".usesSecondScreen(\(on))"
        case .checkAuthentication: ".checkAuthentication"
        case .getAuthentication(let force, let data, let filter):
            ".getAuthentication(force: \(force), data: \(data), filter: \(filter))"
        case .setSelectedProvider(let id): ".setSelectedProvider(\(id.map { "\"\($0)\"" } ?? "nil"))"
        case .handleExternalURL(let url): ".handleExternalURL(.\(url))"
        case .checkAuthorization(let resource): ".checkAuthorization(\"\(resource)\")"
        case .getAuthorization(let resource): ".getAuthorization(\"\(resource)\")"
        case .checkPreauthorizedResources(let resources, let cache):
            ".checkPreauthorizedResources(\(resources), cache: \(cache))"
        case .getMetadata(let key): ".getMetadata(\(key))"
        case .getSelectedProvider: ".getSelectedProvider"
        case .logout: ".logout"
        case .viewerCompletesPage: ".viewerCompletesPage"
        case .viewerTapsDone: ".viewerTapsDone"
        case .viewerActivatesCode: ".viewerActivatesCode"
        case .serverForgetsSessions: ".serverForgetsSessions"
        case .serverReleasesHeldRequests: ".serverReleasesHeldRequests"
        case .timePasses(let seconds): ".timePasses(seconds: \(seconds))"
        case .otherProcessSignsIn(let mvpd): ".otherProcessSignsIn(\"\(mvpd)\")"
        case .otherProcessLogsOut: ".otherProcessLogsOut"
        case .answered(let answer, let step): ".answered(.\(answer), \(step))"
        }
    }
}

/// The URL an app hands to `handleExternalURL`.
enum LegacyModelURL: String, Hashable, Sendable {
    /// Where the page the viewer finished ended (the redirect, with what the MVPD added).
    case pageEnd
    /// `ADOBEPASS_REDIRECT_URL` (or the app's scheme), though the viewer did not finish the page.
    case redirectUnfinished
    /// A URL that is not the redirect URL.
    case wrong
}

/// A `getMetadata` request.
enum LegacyModelMetadata: Hashable, Sendable, CustomStringConvertible {
    case authenticationExpiry
    case authorizationExpiry(String)
    case deviceID
    case userMetadata(String)

    var opcode: Int32 {
        switch self {
        case .authenticationExpiry: METADATA_AUTHENTICATION
        case .authorizationExpiry: METADATA_AUTHORIZATION
        case .deviceID: METADATA_DEVICE_ID
        case .userMetadata: METADATA_USER_META
        }
    }

    /// The legacy dictionary.
    var dictionary: [AnyHashable: Any] {
        switch self {
        case .authenticationExpiry: [METADATA_OPCODE_KEY: METADATA_AUTHENTICATION]
        case .authorizationExpiry(let resource):
            [METADATA_OPCODE_KEY: METADATA_AUTHORIZATION, METADATA_RESOURCE_ID_KEY: resource]
        case .deviceID: [METADATA_OPCODE_KEY: METADATA_DEVICE_ID]
        case .userMetadata(let name): [METADATA_OPCODE_KEY: Int(METADATA_USER_META), METADATA_USER_META_KEY: name]
        }
    }

    var description: String {
        switch self {
        case .authenticationExpiry: ".authenticationExpiry"
        case .authorizationExpiry(let resource): ".authorizationExpiry(\"\(resource)\")"
        case .deviceID: ".deviceID"
        case .userMetadata(let name): ".userMetadata(\"\(name)\")"
        }
    }
}

/// How the server answers a step's main request.
enum LegacyModelAnswer: String, Hashable, Sendable {
    /// 503 with an error body.
    case serverError
    /// 429 with `Retry-After: 2`.
    case throttled
    /// The connection drops.
    case dropped
    /// Held until ``LegacyModelStep/serverReleasesHeldRequests`` (or its time limit).
    case late
}
