import Foundation

/// Keeping the local authentication in line with the profiles the service providers hold:
/// ``AccessEnabler/refreshAuthentication(preferring:)`` and ``AccessEnabler/availableProfiles()``.
/// Its steps run on the ``AccessEnabler`` whose session they read and change.
enum ProfileSync {
    /// ``AccessEnabler/refreshAuthentication(preferring:)``, also saying whether it removed the
    /// local session (the service provider no longer holds it) or adopted one where there was none.
    static func refresh(
        preferring mvpdID: String?, before deadline: TokenStorageDeadline, on enabler: isolated AccessEnabler
    ) async throws -> (status: AuthenticationStatus, removedSession: Bool, adoptedSession: Bool) {
        let (cache, log, hub) = (enabler.cache, enabler.log, enabler.hub)
        let loaded = try await enabler.currentConfiguration()
        let requestorID = loaded.requestorID
        // A logout of this instance waits for the server: it decides what becomes of the session.
        if enabler.serverLogoutsRunning > 0 {
            return (await enabler.authenticationStatus(before: deadline), false, false)
        }
        // A server logout still owed is sent first; while it fails, its profile is not the viewer's.
        let owed = await enabler.sendOwedLogout(for: requestorID, before: deadline)
        await cache.takeStoredAuthentication(for: requestorID, before: deadline)
        let (local, generation) = try await cache.sessionState(for: requestorID, before: deadline)
        let serviceTokenUse = ServiceTokenUse()
        let found = try await serverAuthentications(
            loaded, local: local?.authentication, preferring: mvpdID, before: deadline,
            serviceTokenUse: serviceTokenUse,
            on: enabler
        ).filter { !isLoggedOut($0, owed: owed) }
        if found.count > 1 {
            hub.emit(.profilesAvailable(found.map { Authentication(record: $0, requestorID: requestorID) }))
        }
        let localOnServer = local.flatMap { local in found.first { $0.mvpd.id == local.authentication.mvpd.id } }
        if let local, let current = localOnServer, mvpdID == nil || mvpdID == current.mvpd.id {
            try await update(local, to: current, for: requestorID, before: deadline, on: enabler)
            return (await enabler.checkAuthentication(), false, false)
        }
        if let local, localOnServer == nil, mvpdID == nil || mvpdID == local.authentication.mvpd.id,
            local.authentication.profileType == AccessEnabler.serviceTokenProfileType, serviceTokenUse.anyWentWithout
        {
            log.info(
                "the profiles request carried no service token: it cannot tell whether the service-token sign-in with \(local.authentication.mvpd.id) stays; kept"
            )
            return (await enabler.checkAuthentication(), false, false)
        }
        guard let best = found.first else {
            let removed = try await removeSessionTheServerNoLongerHolds(
                local, for: requestorID, before: deadline, on: enabler)
            return (await enabler.checkAuthentication(), removed, false)
        }
        var adopted = false
        if try await cache.replaceAuthentication(
            local, with: best, for: requestorID, ifGeneration: generation, before: deadline)
        {
            adopted = local == nil
            log.info("adopted the service provider's authentication with \(best.mvpd.id)")
            if local != nil, localOnServer == nil {
                hub.emit(
                    .authenticationRemoved(
                        reason: AccessEnablerError.authenticationSessionMissing.with(
                            details: "The service provider no longer holds the authentication.")))
            }
            try? await cache.storeSelectedMVPD(best.mvpd, for: requestorID, before: deadline)
        }
        return (await enabler.checkAuthentication(), false, adopted)
    }

    /// Updates `local` to the same session as the server describes it now (a changed expiry or
    /// changed attributes); it keeps its binding and issue time.
    private static func update(
        _ local: CachedSession, to current: AuthenticationRecord, for requestorID: String,
        before deadline: TokenStorageDeadline, on enabler: isolated AccessEnabler
    ) async throws {
        var updated = current
        updated.mvpd = local.authentication.mvpd
        updated.serviceProvider = local.authentication.serviceProvider
        updated.issued = local.authentication.issued
        if updated != local.authentication,
            try await enabler.cache.updateAuthentication(updated, for: requestorID, ifSession: local, before: deadline)
        {
            enabler.log.info("the service provider changed the authentication (expiry or attributes); updated it")
        }
    }

