import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation

// The reference model's rules: for each step, the callbacks each call leads to, in order, and
// what is stored. Each rule names the passage of Adobe's legacy documentation it comes from: the
// "iOS/tvOS API Reference" (`setRequestor`, `getAuthentication`, ...), the "iOS/tvOS SDK Cookbook",
// "Error Reporting" (the advanced status codes) and the "SFSafariViewController support" note.
// Where those pages leave a gap, the rule follows the adapter's documented choice and says so.

private typealias Pattern = LegacyHeardPattern

extension LegacyModelState {
    // MARK: Sequences

    /// `setAuthenticationStatus(1, "")` after a sign-in, `N011` first for TempPass (API
    /// reference, `setAuthenticationStatus`; error reporting, `N011`).
    fileprivate func signedInSequence(_ mvpd: String) -> [Pattern] {
        (Self.isTempPass(mvpd) ? [.exactly(.status("N011"))] : [])
            + [.exactly(.authenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, USER_AUTHENTICATED))]
    }

    /// A failed flow: `setAuthenticationStatus(0, code)`, `N005` first for a cancelled picker or
    /// page (API reference, `setSelectedProvider(nil)`; error reporting, `N005`).
    fileprivate static func failedSequence(_ code: String) -> [Pattern] {
        (code == PROVIDER_NOT_SELECTED_ERROR ? [.exactly(.status("N005"))] : [])
            + [.exactly(.authenticationStatus(ACCESS_ENABLER_STATUS_ERROR, code))]
    }

    /// `checkAuthentication` without a valid authentication: `N000`, then the status (API
    /// reference, `checkAuthentication`; error reporting, `N000`).
    fileprivate static let notAuthenticatedSequence: [Pattern] = [
        .exactly(.status("N000")),
        .exactly(.authenticationStatus(ACCESS_ENABLER_STATUS_ERROR, USER_NOT_AUTHENTICATED_ERROR)),
    ]

    /// A preauthorization that failed (the network, a server error, a time-out): `P100`, then
    /// nothing authorized (the migration guide: told apart from "nothing authorized").
    fileprivate static let failedPreauthorization: [Pattern] = [
        .exactly(.status("P100")), .exactly(.preauthorized([])),
    ]

    /// The end of a logout: status 0 (API reference, `logout`: "setAuthenticationStatus ... 0").
    fileprivate static let loggedOutSequence: [Pattern] = [
        .exactly(.authenticationStatus(ACCESS_ENABLER_STATUS_ERROR, USER_NOT_AUTHENTICATED_ERROR))
    ]

    /// An authorization for a viewer who is not authenticated: `N130` (error reporting: "authN
    /// token not found on session"), then `tokenRequestFailed` (API reference, `checkAuthorization`:
    /// "when not authenticated it fires tokenRequestFailed and stops").
    fileprivate static func notAuthenticatedAuthorization(_ resource: String) -> [Pattern] {
        [.exactly(.status("N130")), .exactly(.tokenFailed(resource, USER_NOT_AUTHENTICATED_ERROR))]
    }

    /// A flow cancelled by a logout. Item 8 of issue 31's section 5 changes how it is reported
    /// (the seeds: an explicit cancel is a `GENERIC_AUTHENTICATION_ERROR`); until then the
    /// adapter reports a cancelled picker. Either is accepted here; both end the flow once.
    fileprivate static let cancelledByLogout: [[Pattern]] = [
        failedSequence(PROVIDER_NOT_SELECTED_ERROR), failedSequence(GENERIC_AUTHENTICATION_ERROR),
    ]

    // MARK: Authorization

    /// The authorization of `resource` for `login` (API reference, `checkAuthorization`: "setToken
    /// ... | tokenRequestFailed(r, USER_NOT_AUTHORIZED_ERROR, desc)"; error reporting: `Z011` for
    /// TempPass, `Z100` for a denial, `N130` for a session the server no longer holds), with
    /// the server's `answer`. A session the server no longer holds is removed locally.
    fileprivate mutating func authorization(_ resource: String, for login: Login, answer: LegacyModelAnswer?)
        -> [Pattern]
    {
        if let answer, answer != .late {
            return [.exactly(.tokenFailed(resource, GENERIC_AUTHORIZATION_ERROR))]
        }
        restartTempPassForDecisions(login.mvpd)
        guard let session = decisionSession(for: login) else {
            if self.login == login { self.login = nil }
            authorized = [:]
            return Self.notAuthenticatedAuthorization(resource)
        }
        guard Self.authorizes(session.mvpd, resource) else {
            return [.exactly(.status("Z100")), .exactly(.tokenFailed(resource, USER_NOT_AUTHORIZED_ERROR))]
        }
        authorized[resource] = now.addingTimeInterval(Self.authzTTL)
        return (Self.isTempPass(login.mvpd) ? [.exactly(.status("Z011"))] : []) + [.exactly(.token(resource))]
    }

    /// REST API v2: a TempPass decision needs no earlier session call; it starts (or continues)
    /// the TempPass while its window lasts, as Adobe's temporary access flows do.
    fileprivate mutating func restartTempPassForDecisions(_ mvpd: String) {
        guard setup.backend == .restV2, Self.isTempPass(mvpd), let started = tempPassStarted,
            now < started.addingTimeInterval(Self.tempPassTTL), serverSession(for: mvpd) == nil
        else { return }
        serverSessions[setup.serviceProvider(of: mvpd)] = Login(
            mvpd: mvpd, expires: started.addingTimeInterval(Self.tempPassTTL))
    }

    // MARK: Flows

    /// Starts a new authentication flow, replacing the one in progress: the replaced flow ends
    /// without a callback of its own, and what waited on it (its `getAuthorization` resources)
    /// waits on the new one. The adapter's documented choice ("a newer flow supersedes it"); the
    /// legacy SDK had one authentication state machine (API reference, `getAuthentication`).
    fileprivate mutating func startFlow(
        stage: Stage, resources: [String] = [], into prediction: inout LegacyPrediction
    ) {
        let waiting = flow?.resources ?? []
        flow = Flow(id: nextFlowID, stage: stage, resources: waiting + resources, secondScreen: secondScreen)
        nextFlowID += 1
        // A new flow replaces the logout page on screen, and a logout still waiting for its server.
        endLogoutPage(into: &prediction)
        for index in held.indices { held[index].replaced = true }
    }

    /// Ends the flow in progress with a sign-in: its status, then each waiting resource's
    /// authorization (API reference, `getAuthorization`: "runs the authN flow first, then carries on
    /// with authZ").
    fileprivate mutating func endFlow(signedIn login: Login, into prediction: inout LegacyPrediction, after: Int?) {
        owedLogout = nil
        let resources = flow?.resources ?? []
        flow = nil
        if self.login != login { authorized = [:] }
        self.login = login
        let status = prediction.expect("the flow's sign-in", signedInSequence(login.mvpd), after: after)
        for resource in resources {
            prediction.expect(
                "getAuthorization(\(resource)) after the sign-in",
                authorization(resource, for: login, answer: nil), after: status)
        }
    }

    /// Ends the flow in progress with a failure: its status, then `tokenRequestFailed` for each
    /// waiting resource.
    fileprivate mutating func endFlow(
        failing sequences: [[Pattern]], into prediction: inout LegacyPrediction, after: Int?
    ) {
        let resources = flow?.resources ?? []
        flow = nil
        let status = prediction.expect(
            "the flow's failure", oneOf: sequences.map { LegacyExpectedAlternative($0) }, after: after)
        for resource in resources {
            prediction.expect(
                "getAuthorization(\(resource)) after the failed sign-in",
                Self.notAuthenticatedAuthorization(resource), after: status)
        }
    }

    fileprivate mutating func endFlow(failing code: String, into prediction: inout LegacyPrediction, after: Int?) {
        endFlow(failing: [Self.failedSequence(code)], into: &prediction, after: after)
    }

    /// The flow's login came back with `session`: kept, unless a logout began since the login
    /// started (nothing is written back; the flow ends as a cancelled one).
    fileprivate mutating func completeSignIn(_ session: Login, into prediction: inout LegacyPrediction, after: Int?) {
        if flow?.loggedOut == true {
            endFlow(failing: Self.cancelledByLogout, into: &prediction, after: after)
        } else {
            endFlow(signedIn: session, into: &prediction, after: after)
        }
    }

    /// The MVPD `mvpd` chosen for the flow in progress (the picker's answer or a preselection),
    /// with the server's `answer` to its session request (API reference, `setSelectedProvider`:
    /// `navigateToUrl:`, or on tvOS `REGCODE` and polling, or TempPass at once).
    fileprivate mutating func choose(
        _ mvpd: String, answer: LegacyModelAnswer?, into prediction: inout LegacyPrediction, after: Int?
    ) {
        guard let current = flow else { return }
        guard phase != .failed else {
            endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: after)
            return
        }
        guard LegacyModelSetup.mvpds.contains(mvpd) else {
            endFlow(failing: PROVIDER_NOT_AVAILABLE_ERROR, into: &prediction, after: after)
            return
        }
        if setup.backend == .restV2, let answer {
            if answer == .late {
                flow?.stage = .selecting(mvpd: mvpd)
                held.append(Held(call: .selection(mvpd: mvpd, flow: current.id), since: now))
                return
            }
            // The session request failed: the code could not be created (`REG500`, error
            // reporting) or the login failed.
            let reg500: [Pattern] = current.secondScreen ? [.exactly(.status("REG500"))] : []
            endFlow(
                failing: [reg500 + Self.failedSequence(GENERIC_AUTHENTICATION_ERROR)], into: &prediction, after: after)
            return
        }
        proceed(with: mvpd, into: &prediction, after: after)
    }

    /// The flow goes on with `mvpd` once its session request is answered.
    fileprivate mutating func proceed(with mvpd: String, into prediction: inout LegacyPrediction, after: Int?) {
        guard let current = flow else { return }
        if Self.isTempPass(mvpd) {
            // TempPass signs in at once, without a page (API reference, `setSelectedProvider`),
            // once per device: the window is used once.
            if let started = tempPassStarted, now >= started.addingTimeInterval(Self.tempPassTTL) {
                let reg500: [Pattern] = current.secondScreen ? [.exactly(.status("REG500"))] : []
                endFlow(
                    failing: [reg500 + Self.failedSequence(GENERIC_AUTHENTICATION_ERROR)], into: &prediction,
                    after: after)
                return
            }
            let started = tempPassStarted ?? now
            tempPassStarted = started
            let session = Login(mvpd: mvpd, expires: started.addingTimeInterval(Self.tempPassTTL))
            serverSessions[setup.serviceProvider(of: mvpd)] = session
            completeSignIn(session, into: &prediction, after: after)
            return
        }
        if setup.backend == .restV2, let session = serverSession(for: mvpd) {
            // The service provider holds the device's session already: no page, no code.
            completeSignIn(session, into: &prediction, after: after)
            return
        }
        if current.secondScreen {
            flow?.stage = .code(
                mvpd: mvpd, expires: now.addingTimeInterval(Self.codeLifetime),
                nextPoll: now.addingTimeInterval(Self.pollInterval), activated: false, lost: false)
            prediction.expect("the registration code", [.exactly(.status("REGCODE"))], after: after)
        } else {
            let route = route(for: mvpd)
            flow?.stage = .page(mvpd: mvpd, route: route, completed: false, lost: false)
            if setup.backend == .restV2 { flow?.pageExpires = now.addingTimeInterval(Self.codeLifetime) }
            prediction.expect("the login page", [.exactly(.page(.login, route))], after: after)
        }
    }

    // MARK: Logout page

    /// Ends the logout page on screen, if any: its logout reports (API reference, `logout`).
    fileprivate mutating func endLogoutPage(into prediction: inout LegacyPrediction) {
        guard logoutPage != nil else { return }
        logoutPage = nil
        logoutsRunning -= 1
        prediction.expect("the logout, its page ended", Self.loggedOutSequence)
    }
}

