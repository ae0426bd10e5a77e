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
        let clientID: String
        switch clientRegistry.check(bearer: Self.bearerToken(in: request.header("Authorization")), at: now) {
        case .valid(let id): clientID = id
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
        clientRegistry.noteCall(by: clientID, to: requestor.id)
        guard let deviceID = request.nonEmptyParameter("deviceId") else { throw .service(.invalidDeviceID) }
        try checkDeviceInfo(request)
        return V1Context(requestor: requestor, key: DeviceKey(requestor: requestor.id, deviceID: deviceID), now: now)
    }

    /// `X-Device-Info` (or the `device_info` parameter) must be Base64 of a JSON object.
    private func checkDeviceInfo(_ request: IncomingRequest) throws(Rejection) {
        guard let value = request.header("X-Device-Info") ?? request.nonEmptyParameter("device_info"),
            isValidDeviceInfo(value)
        else {
            throw .service(.invalidDeviceInfo)
        }
    }

    /// Whether an `X-Device-Info` value is Base64 of a JSON object (the last valid value is
    /// remembered, which spares re-parsing the header every device sends on every call).
    func isValidDeviceInfo(_ value: String) -> Bool {
        if value == lastValidDeviceInfo { return true }
        guard Base64Text.decodeJSONObject(value) != nil else { return false }
        lastValidDeviceInfo = value
        return true
    }

    /// The token of an `Authorization: Bearer <token>` header.
    static func bearerToken(in header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
