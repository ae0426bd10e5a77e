import Foundation

/// The configuration phase: which requestor, which service providers, which MVPDs.
struct RequestorState {
    /// The requestor of the last `setRequestor` call.
    var requestorID: String?
    /// The service providers of the last `setRequestor` call.
    var serviceProviders: [ServiceProvider] = []
    /// The last configuration that loaded for `requestorID`.
    var configuration: RequestorConfiguration?
    /// When `configuration` was fetched from the service providers (it may come from storage).
    var fetched: Date?
    /// The configuration being loaded (from storage or the service providers), which calls made
    /// meanwhile wait for.
    var pending: SharedOperation<LoadedConfiguration>?
}

/// A configuration as one `setRequestor` obtained it.
struct LoadedConfiguration: Sendable {
    var configuration: RequestorConfiguration
    /// When the service providers sent it.
    var fetched: Date
    /// Whether it came from storage (nothing new to store or reconcile).
    var fromStorage: Bool
}

extension AccessEnabler {
    /// Fetches the requestor configuration from every service provider concurrently and merges
    /// it — or, on REST API v2, answers from the stored one without the network.
    ///
    /// On REST API v2 (Adobe's checklist: the configuration is needed only before the MVPD
    /// picker) the configuration is stored with the time it was fetched, and a later call, in
    /// this launch or the next, uses it when the viewer is authenticated with an MVPD it lists,
    /// or when it is younger than ``Configuration/configurationTTL``; `authenticate` fetches it
    /// again before showing the picker once it is older. Pass `refresh: true` to fetch anyway.
    /// REST API v1 fetches on every call, as the legacy SDK did.
    ///
    /// Each MVPD is bound to the first service provider to answer that lists it; every later call
    /// for that MVPD goes there, and the binding is stored with the configuration. Returns once
    /// every service provider has answered or failed, or
    /// ``Configuration/configurationTimeout`` has passed; succeeds if at least one answered. Call
    /// it again (for example when the app returns to the foreground) to refresh: a local
    /// authentication is dropped when the service provider that issued it answers without its
    /// MVPD. A service provider that fails changes nothing: its MVPDs keep the binding they had
    /// (from the previous configuration, and the signed-in MVPD from its stored authentication).
    ///
    /// - Parameters:
    ///   - requestorID: The requestor (channel) ID from the TVE Dashboard.
    ///   - serviceProviders: Service provider URLs; empty means the configured environment's.
    ///     Each must use HTTPS (plain HTTP is accepted for loopback hosts only).
    ///   - refresh: Fetch from the service providers even when a stored configuration could
    ///     answer (for example when the app returns to the foreground after a long time).
    /// - Throws: ``AccessEnablerError/invalidArgument`` for an empty requestor ID or one that is
    ///   a dot segment (`.`, `..`); ``AccessEnablerError/invalidServiceProvider`` before any
    ///   request for an unacceptable URL; otherwise the error of the first service provider when
    ///   none answered.
    @discardableResult
    public func setRequestor(_ requestorID: String, serviceProviders: [URL] = [], refresh: Bool = false) async throws
        -> RequestorConfiguration
    {
        guard !requestorID.isEmpty else {
            throw AccessEnablerError.invalidArgument.with(details: "The requestor ID is empty.")
        }
        // A path segment of dots would name another URL path (the requestor ID is one on REST v2).
        guard requestorID != ".", requestorID != ".." else {
            throw AccessEnablerError.invalidArgument.with(details: "The requestor ID cannot be \"\(requestorID)\".")
        }
        let urls = serviceProviders.isEmpty ? configuration.environment.serviceProviders : serviceProviders
        var providers: [ServiceProvider] = []
        for url in urls {
            let provider = try ServiceProvider(url)
            if !providers.contains(provider) { providers.append(provider) }
        }
        guard !providers.isEmpty else {
            throw AccessEnablerError.invalidServiceProvider.with(details: "No service provider was given.")
        }
        if requestor.requestorID != requestorID || requestor.serviceProviders != providers {
            requestor = RequestorState(requestorID: requestorID, serviceProviders: providers)
        }
        return try await loadConfiguration(requestorID, from: providers, storedIfUsable: !refresh)
    }

