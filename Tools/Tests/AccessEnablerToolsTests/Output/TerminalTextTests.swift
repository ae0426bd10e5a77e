@testable import AccessEnablerCLI
import AccessEnabler
import Foundation
import Testing

/// What reaches a terminal: control characters and escape sequences shown, never acted on.
@Suite("Terminal-safe text", .timeLimit(.minutes(5)))
struct TerminalTextTests {
    @Test("control characters, DEL, C1 controls and bidi overrides are escaped; the rest is kept")
    func escaped() {
        #expect(TerminalText.escaped("Red\u{1B}[31mCable\r\n") == #"Red\u{1B}[31mCable\r"# + "\n")
        #expect(TerminalText.escaped("a\tb\u{0}c\u{7}\u{7F}\u{9B}2J") == #"a\tb\u{0}c\u{7}\u{7F}\u{9B}2J"#)
        #expect(
            TerminalText.escaped("\u{202E}txt.exe\u{2066}\u{200F}\u{2028}")
                == #"\u{202E}txt.exe\u{2066}\u{200F}\u{2028}"#)
        #expect(TerminalText.escaped("one\ntwo", keepingLineFeeds: false) == #"one\ntwo"#)
        let plain = "Auto Cable — café 📺 \\u{1B} stays as typed"
        #expect(TerminalText.escaped(plain) == plain)
        // Escaping what is already escaped changes nothing.
        let once = TerminalText.escaped("x\u{1B}]0;title\u{7}y")
        #expect(TerminalText.escaped(once) == once)
    }

    @Test("JSON keeps its value: the characters the encoder leaves raw become \\u escapes")
    func json() throws {
        let value = "eve\u{1B}[2J\u{9B}1m\u{7F}\u{202E}\r\n"
        let line = JSONOutput.line(["userId": value])
        let escaped = TerminalText.jsonEscaped(line)
        #expect(escaped == #"{"userId":"eve\u001b[2J\u009b1m\u007f\u202e\r\n"}"#)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == ["userId": value])
        let pretty = "{\n  \"a\" : \"\u{2029}\"\n}"
        #expect(TerminalText.jsonEscaped(pretty) == "{\n  \"a\" : \"\\u2029\"\n}")
    }

    @Test("a table lays out escaped cells, each on one line")
    func table() {
        var table = Table(headers: ["MVPD", "Name"])
        table.rows = [["Evil", "Red\u{1B}[31m\nCable"], ["Plain", "Plain"]]
        #expect(
            table.render() == """
                MVPD   Name
                ─────  ────────────────────
                Evil   Red\\u{1B}[31m\\nCable
                Plain  Plain
                """)
    }

    @Test("a second-screen code from the server cannot forge a line of its own on the TV's screen")
    func secondScreenInstructions() throws {
        let code = ActivationCode(
            code: "8ER640M\nCode: FAKE\u{1B}[2J", activationURL: URL(string: "https://example.com/activate"),
            expires: Date(timeIntervalSince1970: 1_800_000_000),
            mvpd: MVPD(
                id: "Evil", displayName: "Evil\nCode: FORGED", serviceProvider: URL(string: "https://sp.example")!))
        let lines = LoginCommand.instructions(for: code).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == #"Code: 8ER640M\nCode: FAKE\u{1B}[2J"#)
        #expect(lines.filter { $0.hasPrefix("Code: ") }.count == 1, "one code line")
        #expect(lines.contains(#"TV provider: Evil\nCode: FORGED"#))
    }
}
