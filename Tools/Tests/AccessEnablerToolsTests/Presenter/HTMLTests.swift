@testable import AccessEnablerCLI
import Foundation
import Testing

/// The small HTML reader behind the login presenter, redirect matching, and form encoding.
@Suite("HTML, redirect matching, form encoding", .timeLimit(.minutes(5)))
struct HTMLTests {
    @Test("tags and attributes: quoted, unquoted, valueless, references; comments and scripts skipped")
    func tags() {
        let html = """
            <!DOCTYPE html><!-- <form action="/no"> -->
            <FORM Action='/go?a=1&amp;b=2' method=POST>
            <script>if (a < b) { document.write("<input name='fake'>") }</script>
            <input type=text name=user value="x &quot;y&quot; &#65;&#x42;" disabled>
            </form>
            """
        let tags = HTMLTag.scan(html)
        #expect(tags.map(\.name) == ["form", "script", "script", "input", "form"])
        #expect(tags[0][attribute: "action"] == "/go?a=1&b=2")
        #expect(tags[0][attribute: "method"] == "POST")
        #expect(tags[3].attributes == ["type": "text", "name": "user", "value": "x \"y\" AB", "disabled": ""])
        #expect(tags[4].isEnd)
    }

    @Test("forms: fields in order, only inside their form; the login form and refresh targets")
    func forms() {
        let page = LoginPage(
            html: """
                <meta http-equiv="refresh" content="5;url=https://example.com/next">
                <input name="outside">
                <form id="search"><input name="q"></form>
                <form method="post" action="/login"><input type="hidden" name="t" value="1"><input type="password" name="pw"></form>
                """)
        #expect(page.forms.count == 2)
        #expect(page.forms[0].fields.map(\.name) == ["q"])
        #expect(page.loginForm?.action == "/login")
        #expect(page.loginForm?.fields.map(\.type) == ["hidden", "password"])
        #expect(page.refreshTarget == "https://example.com/next")
        #expect(page.selfSubmittingForm == nil)
        #expect(LoginPage.refreshURL(in: "0") == nil)
        #expect(LoginPage.refreshURL(in: #"0; URL="/a b""#) == "/a b")
    }

    @Test("redirect matching: scheme, host, port and path; query and fragment may differ")
    func matching() {
        let redirect = URL(string: "adobepass://ios.app")!
        #expect(RedirectMatching.matches(URL(string: "adobepass://ios.app/?x=1#f")!, redirectURL: redirect))
        #expect(RedirectMatching.matches(URL(string: "ADOBEPASS://IOS.APP")!, redirectURL: redirect))
        #expect(!RedirectMatching.matches(URL(string: "adobepass://ios.app.evil")!, redirectURL: redirect))
        #expect(!RedirectMatching.matches(URL(string: "adobepass://ios.app/other")!, redirectURL: redirect))
        #expect(!RedirectMatching.matches(URL(string: "https://ios.app")!, redirectURL: redirect))
        let web = URL(string: "http://127.0.0.1:9000/done")!
        #expect(RedirectMatching.matches(URL(string: "http://127.0.0.1:9000/done?code=1")!, redirectURL: web))
        #expect(!RedirectMatching.matches(URL(string: "http://127.0.0.1:9001/done")!, redirectURL: web))
        #expect(RedirectMatching.withoutQuery(URL(string: "https://a.example/p?secret=1#x")!) == "https://a.example/p")
    }

    @Test("form encoding as browsers write it")
    func encoding() {
        #expect(FormEncoding.encode([("a b", "c+d&e=f"), ("ü", "~*-._")]) == "a+b=c%2Bd%26e%3Df&%C3%BC=~*-._")
    }

    @Test("--data pairs")
    func dataPairs() throws {
        #expect(try KeyValuePairs.parse(["a=1", "b=x=y", "c=", "a=2"]) == ["a": "2", "b": "x=y", "c": ""])
        #expect(throws: (any Error).self) { try KeyValuePairs.parse(["=1"]) }
        #expect(throws: (any Error).self) { try KeyValuePairs.parse(["novalue"]) }
    }

    @Test("the default storage location follows XDG_DATA_HOME, else ~/.local/share")
    func storageLocation() {
        #if !os(macOS)
        #expect(
            DefaultStorageLocation.url(environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]).path
                == "/xdg/accessenabler/storage.json")
        #expect(
            DefaultStorageLocation.url(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.local/share/accessenabler/storage.json")
        #expect(
            DefaultStorageLocation.url(environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/share/accessenabler/storage.json")
        #endif
    }

    @Test("tables align columns")
    func table() {
        var table = Table(headers: ["A", "Long header"])
        table.rows = [["wide cell", "x"], ["b", "y"]]
        #expect(table.render() == "A          Long header\n─────────  ───────────\nwide cell  x\nb          y")
        #expect(table.renderBody() == "  wide cell  x\n  b          y")
    }
}
