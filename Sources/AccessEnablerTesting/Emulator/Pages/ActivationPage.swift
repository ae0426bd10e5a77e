import Foundation

/// The HTML of the emulator's second-screen activation site (`/activate`): plain pages a real
/// browser can use, all with `GET` forms and links so each step is a URL.
enum ActivationPage {
    /// The code entry form; `error` is shown above it.
    static func codeForm(code: String?, error: String?) -> String {
        page(
            title: "Activate your TV",
            body: """
                <h1>Activate your TV</h1>
                \(errorLine(error))<form id="activation-code" method="get" action="/activate">
                <p><label for="code">Code shown on your TV</label> <input type="text" id="code" name="code" value="\(MarkupEscaping.escape(code ?? ""))" autocomplete="off" autocapitalize="characters"></p>
                <p><button type="submit">Continue</button></p>
                </form>
                """)
    }

    /// The TV provider picker for a code whose TV did not preselect one: a link per MVPD.
    static func providerPicker(code: String, mvpds: [EmulatorScenario.MVPD], error: String?) -> String {
        let items = mvpds.map { mvpd in
            let link = "/activate?code=" + PercentEncoding.encode(code) + "&mvpd=" + PercentEncoding.encode(mvpd.id)
            return
                #"<li><a class="mvpd" data-mvpd="\#(MarkupEscaping.escape(mvpd.id))" href="\#(MarkupEscaping.escape(link))">\#(MarkupEscaping.escape(mvpd.displayName))</a></li>"#
        }.joined(separator: "\n")
        return page(
            title: "Choose your TV provider",
            body: """
                <h1>Choose your TV provider</h1>
                \(errorLine(error))<ul id="providers">
                \(items)
                </ul>
                """)
    }

    /// The last page: the sign-in is done, the TV picks it up.
    static func done() -> String {
        page(
            title: "You're signed in",
            body: """
                <h1>You're signed in</h1>
                <p id="go-back">You can go back to your TV: it will continue in a few seconds.</p>
                """)
    }

    private static func errorLine(_ error: String?) -> String {
        error.map { #"<p class="error" role="alert">\#(MarkupEscaping.escape($0))</p>"# + "\n" } ?? ""
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(MarkupEscaping.escape(title))</title></head>
        <body>
        \(body)
        </body>
        </html>

        """
    }
}
