#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
import AuthenticationServices
import Foundation

/// The MVPD login in `ASWebAuthenticationSession`, with the MVPD picker your app supplies.
///
/// The session ends at ``AccessEnabler/Configuration/redirectURL``: a custom scheme
/// (`adbe.<id>://adobe.com`), or on iOS 17.4 / macOS 14.4 an `https` URL of one of your
/// Associated Domains. Logout opens the MVPD's logout page in a session of the same kind, so a
/// shared (non-ephemeral) session clears the MVPD's cookies too. Closing the sheet cancels
/// (``AccessEnabler/authenticate(forceAuthentication:data:providerFilter:presenter:)`` throws
/// `CancellationError`); cancelling the calling task closes the sheet.
@available(iOS 16.0, macOS 13.0, *)
public struct WebAuthenticationSessionPresenter: AuthenticationPresenter {
    private let presenter: WebLoginPresenter

    /// Creates the presenter.
    ///
    /// - Parameters:
    ///   - prefersEphemeralWebBrowserSession: Use a private browser session (no cookies shared
    ///     with Safari: the viewer types the MVPD password every time).
    ///   - skipsPickerForSingleProvider: With one MVPD, log in with it without the picker.
    ///   - presentationAnchor: The window the sheet is shown over.
    ///   - selectProvider: Your MVPD picker; return nil when the viewer cancels.
    public init(
        prefersEphemeralWebBrowserSession: Bool = false,
        skipsPickerForSingleProvider: Bool = false,
        presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor,
        selectProvider: @escaping @Sendable (_ providers: [MVPD]) async throws -> MVPD?
    ) {
        var httpsCallbackAvailable = false
        if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) { httpsCallbackAvailable = true }
        presenter = WebLoginPresenter(
            picker: selectProvider, prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession,
            skipsPickerForSingleProvider: skipsPickerForSingleProvider,
            httpsCallbackAvailable: httpsCallbackAvailable,
            makeSession: { request, completion in
                AuthenticationServicesSession(request: request, anchor: presentationAnchor, completion: completion)
            })
    }

    /// Creates the presenter with a picker object.
    public init(
        prefersEphemeralWebBrowserSession: Bool = false,
        skipsPickerForSingleProvider: Bool = false,
        presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor,
        picker: any MVPDPicker
    ) {
        self.init(
            prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession,
            skipsPickerForSingleProvider: skipsPickerForSingleProvider, presentationAnchor: presentationAnchor,
            selectProvider: { try await picker.selectProvider(from: $0) })
    }

    /// `false`: the session catches the redirect URL itself, on any custom scheme, so the app
    /// need not register the `adbe.` scheme of an MVPD that opens in Safari.
    public var requiresRegisteredURLScheme: Bool { presenter.requiresRegisteredURLScheme }

    public func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        try await presenter.selectProvider(from: providers)
    }

    public func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        try await presenter.presentLogin(url: url, redirectURL: redirectURL)
    }
}

/// ``WebLoginSession`` over `ASWebAuthenticationSession`: builds it from the request, nothing more.
@available(iOS 16.0, macOS 13.0, *)
@MainActor
final class AuthenticationServicesSession: NSObject, WebLoginSession, ASWebAuthenticationPresentationContextProviding {
    /// The app's window, asked for on the main actor when the session is made; AuthenticationServices
    /// reads it back on the main thread (the requirement is not main-actor isolated in every SDK).
    /// A window is main-actor isolated, hence `Sendable`: the nonisolated requirement may read it.
    private let anchor: ASPresentationAnchor
    private var session: ASWebAuthenticationSession?

    init(
        request: WebLoginRequest, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor,
        completion: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) {
        self.anchor = anchor()
        super.init()
        let session: ASWebAuthenticationSession
        switch request.callback {
        case .customScheme(let scheme):
            if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) {
                session = ASWebAuthenticationSession(
                    url: request.url, callback: .customScheme(scheme), completionHandler: completion)
            } else {
                session = ASWebAuthenticationSession(
                    url: request.url, callbackURLScheme: scheme, completionHandler: completion)
            }
        case .https(let host, let path):
            if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) {
                session = ASWebAuthenticationSession(
                    url: request.url, callback: .https(host: host, path: path), completionHandler: completion)
            } else {
                // Not reached: WebLoginCallback refuses https before iOS 17.4 / macOS 14.4.
                session = ASWebAuthenticationSession(
                    url: request.url, callbackURLScheme: "https", completionHandler: completion)
            }
        }
        session.prefersEphemeralWebBrowserSession = request.prefersEphemeralWebBrowserSession
        session.presentationContextProvider = self
        self.session = session
    }

    func start() -> Bool { session?.start() ?? false }

    func cancel() { session?.cancel() }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        anchor
    }
}
#endif
