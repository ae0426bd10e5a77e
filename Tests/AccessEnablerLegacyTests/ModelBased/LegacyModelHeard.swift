import AccessEnablerLegacy
import Foundation

/// Where an MVPD page (login or logout) was shown.
enum LegacyModelPageRoute: String, Hashable, Sendable {
    /// `navigate(toUrl:)`: the app's web view.
    case webView
    /// `navigate(toUrl:useSVC: true)`: the app's own Safari view controller.
    case appSafari
    /// The adapter's own Safari view controller.
    case sdkSafari
}

/// Which page an MVPD page is.
enum LegacyModelPage: String, Hashable, Sendable {
    case login, logout
}

/// One callback the delegate heard, reduced to what the reference model predicts: no tokens,
/// URLs or texts, only which callback, for which resource, with which status and code.
enum LegacyHeard: Hashable, Sendable, CustomStringConvertible {
    case requestorComplete(Int32)
    case authenticationStatus(Int32, String)
    case providerDialog([String])
    case page(LegacyModelPage, LegacyModelPageRoute)
    case token(String)
    case tokenFailed(String, String)
    case preauthorized([String])
    case selectedProvider
    case metadata(Int32, present: Bool)
    case status(String)

    var description: String {
        switch self {
        case .requestorComplete(let status): "setRequestorComplete(\(status))"
        case .authenticationStatus(let status, let code): "setAuthenticationStatus(\(status), \"\(code)\")"
        case .providerDialog(let ids): "displayProviderDialog(\(ids))"
        case .page(let page, let route): "\(page) page (\(route.rawValue))"
        case .token(let resource): "setToken(<token>, \(resource))"
        case .tokenFailed(let resource, let code): "tokenRequestFailed(\(resource), \"\(code)\")"
        case .preauthorized(let resources): "preauthorizedResources(\(resources))"
        case .selectedProvider: "selectedProvider"
        case .metadata(let key, let present): "setMetadataStatus(\(present ? "value" : "nil"), forKey: \(key))"
        case .status(let id): "status(\(id))"
        }
    }

    /// Whether this ends a flow or call: what the model counts as terminal.
    var isTerminal: Bool {
        switch self {
        case .requestorComplete, .authenticationStatus, .token, .tokenFailed, .preauthorized, .selectedProvider,
            .metadata:
            true
        case .providerDialog, .page, .status:
            false
        }
    }
}

/// What the model expects to hear at one point of a sequence: one callback, or one of a few.
struct LegacyHeardPattern: Sendable, CustomStringConvertible {
    let description: String
    let matches: @Sendable (LegacyHeard) -> Bool

    static func exactly(_ heard: LegacyHeard) -> LegacyHeardPattern {
        LegacyHeardPattern(description: heard.description) { $0 == heard }
    }

    static func oneOf(_ choices: [LegacyHeard]) -> LegacyHeardPattern {
        LegacyHeardPattern(description: choices.map(\.description).joined(separator: " or ")) {
            choices.contains($0)
        }
    }

    /// `tokenRequestFailed` for `resource` with any of `codes`.
    static func tokenFailed(_ resource: String, _ codes: [String]) -> LegacyHeardPattern {
        oneOf(codes.map { .tokenFailed(resource, $0) })
    }

    /// `setMetadataStatus` for `key`, with or without a value.
    static func metadata(_ key: Int32) -> LegacyHeardPattern {
        oneOf([.metadata(key, present: true), .metadata(key, present: false)])
    }
}

/// A delegate that records what the model predicts, in order, and the raw facts the world needs
/// to play the viewer (the pages' URLs, the registration code).
@MainActor
final class LegacyModelDelegate: NSObject, @preconcurrency EntitlementDelegate, @preconcurrency EntitlementStatus {
    private(set) var heard: [LegacyHeard] = []
    /// The URL of the last page handed to `navigate(toUrl:)`.
    private(set) var lastNavigation: URL?
    /// The last registration code reported with `REGCODE`.
    private(set) var lastCode: String?

    private func record(_ heard: LegacyHeard) { self.heard.append(heard) }

    /// The adapter presented `url` in its own Safari view controller.
    func safariPresented(_ url: URL) {
        lastNavigation = url
        record(.page(Self.page(of: url.absoluteString), .sdkSafari))
    }

    static func page(of url: String?) -> LegacyModelPage {
        (url ?? "").contains("logout") ? .logout : .login
    }

    func setRequestorComplete(_ status: Int32) { record(.requestorComplete(status)) }
    func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {
        record(.authenticationStatus(status, code ?? "nil"))
    }
    func displayProviderDialog(_ mvpds: [Any]!) {
        // Sorted: with two service providers the order is the order their configurations came in.
        record(.providerDialog((mvpds ?? []).map { ($0 as? MVPD)?.id ?? "not an MVPD" }.sorted()))
    }
    func navigate(toUrl url: String!) {
        lastNavigation = url.flatMap(URL.init(string:))
        record(.page(Self.page(of: url), .webView))
    }
    func navigate(toUrl url: String!, useSVC: Bool) {
        lastNavigation = url.flatMap(URL.init(string:))
        record(.page(Self.page(of: url), useSVC ? .appSafari : .webView))
    }
    func preauthorizedResources(_ resources: [Any]!) {
        record(.preauthorized((resources ?? []).map { $0 as? String ?? "not a string" }))
    }
    func setToken(_ token: String!, forResource resource: String!) { record(.token(resource ?? "nil")) }
    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!) {
        record(.tokenFailed(resource ?? "nil", code ?? "nil"))
    }
    func selectedProvider(_ mvpd: MVPD!) { record(.selectedProvider) }
    func presentTvProviderDialog(_ viewController: TVProviderViewController!) {}
    func dismissTvProviderDialog(_ viewController: TVProviderViewController!) {}
    func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!
    ) {
        // A user metadata key the MVPD does not share comes as JSON null (`NSNull`): no value.
        record(.metadata(key, present: metadata != nil && !(metadata is NSNull)))
    }
    func sendTrackingData(_ data: [Any]!, forEventType event: Int32) {}
    func status(_ statusDictionary: [AnyHashable: Any]!) {
        let report = statusDictionary ?? [:]
        let id = report["errorId"] as? String ?? "nil"
        if id == "REGCODE" { lastCode = report["code"] as? String }
        record(.status(id))
    }
}
