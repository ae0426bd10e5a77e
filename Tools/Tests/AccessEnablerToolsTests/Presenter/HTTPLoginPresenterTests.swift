@testable import AccessEnablerCLI
import AccessEnabler
import Foundation
import Testing

/// The login presenter against a scripted server that is not the emulator: redirects, refresh
/// pages, self-submitting forms, login forms, pages that need a person, errors.
@Suite("HTTP login presenter", .timeLimit(.minutes(5)))
struct HTTPLoginPresenterTests {
    static let redirect = URL(string: "adobepass://ios.app")!
    static let start = URL(string: "https://sp.example.com/start?code=1")!

    private func presenter(
        _ site: ScriptedSite, username: String? = nil, password: String? = nil,
        answers: [String]? = nil
    ) -> HTTPLoginPresenter {
        let prompt = answers.map { lines in
            let queue = LineQueue(lines)
            return RedirectPrompt(write: { _ in }, readLine: { queue.next() })
        }
        return HTTPLoginPresenter(
            mvpdID: "MVPD", username: username, password: password, transport: site, prompt: prompt)
    }

    @Test("follows relative and absolute redirects and stops at the redirect URL without loading it")
    func redirects() async throws {
        let site = ScriptedSite([
            "https://sp.example.com/start": .redirect("/hop"),
            "https://sp.example.com/hop": .redirect("https://idp.example.net/sso"),
            "https://idp.example.net/sso": .redirect("adobepass://ios.app/?done=1"),
        ])
        let landed = try await presenter(site).presentLogin(url: Self.start, redirectURL: Self.redirect)
        #expect(landed.absoluteString == "adobepass://ios.app/?done=1")
        #expect(
            site.requested == [
                "https://sp.example.com/start?code=1", "https://sp.example.com/hop",
                "https://idp.example.net/sso",
            ])
    }

    @Test("follows a meta refresh and submits a form that its script submits (SAML POST)")
    func refreshAndAutoPost() async throws {
        let site = ScriptedSite([
            "https://sp.example.com/start": .page(
                #"<html><head><meta http-equiv="Refresh" content="0; URL='/saml'"></head></html>"#),
            "https://sp.example.com/saml": .page(
                """
                <html><body onload="document.forms[0].submit()">
                <form method="POST" action="https://idp.example.net/acs">
                <input type="hidden" name="SAMLResponse" value="PHNhbWw+&amp;x">
                <input type="hidden" name="RelayState" value="a b">
                <noscript><input type="submit" value="Continue"></noscript>
                </form></body></html>
                """),
            "https://idp.example.net/acs": .redirect("adobepass://ios.app"),
        ])
        let landed = try await presenter(site).presentLogin(url: Self.start, redirectURL: Self.redirect)
        #expect(landed == Self.redirect)
        let post = try #require(site.requests.last)
        #expect(post.method == .post)
        #expect(post.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: post.body ?? Data(), as: UTF8.self) == "SAMLResponse=PHNhbWw%2B%26x&RelayState=a+b")
    }

    @Test("fills in a simple login form once with --username/--password")
    func loginForm() async throws {
        let form = """
            <form action="login" method="post">
              <input type=hidden name=csrf value=t0k3n>
              <label>E-mail <input type="email" name="user"></label>
              <input type="password" name="pass">
              <input type="checkbox" name="remember" checked>
              <button type="submit" name="go" value="1">Sign in</button>
            </form>
            """
        let site = ScriptedSite([
            "https://sp.example.com/start": .page(form),
            "https://sp.example.com/login": .redirect("adobepass://ios.app"),
        ])
        let landed = try await presenter(site, username: "ann@example.com", password: "p&ss word")
            .presentLogin(url: Self.start, redirectURL: Self.redirect)
        #expect(landed == Self.redirect)
        let post = try #require(site.requests.last)
        #expect(post.url.absoluteString == "https://sp.example.com/login")
        #expect(
            String(decoding: post.body ?? Data(), as: UTF8.self)
                == "csrf=t0k3n&user=ann%40example.com&pass=p%26ss+word&remember=on&go=1")
    }

    @Test("a login form shown again after the credentials is a rejection")
    func rejected() async throws {
        let form = #"<form method="post"><input name="u"><input type="password" name="p"></form>"#
        let site = ScriptedSite(["https://sp.example.com/start": .page(form)])
        await expectLoginFailure(code: "login_rejected") {
            try await presenter(site, username: "u", password: "p").presentLogin(
                url: Self.start, redirectURL: Self.redirect)
        }
    }

    @Test("a page that needs a person: the first URL is shown and the pasted redirect URL returned")
    func person() async throws {
        let site = ScriptedSite([
            "https://sp.example.com/start": .redirect("https://mvpd.example.org/consent"),
            "https://mvpd.example.org/consent": .page("<p>Do you agree?</p><form><input type=radio name=a></form>"),
        ])
        let landed = try await presenter(
            site, answers: ["", "https://elsewhere.example/", " adobepass://ios.app/?ok=1 "]
        )
        .presentLogin(url: Self.start, redirectURL: Self.redirect)
        #expect(landed.absoluteString == "adobepass://ios.app/?ok=1")
    }

    @Test("nobody to ask, or the input ends: the login fails with a clear error")
    func nobody() async throws {
        let site = ScriptedSite(["https://sp.example.com/start": .page("<form><input type=password name=p></form>")])
        await expectLoginFailure(code: "login_not_completed", message: "https://sp.example.com/start") {
            try await presenter(site).presentLogin(url: Self.start, redirectURL: Self.redirect)
        }
        await expectLoginFailure(code: "login_not_completed") {
            try await presenter(site, answers: ["adobepass://ios.app.evil/"])
                .presentLogin(url: Self.start, redirectURL: Self.redirect)
        }
    }

    @Test("error pages, broken redirects and loops fail")
    func failures() async throws {
        let failing = ScriptedSite(["https://sp.example.com/start": .status(500)])
        await expectLoginFailure(code: "login_page_failed", message: "answered HTTP 500") {
            try await presenter(failing).presentLogin(url: Self.start, redirectURL: Self.redirect)
        }
        let broken = ScriptedSite(["https://sp.example.com/start": .status(302)])
        await expectLoginFailure(code: "login_page_failed", message: "HTTP 302 without a usable Location") {
            try await presenter(broken).presentLogin(url: Self.start, redirectURL: Self.redirect)
        }
        let loop = ScriptedSite(["https://sp.example.com/start": .redirect("/start")])
        await expectLoginFailure(
            code: "login_page_failed", message: "after \(HTTPLoginPresenter.maximumHops) page loads"
        ) {
            try await presenter(loop).presentLogin(url: Self.start, redirectURL: Self.redirect)
        }
    }

    @Test("selectProvider picks --mvpd, or fails with provider_not_available listing the offered IDs")
    func selection() async throws {
        let sp = URL(string: "https://sp.example.com")!
        let offered = [MVPD(id: "A", serviceProvider: sp), MVPD(id: "MVPD", serviceProvider: sp)]
        let site = ScriptedSite([:])
        #expect(try await presenter(site).selectProvider(from: offered)?.id == "MVPD")
        let other = HTTPLoginPresenter(mvpdID: "Z", username: nil, password: nil, transport: site, prompt: nil)
        do {
            _ = try await other.selectProvider(from: offered)
            Issue.record("expected an error")
        } catch let error as AccessEnablerError {
            #expect(error == .providerNotAvailable)
            #expect(error.status.details == "MVPD Z is not offered; the requestor offers: A, MVPD.")
        }
    }
}

/// The presenter's failures reach the SDK's caller as `AccessEnablerError`s with the tool's
/// codes (status 0, action `authentication`).
func expectLoginFailure(
    code: String, message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> URL
) async {
    let error = await #expect(throws: AccessEnablerError.self, sourceLocation: sourceLocation) { _ = try await body() }
    #expect(error?.code.rawValue == code, sourceLocation: sourceLocation)
    #expect(error?.status.status == 0, sourceLocation: sourceLocation)
    #expect(error?.action == .authentication, sourceLocation: sourceLocation)
    if let message {
        #expect(error?.status.message?.contains(message) == true, sourceLocation: sourceLocation)
    }
}
