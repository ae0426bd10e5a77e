import Foundation

/// The partner attempt of a sign-in's provider choice: the partner framework (Apple's TV
/// Provider) asked for its status and sign-in, the service provider for the profile it leads to.
///
/// It ends signed in, or in the basic flow with the reason (each documented fallback also
/// reported as ``EntitlementEvent/partnerSingleSignOn(_:)``) and, when the viewer chose an MVPD
/// in the partner's picker, that MVPD. Its steps run on the ``AccessEnabler`` they are given.
/// A class of `let`s, handed unchanged through those steps: their async frames copy one reference.
final class PartnerSignIn: Sendable {
    let framework: any PartnerFramework
    let partnerSignOn: any PartnerSignOnCapability
    /// The configuration the MVPDs come from.
    let configuration: RequestorConfiguration
    /// The partner picker's MVPDs and their order.
    let filter: PartnerProviderFilter?

    /// The attempt, or nil without a partner framework or on a protocol without partner sign-on
    /// (REST API v1).
    init?(enabler: isolated AccessEnabler, configuration: RequestorConfiguration, filter: PartnerProviderFilter?) {
        guard let framework = enabler.partnerFramework, let partnerSignOn = enabler.backend.partnerSignOn else {
            return nil
        }
        (self.framework, self.partnerSignOn) = (framework, partnerSignOn)
        (self.configuration, self.filter) = (configuration, filter)
    }

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

    /// Runs the attempt: the signed-in authentication, or the basic flow (the event says why),
    /// with the MVPD the viewer already picked in the partner's picker.
    func run(on enabler: isolated AccessEnabler) async throws -> PartnerAttempt {
        let loaded = configuration
        let providers = Self.partnerProviders(of: loaded.mvpds, filter: filter)
        guard let first = providers.all.first else { return fallBack(.noPartnerProviders, on: enabler) }
        let status: PartnerFrameworkStatus
        switch try await partnerStatus(offering: providers, on: enabler) {
        case .end(let attempt): return attempt
        case .proceed(let answer): status = answer
        }
        let mvpdForStatus = loaded.mvpds.first { $0.platformMappingId == status.providerID } ?? first
        let serviceProvider = try ServiceProvider.validated(mvpdForStatus.serviceProvider)
        let logoutEpoch = await enabler.cache.logoutEpoch
        let step = try await Self.serverValidated {
            try await partnerSignOn.startPartnerAuthentication(
                partner: framework.partnerName, serviceProvider: serviceProvider,
                domain: loaded.loginDomain(for: mvpdForStatus),
                context: try await enabler.context(for: loaded.requestorID, before: enabler.storageDeadline()))
        }
        let session: AuthenticationRecord
        switch try await profile(after: step, status: status, serviceProvider: serviceProvider, on: enabler) {
        case .end(let attempt): return attempt
        case .proceed(let found): session = found
        }
        // The partner's pages are over: the keep step is the browser login's.
        let authentication = try await SignInFlow.keep(
            session, for: loaded.requestorID, ifLogoutEpoch: logoutEpoch, throughPartner: framework.partnerName,
            on: enabler)
        return .signedIn(authentication)
    }

    /// The profile the service provider's answer to the partner's status leads to, or the
    /// attempt's end.
    private func profile(
        after step: Result<PartnerSessionStep, PartnerFailure>, status: PartnerFrameworkStatus,
        serviceProvider: ServiceProvider, on enabler: isolated AccessEnabler
    ) async throws -> PartnerStep<AuthenticationRecord> {
        switch step {
        case .failure(let failure):
            return .end(fallBack(.validationFailed(code: failure.code), on: enabler))
        case .success(.fallback(let reasonType, let mvpdID)):
            // The server names the MVPD the viewer is signed in with at the partner: its login
            // page is the basic flow Adobe means (the viewer is not asked again).
            guard let mvpd = mvpdID.flatMap({ configuration.mvpd(withID: $0) }) else {
                return .end(fallBack(.serverFallback(reasonType: reasonType), on: enabler))
            }
            return .end(
                fallBack(.serverFallback(reasonType: reasonType, mvpdID: mvpd.id), preselected: mvpd, on: enabler))
        case .success(.authorized(let mvpdID)):
            return try await existingProfile(of: mvpdID, on: enabler)
        case .success(.partnerProfile(let authenticationRequest)):
            let exchange = PartnerExchange(
                framework: framework, partnerSignOn: partnerSignOn, status: status, serviceProvider: serviceProvider)
            return try await partnerProfile(for: authenticationRequest, through: exchange, on: enabler)
        }
    }

