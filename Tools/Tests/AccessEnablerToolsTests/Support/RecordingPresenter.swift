@testable import AccessEnablerCLI
import AccessEnabler
import Foundation
import Testing

/// Picks Cablevision and, instead of the tool's presenter, looks at the login page and signs in
/// as a person with a browser would (with its own HTTP client).
struct RecordingPresenter: AuthenticationPresenter {
    let recorder: BrowserRecorder

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        providers.first { $0.id == "Cablevision" }
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        let browser = URLSessionTransport.browser()
        let first = try await browser.send(HTTPTransportRequest(url: url))
        let formURL = try #require(first.headers["Location"].flatMap { URL(string: $0, relativeTo: url)?.absoluteURL })
        let form = try await browser.send(HTTPTransportRequest(url: formURL))
        recorder.record(
            LoginPageVisit(
                url: url, firstStatus: first.status, formStatus: form.status, contentType: form.headers["Content-Type"],
                html: String(decoding: form.body, as: UTF8.self)))
        return try await PersonInBrowser.signIn(at: url, username: "alice", password: "alice-password")
    }
}
