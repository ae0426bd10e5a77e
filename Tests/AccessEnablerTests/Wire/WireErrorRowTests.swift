import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The error mapping end to end: each HTTP outcome, injected at the emulator, reaches the
/// caller as the documented error. Rows that name a v1 call run on v1; the others on both backends.
@Suite(.timeLimit(.minutes(5))) struct WireErrorRowTests {
    static let json = "application/json"

    func signedIn(_ backend: AccessEnabler.Backend = .restV1) async throws -> Harness {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        return harness
    }

    @Test(arguments: allBackends)
    func transportFailureIsNetworkError(backend: AccessEnabler.Backend) async throws {
        let harness = try await signedIn(backend)
        for fault in [EmulatorFault.dropConnection, .timeout] {
            await harness.emulator.inject(fault, on: backend.authorizeRoute)
            let error = await #expect(throws: AccessEnablerError.self) {
                try await harness.enabler.authorize(resource: "news")
            }
            #expect(error == .networkError)
            #expect(error?.status.status == 0)
            #expect(error?.action == Status.Action.none)
        }
    }

    @Test(arguments: allBackends, [EmulatorFault.malformedJSON, .wrongTypes, .emptyBody, .html(status: 200)])
    func unreadableSuccessIsServerResponseFormatUnknown(backend: AccessEnabler.Backend, fault: EmulatorFault)
        async throws
    {
        let harness = try await signedIn(backend)
        await harness.emulator.inject(fault, on: backend.preauthorizeRoute)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        #expect(error == .serverResponseFormatUnknown)
        #expect(error?.status.status == 0)
    }

    @Test(arguments: allBackends)
    func unauthorizedAfterOneRenewal(backend: AccessEnabler.Backend) async throws {
        let harness = try await signedIn(backend)
        await harness.emulator.inject(
            .status(401, body: "", contentType: Self.json), on: backend.preauthorizeRoute, times: 2)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        #expect(error == .accessTokenUnavailable)
        #expect(error?.status.status == 401)
        #expect(error?.action == .applicationRegistration)
    }

    @Test(arguments: [(404, "authentication_session_missing"), (410, "authentication_session_expired")])
    func authenticationTokenFailures(status: Int, code: String) async throws {
        let harness = Harness(backend: .restV1)
        try await harness.configure()
        await harness.emulator.inject(.status(status, body: "", contentType: Self.json), on: .authenticationToken)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        }
        #expect(error?.code.rawValue == code)
        #expect(error?.status.status == status)
        #expect(error?.action == .authentication)
    }

    @Test(arguments: [EmulatorRoute.authorize, .mediaToken, .preauthorize, .userMetadata])
    func preconditionFailedMeansTheSessionIsMissing(route: EmulatorRoute) async throws {
        let harness = try await signedIn()
        if route == .mediaToken { _ = try await harness.enabler.authorize(resource: "news") }
        await harness.emulator.inject(
            .status(
                412, body: #"{"status":412,"message":"User not authenticated"}"#,
                contentType: Self.json), on: route)
        let error = await #expect(throws: AccessEnablerError.self) {
            switch route {
            case .preauthorize: _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["sports"]))
            case .userMetadata: _ = try await harness.enabler.getMetadata(.userMetadata("zip"))
            default: _ = try await harness.enabler.authorize(resource: "news")
            }
        }
        #expect(error == .authenticationSessionMissing)
        #expect(error?.status.status == 412)
        #expect(error?.action == .authentication)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func forbiddenAuthorizationIsDeniedByMVPDWithDetails() async throws {
        let harness = try await signedIn()
        await harness.emulator.setEnhancedErrorReporting(false)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "premium")
        }
        #expect(error == .authorizationDeniedByMVPD)
        #expect(error?.status.status == 403)
        #expect(error?.action == Status.Action.none)
        #expect(error?.status.details?.contains("premium") == true)
    }

    @Test(arguments: [(404, "authorization_not_found"), (410, "authorization_expired")])
    func mediaTokenFailures(status: Int, code: String) async throws {
        let harness = try await signedIn()
        await harness.emulator.inject(.status(status, body: "", contentType: Self.json), on: .mediaToken)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error?.code.rawValue == code)
        #expect(error?.status.status == status)
        #expect(error?.action == .authorization)
    }

    @Test(arguments: allBackends)
    func tooManyResourcesKeepsTheServerCode(backend: AccessEnabler.Backend) async throws {
        let harness = try await signedIn(backend)
        await harness.emulator.setMaxPreauthorizeResources(1)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "sports"]))
        }
        #expect(error == .tooManyResources)
        #expect(error?.action == .configuration)
    }

    @Test(arguments: allBackends)
    func throttlingIsTooManyRequestsWithTheWait(backend: AccessEnabler.Backend) async throws {
        let harness = try await signedIn(backend)
        await harness.emulator.inject(.tooManyRequests(retryAfter: "3"), on: backend.authorizeRoute)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error == .tooManyRequests)
        #expect(error?.status.status == 429)
        #expect(error?.action == .retryAfter)
        #expect(error?.retryAfter == .seconds(3))

        await harness.emulator.inject(.tooManyRequests(retryAfter: nil), on: backend.authorizeRoute)
        let unspecified = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(unspecified?.retryAfter == .seconds(1))
    }

    @Test(arguments: allBackends, [500, 502, 503])
    func serverErrorsAreInternalErrorWithTheirStatus(backend: AccessEnabler.Backend, status: Int) async throws {
        let harness = try await signedIn(backend)
        await harness.emulator.inject(.html(status: status), on: backend.authorizeRoute)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error == .internalError)
        #expect(error?.status.status == status)
        #expect(error?.action == .retry)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated, "a server failure loses nothing")
    }
}
