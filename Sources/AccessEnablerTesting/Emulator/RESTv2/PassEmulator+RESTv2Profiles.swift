import AccessEnabler
import Foundation

/// REST API v2 profiles: the v2 view of the device's authentication (shared with REST v1).
///
/// The emulator keeps one authentication per device, as REST v1 does (a new login at another
/// MVPD replaces it), plus the other profiles a test granted (``PassEmulator/grantProfile(mvpd:userID:type:ttl:requestor:deviceID:)``:
/// single sign-on, another MVPD), plus, when asked for a specific MVPD under an
/// authenticate-all degradation rule, the degraded profile Adobe answers with. Expired profiles,
/// and one an MVPD has not confirmed yet (``EmulatorScenario/MVPD/profileDelay``), are left out;
/// no profile is `{"profiles": {}}` with 200.
extension PassEmulator {
    /// `GET /api/v2/{serviceProvider}/profiles` → every valid profile of the device.
    func allProfiles(_ context: V2Context) throws(Rejection) -> HTTPTransportResponse {
        let key = try context.deviceKey()
        return profilesResponse(
            entitlementState.profiles(for: key, subject: context.serviceTokenSubject, at: context.now).map {
                ($0.mvpd, profileJSON($0, key: key))
            })
    }

    /// `GET /api/v2/{serviceProvider}/profiles/{mvpd}` → the device's profile for that MVPD;
    /// 403 `temporary_access_duration_limit_exceeded` for a used-up TempPass. An
    /// `AP-TempPass-Identity` (which this page lists, unlike the sessions pages) must be valid,
    /// and becomes the identity of a TempPass session that has none yet.
    func profile(forMVPDOf context: V2Context, _ request: IncomingRequest) throws(Rejection) -> HTTPTransportResponse {
        let key = try context.deviceKey()
        let mvpd = try offeredMVPD(context.parameter, by: context.requestor)
        if let identity = try Self.tempPassIdentity(request), mvpd.isTempPass {
            entitlementState.recordTempPassIdentity(identity, for: key, mvpd: mvpd.id)
        }
        return try profileResponse(for: key, mvpd: mvpd, subject: context.serviceTokenSubject, at: context.now)
    }

    /// `GET /api/v2/{serviceProvider}/profiles/code/{code}` → the profile the authentication
    /// session led to (for the MVPD and the device of that session), or `{}` while the login is
    /// still pending. Unknown code → 400 `invalid_parameter_code`; expired → 400
    /// `invalid_authentication_session`.
    func profile(forCodeOf context: V2Context) throws(Rejection) -> HTTPTransportResponse {
        let session = try codeSession(context)
        guard let mvpdID = session.mvpd, let mvpd = index.mvpds[mvpdID] else { return profilesResponse([]) }
        return try profileResponse(for: session.key, mvpd: mvpd, at: context.now)
    }

    private func profileResponse(
        for key: DeviceKey, mvpd: EmulatorScenario.MVPD, subject: ServiceTokenSubject? = nil, at now: Date
    ) throws(Rejection) -> HTTPTransportResponse {
        if let session = entitlementState.profile(for: key, mvpd: mvpd.id, subject: subject, at: now) {
            return profilesResponse([(mvpd.id, profileJSON(session, key: key))])
        }
        if entitlementState.authentication(for: key, at: now).session?.mvpd == mvpd.id {
            // Logged in, but the MVPD has not confirmed it yet: nothing to show for now.
            return profilesResponse([])
        }
        if mvpd.isTempPass, tempPassIsOver(for: key, mvpd: mvpd.id, at: now) {
            throw .v2(.temporaryAccessDurationLimitExceeded)
        }
        if !mvpd.isTempPass, mvpd.degradation == .authenticateAll {
            return profilesResponse([(mvpd.id, profileJSON(degradedSession(for: key, mvpd: mvpd, at: now), key: key))])
        }
        return profilesResponse([])
    }

    private func profilesResponse(_ profiles: [(String, JSONText)]) -> HTTPTransportResponse {
        jsonResponse(200, .object([("profiles", .object(profiles))]))
    }

    /// One profile: `notBefore`/`notAfter` (epoch ms as numbers), `issuer` (``profileIssuer(type:mvpd:)``),
    /// `type` and `attributes`.
    func profileJSON(_ session: AuthNSession, key: DeviceKey) -> JSONText {
        let type: String
        if let given = session.profileType {
            type = given
        } else if session.isTempPass {
            type = "temporary"
        } else if session.isDegraded {
            type = "degraded"
        } else {
            type = "regular"
        }
        return .object([
            ("notBefore", .integer(session.created.epochMilliseconds)),
            ("notAfter", .integer(session.expires.epochMilliseconds)),
            ("issuer", .string(Self.profileIssuer(type: type, mvpd: session.mvpd))),
            ("type", .string(type)),
            ("attributes", .object(profileAttributes(session, key: key))),
        ])
    }

    /// A profile's `issuer`: the MVPD for a regular or single sign-on profile (platform identity,
    /// service token), `Apple` for Apple's, `Adobe` for TempPass and degraded access.
    static func profileIssuer(type: String, mvpd: String) -> String {
        switch type {
        case "regular", "platformSSO", EntitlementState.serviceTokenProfileType: mvpd
        case "appleSSO": "Apple"
        default: "Adobe"
        }
    }

    /// The profile attributes: `{value, state}` per key, `state` `enc` for the keys the MVPD
    /// sends encrypted (the value is then the emulator's Base64 stand-in). `userID` always comes
    /// first; TempPass adds `expiration_date` (before it, as Adobe's sample has it).
    private func profileAttributes(_ session: AuthNSession, key: DeviceKey) -> [(String, JSONText)] {
        func attribute(_ value: JSONText, encrypted: Bool = false) -> JSONText {
            .object([("value", value), ("state", .string(encrypted ? "enc" : "plain"))])
        }
        // Changes the MVPD made after the login (``EmulatorScenario/MVPD/updatesAttributesOnAuthorization``).
        let updates =
            entitlementState.devices[key]?.authN == session
            ? entitlementState.attributeUpdates(for: key).sorted { $0.key < $1.key }.map {
                ($0.key, attribute(JSONText($0.value)))
            }
            : []
        if session.isTempPass {
            return [
                ("expiration_date", attribute(.integer(session.expires.epochMilliseconds))),
                ("userID", attribute(.string(session.userID))),
            ]
        }
        guard let metadata = userMetadata(for: session) else {
            return [("userID", attribute(.string(session.userID)))] + updates
        }
        let encrypted = Set(metadata.encrypted)
        func value(_ key: String, _ value: JSONValue) -> JSONText {
            attribute(
                encrypted.contains(key) ? .string(Self.encryptedStandIn(for: value)) : JSONText(value),
                encrypted: encrypted.contains(key))
        }
        var attributes: [(String, JSONText)] = [
            ("userID", metadata.data["userID"].map { value("userID", $0) } ?? attribute(.string(session.userID)))
        ]
        let updated = Set(updates.map(\.0))
        for (name, item) in metadata.data.sorted(by: { $0.key < $1.key })
        where name != "userID" && !updated.contains(name) {
            attributes.append((name, value(name, item)))
        }
        return attributes + updates
    }
}
