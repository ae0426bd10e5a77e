import Foundation

extension AccessEnabler {
    /// How long a partner status read silently is reused for the `AP-Partner-Framework-Status`
    /// header of later calls before the framework is asked again.
    static let partnerStatusLifetime: Duration = .seconds(60)

    /// The MVPDs the partner may sign in with, in the filter's order when one is given: those
    /// enabled for platform services with a platform mapping ID.
    static func partnerProviders(of mvpds: [MVPD], filter: PartnerProviderFilter?) -> (all: [MVPD], featured: [MVPD]) {
        let enabled = mvpds.filter { $0.enablePlatformServices && !($0.platformMappingId ?? "").isEmpty }
        guard let filter else { return (enabled, []) }
        let byID = Dictionary(enabled.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        let offered = filter.providers.compactMap { id in seen.insert(id).inserted ? byID[id] : nil }
        let featured = offered.filter { filter.featuredProviders.contains($0.id) }
        return (offered, featured)
    }

    /// The partner attempt of the provider choice: the signed-in authentication, or the basic flow
    /// (the event says why), with the MVPD the viewer already picked in the partner's picker.
    func authenticateWithPartner(
        configuration loaded: RequestorConfiguration, filter: PartnerProviderFilter?
    ) async throws -> PartnerAttempt {
        guard let framework = partnerFramework, let partnerSignOn = backend.partnerSignOn else {
            return .basicFlow(preselected: nil, fallback: nil)
        }
        let providers = Self.partnerProviders(of: loaded.mvpds, filter: filter)
        guard let first = providers.all.first else { return fallBack(.noPartnerProviders) }
        let status: PartnerFrameworkStatus
        switch try await partnerStatus(from: framework, offering: providers, in: loaded) {
        case .end(let attempt): return attempt
        case .proceed(let answer): status = answer
        }
        let mvpdForStatus = loaded.mvpds.first { $0.platformMappingId == status.providerID } ?? first
        let serviceProvider = try ServiceProvider.validated(mvpdForStatus.serviceProvider)
        let requestorID = loaded.requestorID
        let logoutEpoch = await cache.logoutEpoch
        let step = try await serverValidated {
            try await partnerSignOn.startPartnerAuthentication(
                partner: framework.partnerName, serviceProvider: serviceProvider,
                domain: loaded.loginDomain(for: mvpdForStatus),
                context: try await context(for: requestorID, before: storageDeadline()))
        }
        let session: AuthenticationRecord
        switch step {
        case .failure(let failure):
            return fallBack(.validationFailed(code: failure.code))
        case .success(.fallback(let reasonType, let mvpdID)):
            // The server names the MVPD the viewer is signed in with at the partner: its login
            // page is the basic flow Adobe means (the viewer is not asked again).
            guard let mvpd = mvpdID.flatMap({ loaded.mvpd(withID: $0) }) else {
                return fallBack(.serverFallback(reasonType: reasonType))
            }
            return fallBack(.serverFallback(reasonType: reasonType, mvpdID: mvpd.id), preselected: mvpd)
        case .success(.authorized(let mvpdID)):
            switch try await existingProfile(of: mvpdID, in: loaded) {
            case .end(let attempt): return attempt
            case .proceed(let existing): session = existing
            }
        case .success(.partnerProfile(let authenticationRequest)):
            let exchange = PartnerExchange(
                framework: framework, partnerSignOn: partnerSignOn, status: status, serviceProvider: serviceProvider)
            switch try await partnerProfile(for: authenticationRequest, through: exchange, in: loaded) {
            case .end(let attempt): return attempt
            case .proceed(let created): session = created
            }
        }
        // The partner's pages are over: the keep step is the browser login's.
        let authentication = try await keepAuthentication(
            session, for: requestorID, ifLogoutEpoch: logoutEpoch, throughPartner: framework.partnerName)
        return .signedIn(authentication)
    }

    /// The partner's status for the providers offered, kept for the header of later calls; the
    /// attempt ends when the framework fails, the viewer cancels, or access or single sign-on
    /// is not granted.
    private func partnerStatus(
        from framework: any PartnerFramework, offering providers: (all: [MVPD], featured: [MVPD]),
        in loaded: RequestorConfiguration
    ) async throws -> PartnerStep<PartnerFrameworkStatus> {
        let request = PartnerStatusRequest(
            supportedProviderIDs: providers.all.compactMap(\.platformMappingId),
            featuredProviderIDs: providers.featured.compactMap(\.platformMappingId), allowsInterruption: true)
        let status: PartnerFrameworkStatus
        switch try await askPartner({ try await framework.status(for: request) }) {
        case .failure(let failure): return .end(fallBack(.frameworkError(code: failure.code)))
        case .success(.userCancelled): throw partnerCancelled()
        case .success(.providerNotSupported(let id)): return .end(fallBack(unsupported: id, in: loaded))
        case .success(.completed(let answer)): status = answer
        }
        partner.lastStatus = (status, clock.now)
        guard status.accessStatus == .granted else { return .end(fallBack(.permission(status.accessStatus))) }
        guard status.allowsSingleSignOn(at: clock.now) else { return .end(fallBack(.providerUnavailable)) }
        return .proceed(status)
    }

    /// The profile the service provider holds already for `mvpdID` (another app's sign-in,
    /// degraded access), used only for an MVPD the requestor offers.
    private func existingProfile(of mvpdID: String, in loaded: RequestorConfiguration) async throws
        -> PartnerStep<AuthenticationRecord>
    {
        guard let mvpd = loaded.mvpd(withID: mvpdID) else {
            log.error("the service provider named an MVPD the requestor does not offer; not used")
            return .end(fallBack(.validationFailed(code: AccessEnablerError.providerNotAvailable.code.rawValue)))
        }
        guard
            let existing = try await backend.completeAuthentication(
                mvpd: mvpd, configuration: loaded, data: [:],
                context: try await context(for: loaded.requestorID, before: storageDeadline()))
        else { return .end(fallBack(.serverFallback(reasonType: "authorize"))) }
        return .proceed(existing)
    }

    /// The partner framework's sign-in for `request`, exchanged with the service provider for
    /// the profile of the MVPD the partner signed in (the one the request or the partner's status
    /// named), and only for an MVPD the requestor offers; not whichever profile comes first.
    private func partnerProfile(
        for request: PartnerAuthenticationRequest, through exchange: PartnerExchange, in loaded: RequestorConfiguration
    ) async throws -> PartnerStep<AuthenticationRecord> {
        var request = request
        request.providerID = exchange.status.providerID
        let asked = request
        let response: PartnerAuthenticationResponse
        switch try await askPartner({ try await exchange.framework.authenticate(asked) }) {
        case .failure(let failure): return .end(fallBack(.frameworkError(code: failure.code)))
        case .success(.userCancelled): throw partnerCancelled()
        case .success(.providerNotSupported(let id)): return .end(fallBack(unsupported: id, in: loaded))
        case .success(.completed(let answer)): response = answer
        }
        if let newer = response.status { partner.lastStatus = (newer, clock.now) }
        let created = try await serverValidated {
            try await exchange.partnerSignOn.partnerProfiles(
                partner: exchange.framework.partnerName, response: response.response,
                serviceProvider: exchange.serviceProvider, configuration: loaded,
                context: try await context(for: loaded.requestorID, before: storageDeadline()))
        }
        switch created {
        case .failure(let failure): return .end(fallBack(.validationFailed(code: failure.code)))
        case .success(let records):
            let named = asked.mvpdID ?? loaded.mvpds.first { $0.platformMappingId == exchange.status.providerID }?.id
            let offered = Self.offeredProfiles(records, in: loaded).filter { named == nil || $0.mvpd.id == named }
            guard offered.count == 1, let record = offered.first else {
                if records.isEmpty { return .end(fallBack(.validationFailed(code: "no_profile"))) }
                log.error("the partner profile answer held no profile of the MVPD signed in at the partner; not used")
                return .end(fallBack(.validationFailed(code: AccessEnablerError.providerNotAvailable.code.rawValue)))
            }
            return .proceed(record)
        }
    }

    private func fallBack(_ reason: PartnerSingleSignOnEvent.FallbackReason, preselected: MVPD? = nil) -> PartnerAttempt
    {
        let next = preselected.map { "\($0.id)'s login page" } ?? "the MVPD picker"
        log.info("partner single sign-on not used (\(reason)); continuing with \(next)")
        hub.emit(.partnerSingleSignOn(.fellBack(reason)))
        return .basicFlow(preselected: preselected, fallback: reason)
    }

    /// A provider the partner does not sign in: when it is one of the requestor's MVPDs (listed
    /// in the partner's picker, `boardingStatus` `PICKER`), the viewer has chosen it already and
    /// its login page follows without the MVPD picker; otherwise the MVPD picker.
    private func fallBack(unsupported providerID: String?, in loaded: RequestorConfiguration) -> PartnerAttempt {
        guard let providerID, let mvpd = loaded.mvpds.first(where: { $0.platformMappingId == providerID }) else {
            return fallBack(.providerNotSupported(providerID: providerID))
        }
        return fallBack(.pickerProvider(mvpdID: mvpd.id), preselected: mvpd)
    }

    private func partnerCancelled() -> AccessEnablerError {
        log.info("the viewer dismissed the partner's picker")
        hub.emit(.partnerSingleSignOn(.cancelled))
        return AccessEnablerError.providerNotSelected
    }

    /// Runs a framework call: its own errors become a fallback (`.failure` with the error's
    /// type), cancellation stays cancellation.
    private func askPartner<Value>(_ body: () async throws -> Value) async throws -> Result<Value, PartnerFailure> {
        do {
            return .success(try await body())
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as TVProviderError {
            return .failure(PartnerFailure(code: error.code))
        } catch {
            return .failure(PartnerFailure(code: "\(type(of: error))"))
        }
    }

    /// Runs a partner API call: a 400 that rejects the partner's status or response (the
    /// `invalid_header_pfs_*` codes, `invalid_parameter_saml_response`) is a fallback
    /// (`.failure` with its code); everything else is thrown as usual.
    private func serverValidated<Value>(_ body: () async throws -> Value) async throws -> Result<Value, PartnerFailure>
    {
        do {
            return .success(try await body())
        } catch let error as AccessEnablerError where !error.isFromSDK && error.meaning.contains(.partnerRejected) {
            return .failure(PartnerFailure(code: error.code.rawValue))
        }
    }

    /// The `AP-Partner-Framework-Status` value for the next call: the last status while it is
    /// fresh, else the framework's silent answer (nil without a framework, on REST API v1, which
    /// has no such header, or when it fails). The framework is asked at most once per lifetime.
    func currentPartnerStatusHeader() async -> String? {
        guard let framework = partnerFramework, backend.partnerSignOn != nil else { return nil }
        if let last = partner.lastStatus, clock.now < last.read.adding(Self.partnerStatusLifetime) {
            return last.status.headerValue
        }
        if let asked = partner.askedSilently, clock.now < asked.adding(Self.partnerStatusLifetime) {
            return partner.lastStatus?.status.headerValue
        }
        partner.askedSilently = clock.now
        let request = PartnerStatusRequest(supportedProviderIDs: [], allowsInterruption: false)
        guard case .completed(let status)? = try? await framework.status(for: request) else {
            return partner.lastStatus?.status.headerValue
        }
        partner.lastStatus = (status, clock.now)
        return status.headerValue
    }
}

/// What an instance remembers of the partner framework (partner single sign-on).
struct PartnerState {
    /// The framework's last status and when it was read.
    var lastStatus: (status: PartnerFrameworkStatus, read: Date)?
    /// When the framework was last asked silently (its answer or not): a failing framework is
    /// asked no more often than a working one.
    var askedSilently: Date?
}

/// A partner framework or partner API failure that leads to the basic flow.
struct PartnerFailure: Error, Sendable, Hashable {
    var code: String
}

/// What one step of the partner attempt led to: a value to go on with, or the attempt's end.
enum PartnerStep<Value> {
    case proceed(Value)
    case end(PartnerAttempt)
}

/// The parties of a partner sign-in once the partner's status is known.
struct PartnerExchange {
    var framework: any PartnerFramework
    var partnerSignOn: any PartnerSignOnCapability
    var status: PartnerFrameworkStatus
    var serviceProvider: ServiceProvider
}

/// How the partner attempt of `authenticate` ended.
enum PartnerAttempt: Sendable {
    /// Signed in through the partner.
    case signedIn(Authentication)
    /// The basic flow follows; with the MVPD the viewer chose in the partner's picker, without
    /// the MVPD picker. `fallback` says why (nil when no partner attempt was made).
    case basicFlow(preselected: MVPD?, fallback: PartnerSingleSignOnEvent.FallbackReason?)
}
