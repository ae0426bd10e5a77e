import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// The fake MVPD login form after a mistake: what is kept, and how the error is tied to the inputs.
@Suite(.timeLimit(.minutes(3)))
struct MVPDLoginPageTests {
    /// A v1 browser login waiting at Cablevision's form: its path and login ID.
    private func pendingLogin(_ harness: Harness) async throws -> (path: String, id: String) {
        let start = try await harness.emulator.handle(HTTPTransportRequest(url: harness.loginURL(mvpd: "Cablevision")))
        let location = try #require(start.headers["Location"])
        return (PassEmulator.loginPagePath(mvpd: "Cablevision"), try loginID(in: location))
    }

    @Test("the inputs have labels, are required and take at most 256 characters")
    func theInputs() async throws {
        let harness = try await Harness.make()
        let login = try await pendingLogin(harness)
        let form = try await harness.browse(login.path, [("login", login.id)])
        #expect(form.status == 200)
        for id in ["username", "password"] {
            #expect(form.html.contains(#"<label for="\#(id)">"#))
            #expect(form.has("required", on: id))
            #expect(form.attribute("maxlength", of: id) == "256")
            #expect(form.attribute("aria-invalid", of: id) == nil)
        }
    }

    @Test("a wrong password keeps the username and ties the error to both inputs")
    func wrongPassword() async throws {
        let harness = try await Harness.make()
        let login = try await pendingLogin(harness)
        let page = try await harness.browse(
            login.path, method: .post, form: [("login", login.id), ("username", "alice"), ("password", "nope")])
        #expect(page.status == 200)
        #expect(page.text(of: "login-error") == "The username or password is incorrect.")
        #expect(page.attribute("role", of: "login-error") == "alert")
        #expect(page.attribute("value", of: "username") == "alice")
        #expect(page.attribute("value", of: "password") == nil, "the password is never sent back")
        for id in ["username", "password"] {
            #expect(page.attribute("aria-invalid", of: id) == "true")
            #expect(page.attribute("aria-describedby", of: id) == "login-error")
        }
        // The same login link still signs in.
        let signedIn = try await harness.browse(
            login.path, method: .post,
            form: [("login", login.id), ("username", "alice"), ("password", "alice-password")])
        #expect(signedIn.status == 302)
        #expect(signedIn.location == Harness.redirectURL)
    }

    @Test("empty fields get their own message; a typed username is escaped")
    func emptyFieldsAndEscaping() async throws {
        let harness = try await Harness.make()
        let login = try await pendingLogin(harness)
        let empty = try await harness.browse(
            login.path, method: .post, form: [("login", login.id), ("username", #""><script>"#), ("password", "")])
        #expect(empty.text(of: "login-error") == "Enter your username and password.")
        #expect(empty.attribute("value", of: "username") == "&quot;&gt;&lt;script&gt;")
        #expect(!empty.html.contains("<script>"))
    }
}
