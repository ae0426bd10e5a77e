import AccessEnabler
import Foundation

/// REST API v2 configuration and logout. Sessions, profiles and decisions have their own files.
extension PassEmulator {
    /// `GET /api/v2/{serviceProvider}/configuration` → the body of Adobe's sample: `device`,
    /// `clientType`, `os`, and `requestor` with `id`, `name`, `domains` and `mvpds` (`isTempPass`
    /// and `isProxy` only when true, as in the sample).
    func configurationV2(_ context: V2Context) -> HTTPResponse {
        let requestor = context.requestor
        let mvpds: [JSONText] = requestor.mvpds.compactMap { index.mvpds[$0] }.map { mvpd in
            var members: [(String, JSONText)] = [
                ("id", .string(mvpd.id)),
                ("displayName", .string(mvpd.displayName)),
            ]
            if let logo = mvpd.logoURL { members.append(("logoUrl", .string(logo.absoluteString))) }
            members.append(("authPerAggregator", .bool(false)))
            if mvpd.isTempPass { members.append(("isTempPass", .bool(true))) }
            if mvpd.isProxy { members.append(("isProxy", .bool(true))) }
            return .object(members)
        }
        return jsonResponse(200, .object([
            ("device", .string("unknown")),
            ("clientType", .string("html5")),
            ("os", .string("Unknown")),
            ("requestor", .object([
                ("id", .string(requestor.id)),
                ("name", .string(requestor.name)),
                ("domains", .array(requestor.domains.map {
                    .object([("name", .string($0)), ("mvpdInitiated", .bool(false))])
                })),
                ("mvpds", .array(mvpds)),
            ])),
        ]))
    }

    /// `GET` (or `DELETE`) `/api/v2/{serviceProvider}/logout/{mvpd}?redirectUrl=…` → 200
    /// `{"logouts": {mvpd: {actionName, actionType, mvpd, url?}}}`.
    ///
    /// The device's profile for that MVPD, its authorizations and cached decisions go (as with
    /// v1 `DELETE /logout`). A regular MVPD answers `logout` / `interactive` with the emulator's
    /// browser logout URL (relative, `redirect_url` last); TempPass and degraded access answer
    /// `complete` / `none`; no valid profile answers `invalid` / `none`.
    func logoutV2(_ request: IncomingRequest, _ context: V2Context) throws(Rejection) -> HTTPResponse {
        let key = try context.deviceKey()
        let mvpd = try offeredMVPD(context.parameter, by: context.requestor)
        guard let redirectURL = request.query["redirectUrl"], !redirectURL.isEmpty else {
            throw .v2(.invalidRedirectURL)
        }
        let lookup = entitlementState.authentication(for: key, at: context.now)
        let action: (name: String, type: String, url: String?)
        switch lookup {
        case .valid(let session) where session.mvpd == mvpd.id:
            entitlementState.logout(key)
            if session.isTempPass || session.isDegraded {
                action = ("complete", "none", nil)
            } else {
                let query = FormParameters.encode([
                    ("noflash", "true"), ("mso_id", mvpd.id), ("requestor_id", context.requestor.id),
                    ("redirect_url", redirectURL),
                ])
                action = ("logout", "interactive", "/adobe-services/logout?" + query)
            }
        case .expired(let session) where session.mvpd == mvpd.id:
            entitlementState.logout(key)
            action = ("invalid", "none", nil)
        default:
            // Under an authenticate-all rule the device has the (virtual) degraded profile.
            action = !mvpd.isTempPass && mvpd.degradation == .authenticateAll
                ? ("complete", "none", nil) : ("invalid", "none", nil)
        }
        var members: [(String, JSONText)] = [
            ("actionName", .string(action.name)),
            ("actionType", .string(action.type)),
            ("mvpd", .string(mvpd.id)),
        ]
        if let url = action.url { members.append(("url", .string(url))) }
        return jsonResponse(200, .object([("logouts", .object([(mvpd.id, .object(members))]))]))
    }
}