    /// The partner's status for the providers offered, kept for the header of later calls; the
    /// attempt ends when the framework fails, the viewer cancels, or access or single sign-on
    /// is not granted.
    private func partnerStatus(
        offering providers: (all: [MVPD], featured: [MVPD]), on enabler: isolated AccessEnabler
    ) async throws -> PartnerStep<PartnerFrameworkStatus> {
        let request = PartnerStatusRequest(
            supportedProviderIDs: providers.all.compactMap(\.platformMappingId),
            featuredProviderIDs: providers.featured.compactMap(\.platformMappingId), allowsInterruption: true)
        let status: PartnerFrameworkStatus
        switch try await Self.askPartner({ try await framework.status(for: request) }) {
        case .failure(let failure): return .end(fallBack(.frameworkError(code: failure.code), on: enabler))
        case .success(.userCancelled): throw partnerCancelled(on: enabler)
        case .success(.providerNotSupported(let id)): return .end(fallBack(unsupported: id, on: enabler))
        case .success(.completed(let answer)): status = answer
        }
        let now = enabler.clock.now
        enabler.partner.lastStatus = (status, now)
        guard status.accessStatus == .granted else {
            return .end(fallBack(.permission(status.accessStatus), on: enabler))
        }
        guard status.allowsSingleSignOn(at: now) else { return .end(fallBack(.providerUnavailable, on: enabler)) }
        return .proceed(status)
    }

    /// The profile the service provider holds already for `mvpdID` (another app's sign-in,
    /// degraded access), used only for an MVPD the requestor offers.
    private func existingProfile(of mvpdID: String, on enabler: isolated AccessEnabler) async throws
        -> PartnerStep<AuthenticationRecord>
    {
        guard let mvpd = configuration.mvpd(withID: mvpdID) else {
            enabler.log.error("the service provider named an MVPD the requestor does not offer; not used")
            let code = AccessEnablerError.providerNotAvailable.code.rawValue
            return .end(fallBack(.validationFailed(code: code), on: enabler))
        }
        guard
            let existing = try await enabler.backend.completeAuthentication(
                mvpd: mvpd, configuration: configuration, data: [:],
                context: try await enabler.context(for: configuration.requestorID, before: enabler.storageDeadline()))
        else { return .end(fallBack(.serverFallback(reasonType: "authorize"), on: enabler)) }
        return .proceed(existing)
    }

    /// The partner framework's sign-in for `request`, exchanged with the service provider for
    /// the profile of the MVPD the partner signed in (the one the request or the partner's status
    /// named), and only for an MVPD the requestor offers; not whichever profile comes first.
    private func partnerProfile(
        for request: PartnerAuthenticationRequest, through exchange: PartnerExchange, on enabler: isolated AccessEnabler
    ) async throws -> PartnerStep<AuthenticationRecord> {
        let loaded = configuration
        var request = request
        request.providerID = exchange.status.providerID
        let asked = request
        let response: PartnerAuthenticationResponse
        switch try await Self.askPartner({ try await exchange.framework.authenticate(asked) }) {
        case .failure(let failure): return .end(fallBack(.frameworkError(code: failure.code), on: enabler))
        case .success(.userCancelled): throw partnerCancelled(on: enabler)
        case .success(.providerNotSupported(let id)): return .end(fallBack(unsupported: id, on: enabler))
        case .success(.completed(let answer)): response = answer
        }
        if let newer = response.status { enabler.partner.lastStatus = (newer, enabler.clock.now) }
        let created = try await Self.serverValidated {
            try await exchange.partnerSignOn.partnerProfiles(
                partner: exchange.framework.partnerName, response: response.response,
                serviceProvider: exchange.serviceProvider, configuration: loaded,
                context: try await enabler.context(for: loaded.requestorID, before: enabler.storageDeadline()))
        }
        switch created {
        case .failure(let failure): return .end(fallBack(.validationFailed(code: failure.code), on: enabler))
        case .success(let records):
            let named = asked.mvpdID ?? loaded.mvpds.first { $0.platformMappingId == exchange.status.providerID }?.id
            let offered = SignInFlow.offeredProfiles(records, in: loaded).filter { named == nil || $0.mvpd.id == named }
            guard offered.count == 1, let record = offered.first else {
                if records.isEmpty { return .end(fallBack(.validationFailed(code: "no_profile"), on: enabler)) }
                enabler.log.error(
                    "the partner profile answer held no profile of the MVPD signed in at the partner; not used")
                let code = AccessEnablerError.providerNotAvailable.code.rawValue
                return .end(fallBack(.validationFailed(code: code), on: enabler))
            }
            return .proceed(record)
        }
    }

