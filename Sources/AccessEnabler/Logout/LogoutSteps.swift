import Foundation

/// What a logout does once the server answered: the MVPD's logout pages through the app's
/// presenter, and the TV Provider sign-outs left to the viewer. Each step runs on its own: a page
/// that cannot be shown leaves the others to run, and only the first failure is the outcome's.
/// A class: its async steps share one reference instead of copying five fields into each frame.
final class LogoutSteps {
    /// The MVPD being logged out of.
    let mvpd: MVPD
    /// Shows the logout pages; nil: no page is shown.
    let presenter: (any AuthenticationPresenter)?
    /// Where a logout page ends; nil when the MVPD's pages open in Safari, which cannot come back
    /// to the app (no `adbe.` scheme): such a page is not shown.
    let pageRedirectURL: URL?
    let log: Log
    let hub: EventHub

    init(mvpd: MVPD, presenter: (any AuthenticationPresenter)?, pageRedirectURL: URL?, log: Log, hub: EventHub) {
        self.mvpd = mvpd
        self.presenter = presenter
        self.pageRedirectURL = pageRedirectURL
        self.log = log
        self.hub = hub
    }

    /// Runs `steps` in order, recording in `outcome` what is left to the viewer or failed.
    func run(_ steps: [LogoutStep], into outcome: inout LogoutOutcome) async {
        for step in steps {
            switch step {
            case .interactive(let url):
                await showPage(url, into: &outcome)
            case .partner(let mvpdID):
                log.info(
                    "\(mvpdID) was an Apple TV Provider sign-in: the viewer must also sign out in the system settings"
                )
                outcome.partnerLogoutMVPDIDs.append(mvpdID)
                hub.emit(.partnerLogoutRequired(mvpdID: mvpdID))
            case .complete:
                break
            }
        }
    }

    private func showPage(_ url: URL, into outcome: inout LogoutOutcome) async {
        guard let presenter else { return }
        guard let redirectURL = pageRedirectURL else {
            log.error(
                "\(mvpd.id)'s logout page opens in Safari, which cannot come back to the app (no adbe. scheme): not shown"
            )
            return
        }
        do {
            let landed = try await presenter.presentPage(url: url, redirectURL: redirectURL, for: mvpd, call: .logout)
            if !AccessEnabler.matches(landed, redirectURL: redirectURL) {
                log.error("the browser logout ended at an unexpected URL")
            }
        } catch is CancellationError {
            log.info("the browser logout was cancelled")
        } catch {
            let code = (error as? AccessEnablerError)?.code ?? "unknown"
            log.error("a logout page could not be shown (\(code)); the other logout steps go on")
            let incomplete = error as? AccessEnablerError ?? .networkError
            if outcome.incompleteError == nil { outcome.incompleteError = incomplete }
            hub.emit(.logoutIncomplete(incomplete))
        }
    }
}