extension LegacyModelState {
    // MARK: Steps

    /// Applies `step` and says what the app hears during it.
    mutating func predict(_ step: LegacyModelStep, clockNow: Date) -> LegacyPrediction {
        var prediction = LegacyPrediction()
        let previous = now
        now = clockNow
        if now > previous {
            // A server answer on a step of time goes to the poll it brings.
            let pollAnswer: LegacyModelAnswer? = if case .timePasses = step.action { step.answer } else { nil }
            passTime(pollAnswer: pollAnswer, into: &prediction)
        }
        apply(step.action, answer: step.answer, into: &prediction, after: nil)
        return prediction
    }

    /// Whether a legacy call waits for the configuration (the cookbook's list of queued calls).
    static func waitsForConfiguration(_ step: LegacyModelStep) -> Bool {
        switch step {
        case .checkAuthentication, .getAuthentication, .checkAuthorization, .getAuthorization,
            .checkPreauthorizedResources, .getMetadata, .getSelectedProvider, .logout:
            true
        default: false
        }
    }

    fileprivate mutating func apply(
        _ step: LegacyModelStep, answer: LegacyModelAnswer?, into prediction: inout LegacyPrediction, after: Int?
    ) {
        // Calls made before the configuration completes are queued silently and run once it has
        // (cookbook: "Early calls are queued silently").
        if !isReady, Self.waitsForConfiguration(step) {
            queued.append(step)
            return
        }
        switch step {
        case .setRequestor: setRequestor(answer: answer, into: &prediction)
        case .setOptions(let value): handleSVC = value
        case .usesSecondScreen(let on): secondScreen = on
        case .checkAuthentication:
            if signedIn != nil {
                prediction.expect(
                    "checkAuthentication",
                    [.exactly(.authenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, USER_AUTHENTICATED))], after: after)
            } else {
                prediction.expect("checkAuthentication", Self.notAuthenticatedSequence, after: after)
            }
        case .getAuthentication(let force, _, _):
            getAuthentication(force: force, into: &prediction, after: after)
        case .setSelectedProvider(let id):
            setSelectedProvider(id, answer: answer, into: &prediction, after: after)
        case .handleExternalURL(let url):
            handleExternalURL(url, answer: answer, into: &prediction)
        case .checkAuthorization(let resource):
            if let login = signedIn {
                if holdAuthorization(.checkAuthorization(resource, signedIn: login.mvpd), resource, answer: answer) {
                    return
                }
                let authorization = authorization(resource, for: login, answer: answer)
                prediction.expect(
                    "checkAuthorization(\(resource))",
                    [.exactly(.authenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, USER_AUTHENTICATED))]
                        + authorization, after: after)
            } else {
                prediction.expect(
                    "checkAuthorization(\(resource))",
                    Self.notAuthenticatedSequence + Self.notAuthenticatedAuthorization(resource), after: after)
            }
        case .getAuthorization(let resource):
            if let login = signedIn {
                if holdAuthorization(.getAuthorization(resource, signedIn: login.mvpd), resource, answer: answer) {
                    return
                }
                prediction.expect(
                    "getAuthorization(\(resource))", authorization(resource, for: login, answer: answer), after: after)
            } else {
                // Not authenticated: the flow first (API reference, `getAuthorization`).
                startFlow(stage: .picker, resources: [resource], into: &prediction)
                if phase == .failed {
                    endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: after)
                    return
                }
                prediction.expect(
                    "getAuthorization(\(resource))'s picker", [.exactly(.providerDialog(offered))], after: after)
            }
        case .checkPreauthorizedResources(let resources, let cache):
            checkPreauthorizedResources(resources, cache: cache, answer: answer, into: &prediction, after: after)
        case .getMetadata(let key):
            getMetadata(key, into: &prediction, after: after)
        case .getSelectedProvider:
            // API reference, `getSelectedProvider` → `selectedProvider:`.
            prediction.expect("getSelectedProvider", [.exactly(.selectedProvider)], after: after)
        case .logout:
            logout(answer: answer, into: &prediction, after: after)
        case .viewerCompletesPage:
            viewerCompletesPage()
        case .viewerTapsDone:
            viewerTapsDone(into: &prediction)
        case .viewerActivatesCode:
            if case .code(let mvpd, let expires, let nextPoll, _, let lost) = flow?.stage {
                flow?.stage = .code(mvpd: mvpd, expires: expires, nextPoll: nextPoll, activated: true, lost: lost)
                serverSessions[setup.serviceProvider(of: mvpd)] = Login(
                    mvpd: mvpd, expires: now.addingTimeInterval(Self.authnTTL))
            }
        case .serverForgetsSessions:
            serverSessions = [:]
            for index in held.indices { held[index].disturbed = true }
            switch flow?.stage {
            case .page(let mvpd, let route, let completed, _):
                flow?.stage = .page(mvpd: mvpd, route: route, completed: completed, lost: true)
            case .code(let mvpd, let expires, let nextPoll, let activated, _):
                flow?.stage = .code(mvpd: mvpd, expires: expires, nextPoll: nextPoll, activated: activated, lost: true)
            default: break
            }
        case .serverReleasesHeldRequests:
            releaseHeld(into: &prediction)
        case .timePasses:
            break  // Time passed in predict(_:clockNow:).
        case .otherProcessSignsIn(let mvpd):
            let reused = setup.backend == .restV2 ? serverSession(for: mvpd) : nil
            let session = reused ?? Login(mvpd: mvpd, expires: now.addingTimeInterval(Self.authnTTL))
            serverSessions[setup.serviceProvider(of: mvpd)] = session
            // The code on screen was for that MVPD: its next poll finds the device's profile.
            if case .code(mvpd, let expires, let nextPoll, _, let lost) = flow?.stage {
                flow?.stage = .code(mvpd: mvpd, expires: expires, nextPoll: nextPoll, activated: true, lost: lost)
            }
            // A new session: what the store held for the old one is dropped, and a logout owed.
            // REST API v1 at the same instant with the same MVPD stores the same authentication
            // (its expiry is its issue time's): this instance keeps what it holds for it.
            if setup.backend == .restV2 || login != session { authorized = [:] }
            login = session
            owedLogout = nil
            for index in held.indices { held[index].disturbed = true }
            relaunch(into: &prediction)
        case .otherProcessLogsOut:
            if let login, serverSession(for: login.mvpd) != nil || setup.backend == .restV1 {
                serverSessions[setup.serviceProvider(of: login.mvpd)] = nil
            } else if login == nil {
                // Signed out in the store: its logout sends the one this process owes.
                sendOwedLogout()
            }
            login = nil
            authorized = [:]
            for index in held.indices { held[index].disturbed = true }
            relaunch(into: &prediction)
        case .answered:
            break
        }
    }

    /// Holds an authorization call when the server holds its request (`late`) or, on REST API
    /// v1, when it shares the held authorization request of the same resource. Returns whether
    /// it is held.
    fileprivate mutating func holdAuthorization(_ call: Held.Call, _ resource: String, answer: LegacyModelAnswer?)
        -> Bool
    {
        if let shared = held.first(where: { $0.sharedAuthorization == resource }) {
            held.append(
                Held(call: call, since: shared.since, disturbed: shared.disturbed, sharedAuthorization: resource))
            return true
        }
        guard answer == .late else { return false }
        let shares = setup.backend == .restV1 && !(authorized[resource].map { $0 > now } ?? false)
        held.append(Held(call: call, since: now, sharedAuthorization: shares ? resource : nil))
        return true
    }

    // MARK: Configuration

    /// `setRequestor`: `setRequestorComplete`, then the queued calls; on a return to the foreground
    /// a session the server no longer holds is removed and reported (API reference,
    /// `setRequestor`: "deletes the local token if a logout happened in the meantime").
    fileprivate mutating func setRequestor(answer: LegacyModelAnswer?, into prediction: inout LegacyPrediction) {
        if phase == .unconfigured, answer == .late {
            phase = .configuring
            held.append(Held(call: .configuration, since: now))
            return
        }
        completeConfiguration(isResync: phase == .configured, into: &prediction)
    }

    /// The app launched again after the other process acted (see
    /// `LegacyModelWorld.relaunchesAroundOtherProcess`): its `setRequestor`, as on a return to the
    /// foreground.
    fileprivate mutating func relaunch(into prediction: inout LegacyPrediction) {
        guard LegacyModelWorld.relaunchesAroundOtherProcess else { return }
        decisions = [:]
        completeConfiguration(isResync: false, into: &prediction)
    }

    /// `isResync`: a `setRequestor` after one that completed, as on a return to the foreground;
    /// signed out, it adopts a profile the service provider holds for the device (the adapter's
    /// foreground re-sync: "fetch a remote token if SSO is enabled").
    fileprivate mutating func completeConfiguration(isResync: Bool, into prediction: inout LegacyPrediction) {
        phase = .configured
        let complete = prediction.expect(
            "setRequestor", [.exactly(.requestorComplete(ACCESS_ENABLER_STATUS_SUCCESS))])
        // While a logout's server call is unanswered the sync leaves everything to it.
        let logoutWaitsForServer = held.contains { if case .logout = $0.call { true } else { false } }
        // The profile sync (signed in, or a re-sync) sends a logout still owed first.
        if !logoutWaitsForServer, isResync || signedIn != nil { sendOwedLogout() }
        if isResync, !logoutWaitsForServer {
            // An expired session: removed, silently (the app heard of no sign-in).
            if signedIn == nil, login != nil {
                login = nil
                authorized = [:]
            }
        }
        if logoutWaitsForServer {
            // Nothing changes.
        } else if signedIn == nil, isResync, let held = bestServerSession {
            login = held
            authorized = [:]
            // A flow in progress reports the sign-in itself when it ends.
            if flow == nil, logoutsRunning == 0 {
                prediction.expect("the foreground sync's adoption", signedInSequence(held.mvpd), after: complete)
            }
        } else if let login = signedIn, serverSession(for: login.mvpd) == nil {
            if let held = bestServerSession {
                // The service provider holds another profile for the device (single sign-on, a
                // login elsewhere): adopted in its place, and the viewer stays signed in.
                self.login = held
                authorized = [:]
            } else {
                self.login = nil
                authorized = [:]
                if logoutsRunning == 0 {
                    prediction.expect("the foreground sync", Self.loggedOutSequence, after: complete)
                }
            }
        }
        let calls = queued
        queued = []
        for call in calls { apply(call, answer: nil, into: &prediction, after: complete) }
    }

    /// The server logout still owed, sent now (a re-sync, a logout without a session): it goes
    /// through, the faults being one-shot.
    fileprivate mutating func sendOwedLogout() {
        guard let mvpd = owedLogout else { return }
        owedLogout = nil
        serverSessions[setup.serviceProvider(of: mvpd)] = nil
    }

    /// The profile the service providers hold for the device that lasts longest, if any (the
    /// core's order without a local session or a stored choice; the emulator lists profiles by
    /// MVPD ID, which breaks a tie).
    private var bestServerSession: Login? {
        serverSessions.values.sorted(by: { ($0.expires, $1.mvpd) > ($1.expires, $0.mvpd) }).first(where: {
            $0.expires > now
        })
    }

    // MARK: Authentication

    fileprivate mutating func getAuthentication(force: Bool, into prediction: inout LegacyPrediction, after: Int?) {
        if !force, let login = signedIn {
            // Already authenticated: status 1 at once (API reference, `getAuthentication`). It
            // replaces a flow in progress, whose resources it answers.
            startFlow(stage: .picker, into: &prediction)
            endFlow(signedIn: login, into: &prediction, after: after)
            return
        }
        startFlow(stage: .picker, into: &prediction)
        if phase == .failed {
            // Without a configuration the flow fails at once.
            endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: after)
            return
        }
        prediction.expect("getAuthentication's picker", [.exactly(.providerDialog(offered))], after: after)
    }

    fileprivate mutating func setSelectedProvider(
        _ id: String?, answer: LegacyModelAnswer?, into prediction: inout LegacyPrediction, after: Int?
    ) {
        if let id {
            if flow?.stage == .picker {
                choose(id, answer: answer, into: &prediction, after: after)
                return
            }
            // Outside a picker it starts authentication with that MVPD (API reference,
            // `setSelectedProvider`: "it can also be used to change the MVPD").
            if !isReady {
                queued.append(.setSelectedProvider(id))
                return
            }
            startFlow(stage: .picker, into: &prediction)
            if let login = signedIn, login.mvpd == id {
                // Signed in with that MVPD already: the session answers, as `getAuthentication` would.
                endFlow(signedIn: login, into: &prediction, after: after)
                return
            }
            choose(id, answer: answer, into: &prediction, after: after)
            return
        }
        // nil: the viewer cancelled; status 0 with PROVIDER_NOT_SELECTED_ERROR (API reference,
        // `setSelectedProvider`; cookbook: Back in the picker or the web view, or the end of polling).
        switch flow?.stage {
        case .picker, .page, .code:
            endFlow(failing: PROVIDER_NOT_SELECTED_ERROR, into: &prediction, after: after)
        case nil, .selecting, .finishing:
            // Nothing waits for the app: reported at once, the flow (if any) goes on.
            prediction.expect(
                "setSelectedProvider(nil)", Self.failedSequence(PROVIDER_NOT_SELECTED_ERROR), after: after)
        }
    }

    fileprivate mutating func handleExternalURL(
        _ url: LegacyModelURL, answer: LegacyModelAnswer?, into prediction: inout LegacyPrediction
    ) {
        if case .page(let mvpd, _, _, _) = flow?.stage {
            switch url {
            case .wrong:
                // Not the redirect URL: the login fails.
                endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: nil)
            case .pageEnd, .redirectUnfinished:
                if answer == nil, let session = completedSession(for: mvpd) {
                    completeSignIn(session, into: &prediction, after: nil)
                } else if answer == nil, setup.backend == .restV1 {
                    // REST API v1 has no profile to wait for: no authentication, no login.
                    endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: nil)
                } else {
                    finish(mvpd, into: &prediction)
                }
            }
            return
        }
        // The logout page: the app hands its redirect back (API reference, `handleExternalURL`
        // "completes an authN or a logout flow").
        if logoutPage != nil { endLogoutPage(into: &prediction) }
    }

    /// The authentication a login of `mvpd` finds once its redirect came back: REST API v2 reads
    /// that MVPD's profile; REST API v1 reads the device's authentication token, whatever MVPD
    /// it is for (one per device: a page left unfinished finds the session the device had).
    fileprivate func completedSession(for mvpd: String) -> Login? {
        guard setup.backend == .restV1 else { return serverSession(for: mvpd) }
        return decisionSession(for: Login(mvpd: mvpd, expires: now))
    }

    /// The redirect came back; the SDK polls for the profile (every 3 s, 30 s at most).
    fileprivate mutating func finish(_ mvpd: String, into prediction: inout LegacyPrediction) {
        // The first poll found nothing (or failed): the next one comes only if it is before the
        // deadline, 30 s after the redirect or the code's expiry, whichever is first.
        var deadline = now.addingTimeInterval(Self.profileWait)
        if let expires = flow?.pageExpires { deadline = min(deadline, expires) }
        guard now.addingTimeInterval(Self.pollInterval) < deadline else {
            endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: nil)
            return
        }
        flow?.stage = .finishing(mvpd: mvpd, deadline: deadline, nextPoll: now.addingTimeInterval(Self.pollInterval))
    }

    fileprivate mutating func viewerCompletesPage() {
        if case .page(let mvpd, let route, false, false) = flow?.stage {
            flow?.stage = .page(mvpd: mvpd, route: route, completed: true, lost: false)
            serverSessions[setup.serviceProvider(of: mvpd)] = Login(
                mvpd: mvpd, expires: now.addingTimeInterval(Self.authnTTL))
            if login?.mvpd != mvpd { authorized = [:] }
        } else if logoutPage != nil {
            logoutPage?.completed = true
        }
    }

    fileprivate mutating func viewerTapsDone(into prediction: inout LegacyPrediction) {
        // "Done" on the Safari view controller is a cancel (the SFSafariViewController support
        // note: `safariViewControllerDidFinish` → `setSelectedProvider(nil)`).
        if case .page(_, .sdkSafari, _, _) = flow?.stage {
            endFlow(failing: PROVIDER_NOT_SELECTED_ERROR, into: &prediction, after: nil)
        } else if logoutPage?.route == .sdkSafari {
            endLogoutPage(into: &prediction)
        }
    }

    // MARK: Logout

    /// `logout`: the server call, the logout page (not on tvOS), the tokens cleared, status 0
    /// (API reference, `logout`; cookbook: "clears all cached values and tokens locally").
    fileprivate mutating func logout(answer: LegacyModelAnswer?, into prediction: inout LegacyPrediction, after: Int?) {
        // A flow waiting for the app ends.
        switch flow?.stage {
        case .picker, .page:
            endFlow(failing: Self.cancelledByLogout, into: &prediction, after: after)
        case .code, .selecting, .finishing:
            flow?.loggedOut = true
        case nil:
            break
        }
        endLogoutPage(into: &prediction)
        logoutsRunning += 1
        for index in held.indices {
            held[index].disturbed = true
            held[index].replaced = true
            // The logout forgets the requests in flight: a later call does not share one.
            held[index].sharedAuthorization = nil
        }
        // Owed from the start, until the server confirms it (a login meanwhile forgets it).
        if let login { owedLogout = login.mvpd }
        if phase == .failed, login != nil {
            // Without a configuration the server call fails; the local logout happens.
            completeLogout(of: login!.mvpd, serverAnswered: false, into: &prediction, after: after)
            return
        }
        guard let login else {
            sendOwedLogout()
            logoutsRunning -= 1
            authorized = [:]
            prediction.expect("logout", Self.loggedOutSequence, after: after)
            return
        }
        if answer == .late {
            held.append(Held(call: .logout(mvpd: login.mvpd), since: now))
            return
        }
        completeLogout(of: login.mvpd, serverAnswered: answer == nil, into: &prediction, after: after)
    }

    /// The rest of a logout once its server call is answered.
    fileprivate mutating func completeLogout(
        of mvpd: String, serverAnswered: Bool, replaced: Bool = false, into prediction: inout LegacyPrediction,
        after: Int?
    ) {
        login = nil
        authorized = [:]
        // The tokens are cleared now: a flow that requested its session while the server logout
        // ran is discarded when it completes ("work that started while the server logout ran must
        // not write back either").
        switch flow?.stage {
        case .page, .code, .selecting, .finishing: flow?.loggedOut = true
        case .picker, nil: break
        }
        let hadSession = serverSession(for: mvpd) != nil
        if serverAnswered, hadSession || setup.backend == .restV1 {
            serverSessions[setup.serviceProvider(of: mvpd)] = nil
        }
        if serverAnswered, owedLogout == mvpd { owedLogout = nil }
        let showsPage =
            serverAnswered && (setup.backend == .restV1 || (hadSession && !Self.isTempPass(mvpd)))
        if showsPage, replaced {
            logoutsRunning -= 1
            prediction.expect(
                "logout, replaced", [.exactly(.page(.logout, route(for: mvpd)))] + Self.loggedOutSequence, after: after)
        } else if showsPage {
            let route = route(for: mvpd)
            logoutPage = LogoutPage(
                route: route, deadline: now.addingTimeInterval(Self.logoutPageLimit), mvpd: mvpd)
            prediction.expect("logout's page", [.exactly(.page(.logout, route))], after: after)
        } else {
            logoutsRunning -= 1
            prediction.expect("logout", Self.loggedOutSequence, after: after)
        }
    }

    // MARK: Preauthorization and metadata

    /// `checkPreauthorizedResources`: `preauthorizedResources` with the authorized subset only;
    /// nothing authorized when it fails (API reference; the preauthorize page: "no resources as
    /// part of the result" on an error).
    fileprivate mutating func checkPreauthorizedResources(
        _ resources: [String], cache: Bool, answer: LegacyModelAnswer?, into prediction: inout LegacyPrediction,
        after: Int?
    ) {
        guard let login = signedIn else {
            prediction.expect("checkPreauthorizedResources", [.exactly(.preauthorized([]))], after: after)
            return
        }
        if answer == .late {
            held.append(Held(call: .preauthorize(resources, sentFor: login), since: now))
            return
        }
        var seen = Set<String>()
        let authorized = resources.filter { Self.authorizes(login.mvpd, $0) && seen.insert($0).inserted }
        if cache, resources.allSatisfy({ decisions[$0].map { $0 > now } ?? false }) {
            // Every decision is held: answered without a request (`cache: true`).
            prediction.expect("checkPreauthorizedResources", [.exactly(.preauthorized(authorized))], after: after)
            return
        }
        if answer == nil { restartTempPassForDecisions(login.mvpd) }
        if answer != nil {
            prediction.expect("checkPreauthorizedResources", Self.failedPreauthorization, after: after)
        } else if decisionSession(for: login) == nil {
            // The server no longer holds the session: removed locally, as any "session gone"
            // answer removes it.
            self.login = nil
            self.authorized = [:]
            prediction.expect("checkPreauthorizedResources", [.exactly(.preauthorized([]))], after: after)
        } else {
            for resource in resources { decisions[resource] = now.addingTimeInterval(Self.decisionTTL) }
            prediction.expect("checkPreauthorizedResources", [.exactly(.preauthorized(authorized))], after: after)
        }
    }

    /// `getMetadata`: `setMetadataStatus` with the same key (API reference, `getMetadata`).
    fileprivate mutating func getMetadata(
        _ key: LegacyModelMetadata, into prediction: inout LegacyPrediction, after: Int?
    ) {
        let pattern: Pattern
        switch key {
        case .authenticationExpiry:
            pattern = .exactly(.metadata(key.opcode, present: signedIn != nil))
        case .authorizationExpiry:
            pattern = .metadata(key.opcode)
        case .deviceID:
            pattern = .metadata(key.opcode)
        case .userMetadata:
            if setup.backend == .restV1, let login = signedIn, !userMetadataFetched {
                // REST API v1 fetches it once per authentication: a session the server no longer
                // holds is removed (no value), as any "session gone" answer removes it.
                guard let session = decisionSession(for: login) else {
                    self.login = nil
                    authorized = [:]
                    pattern = .exactly(.metadata(key.opcode, present: false))
                    break
                }
                userMetadataFetched = true
                pattern = .exactly(.metadata(key.opcode, present: session.mvpd == "Cablevision"))
                break
            }
            // Alice (Cablevision) has metadata; AutoCable's bob and TempPass have none.
            pattern = .exactly(.metadata(key.opcode, present: signedIn?.mvpd == "Cablevision"))
        }
        prediction.expect("getMetadata(\(key))", [pattern], after: after)
    }

    // MARK: Held requests

    fileprivate mutating func releaseHeld(into prediction: inout LegacyPrediction) {
        let released = held
        held = []
        for request in released { answerHeld(request, timedOut: false, into: &prediction) }
    }

    /// A held request answered (`timedOut`: its time limit passed first, as a dropped connection).
    fileprivate mutating func answerHeld(_ request: Held, timedOut: Bool, into prediction: inout LegacyPrediction) {
        let answer: LegacyModelAnswer? = timedOut ? .dropped : nil
        switch request.call {
        case .configuration:
            if timedOut {
                // No configuration: `CFG404` (error reporting: "Adobe servers not found"), then
                // `setRequestorComplete(0)`; the queued calls then run and fail.
                phase = .failed
                let complete = prediction.expect(
                    "setRequestor",
                    [.exactly(.status("CFG404")), .exactly(.requestorComplete(ACCESS_ENABLER_STATUS_ERROR))])
                let calls = queued
                queued = []
                for call in calls { apply(call, answer: nil, into: &prediction, after: complete) }
            } else {
                completeConfiguration(isResync: false, into: &prediction)
            }
        case .checkAuthorization(let resource, let mvpd), .getAuthorization(let resource, let mvpd):
            // The request reaches the server now: a TempPass decision starts the TempPass again.
            if !timedOut { restartTempPassForDecisions(mvpd) }
            let isCheck: Bool
            if case .checkAuthorization = request.call { isCheck = true } else { isCheck = false }
            let check: [Pattern] =
                isCheck ? [.exactly(.authenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, USER_AUTHENTICATED))] : []
            let label =
                isCheck ? "checkAuthorization(\(resource)), released" : "getAuthorization(\(resource)), released"
            if request.disturbed && !timedOut {
                // A logout, a login or lost sessions while it was held: any one answer.
                let outcomes: [LegacyHeard] = [
                    .token(resource), .tokenFailed(resource, USER_NOT_AUTHENTICATED_ERROR),
                    .tokenFailed(resource, USER_NOT_AUTHORIZED_ERROR),
                    .tokenFailed(resource, GENERIC_AUTHORIZATION_ERROR),
                ]
                let optionalStatuses: [[Pattern]] = [
                    [], [.exactly(.status("N130"))], [.exactly(.status("Z100"))], [.exactly(.status("Z011"))],
                ]
                prediction.expect(
                    label,
                    oneOf: optionalStatuses.enumerated().map { index, statuses in
                        // Only a "session gone" answer (`N130`) removes the session.
                        LegacyExpectedAlternative(
                            check + statuses + [.oneOf(outcomes)],
                            effect: index != 1
                                ? nil
                                : { model in
                                    if model.login?.mvpd == mvpd, model.serverSession(for: mvpd) == nil,
                                        model.logoutsRunning == 0
                                    {
                                        model.login = nil
                                    }
                                })
                    })
            } else {
                let login = self.login?.mvpd == mvpd ? self.login! : Login(mvpd: mvpd, expires: now)
                prediction.expect(label, check + authorization(resource, for: login, answer: answer))
            }
        case .preauthorize(let resources, let sentFor):
            var seen = Set<String>()
            let authorized = resources.filter { Self.authorizes(sentFor.mvpd, $0) && seen.insert($0).inserted }
            if timedOut {
                prediction.expect("checkPreauthorizedResources, released", Self.failedPreauthorization)
            } else if let login, login == sentFor, decisionSession(for: login) == nil, logoutsRunning == 0 {
                // The server forgot the session the request was sent for, before it answered or
                // while it held the request: its "session gone" answer removes the session
                // locally, as it does for a request answered at once.
                self.login = nil
                self.authorized = [:]
                prediction.expect("checkPreauthorizedResources, released", [.exactly(.preauthorized([]))])
            } else {
                prediction.expect(
                    "checkPreauthorizedResources, released",
                    [.oneOf([.preauthorized(authorized), .preauthorized([])])])
            }
        case .logout(let mvpd):
            completeLogout(
                of: mvpd, serverAnswered: !timedOut, replaced: request.replaced, into: &prediction, after: nil)
        case .selection(let mvpd, let id):
            // A flow replaced meanwhile cancelled its request: nothing comes.
            guard let current = flow, current.id == id else { return }
            if timedOut {
                let reg500: [Pattern] = current.secondScreen ? [.exactly(.status("REG500"))] : []
                endFlow(
                    failing: [reg500 + Self.failedSequence(GENERIC_AUTHENTICATION_ERROR)], into: &prediction,
                    after: nil)
            } else {
                proceed(with: mvpd, into: &prediction, after: nil)
            }
        }
    }

    // MARK: Time

    /// What the clock moving to `now` ends: a logout page's limit, a poll, a held request's
    /// time limit.
    fileprivate mutating func passTime(pollAnswer: LegacyModelAnswer?, into prediction: inout LegacyPrediction) {
        if case .page(let mvpd, let route, false, false) = flow?.stage, let expires = flow?.pageExpires, now >= expires
        {
            // The page's code expired: the viewer can no longer finish it.
            flow?.stage = .page(mvpd: mvpd, route: route, completed: false, lost: true)
        }
        if let page = logoutPage, now >= page.deadline {
            endLogoutPage(into: &prediction)
        }
        let timedOut = held.filter { now >= $0.since.addingTimeInterval(Self.requestTimeout) }
        held.removeAll { now >= $0.since.addingTimeInterval(Self.requestTimeout) }
        for request in timedOut { answerHeld(request, timedOut: true, into: &prediction) }
        poll(answer: pollAnswer, into: &prediction)
    }

    /// The poll due by now, if any: the registration code's, or the profile's after a redirect.
    fileprivate mutating func poll(answer pollAnswer: LegacyModelAnswer?, into prediction: inout LegacyPrediction) {
        guard let current = flow else { return }
        switch current.stage {
        case .code(let mvpd, let expires, let nextPoll, let activated, let lost):
            guard now >= nextPoll || now >= expires else { return }
            if now >= expires {
                // The code expired: the flow ends (the adapter's choice, documented on
                // `usesSecondScreenAuthentication`: GENERIC_AUTHENTICATION_ERROR).
                endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: nil)
            } else if current.loggedOut {
                endFlow(failing: Self.cancelledByLogout, into: &prediction, after: nil)
            } else if pollAnswer != nil {
                // A 5xx, a 429 (`Retry-After: 2`, under the interval) or a dropped connection: the
                // next poll asks again.
                flow?.stage = .code(
                    mvpd: mvpd, expires: expires, nextPoll: now.addingTimeInterval(Self.pollInterval),
                    activated: activated, lost: lost)
            } else if lost {
                endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: nil)
            } else if activated, let session = serverSession(for: mvpd) {
                // The second screen signed the viewer in: the polling finds it (tvOS flow).
                endFlow(signedIn: session, into: &prediction, after: nil)
            } else {
                flow?.stage = .code(
                    mvpd: mvpd, expires: expires, nextPoll: now.addingTimeInterval(Self.pollInterval),
                    activated: activated, lost: lost)
            }
        case .finishing(let mvpd, let deadline, let nextPoll):
            guard now >= nextPoll else { return }
            if pollAnswer != nil, now.addingTimeInterval(Self.pollInterval) < deadline {
                flow?.stage = .finishing(
                    mvpd: mvpd, deadline: deadline, nextPoll: now.addingTimeInterval(Self.pollInterval))
            } else if pollAnswer == nil, let session = completedSession(for: mvpd) {
                completeSignIn(session, into: &prediction, after: nil)
            } else if setup.backend == .restV1 || now.addingTimeInterval(Self.pollInterval) >= deadline {
                endFlow(failing: GENERIC_AUTHENTICATION_ERROR, into: &prediction, after: nil)
            } else {
                flow?.stage = .finishing(
                    mvpd: mvpd, deadline: deadline, nextPoll: now.addingTimeInterval(Self.pollInterval))
            }
        case .picker, .selecting, .page:
            break
        }
    }
}
