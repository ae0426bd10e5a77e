import AccessEnabler
import Foundation

/// The HTML of the emulator's second-screen activation site (`/activate`): plain pages a real
/// browser can use, all with `GET` forms and links so each step is a URL.
enum ActivationPage {
    /// The longest code the form takes (`maxlength`); the emulator's codes have 7 characters, and a
    /// longer one is answered with the form's own error.
    static let maximumCodeLength = 16

    /// The code entry form; `error` is shown above it, tied to the input, which keeps what was typed.
    static func codeForm(code: String?, error: String?) -> String {
        let typed = MarkupEscaping.escape(String((code ?? "").prefix(maximumCodeLength)))
        return HTMLPage.document(
            title: "Activate your TV",
            main: """
                <h1>Activate your TV</h1>
                \(HTMLPage.errorParagraph(error, id: "code-error"))<form id="activation-code" method="get" action="/activate">
                <p><label for="code">Code shown on your TV</label><input type="text" id="code" name="code" value="\(typed)" autocomplete="off" autocapitalize="characters" spellcheck="false" required maxlength="\(maximumCodeLength)"\(HTMLPage.errorAttributes(error, id: "code-error"))></p>
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
        return HTMLPage.document(
            title: "Choose your TV provider",
            main: """
                <h1>Choose your TV provider</h1>
                \(HTMLPage.errorParagraph(error, id: "picker-error"))<ul id="providers" class="choices">
                \(items)
                </ul>
                """)
    }

    /// The last page, shown only for a code whose sign-in finished: the TV picks it up.
    static func done() -> String {
        HTMLPage.document(
            title: "You're signed in",
            main: """
                <h1>You're signed in</h1>
                <p id="go-back">You can go back to your TV: it will continue in a few seconds.</p>
                """)
    }
}
