import Foundation

/// The HTML of the fake MVPD login page: a plain form a real browser can use.
enum MVPDLoginPage {
    /// The login form; `error` is shown above it after a failed attempt.
    static func form(mvpd: EmulatorScenario.MVPD, loginID: String, error: String?) -> String {
        let name = MarkupEscaping.escape(mvpd.displayName)
        let errorLine = error.map { #"<p class="error" role="alert">\#(MarkupEscaping.escape($0))</p>"# + "\n" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>Sign in to \(name)</title></head>
            <body>
            <h1>Sign in to \(name)</h1>
            \(errorLine)<form id="mvpd-login" method="post" action="\(MarkupEscaping.escape(PassEmulator.loginPagePath(mvpd: mvpd.id)))">
            <input type="hidden" name="login" value="\(MarkupEscaping.escape(loginID))">
            <p><label for="username">Username</label> <input type="text" id="username" name="username" autocomplete="username"></p>
            <p><label for="password">Password</label> <input type="password" id="password" name="password" autocomplete="current-password"></p>
            <p><button type="submit">Sign in</button></p>
            </form>
            </body>
            </html>

            """
    }

    /// The page for an unknown or expired login link.
    static func invalidLink() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Sign-in link expired</title></head>
        <body><h1>This sign-in link is unknown or has expired.</h1><p>Start the sign-in again from the app.</p></body>
        </html>

        """
    }

    /// The page for a v2 browser login whose code is unknown, expired, or still missing parameters.
    static func invalidSession() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Sign-in session invalid</title></head>
        <body><h1>This authentication session is unknown, expired or incomplete.</h1><p>Start the sign-in again from the app.</p></body>
        </html>

        """
    }

    /// The page for a wrong method on a browser route.
    static func methodNotAllowed() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>405 Method Not Allowed</title></head>
        <body><h1>405 Method Not Allowed</h1></body>
        </html>

        """
    }
}
