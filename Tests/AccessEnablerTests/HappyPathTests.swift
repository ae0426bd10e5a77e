import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct HappyPathTests {
    @Test(arguments: allBackends)
    func fullFlowFromConfigurationToLogout(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let enabler = harness.enabler

        let configuration = try await harness.configure()
        #expect(configuration.requestorID == "REF")
        #expect(configuration.name == "Reference Requestor")
        #expect(configuration.domains == ["adobe.com"])
        #expect(configuration.mvpds.map(\.id) == ["Cablevision", "AutoCable", "TempPass"])
        #expect(configuration.mvpds.allSatisfy { $0.serviceProvider == harness.emulator.baseURL })
        #expect(configuration.mvpd(withID: "TempPass")?.isTempPass == true)

        #expect(await enabler.checkAuthentication().isAuthenticated == false)

        let authentication = try await enabler.authenticate(presenter: harness.presenter("Cablevision"))
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(authentication.userID == "alice-user-id")
        #expect(authentication.expires == harness.clock.now.addingTimeInterval(3600))
        #expect(await enabler.checkAuthentication().authentication == authentication)
        #expect(await enabler.selectedProvider()?.id == "Cablevision")

        let response = try await enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium", "sports"]))
        #expect(response.status == nil)
        #expect(response.decisions.map(\.id) == ["news", "premium", "sports"])
        #expect(response.decisions.map(\.isAuthorized) == [true, false, true])
        #expect(response["premium"]?.error?.code?.hasSuffix("authorization_denied_by_mvpd") == true)

        let token = try await enabler.authorize(resource: "news")
        #expect(token.resource == "news")
        #expect(token.mvpdID == "Cablevision")
        #expect(token.userID == "alice-user-id")
        #expect(token.requestor == "REF")
        #expect(!token.serializedToken.isEmpty)
        #expect(token.expires == harness.clock.now.addingTimeInterval(420))

        let zip = try await enabler.getMetadata(.userMetadata("zip"))
        #expect(zip.isEncrypted)
        let household = try await enabler.getMetadata(.userMetadata("householdID"))
        #expect(household.value == "alice-household")
        #expect(household.isEncrypted == false)

        try await enabler.logout(presenter: harness.presenter("Cablevision"))
        #expect(await enabler.checkAuthentication().isAuthenticated == false)
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 1)
        #expect(await harness.emulator.requests(to: .browserLogout).count == 1)
        let deviceID = try #require(await harness.deviceID())
        #expect(await harness.emulator.session(requestor: "REF", deviceID: deviceID) == nil)
        if backend == .restV2 {
            let v1Calls = await harness.emulator.requests.compactMap(\.route).filter(
                AccessEnabler.Backend.v1Only.contains)
            #expect(v1Calls.isEmpty, "REST v2 uses only /api/v2/ and /o/client/ (plus the browser pages)")
            let paths = await harness.emulator.requests.filter { $0.headers["Authorization"] != nil }.map(\.path)
            #expect(paths.allSatisfy { $0.hasPrefix("/api/v2/") })
        }
    }
}
