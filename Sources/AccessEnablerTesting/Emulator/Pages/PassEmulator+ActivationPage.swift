import AccessEnabler
import Foundation

/// The second-screen activation site: the page a viewer opens on a phone or computer to finish
/// a TV's sign-in (what a network's own `activate` site does with Adobe's REST API v2).
extension PassEmulator {
    /// The path of the activation site; ``activationURL`` is its absolute URL.
    static let activationPath = "/activate"
    /// Where the activation site's MVPD logins end.
    static let activationDonePath = "/activate/done"

    /// The activation page of this emulator, to configure as
    /// `AccessEnabler.Configuration.activationURL` on the TV.
    public nonisolated var activationURL: URL { URL(string: Self.activationPath, relativeTo: baseURL)!.absoluteURL }

    /// `GET /activate` → the code form; `?code=` → the MVPD picker when the TV did not preselect
    /// one, else (or with `&mvpd=`) the session is completed with the requestor's first domain
    /// and this site's done page as redirect URL, and the browser goes on to the MVPD login
    /// page (straight to the done page for auto-login, TempPass and authenticate-all MVPDs).
    /// An empty, over-long, mistyped, expired or already used code shows the form again with an
    /// error (400): a code's activation is one-shot. `GET /activate/done?code=` → "you can go back
    /// to your TV", for a code whose sign-in finished only.
    func activationPage(_ request: IncomingRequest) -> HTTPTransportResponse {
        if request.segments.count == 2 { return activationDone(request) }
        guard let typed = request.parameter("code") else {
            return htmlResponse(200, ActivationPage.codeForm(code: nil, error: nil))
        }
        let code = typed.trimmingCharacters(in: .whitespaces).uppercased()
        func refused(_ error: String) -> HTTPTransportResponse {
            htmlResponse(400, ActivationPage.codeForm(code: typed, error: error))
        }
        if code.isEmpty { return refused("Enter the code shown on your TV.") }
        if code.count > ActivationPage.maximumCodeLength {
            return refused("That code is too long. Enter the code shown on your TV (7 characters).")
        }
        guard var session = entitlementState.codeSessions[code] else {
            return refused("That code is not valid. Check the code on your TV.")
        }
        guard session.isValid(at: clock.now) else {
            return refused("That code has expired. Ask your TV for a new code.")
        }
        if session.signedIn {
            return refused("That code was used already. If your TV is not signed in, ask it for a new code.")
        }
        let offered = (index.requestors[session.key.requestor]?.mvpds ?? []).compactMap {
            index.mvpd($0, offeredBy: session.key.requestor)
        }
        // Only a TV's choice skips the picker: one made here earlier is not kept until it signs in.
        guard let mvpdID = request.nonEmptyParameter("mvpd") ?? session.mvpd else {
            return htmlResponse(200, ActivationPage.providerPicker(code: code, mvpds: offered, error: nil))
        }
        guard let mvpd = index.mvpd(mvpdID, offeredBy: session.key.requestor) else {
            return htmlResponse(
                400,
                ActivationPage.providerPicker(
                    code: code, mvpds: offered, error: "That TV provider is not available."))
        }
        let done = URL(string: Self.activationDonePath + "?code=" + PercentEncoding.encode(code), relativeTo: baseURL)!
            .absoluteString
        session.domainName = session.domainName ?? index.requestors[session.key.requestor]?.domains.first
        session.redirectURL = done
        storeCodeSession(session)
        if !mvpd.isTempPass, mvpd.degradation == .authenticateAll {
            createDegradedSession(for: session.key, mvpd: mvpd, genericData: session.genericData)
            markSignedIn(code: code, mvpd: mvpd.id)
            return redirect(to: done)
        }
        switch beginBrowserLogin(
            for: session.key, mvpd: mvpd, redirectURL: done, genericData: session.genericData, code: code)
        {
        case .redirect(let location): return redirect(to: location)
        case .tempPassOver, .noAutoLoginUser:
            return htmlResponse(
                400,
                ActivationPage.providerPicker(
                    code: code, mvpds: offered, error: "That TV provider cannot sign you in now."))
        }
    }

    /// `GET /activate/done?code=` → the done page when that code's sign-in finished; else the code
    /// form, saying that nothing was signed in with it (400).
    private func activationDone(_ request: IncomingRequest) -> HTTPTransportResponse {
        let code = request.parameter("code")?.trimmingCharacters(in: .whitespaces).uppercased() ?? ""
        guard let session = entitlementState.codeSessions[code], session.signedIn else {
            return htmlResponse(
                400,
                ActivationPage.codeForm(
                    code: nil, error: "No sign-in has finished with that code. Enter the code shown on your TV."))
        }
        return htmlResponse(200, ActivationPage.done())
    }
}
