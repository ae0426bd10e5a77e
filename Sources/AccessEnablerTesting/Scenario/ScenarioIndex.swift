import Foundation

/// Dictionary lookups over a scenario, rebuilt whenever the scenario changes.
struct ScenarioIndex: Sendable {
    private(set) var requestors: [String: EmulatorScenario.Requestor] = [:]
    private(set) var mvpds: [String: EmulatorScenario.MVPD] = [:]
    private var offered: [String: Set<String>] = [:]
    /// The service-token keys that are RSA keys (``EmulatorScenario/problems`` names the others).
    private(set) var serviceTokenKeys: [RSAPublicKey] = []

    init(_ scenario: EmulatorScenario) {
        for requestor in scenario.requestors where requestors[requestor.id] == nil {
            requestors[requestor.id] = requestor
            offered[requestor.id] = Set(requestor.mvpds)
        }
        for mvpd in scenario.mvpds where mvpds[mvpd.id] == nil {
            mvpds[mvpd.id] = mvpd
        }
        serviceTokenKeys = scenario.serviceTokenKeys.compactMap(\.rsaKey)
    }

    /// The MVPD `mvpdID` if `requestorID` offers it and it is configured.
    func mvpd(_ mvpdID: String, offeredBy requestorID: String) -> EmulatorScenario.MVPD? {
        guard offered[requestorID]?.contains(mvpdID) ?? false else { return nil }
        return mvpds[mvpdID]
    }
}
