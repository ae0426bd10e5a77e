import Foundation

/// The HTML of the fake MVPD login page: a plain form a real browser can use.
enum MVPDLoginPage {
    /// The longest username or password the form takes (`maxlength`).
    static let maximumFieldLength = 256

    /// The login form; after a failed attempt `error` is shown above it, tied to both inputs, and
    /// the username typed (`username`) is kept.
    static func form(mvpd: EmulatorScenario.MVPD, loginID: String, username: String? = nil, error: String?) -> String {
        let name = MarkupEscaping.escape(mvpd.displayName)
        let invalid = HTMLPage.errorAttributes(error, id: "login-error")
        let typed = MarkupEscaping.escape(String((username ?? "").prefix(maximumFieldLength)))
        return HTMLPage.document(
            title: "Sign in to \(mvpd.displayName)",
            main: """
                <h1>Sign in to \(name)</h1>
                \(HTMLPage.errorParagraph(error, id: "login-error"))<form id="mvpd-login" method="post" action="\(MarkupEscaping.escape(PassEmulator.loginPagePath(mvpd: mvpd.id)))">
                <input type="hidden" name="login" value="\(MarkupEscaping.escape(loginID))">
                <p><label for="username">Username</label><input type="text" id="username" name="username" value="\(typed)" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="\(maximumFieldLength)"\(invalid)></p>
                <p><label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required maxlength="\(maximumFieldLength)"\(invalid)></p>
                <p><button type="submit">Sign in</button></p>
                </form>
                """)
    }

    /// The page for an unknown or expired login link.
    static func invalidLink() -> String {
        HTMLPage.notice(
            title: "Sign-in link expired", heading: "This sign-in link is unknown or has expired.",
            text: "Start the sign-in again from the app.")
    }

    /// The page for a v2 browser login whose code is unknown, expired, or still missing parameters.
    static func invalidSession() -> String {
        HTMLPage.notice(
            title: "Sign-in session invalid", heading: "This authentication session is unknown, expired or incomplete.",
            text: "Start the sign-in again from the app.")
    }

    /// The page for a wrong method on a page a browser visits.
    static func methodNotAllowed() -> String {
        HTMLPage.notice(
            title: "405 Method Not Allowed", heading: "405 Method Not Allowed",
            text: "This page does not take that kind of request. Open it with a link instead.")
    }
}
