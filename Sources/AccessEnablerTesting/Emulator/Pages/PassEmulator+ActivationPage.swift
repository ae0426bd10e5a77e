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
    /// A mistyped code shows the form again with an error (400), as does an expired one.
    /// `GET /activate/done` → "you can go back to your TV".
    func activationPage(_ request: IncomingRequest) -> HTTPResponse {
        guard request.method == .get else { return htmlResponse(405, MVPDLoginPage.methodNotAllowed()) }
        if request.segments.count == 2 { return htmlResponse(200, ActivationPage.done()) }
        guard let typed = request.nonEmptyParameter("code") else {
            return htmlResponse(200, ActivationPage.codeForm(code: nil, error: nil))
        }
        let code = typed.trimmingCharacters(in: .whitespaces).uppercased()
        guard var session = entitlementState.codeSessions[code] else {
            return htmlResponse(
                400,
                ActivationPage.codeForm(
                    code: typed, error: "That code is not valid. Check the code on your TV."))
        }
        guard session.isValid(at: clock.now) else {
            return htmlResponse(
                400,
                ActivationPage.codeForm(
                    code: typed, error: "That code has expired. Ask your TV for a new code."))
        }
        let offered = (index.requestors[session.key.requestor]?.mvpds ?? []).compactMap {
            index.mvpd($0, offeredBy: session.key.requestor)
        }
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
        session.mvpd = mvpd.id
        session.domainName = session.domainName ?? index.requestors[session.key.requestor]?.domains.first
        session.redirectURL = done
        storeCodeSession(session)
        if !mvpd.isTempPass, mvpd.degradation == .authenticateAll {
            createDegradedSession(for: session.key, mvpd: mvpd, genericData: session.genericData)
            return redirect(to: done)
        }
        switch beginBrowserLogin(for: session.key, mvpd: mvpd, redirectURL: done, genericData: session.genericData) {
        case .redirect(let location): return redirect(to: location)
        case .tempPassOver, .noAutoLoginUser:
            return htmlResponse(
                400,
                ActivationPage.providerPicker(
                    code: code, mvpds: offered, error: "That TV provider cannot sign you in now."))
        }
    }
}
