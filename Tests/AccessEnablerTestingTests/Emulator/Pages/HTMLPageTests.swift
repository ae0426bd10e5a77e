import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// What every page a browser meets has in common (a viewport, the stylesheet, an icon, a `<main>`
/// landmark), and that the paths a browser visits answer in HTML even when something is wrong.
@Suite(.timeLimit(.minutes(3)))
struct HTMLPageTests {
    /// Every kind of page the emulator shows a browser.
    private func everyPage(_ harness: Harness) async throws -> [(String, BrowserVisit)] {
        let code = try await harness.activationCode()
        let start = try await harness.emulator.handle(HTTPTransportRequest(url: harness.loginURL(mvpd: "Cablevision")))
        let loginPath = PassEmulator.loginPagePath(mvpd: "Cablevision")
        let login = try loginID(in: start.headers["Location"])
        let activated = try await harness.browse(
            "/activate", [("code", try await harness.activationCode()), ("mvpd", "AutoCable")])
        return [
            ("code form", try await harness.browse("/activate")),
            ("code error", try await harness.browse("/activate", [("code", "")])),
            ("picker", try await harness.browse("/activate", [("code", code)])),
            ("done", try await harness.follow(activated.location)),
            ("login form", try await harness.browse(loginPath, [("login", login)])),
            (
                "login error",
                try await harness.browse(
                    loginPath, method: .post, form: [("login", login), ("username", "alice"), ("password", "x")])
            ),
            ("expired link", try await harness.browse(loginPath, [("login", "nope")])),
            ("invalid v2 session", try await harness.browse("/api/v2/authenticate/REF/NOPE")),
            ("logout without parameters", try await harness.browse("/adobe-services/logout")),
            ("unknown path", try await harness.browse("/nothing/here")),
            ("wrong method", try await harness.browse("/activate", method: .post, form: [("code", code)])),
        ]
    }

    @Test("every page sets a viewport, the shared stylesheet, an empty icon and a main landmark")
    func everyPageHasTheFrame() async throws {
        let harness = try await Harness.make()
        for (name, page) in try await everyPage(harness) {
            #expect(page.isHTML, "\(name)")
            #expect(page.html.contains(#"<html lang="en">"#), "\(name)")
            #expect(
                page.html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#), "\(name)")
            #expect(page.html.contains(#"<link rel="icon" href="data:,">"#), "\(name): no request for /favicon.ico")
            #expect(page.html.contains("<style>" + HTMLPage.stylesheet + "</style>"), "\(name)")
            #expect(page.html.contains("<main>") && page.html.contains("</main>"), "\(name)")
            #expect(page.html.components(separatedBy: "<h1>").count == 2, "\(name): one heading")
        }
    }

    @Test("the stylesheet gives targets of at least 24 px and errors that do not rely on colour alone")
    func theStylesheet() {
        let css = HTMLPage.stylesheet
        // 2.75rem = 44 px at the browsers' default 16 px: above WCAG 2.5.8's 24 px.
        for selector in ["input{", "button{", ".choices a{"] {
            let rule = css.components(separatedBy: selector).dropFirst().first?.prefix { $0 != "}" } ?? ""
            #expect(rule.contains("min-height:2.75rem"), "\(selector)")
        }
        #expect(css.contains(".error{color:#b3261e;font-weight:600;border-left:4px solid"))
        #expect(css.contains("input[aria-invalid=true]{border:2px solid"))
    }

    @Test("the browser logout without parameters, an unknown path and a wrong method answer HTML to a browser")
    func htmlForBrowsers() async throws {
        let harness = try await Harness.make()
        let logout = try await harness.browse("/adobe-services/logout")
        #expect(logout.status == 400)
        #expect(logout.isHTML)
        #expect(logout.html.contains("redirect_url is missing."))
        let unknown = try await harness.browse("/nothing/here")
        #expect(unknown.status == 404)
        #expect(unknown.isHTML)
        #expect(unknown.html.contains("/activate"))
        for (path, method) in [("/activate", HTTPTransportMethod.post), ("/adobe-services/logout", .delete)] {
            let wrong = try await harness.browse(path, method: method)
            #expect(wrong.status == 405, "\(path)")
            #expect(wrong.isHTML, "\(path)")
        }
        // An API client that asks for JSON or XML still gets the error format it reads.
        let api = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/nothing/here"), headers: ["Accept": "application/json"]))
        #expect(api.status == 404)
        #expect(api.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let xml = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/adobe-services/logout")))
        #expect(xml.status == 400)
        #expect(xml.headers["Content-Type"]?.hasPrefix("application/xml") == true)
    }
}
