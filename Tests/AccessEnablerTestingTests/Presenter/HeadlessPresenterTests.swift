import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// A transport that answers every request with the same response.
private struct FixedTransport: HTTPTransport {
    let response: HTTPTransportResponse
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse { response }
}

@Suite(.timeLimit(.minutes(5))) struct HeadlessPresenterTests {
    private let providers = [
        MVPD(id: "Cablevision", serviceProvider: URL(string: "https://sp.pass-emulator.test")!),
        MVPD(id: "AutoCable", serviceProvider: URL(string: "https://sp.pass-emulator.test")!),
    ]

    @Test func selectsTheConfiguredMVPD() async throws {
        let transport = PassEmulator().transport
        let picked = try await HeadlessPresenter(mvpdID: "AutoCable", transport: transport)
            .selectProvider(from: providers)
        #expect(picked?.id == "AutoCable")
        #expect(try await HeadlessPresenter(mvpdID: nil, transport: transport).selectProvider(from: providers) == nil)
        await #expect(throws: HeadlessPresenterError.providerNotOffered("Nope")) {
            try await HeadlessPresenter(mvpdID: "Nope", transport: transport).selectProvider(from: providers)
        }
    }

    @Test func needsCredentialsForAForm() async throws {
        let harness = try await Harness.make()
        await #expect(throws: HeadlessPresenterError.missingCredentials) {
            try await harness.login(username: nil, password: nil)
        }
    }

    @Test func returnsAtOnceWhenTheURLIsAlreadyTheRedirect() async throws {
        let presenter = HeadlessPresenter(
            mvpdID: nil, transport: FixedTransport(response: HTTPTransportResponse(status: 500)))
        let url = URL(string: "adobepass://ios.app?done=1")!
        #expect(try await presenter.presentLogin(url: url, redirectURL: URL(string: "adobepass://ios.app")!) == url)
    }

    @Test func givesUpAfterTenHops() async throws {
        let loop = FixedTransport(response: HTTPTransportResponse(status: 302, headers: ["Location": "/again"]))
        let presenter = HeadlessPresenter(mvpdID: nil, transport: loop)
        await #expect(throws: HeadlessPresenterError.tooManyHops(10)) {
            try await presenter.presentLogin(
                url: URL(string: "https://sp.pass-emulator.test/start")!,
                redirectURL: URL(string: "adobepass://ios.app")!)
        }
    }

    @Test func rejectsUnexpectedPages() async throws {
        let presenter = HeadlessPresenter(
            mvpdID: nil, username: "u", password: "p",
            transport: FixedTransport(
                response: HTTPTransportResponse(status: 500, body: Data("<html>oops</html>".utf8))))
        await #expect(throws: HeadlessPresenterError.unexpectedPage(status: 500, path: "/start")) {
            try await presenter.presentLogin(
                url: URL(string: "https://sp.pass-emulator.test/start?secret=1")!,
                redirectURL: URL(string: "adobepass://ios.app")!)
        }
        let harness = try await Harness.make()
        let emulatorPresenter = HeadlessPresenter(mvpdID: nil, transport: harness.emulator.transport)
        await #expect(throws: HeadlessPresenterError.unexpectedPage(status: 400, path: "/api/v1/authenticate")) {
            try await emulatorPresenter.presentLogin(
                url: harness.url("/api/v1/authenticate"),
                redirectURL: URL(string: "adobepass://ios.app")!)
        }
    }

    @Test func parsesFormsWithEntitiesAndOddQuoting() throws {
        let html = #"""
            <HTML><body><p class="error">Bad &amp; wrong</p>
            <FORM Method=POST action='/sign-in?x=1&amp;y=2'>
              <input type=hidden name=token value="a&quot;b&#39;c&#x41;">
              <INPUT name="user" type="email">
              <input type="password" name="pw"/>
              <input type="submit" value="Go">
            </FORM></body></HTML>
            """#
        let form = try #require(HTMLForm(html: html))
        #expect(form.method == "post")
        #expect(form.action == "/sign-in?x=1&y=2")
        #expect(
            form.inputs == [
                .init(name: "token", type: "hidden", value: "a\"b'cA"),
                .init(name: "user", type: "email", value: ""),
                .init(name: "pw", type: "password", value: ""),
            ])
        #expect(HTMLForm.errorMessage(in: html) == "Bad & wrong")
        #expect(HTMLForm(html: "<html>no form</html>") == nil)
    }
}
