import AccessEnabler
import AccessEnablerTesting

/// One network operation, through the SDK and by hand; each returns whether it succeeded.
package struct NetworkOperation: Sendable {
    /// The name of the paired benchmark that measures it (`PreauthorizeNetwork`, …, `…V1`).
    package let name: String
    package let backend: AccessEnabler.Backend
    package let sdk: @Sendable (AccessEnabler) async throws -> Bool
    package let raw: @Sendable (RawClient) async throws -> Bool
    /// The emulator route of the SDK's request, whose device headers the raw client copies.
    package let route: EmulatorRoute

    /// The four paired operations: `preauthorize` of 10 resources (local cache disabled, one
    /// request) and `authorize`, on REST API v2 and v1. v2: every authorize is one
    /// decisions/authorize call. v1: the authZ token is cached (by the SDK call in setup), so
    /// every authorize is one media-token request.
    package static let all: [NetworkOperation] = [AccessEnabler.Backend.restV2, .restV1].flatMap { backend in
        let suffix = backend == .restV2 ? "" : "V1"
        let resources = Fixture.resources(10)
        let uncached = PreauthorizeRequest(resources: resources, disabledFeatures: [.localCache])
        return [
            NetworkOperation(
                name: "PreauthorizeNetwork\(suffix)", backend: backend,
                sdk: { enabler in (try await enabler.preauthorize(uncached)).authorizedResources.count == 10 },
                raw: { raw in
                    try await (backend == .restV2 ? raw.preauthorizeV2(resources) : raw.preauthorizeV1(resources)) == 10
                },
                route: backend == .restV2 ? .preauthorizeDecisions : .preauthorize),
            NetworkOperation(
                name: "AuthorizeNetwork\(suffix)", backend: backend,
                sdk: { enabler in !(try await enabler.authorize(resource: "news")).serializedToken.isEmpty },
                raw: { raw in
                    !(try await backend == .restV2 ? raw.authorizeV2("news") : raw.mediaTokenV1("news")).isEmpty
                },
                route: backend == .restV2 ? .authorizeDecisions : .mediaToken),
        ]
    }
}

/// An authenticated SDK on the URLSession mount and a raw client on a plain session with the same
/// configuration, both checked once.
package struct NetworkPair: Sendable {
    package let fixture: Fixture
    /// The raw client as apps write it: one `addValue(_:forHTTPHeaderField:)` per header field.
    package let raw: RawClient

    /// The same raw client setting its header fields at once, as the SDK's transport does
    /// (``RawClient/setsFieldsAtOnce``): the baseline of the headline ratio.
    package var lean: RawClient {
        var client = raw
        client.setsFieldsAtOnce = true
        return client
    }

    package static func make(_ operation: NetworkOperation) async throws -> NetworkPair {
        let fixture = try await Fixture.make(
            backend: operation.backend, mount: .urlSession, configure: { $0.preauthorizeChunkSize = 10 })
        guard try await operation.sdk(fixture.enabler) else { throw BenchmarkFailure("the SDK call failed in setup") }
        guard let template = await fixture.emulator.requests(to: operation.route).last, let session = fixture.session
        else {
            throw BenchmarkFailure("no SDK request to \(operation.route) to copy the device headers from")
        }
        let raw = try await RawClient.make(session: session, baseURL: fixture.emulator.baseURL, template: template)
        await fixture.emulator.setRequestLogging(false)
        guard try await operation.raw(raw) else { throw BenchmarkFailure("the raw call failed in setup") }
        var lean = raw
        lean.setsFieldsAtOnce = true
        guard try await operation.raw(lean) else { throw BenchmarkFailure("the lean raw call failed in setup") }
        return NetworkPair(fixture: fixture, raw: raw)
    }
}