    /// Loads the configuration — from storage when `storedIfUsable` and it is usable, else from
    /// the service providers — as the pending load that calls made meanwhile wait for.
    private func loadConfiguration(_ requestorID: String, from providers: [ServiceProvider], storedIfUsable: Bool)
        async throws -> RequestorConfiguration
    {
        let deadline = storageDeadline()
        let operation = SharedOperation { [self, providers] in
            if storedIfUsable,
                let stored = await self.usableStoredConfiguration(requestorID, from: providers, before: deadline)
            {
                return LoadedConfiguration(
                    configuration: stored.configuration, fetched: stored.fetched, fromStorage: true)
            }
            let fetched = try await self.fetchConfiguration(requestorID: requestorID, from: providers, before: deadline)
            return LoadedConfiguration(configuration: fetched, fetched: self.clock.now, fromStorage: false)
        }
        requestor.pending = operation
        return try await awaitConfiguration(operation)
    }

    /// The stored configuration of `requestorID`, if it was fetched from the same service
    /// providers and the viewer is authenticated with one of its MVPDs or it is still fresh.
    private func usableStoredConfiguration(
        _ requestorID: String, from providers: [ServiceProvider], before deadline: TokenStorageDeadline
    ) async -> ConfigurationRecord? {
        guard backend.cachesConfiguration,
            let stored = try? await cache.storedConfiguration(for: requestorID, before: deadline),
            stored.serviceProviders == providers.map(\.origin)
        else { return nil }
        let age = clock.now.timeIntervalSince(stored.fetched)
        // A fetch time in the future (the device clock was set back) proves nothing about its age.
        if age >= 0, age < configuration.configurationTTL.timeInterval { return stored }
        guard let session = try? await cache.authentication(for: requestorID, before: deadline),
            session.expires > clock.now,
            stored.mvpds.contains(where: { $0.id == session.mvpd.id })
        else { return nil }
        return stored
    }

    /// The configuration the MVPD picker is shown with: fetched again first when the one in use
    /// is older than ``Configuration/configurationTTL`` (the checklist's one reason to fetch).
    /// When that fails, the one in use is shown.
    func configurationForPicker(_ current: RequestorConfiguration) async throws -> RequestorConfiguration {
        guard backend.cachesConfiguration, let fetched = requestor.fetched,
            !(0..<configuration.configurationTTL.timeInterval).contains(clock.now.timeIntervalSince(fetched)),
            requestor.requestorID == current.requestorID
        else { return current }
        do {
            // A load already in progress (a concurrent setRequestor) serves the picker too.
            if requestor.pending != nil { return try await currentConfiguration() }
            return try await loadConfiguration(
                current.requestorID, from: requestor.serviceProviders, storedIfUsable: false)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            log.error("the configuration could not be refreshed before the MVPD picker; showing the stored one")
            return current
        }
    }

    /// Waits for a configuration load and applies its result if it is still the latest.
    private func awaitConfiguration(_ operation: SharedOperation<LoadedConfiguration>) async throws
        -> RequestorConfiguration
    {
        do {
            let loaded = try await operation.value()
            if requestor.pending === operation {
                requestor.pending = nil
                requestor.configuration = loaded.configuration
                requestor.fetched = loaded.fetched
                if loaded.fromStorage {
                    log.info(
                        "configuration from storage (fetched \(Int(clock.now.timeIntervalSince(loaded.fetched))) s ago)"
                    )
                } else {
                    // After the network: what the load stores has a deadline of its own.
                    let deadline = storageDeadline()
                    await keep(loaded, before: deadline)
                    await reconcileAuthentication(with: loaded.configuration, before: deadline)
                }
                hub.emit(.configurationLoaded(loaded.configuration))
            }
            return loaded.configuration
        } catch is SharedOperation<LoadedConfiguration>.Abandoned {
            if requestor.pending === operation { requestor.pending = nil }
            throw CancellationError()
        } catch {
            if requestor.pending === operation, operation.isFinished || operation.isAbandoned {
                requestor.pending = nil
            }
            throw error
        }
    }

