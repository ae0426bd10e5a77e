import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// The second-screen activation site as a person meets it: what the form says about a code that
/// is empty, too long, wrong or used, and which page says "You're signed in".
@Suite(.timeLimit(.minutes(3)))
struct ActivationPageTests {
    @Test("the code input has its label, is required and takes at most 16 characters")
    func theCodeInput() async throws {
        let harness = try await Harness.make()
        let form = try await harness.browse("/activate")
        #expect(form.status == 200)
        #expect(form.html.contains(#"<label for="code">"#))
        #expect(form.has("required", on: "code"))
        #expect(form.attribute("maxlength", of: "code") == "16")
        #expect(form.attribute("aria-invalid", of: "code") == nil, "no error before anything was typed")
    }

    @Test("an empty code gets a message tied to the input")
    func emptyCode() async throws {
        let harness = try await Harness.make()
        for typed in ["", "   "] {
            let page = try await harness.browse("/activate", [("code", typed)])
            #expect(page.status == 400)
            #expect(page.text(of: "code-error") == "Enter the code shown on your TV.")
            #expect(page.attribute("role", of: "code-error") == "alert")
            #expect(page.attribute("aria-invalid", of: "code") == "true")
            #expect(page.attribute("aria-describedby", of: "code") == "code-error")
        }
    }

    @Test("a code longer than any real one gets the page's own error, whatever its length")
    func overlongCode() async throws {
        let harness = try await Harness.make()
        let long = try await harness.browse("/activate", [("code", String(repeating: "A", count: 40))])
        #expect(long.status == 400)
        #expect(long.isHTML)
        #expect(long.text(of: "code-error")?.hasPrefix("That code is too long.") == true)
        #expect(long.attribute("value", of: "code") == String(repeating: "A", count: 16), "kept as the input takes it")
        // Longer than any parameter the emulator takes: still a page, not an empty answer.
        let huge = try await harness.browse("/activate", [("code", String(repeating: "A", count: 20_000))])
        #expect(huge.status == 400)
        #expect(huge.isHTML)
        #expect(huge.html.contains("longer than"))
    }

    @Test("a mistyped code is shown again with the error, escaped")
    func mistypedCode() async throws {
        let harness = try await Harness.make()
        let page = try await harness.browse("/activate", [("code", #"<b>"x"</b>"#)])
        #expect(page.status == 400)
        #expect(page.text(of: "code-error") == "That code is not valid. Check the code on your TV.")
        #expect(page.attribute("value", of: "code") == "&lt;b&gt;&quot;x&quot;&lt;/b&gt;")
        #expect(!page.html.contains("<b>"))
    }

    @Test("a code's activation is one-shot: a used code is refused, and no new login starts")
    func oneShot() async throws {
        let harness = try await Harness.make()
        let code = try await harness.activationCode()
        let signedIn = try await harness.browse("/activate", [("code", code), ("mvpd", "AutoCable")])
        #expect(signedIn.status == 302)
        #expect(try await harness.follow(signedIn.location).status == 200)
        let sessions = await harness.emulator.counters.sessionsCreated
        for query in [[("code", code)], [("code", code.lowercased()), ("mvpd", "Cablevision")]] {
            let again = try await harness.browse("/activate", query)
            #expect(again.status == 400)
            #expect(again.text(of: "code-error")?.hasPrefix("That code was used already.") == true)
        }
        #expect(await harness.emulator.counters.sessionsCreated == sessions)
        #expect(await harness.emulator.entitlementState.pendingLogins.isEmpty)
    }

    @Test("the done page speaks only for a code whose sign-in finished")
    func honestDonePage() async throws {
        let harness = try await Harness.make()
        let code = try await harness.activationCode()
        for query in [[("code", "NOPE")], [], [("code", code)]] {
            let page = try await harness.browse("/activate/done", query)
            #expect(page.status == 400, "\(query)")
            #expect(!page.html.contains("You're signed in"), "\(query)")
            #expect(page.text(of: "code-error")?.hasPrefix("No sign-in has finished with that code.") == true)
        }
        // Signed in at Cablevision's form: the login ends on the done page, which now says so.
        let picked = try await harness.browse("/activate", [("code", code), ("mvpd", "Cablevision")])
        #expect(try await harness.follow(picked.location).tag(id: "mvpd-login") != nil)
        let posted = try await harness.browse(
            PassEmulator.loginPagePath(mvpd: "Cablevision"), method: .post,
            form: [("login", try loginID(in: picked.location)), ("username", "alice"), ("password", "alice-password")])
        #expect(posted.status == 302)
        let done = try await harness.follow(posted.location)
        #expect(done.status == 200)
        #expect(done.html.contains("You're signed in"))
    }

    @Test("a provider picked on the site is kept only once it signs in: entering the code again shows the picker")
    func pickerAfterAnAbandonedChoice() async throws {
        let harness = try await Harness.make()
        let code = try await harness.activationCode()
        let picker = try await harness.browse("/activate", [("code", code)])
        #expect(picker.status == 200)
        #expect(picker.tag(id: "providers") != nil)
        // The viewer picks Cablevision, then leaves its login page.
        let chosen = try await harness.browse("/activate", [("code", code), ("mvpd", "Cablevision")])
        #expect(chosen.status == 302)
        let again = try await harness.browse("/activate", [("code", code)])
        #expect(again.status == 200)
        #expect(again.tag(id: "providers") != nil, "the picker, not Cablevision's login page")
        // A TV that chose its provider skips the picker.
        let preselected = try await harness.activationCode(mvpd: "Cablevision")
        let straight = try await harness.browse("/activate", [("code", preselected)])
        #expect(straight.status == 302)
        #expect(straight.location?.hasPrefix(PassEmulator.loginPagePath(mvpd: "Cablevision")) == true)
    }
}
