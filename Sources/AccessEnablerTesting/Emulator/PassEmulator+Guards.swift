import AccessEnabler
import Foundation

/// What every protected REST v1 call has established: a valid bearer token, a known requestor,
/// a device ID and device information.
struct V1Context: Sendable {
    var requestor: EmulatorScenario.Requestor
    var key: DeviceKey
    var now: Date
}

extension PassEmulator {
    /// Checks the bearer token and the common parameters of a protected `/api/v1/*` call.
    func v1Context(for request: IncomingRequest, route: EmulatorRoute) throws(Rejection) -> V1Context {
        let now = clock.now
        switch clientRegistry.check(bearer: Self.bearerToken(in: request.header("Authorization")), at: now) {
        case .valid: break
        case .invalid: throw .service(.invalidAccessToken)
        case .revokedClient: throw .oauth(OAuthError(status: 403, error: "invalid_client"))
        }
        let requestorID: String?
        if route == .configuration {
            requestorID = request.segments.count == 4 ? request.segments[3] : nil
        } else {
            requestorID = request.nonEmptyParameter("requestor") ?? request.nonEmptyParameter("requestor_id")
        }
        guard let requestorID, let requestor = index.requestors[requestorID] else {
            throw .service(.invalidRequestor())
        }
        guard let deviceID = request.nonEmptyParameter("deviceId") else { throw .service(.invalidDeviceID) }
        try checkDeviceInfo(request)
        return V1Context(requestor: requestor, key: DeviceKey(requestor: requestor.id, deviceID: deviceID), now: now)
    }

    /// `X-Device-Info` (or the `device_info` parameter) must be Base64 of a JSON object.
    private func checkDeviceInfo(_ request: IncomingRequest) throws(Rejection) {
        guard let value = request.header("X-Device-Info") ?? request.nonEmptyParameter("device_info") else {
            throw .service(.invalidDeviceInfo)
        }
        if value == lastValidDeviceInfo { return }
        var base64 = value.trimmingCharacters(in: .whitespaces)
        let remainder = base64.utf8.count % 4
        if remainder != 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: base64),
              (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
        else {
            throw .service(.invalidDeviceInfo)
        }
        lastValidDeviceInfo = value
    }

    /// The token of an `Authorization: Bearer <token>` header.
    static func bearerToken(in header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