    private func fallBack(
        _ reason: PartnerSingleSignOnEvent.FallbackReason, preselected: MVPD? = nil, on enabler: isolated AccessEnabler
    ) -> PartnerAttempt {
        let next = preselected.map { "\($0.id)'s login page" } ?? "the MVPD picker"
        enabler.log.info("partner single sign-on not used (\(reason)); continuing with \(next)")
        enabler.hub.emit(.partnerSingleSignOn(.fellBack(reason)))
        return .basicFlow(preselected: preselected, fallback: reason)
    }

    /// A provider the partner does not sign in: when it is one of the requestor's MVPDs (listed
    /// in the partner's picker, `boardingStatus` `PICKER`), the viewer has chosen it already and
    /// its login page follows without the MVPD picker; otherwise the MVPD picker.
    private func fallBack(unsupported providerID: String?, on enabler: isolated AccessEnabler) -> PartnerAttempt {
        guard let providerID, let mvpd = configuration.mvpds.first(where: { $0.platformMappingId == providerID })
        else {
            return fallBack(.providerNotSupported(providerID: providerID), on: enabler)
        }
        return fallBack(.pickerProvider(mvpdID: mvpd.id), preselected: mvpd, on: enabler)
    }

    private func partnerCancelled(on enabler: isolated AccessEnabler) -> AccessEnablerError {
        enabler.log.info("the viewer dismissed the partner's picker")
        enabler.hub.emit(.partnerSingleSignOn(.cancelled))
        return AccessEnablerError.providerNotSelected
    }

    /// Runs a framework call: its own errors become a fallback (`.failure` with the error's
    /// type), cancellation stays cancellation.
    private static func askPartner<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value
    ) async throws
        -> Result<Value, PartnerFailure>
    {
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
    private static func serverValidated<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value
    ) async throws
        -> Result<Value, PartnerFailure>
    {
        do {
            return .success(try await body())
        } catch let error as AccessEnablerError where !error.isFromSDK && error.meaning.contains(.partnerRejected) {
            return .failure(PartnerFailure(code: error.code.rawValue))
        }
    }
}

/// A partner framework or partner API failure that leads to the basic flow.
struct PartnerFailure: Error, Sendable {
    var code: String
}

/// What one step of the partner attempt led to: a value to go on with, or the attempt's end.
indirect enum PartnerStep<Value> {
    case proceed(Value)
    case end(PartnerAttempt)
}

/// The parties of a partner sign-in once the partner's status is known. A class: it is handed
/// unchanged from step to step of the attempt, each an async function that would copy a struct
/// of two existentials and a status field by field.
final class PartnerExchange {
    let framework: any PartnerFramework
    let partnerSignOn: any PartnerSignOnCapability
    let status: PartnerFrameworkStatus
    let serviceProvider: ServiceProvider

    init(
        framework: any PartnerFramework, partnerSignOn: any PartnerSignOnCapability, status: PartnerFrameworkStatus,
        serviceProvider: ServiceProvider
    ) {
        self.framework = framework
        self.partnerSignOn = partnerSignOn
        self.status = status
        self.serviceProvider = serviceProvider
    }
}

/// How the partner attempt of `authenticate` ended.
indirect enum PartnerAttempt: Sendable {
    /// Signed in through the partner.
    case signedIn(Authentication)
    /// The basic flow follows; with the MVPD the viewer chose in the partner's picker, without
    /// the MVPD picker. `fallback` says why (nil when no partner attempt was made).
    case basicFlow(preselected: MVPD?, fallback: PartnerSingleSignOnEvent.FallbackReason?)
}
