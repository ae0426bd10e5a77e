import Foundation

/// The companion side of the second-screen sign-in (REST API v2): the login for the TV's code.
extension SignInFlow {
    /// Resumes the code's session with `mvpd` (`POST /sessions/{code}` with `mvpd`, `domainName`
    /// and `redirectUrl`): its login page, or the end when the service provider already holds an
    /// authentication for the TV.
    static func startActivation(
        _ request: ActivationRequest, _ mvpd: MVPD, _ current: RequestorConfiguration,
        presenter: any AuthenticationPresenter, on enabler: isolated AccessEnabler
    ) async throws -> (State, Stage) {
        enabler.log.info("activating a second-screen code with \(mvpd.id)")
        var context = try await enabler.context(for: current.requestorID, before: enabler.storageDeadline())
        context.redirectURL = try await enabler.redirectURL(for: mvpd, presenter: presenter)
        switch try await enabler.backend.requireSecondScreen().resumeAuthentication(
            code: request.code, mvpd: mvpd, domain: current.loginDomain(for: mvpd), context: context)
        {
        case .interactive(let url, _):
            let page = try MVPDPage.checked(url: url, redirectURL: context.redirectURL, mvpd: mvpd, call: .activate)
            return (.pageShown(page), .activationPage(page, presenter: presenter))
        case .complete:
            // The service provider already holds an authentication for the TV: nothing to show.
            return (.activated(mvpd), .finished)
        }
    }

    /// Shows the companion's login page until it reaches the redirect URL.
    static func showActivationPage(_ page: MVPDPage, presenter: any AuthenticationPresenter) async throws {
        let landed = try await presenting { try await presenter.presentPage(page) }
        guard AccessEnabler.matches(landed, redirectURL: page.redirectURL) else {
            throw AccessEnablerError.invalidRedirectURL
        }
    }
}
