import AccessEnabler
import Foundation

/// REST API v2 configuration and logout. Sessions, profiles and decisions have their own files.
extension PassEmulator {
    /// `GET /api/v2/{serviceProvider}/configuration` → the body of Adobe's sample: `device`,
    /// `clientType`, `os`, and `requestor` with `id`, `name`, `domains` and `mvpds` (`isTempPass`
    /// and `isProxy` only when true, as in the sample; `requiresSVC` likewise).
    func configurationV2(_ context: V2Context) -> HTTPTransportResponse {
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
            if mvpd.requiresSafariViewController { members.append(("requiresSVC", .bool(true))) }
            members += partnerConfigurationMembers(for: mvpd.id)
            return .object(members)
        }
        return jsonResponse(
            200,
            .object([
                ("device", .string("unknown")),
                ("clientType", .string("html5")),
                ("os", .string("Unknown")),
                (
                    "requestor",
                    requestor.configurationJSON(mvpds: mvpds)
                ),
            ]))
    }

    /// `GET` (or `DELETE`) `/api/v2/{serviceProvider}/logout/{mvpd}?redirectUrl=…` → 200
    /// `{"logouts": {mvpd: {actionName, actionType, mvpd, url?}}}`.
    ///
    /// The device's profile for that MVPD, its authorizations and cached decisions go (as with
    /// v1 `DELETE /logout`). A regular MVPD answers `logout` / `interactive` with the emulator's
    /// browser logout URL (relative, `redirect_url` last); TempPass and degraded access answer
    /// `complete` / `none`; no valid profile answers `invalid` / `none`.
    func logoutV2(_ request: IncomingRequest, _ context: V2Context) throws(Rejection) -> HTTPTransportResponse {
        let key = try context.deviceKey()
        let mvpd = try offeredMVPD(context.parameter, by: context.requestor)
        guard let redirectURL = request.query["redirectUrl"], !redirectURL.isEmpty else {
            throw .v2(.invalidRedirectURL)
        }
        /// What the device must do to finish logging `profile` out.
        func logoutAction(for profile: AuthNSession) -> LogoutAction {
            if profile.profileType == "appleSSO" { return ("partner_logout", "partner_interactive", nil) }
            if profile.isTempPass || profile.isDegraded { return ("complete", "none", nil) }
            let query = FormParameters.encode([
                ("noflash", "true"), ("mso_id", profile.mvpd), ("requestor_id", context.requestor.id),
                ("redirect_url", redirectURL),
            ])
            return ("logout", "interactive", "/adobe-services/logout?" + query)
        }
        // The device's profile for that MVPD goes — its authentication, or a profile it holds
        // beside it (single sign-on) — with the action its type asks for (Adobe's samples:
        // `logout` with a URL, `complete` without a logout page, `partner_logout` for Apple's).
        // A service token's profile for that MVPD goes too, for every device (single logout).
        let authentication = entitlementState.authentication(for: key, at: context.now)
        let subject = context.serviceTokenSubject
        let shared = entitlementState.serviceTokenProfile(of: subject, mvpd: mvpd.id)
        entitlementState.removeServiceTokenProfile(of: mvpd.id, subject: subject)
        let action: LogoutAction
        if let profile = entitlementState.profile(for: key, mvpd: mvpd.id, at: context.now)
            ?? shared.flatMap({ $0.isVisible(at: context.now) ? $0 : nil })
        {
            action = logoutAction(for: profile)
            entitlementState.removeProfile(of: mvpd.id, for: key)
        } else if case .valid(let session) = authentication, session.mvpd == mvpd.id {
            // Signed in, not yet confirmed by the MVPD (profileDelay): it goes all the same.
            action = logoutAction(for: session)
            entitlementState.removeProfile(of: mvpd.id, for: key)
        } else if case .expired(let session) = authentication, session.mvpd == mvpd.id {
            action = ("invalid", "none", nil)
            entitlementState.removeProfile(of: mvpd.id, for: key)
        } else {
            // Under an authenticate-all rule the device has the (virtual) degraded profile.
            action =
                !mvpd.isTempPass && mvpd.degradation == .authenticateAll
                ? ("complete", "none", nil) : ("invalid", "none", nil)
        }
        var answered = action
        if answered.name == "logout", let forced = takeForcedPageURL() { answered.url = forced }
        return jsonResponse(
            200, .object([("logouts", .object([(mvpd.id, Self.logoutAction(answered, mvpd: mvpd.id))]))]))
    }

    typealias LogoutAction = (name: String, type: String, url: String?)

    private static func logoutAction(_ action: LogoutAction, mvpd: String) -> JSONText {
        var members: [(String, JSONText)] = [
            ("actionName", .string(action.name)),
            ("actionType", .string(action.type)),
            ("mvpd", .string(mvpd)),
        ]
        if let url = action.url { members.append(("url", .string(url))) }
        return .object(members)
    }
}
