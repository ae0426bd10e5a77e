import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Every endpoint the SDK calls × every fault the emulator injects: the caller gets the typed
/// error (or the SDK recovers), and the token store still holds everything it held before —
/// no token lost, nothing granted.
@Suite(.timeLimit(.minutes(5))) struct FaultMatrixTests {
    enum Step: String, Sendable, CaseIterable {
        case register, token, configuration, tempPassLogin, authentication, authorize, mediaToken, preauthorize,
            userMetadata, logout
    }

    enum Fault: String, Sendable, CaseIterable {
        case timeout, droppedConnection, status500, html502, throttledWithRetryAfter, throttledWithoutRetryAfter,
            malformedJSON, wrongTypes, emptyBody, tenMegabyteBody, revokedToken401, invalidClient403,
            /// The server never finishes its answer (a body trickling forever looks the same to the
            /// SDK): the request's time limit ends the call.
            stalled

        var injected: EmulatorFault {
            switch self {
            case .timeout: .timeout
            case .droppedConnection: .dropConnection
            case .status500: .status(500, body: "", contentType: "text/plain")
            case .html502: .html(status: 502)
            case .throttledWithRetryAfter: .tooManyRequests(retryAfter: "2")
            case .throttledWithoutRetryAfter: .tooManyRequests(retryAfter: nil)
            case .malformedJSON: .malformedJSON
            case .wrongTypes: .wrongTypes
            case .emptyBody: .emptyBody
            case .tenMegabyteBody: .largeBody(bytes: 10_000_000)
            case .revokedToken401:
                .status(
                    401,
                    body:
                        #"{"status":401,"code":"invalid_access_token_client_application","message":"revoked","action":"application-registration"}"#,
                    contentType: "application/json")
            case .invalidClient403: .status(403, body: #"{"error":"invalid_client"}"#, contentType: "application/json")
            case .stalled: .hold(EmulatorGate())  // never opened
            }
        }
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case error(code: String, status: Int)
        case recovered
        case loggedOutLocally
        var description: String {
            switch self {
            case .error(let code, let status): "\(code) (\(status))"
            case .recovered: "recovered"
            case .loggedOutLocally: "logged out locally"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var backend: AccessEnabler.Backend
        var step: Step
        var fault: Fault
        var testDescription: String { "\(backend) \(step.rawValue) × \(fault.rawValue)" }

        var route: EmulatorRoute {
            switch step {
            case .register: .register
            case .token: .token
            case .configuration: backend.configurationRoute
            case .tempPassLogin: backend == .restV2 ? .createSession : .freePreview
            case .authentication: backend.sessionRoute
            case .authorize: backend.authorizeRoute
            case .mediaToken: .mediaToken
            case .preauthorize: backend.preauthorizeRoute
            case .userMetadata: .userMetadata
            case .logout: backend.logoutRoute
            }
        }

        /// Whether the fault hits a poll for the login's profile that asks again at the next
        /// interval: on REST v1 the login polls `tokens/authn` after the browser step, and a
        /// transient failure (no answer, a 5xx, a 429) does not end it. On REST v2 the viewer is
        /// signed in already, so the one profile call is the whole poll and its failure is thrown.
        var isRetriedByThePoll: Bool {
            guard step == .authentication, backend == .restV1 else { return false }
            switch fault {
            case .timeout, .droppedConnection, .status500, .html502, .throttledWithRetryAfter,
                .throttledWithoutRetryAfter:
                return true
            default:
                return false
            }
        }

        /// What the caller must see.
        var expected: Outcome {
            if step == .logout { return .loggedOutLocally }
            if isRetriedByThePoll { return .recovered }
            let dcr = step == .register || step == .token
            switch fault {
            case .timeout, .droppedConnection, .stalled: return .error(code: "network_error", status: 0)
            case .status500: return .error(code: "internal_error", status: 500)
            case .html502: return .error(code: "internal_error", status: 502)
            case .throttledWithRetryAfter, .throttledWithoutRetryAfter:
                return .error(code: "too_many_requests", status: 429)
            case .malformedJSON, .wrongTypes, .emptyBody:
                // v1 TempPass login answers 204 and its body is never read.
                if backend == .restV1 && step == .tempPassLogin { return .recovered }
                return .error(code: "server_response_format_unknown", status: 0)
            case .tenMegabyteBody:
                // Over the 4 MiB response limit on every call, read or not.
                return .error(code: "server_response_format_unknown", status: 0)
            case .revokedToken401:
                return dcr ? .error(code: "access_token_unavailable", status: 0) : .recovered
            case .invalidClient403:
                return step == .register ? .error(code: "access_token_unavailable", status: 0) : .recovered
            }
        }
    }

    static let cases: [Case] = AccessEnabler.Backend.allCases.flatMap { backend in
        Step.allCases.filter { backend == .restV1 || ($0 != .mediaToken && $0 != .userMetadata) }.flatMap { step in
            Fault.allCases.map { Case(backend: backend, step: step, fault: $0) }
        }
    }

    static func isUserRecord(_ key: String) -> Bool {
        ["authn|", "authz|", "selected-mvpd|", "user-metadata|"].contains { key.hasPrefix($0) }
    }

    @Test(arguments: cases)
    func faultReachesTheCallerTypedAndLosesNothing(_ testCase: Case) async throws {
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = Harness(backend: testCase.backend, clock: clock, emulator: emulator, storage: storage)
        try await first.signIn("AutoCable")
        _ = try await first.enabler.authorize(resource: "news")
        let before = try await storage.loadRecords()
        let userBefore = before.filter { Self.isUserRecord($0.key) }
        #expect(!userBefore.isEmpty)

        // Steps that start a fresh instance on the same store reach DCR and the configuration.
        var harness = first
        switch testCase.step {
        case .register:
            for key in before.keys where key.hasPrefix("dcr.") { try await storage.removeRecord(forKey: key) }
            harness = Harness(backend: testCase.backend, clock: clock, emulator: emulator, storage: storage)
        case .token:
            for key in before.keys where key.hasPrefix("dcr.token") { try await storage.removeRecord(forKey: key) }
            harness = Harness(backend: testCase.backend, clock: clock, emulator: emulator, storage: storage)
        case .configuration:
            harness = Harness(backend: testCase.backend, clock: clock, emulator: emulator, storage: storage)
        default:
            break
        }
        let injected = testCase.fault.injected
        await emulator.inject(injected, on: testCase.route, times: 1)
        let enabler = harness.enabler
        let step = testCase.step
        let presenter = harness.presenter("AutoCable")

        let call = Task { await Self.run(step, on: enabler, presenter: presenter) }
        if case .hold(let gate) = injected {
            // The request is in flight and its time limit runs: let the limit pass.
            await eventually { gate.waiting == 1 && clock.pendingTimeLimits > 0 }
            clock.advance(by: .seconds(30))
            await eventually { gate.waiting == 0 }
        }
        if testCase.isRetriedByThePoll {
            // The failed poll waits one interval (a Retry-After of 2 s is below it), then finds the profile.
            await eventually { clock.pendingSleeps == 1 }
            clock.advance(by: .seconds(3))
        }
        let outcome = await call.value(awaiting: "the call under the fault")
        #expect(outcome == testCase.expected)
        #expect(
            await emulator.requests(to: testCase.route).contains { $0.responseStatus != nil || $0.failure != nil }
                || testCase.fault == .stalled,
            "the fault was exercised")

        let after = try await storage.loadRecords()
        if testCase.step == .logout {
            #expect(
                after.keys.filter(Self.isUserRecord).isEmpty,
                "logout clears the viewer's records whatever the server did")
            return
        }
        for (key, value) in userBefore {
            // A successful forced login may replace the session; a failed one must not.
            if case .recovered = outcome, testCase.step == .authentication || testCase.step == .tempPassLogin { break }
            // Compared as JSON: a record written again may order its keys differently.
            let kept = after[key].flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }
            #expect(
                kept == (try? JSONDecoder().decode(JSONValue.self, from: value)),
                "\(key.split(separator: "|").first ?? "") record kept")
        }
        if case .error = outcome {
            #expect(after["authz|REF|sports"] == nil, "nothing granted")
            #expect(after.keys.filter(Self.isUserRecord).count == userBefore.count, "no record added or removed")
        }
    }

    /// Runs `step` and reports how it ended.
    static func run(_ step: Step, on enabler: AccessEnabler, presenter: HeadlessPresenter) async -> Outcome {
        var outcome: Outcome = .recovered
        do {
            switch step {
            case .register, .token, .configuration:
                // Forced: a REST v2 instance would otherwise answer from the stored configuration.
                try await enabler.setRequestor("REF", refresh: true)
            case .tempPassLogin:
                try await enabler.authenticate(
                    forceAuthentication: true,
                    presenter: ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!))
            case .authentication:
                try await enabler.authenticate(forceAuthentication: true, presenter: presenter)
            case .authorize:
                _ = try await enabler.authorize(resource: "sports")
            case .mediaToken:
                _ = try await enabler.authorize(resource: "news")
            case .preauthorize:
                _ = try await enabler.preauthorize(
                    PreauthorizeRequest(resources: ["movies"], disabledFeatures: [.localCache]))
            case .userMetadata:
                _ = try await enabler.getMetadata(.userMetadata("zip"))
            case .logout:
                try await enabler.logout()
                outcome = .loggedOutLocally
            }
        } catch let error as AccessEnablerError {
            outcome = .error(code: error.code.rawValue, status: error.status.status)
        } catch {
            outcome = .error(code: "\(type(of: error))", status: -1)
        }
        return outcome
    }
}