    /// Removes `local` (when it is still the session) because the service provider holds no
    /// authentication any more, and reports it; returns whether it did.
    private static func removeSessionTheServerNoLongerHolds(
        _ local: CachedSession?, for requestorID: String, before deadline: TokenStorageDeadline,
        on enabler: isolated AccessEnabler
    ) async throws -> Bool {
        let (cache, log, hub) = (enabler.cache, enabler.log, enabler.hub)
        guard let local, try await cache.removeAuthentication(local, for: requestorID, before: deadline) else {
            return false
        }
        log.info("the service provider holds no authentication any more; removed it locally")
        hub.emit(
            .authenticationRemoved(
                reason: AccessEnablerError.authenticationSessionMissing.with(
                    details: "The service provider no longer holds the authentication.")))
        return true
    }

    /// Whether `record` is the profile a server logout still owed was to remove: the viewer logged
    /// out of it (the same MVPD at the same service provider).
    static func isLoggedOut(_ record: AuthenticationRecord, owed: AuthenticationRecord?) -> Bool {
        guard let owed else { return false }
        return record.mvpd.id == owed.mvpd.id && record.serviceProvider == owed.serviceProvider
    }

    /// The valid authentications the service providers hold, best first: the `preferred` MVPD's,
    /// the local session's, the selected MVPD's, then by validity. Asks the configuration's service
    /// providers and the one that issued the local session; a failure of that one (whose answer
    /// decides about the local session) or of all of them throws, another's is logged and skipped.
    static func serverAuthentications(
        _ loaded: RequestorConfiguration, local: AuthenticationRecord?, preferring preferred: String?,
        before deadline: TokenStorageDeadline, serviceTokenUse: ServiceTokenUse? = nil,
        on enabler: isolated AccessEnabler
    ) async throws -> [AuthenticationRecord] {
        let (cache, log, clock) = (enabler.cache, enabler.log, enabler.clock)
        var context = try await enabler.context(for: loaded.requestorID, before: deadline)
        context.serviceTokenUse = serviceTokenUse
        let issuer = local.flatMap { try? ServiceProvider.validated($0.serviceProvider) }
        var serviceProviders = enabler.requestor.serviceProviders
        if let issuer, !serviceProviders.contains(issuer) { serviceProviders.append(issuer) }
        var found: [AuthenticationRecord] = []
        var firstFailure: (any Error)?
        var answered = 0
        for serviceProvider in serviceProviders {
            do {
                let records = try await enabler.backend.authentications(
                    at: serviceProvider, configuration: loaded, context: context)
                answered += 1
                for record in records
                where record.expires > clock.now && !found.contains(where: { $0.mvpd.id == record.mvpd.id }) {
                    found.append(record)
                }
            } catch {
                if error is CancellationError || serviceProvider == issuer { throw error }
                log.error(
                    "\(serviceProvider.origin) could not list its profiles (\((error as? AccessEnablerError)?.code ?? "unknown")); skipped"
                )
                firstFailure = firstFailure ?? error
            }
        }
        if answered == 0, let firstFailure { throw firstFailure }
        let selected = try? await cache.selectedMVPD(for: loaded.requestorID, before: deadline)?.id
        return bestFirst(found, preferred: preferred, local: local?.mvpd.id, selected: selected)
    }

    /// `records` best first: the `preferred` MVPD's, the `local` session's, the `selected` MVPD's,
    /// then the longest valid; each put in its place as it comes (a handful of profiles), since
    /// `sorted(by:)` would be specialized for this record type alone (4.7 KB of an app's code).
    /// A function of its own, out of the async caller's frame.
    static func bestFirst(
        _ records: [AuthenticationRecord], preferred: String?, local: String?, selected: String?
    ) -> [AuthenticationRecord] {
        func rank(_ record: AuthenticationRecord) -> Int {
            switch record.mvpd.id {
            case preferred: 0
            case local: 1
            case selected: 2
            default: 3
            }
        }
        func precedes(_ first: AuthenticationRecord, _ second: AuthenticationRecord) -> Bool {
            if rank(first) != rank(second) { return rank(first) < rank(second) }
            if first.expires != second.expires { return first.expires > second.expires }
            return first.mvpd.id < second.mvpd.id
        }
        var ordered: [AuthenticationRecord] = []
        ordered.reserveCapacity(records.count)
        for record in records {
            ordered.insert(record, at: ordered.firstIndex { precedes(record, $0) } ?? ordered.endIndex)
        }
        return ordered
    }
}
