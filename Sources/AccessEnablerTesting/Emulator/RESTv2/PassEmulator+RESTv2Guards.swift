import AccessEnabler
import Foundation

/// What every protected REST v2 call has established: a valid bearer token, a known service
/// provider (requestor) from the path, and the device headers the route asks for.
struct V2Context: Sendable {
    var requestor: EmulatorScenario.Requestor
    /// The device from `AP-Device-Identifier`; nil only on routes where the header is optional
    /// and was not sent.
    var key: DeviceKey?
    /// The last path parameter (code or MVPD), if the route has one.
    var parameter: String?
    /// The `X-Device-Info` value, when sent.
    var deviceInfo: String?
    var now: Date
    /// The viewer a valid `AD-Service-Token` names, on the routes whose page lists it.
    var serviceTokenSubject: ServiceTokenSubject?

    /// The device; routes that require `AP-Device-Identifier` always have it.
    func deviceKey() throws(Rejection) -> DeviceKey {
        guard let key else { throw .v2(.invalidHeaderDeviceIdentifier) }
        return key
    }
}

extension PassEmulator {
    /// Checks, in this order: the bearer token (401 `invalid_access_token_client_application`, or
    /// 403 `invalid_client` for a revoked client), the service provider in the path
    /// (`invalid_parameter_service_provider`), in strict mode the headers and parameters the
    /// call's page lists (400 `bad_request`), `AP-Device-Identifier`
    /// (`invalid_header_device_identifier`), `X-Device-Info` (`invalid_header_device_info`;
    /// in strict mode also for a value outside the appendix's restricted lists) and, where the
    /// page lists it, `AD-Service-Token` (`invalid_header_service_token`).
    ///
    /// Both device headers are required on sessions, profiles, decisions and logout. In strict
    /// mode they are required on every call (the checklist asks for `X-Device-Info` on every
    /// REST API v2 request); otherwise the configuration and the calls a second device may make
    /// with a code (resume, session information, profile by code) may leave them out, and a
    /// header that is sent must be valid.
    func v2Context(for request: IncomingRequest, route: EmulatorRoute) throws(Rejection) -> V2Context {
        let now = clock.now
        let clientID: String
        switch clientRegistry.check(bearer: Self.bearerToken(in: request.header("Authorization")), at: now) {
        case .valid(let id): clientID = id
        case .invalid: throw .v2(.invalidAccessToken)
        case .revokedClient: throw .oauth(OAuthError(status: 403, error: "invalid_client"))
        }
        let (serviceProvider, parameter) = EmulatorRoute.v2PathParameters(request.segments)
        guard let requestor = index.requestors[serviceProvider] else { throw .v2(.invalidServiceProvider) }
        clientRegistry.noteCall(by: clientID, to: requestor.id)
        try checkDocumented(request, route: route)

        let headersRequired: Bool
        switch route {
        case .configurationV2, .resumeSession, .sessionInfo, .profileForCode:
            headersRequired = scenario.strictV2Requests
        default: headersRequired = true
        }
        var key: DeviceKey?
        if let identifier = request.header("AP-Device-Identifier") {
            guard let deviceID = Self.deviceID(fromIdentifier: identifier) else {
                throw .v2(.invalidHeaderDeviceIdentifier)
            }
            key = DeviceKey(requestor: requestor.id, deviceID: deviceID)
        } else if headersRequired {
            throw .v2(.invalidHeaderDeviceIdentifier)
        }
        let deviceInfo = request.header("X-Device-Info")
        if let deviceInfo {
            guard isValidDeviceInfo(deviceInfo) else { throw .v2(.invalidHeaderDeviceInfo) }
            try checkDocumentedDeviceInfo(deviceInfo)
        } else if headersRequired {
            throw .v2(.invalidHeaderDeviceInfo)
        }
        return V2Context(
            requestor: requestor, key: key, parameter: parameter, deviceInfo: deviceInfo, now: now,
            serviceTokenSubject: try serviceTokenSubject(request, route: route, requestor: requestor.id, at: now))
    }

    /// The device ID of `AP-Device-Identifier: fingerprint <Base64 of the device ID>`: the
    /// UTF-8 text the Base64 carries, which is what v1 receives as `deviceId`.
    static func deviceID(fromIdentifier header: String) -> String? {
        let parts = header.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, parts[0].lowercased() == "fingerprint",
            let data = Base64Text.decode(String(parts[1])),
            let deviceID = String(data: data, encoding: .utf8), !deviceID.isEmpty,
            !deviceID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return deviceID
    }

    /// The MVPD `mvpdID` as the service provider offers it: 400 `invalid_parameter_mvpd` when no
    /// such MVPD exists, 400 `invalid_integration` when the service provider does not offer it.
    func offeredMVPD(_ mvpdID: String?, by requestor: EmulatorScenario.Requestor) throws(Rejection)
        -> EmulatorScenario.MVPD
    {
        guard let mvpdID, !mvpdID.isEmpty, index.mvpds[mvpdID] != nil else { throw .v2(.invalidMVPD()) }
        guard let mvpd = index.mvpd(mvpdID, offeredBy: requestor.id) else {
            throw .v2(.invalidIntegration(serviceProvider: requestor.id, mvpd: mvpdID))
        }
        return mvpd
    }

    /// The JSON text of an `AP-TempPass-Identity` header (Base64 of a JSON object); nil when the
    /// header is absent, 400 `invalid_header_identity_for_temporary_access` when it is malformed.
    static func tempPassIdentity(_ request: IncomingRequest) throws(Rejection) -> String? {
        guard let value = request.header("AP-TempPass-Identity") else { return nil }
        guard let identity = Base64Text.decodeJSONObject(value) else { throw .v2(.invalidTempPassIdentity) }
        return identity.text
    }
}