    /// The configuration calls need: waits for a load in progress (legacy queue semantics).
    ///
    /// - Throws: ``AccessEnablerError/requestorNotConfigured`` when `setRequestor` was never
    ///   called, or failed with no earlier configuration to fall back on.
    func currentConfiguration() async throws -> RequestorConfiguration {
        if let pending = requestor.pending {
            do {
                return try await awaitConfiguration(pending)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                if let previous = requestor.configuration { return previous }
                throw AccessEnablerError.requestorNotConfigured.with(
                    details: (error as? AccessEnablerError)?.code.rawValue)
            }
        }
        if let loaded = requestor.configuration { return loaded }
        throw AccessEnablerError.requestorNotConfigured
    }

    /// Stores a configuration every service provider answered for the next launch (REST API v2).
    /// One with failures is not stored: the next launch asks again rather than trusting, for a
    /// whole TTL, a list that lacks what the failed service providers offer.
    private func keep(_ loaded: LoadedConfiguration, before deadline: TokenStorageDeadline) async {
        guard backend.cachesConfiguration, loaded.configuration.failures.isEmpty else { return }
        try? await cache.storeConfiguration(
            ConfigurationRecord(
                loaded.configuration, serviceProviders: requestor.serviceProviders, fetched: loaded.fetched),
            before: deadline)
    }

    /// Fetches every service provider's configuration concurrently and merges the answers.
    private func fetchConfiguration(
        requestorID: String, from providers: [ServiceProvider], before deadline: TokenStorageDeadline
    ) async throws -> RequestorConfiguration {
        let context = try await context(for: requestorID, before: deadline)
        let (answers, unsortedFailures) = await Self.configurations(
            from: providers, context: context, backend: backend, clock: clock,
            timeout: configuration.configurationTimeout, log: log)
        try Task.checkCancellation()
        let failures = unsortedFailures.sorted { $0.index < $1.index }
        guard !answers.isEmpty else {
            let first = failures.first?.error ?? .networkError
            log.error("no service provider answered the configuration call (\(first.code))")
            throw first
        }
        var merged = Self.merge(
            requestorID: requestorID, answers: answers,
            failures: failures.map {
                ServiceProviderFailure(serviceProvider: providers[$0.index].baseURL, error: $0.error)
            })
        await keepBindingsOfFailedServiceProviders(in: &merged, before: storageDeadline())
        return merged
    }

    /// One configuration call's outcome, as ``configurations(from:context:backend:clock:timeout:log:)``
    /// collects them.
    private enum ConfigurationOutcome: Sendable {
        case answered(ServiceProviderConfiguration)
        case failed(index: Int, AccessEnablerError)
        case deadline
    }

    /// Every service provider's answer to the configuration call, asked concurrently: the
    /// answers in the order they came, and the failures with the index of their service
    /// provider (one that did not answer within `timeout` fails with `network_error`).
    private static func configurations(
        from providers: [ServiceProvider], context: RequestContext, backend: any EntitlementBackend,
        clock: any AccessEnablerClock, timeout: Duration, log: Log
    ) async -> (answers: [ServiceProviderConfiguration], failures: [(index: Int, error: AccessEnablerError)]) {
        var answers: [ServiceProviderConfiguration] = []
        var failures: [(index: Int, error: AccessEnablerError)] = []
        await withTaskGroup(of: ConfigurationOutcome.self) { group in
            for (index, provider) in providers.enumerated() {
                group.addTask {
                    do {
                        return .answered(try await backend.configuration(from: provider, context: context))
                    } catch let error as AccessEnablerError {
                        return .failed(index: index, error)
                    } catch {
                        return .failed(
                            index: index, Task.isCancelled ? .networkError : ErrorMapping.transportError(error))
                    }
                }
            }
            group.addTask {
                do { try await clock.sleep(for: timeout) } catch { return .failed(index: -1, .networkError) }
                return .deadline
            }
            var pending = Set(providers.indices)
            while !pending.isEmpty, let outcome = await group.next() {
                switch outcome {
                case .answered(let answer):
                    log.debug("configuration: \(answer.serviceProvider.origin) answered")
                    answers.append(answer)
                    if let index = providers.firstIndex(of: answer.serviceProvider) { pending.remove(index) }
                case .failed(let index, let error):
                    guard index >= 0 else { continue }
                    failures.append((index, error))
                    pending.remove(index)
                case .deadline:
                    let late = AccessEnablerError.networkError.with(
                        details: "The service provider did not answer in time.")
                    failures += pending.map { ($0, late) }
                    pending.removeAll()
                }
            }
            group.cancelAll()
        }
        return (answers, failures)
    }

    /// A service provider that failed said nothing about what it offers: its MVPDs stay bound to
    /// it, as the previous configuration of this requestor had them (in memory, else stored), and
    /// so does the MVPD of the stored authentication.
    private func keepBindingsOfFailedServiceProviders(
        in merged: inout RequestorConfiguration, before deadline: TokenStorageDeadline
    ) async {
        let failed = Set(merged.failures.map(\.serviceProvider))
        guard !failed.isEmpty else { return }
        var kept: [MVPD] = []
        var previous = requestor.configuration
        if previous == nil {
            previous = try? await cache.storedConfiguration(for: merged.requestorID, before: deadline)?.configuration
        }
        if let previous, previous.requestorID == merged.requestorID {
            kept += previous.mvpds.filter { failed.contains($0.serviceProvider) }
            for (serviceProvider, domains) in previous.domainsByServiceProvider where failed.contains(serviceProvider) {
                merged.domainsByServiceProvider[serviceProvider] = domains
            }
        }
        if let session = try? await cache.authentication(for: merged.requestorID, before: deadline),
            failed.contains(session.serviceProvider)
        {
            kept.append(session.mvpd)
        }
        for mvpd in kept where merged.mvpd(withID: mvpd.id) == nil { merged.mvpds.append(mvpd) }
    }

    /// Merges answers in arrival order: each MVPD is bound to the first service provider that
    /// listed it.
    static func merge(requestorID: String, answers: [ServiceProviderConfiguration], failures: [ServiceProviderFailure])
        -> RequestorConfiguration
    {
        var merged = RequestorConfiguration(requestorID: requestorID, failures: failures)
        var seenMVPDs = Set<String>()
        for answer in answers {
            if merged.name == nil { merged.name = answer.name }
            merged.answeredServiceProviders.insert(answer.serviceProvider.baseURL)
            merged.domainsByServiceProvider[answer.serviceProvider.baseURL] = answer.domains
            for domain in answer.domains where !merged.domains.contains(domain) { merged.domains.append(domain) }
            for mvpd in answer.mvpds where seenMVPDs.insert(mvpd.id).inserted { merged.mvpds.append(mvpd) }
        }
        return merged
    }

    /// Drops the local authentication when the service provider that issued it answered without
    /// its MVPD. Only an answer can say that; the removal is conditional on the session read here.
    private func reconcileAuthentication(with loaded: RequestorConfiguration, before deadline: TokenStorageDeadline)
        async
    {
        guard let session = try? await cache.session(for: loaded.requestorID, before: deadline) else { return }
        let authentication = session.authentication
        guard loaded.mvpd(withID: authentication.mvpd.id) == nil,
            loaded.answeredServiceProviders.contains(authentication.serviceProvider),
            (try? await cache.removeAuthentication(session, for: loaded.requestorID, before: deadline)) == true
        else { return }
        log.info("the authenticated MVPD is no longer offered; removed the local authentication")
        hub.emit(.authenticationRemoved(reason: .providerNotAvailable))
    }
}
