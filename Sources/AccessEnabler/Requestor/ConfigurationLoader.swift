import Foundation

/// The configuration phase's loading: from storage when it may answer (REST API v2), else from
/// every service provider concurrently, merged; as the one pending load that calls made
/// meanwhile wait for. Its steps run on the ``AccessEnabler`` whose requestor state they update.
enum ConfigurationLoader {
    /// Loads the configuration — from storage when `storedIfUsable` and it is usable, else from
    /// the service providers — as the pending load that calls made meanwhile wait for.
    static func load(
        _ requestorID: String, from providers: [ServiceProvider], storedIfUsable: Bool,
        on enabler: isolated AccessEnabler
    ) async throws -> RequestorConfiguration {
        let deadline = enabler.storageDeadline()
        let operation = SharedOperation { [enabler, providers] in
            if storedIfUsable,
                let stored = await usableStoredConfiguration(
                    requestorID, from: providers, before: deadline, on: enabler)
            {
                return LoadedConfiguration(
                    configuration: stored.configuration, fetched: stored.fetched, fromStorage: true)
            }
            let fetched = try await fetchConfiguration(
                requestorID: requestorID, from: providers, before: deadline, on: enabler)
            return LoadedConfiguration(configuration: fetched, fetched: enabler.clock.now, fromStorage: false)
        }
        enabler.requestor.pending = operation
        return try await awaitLoad(operation, on: enabler)
    }

    /// The stored configuration of `requestorID`, if it was fetched from the same service
    /// providers and the viewer is authenticated with one of its MVPDs or it is still fresh.
    private static func usableStoredConfiguration(
        _ requestorID: String, from providers: [ServiceProvider], before deadline: TokenStorageDeadline,
        on enabler: isolated AccessEnabler
    ) async -> ConfigurationRecord? {
        let (backend, cache, clock, configuration) = (
            enabler.backend, enabler.cache, enabler.clock, enabler.configuration
        )
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
    static func configurationForPicker(_ current: RequestorConfiguration, on enabler: isolated AccessEnabler)
        async throws -> RequestorConfiguration
    {
        let requestor = enabler.requestor
        guard enabler.backend.cachesConfiguration, let fetched = requestor.fetched,
            !(0..<enabler.configuration.configurationTTL.timeInterval).contains(
                enabler.clock.now.timeIntervalSince(fetched)),
            requestor.requestorID == current.requestorID
        else { return current }
        do {
            // A load already in progress (a concurrent setRequestor) serves the picker too.
            if requestor.pending != nil { return try await enabler.currentConfiguration() }
            return try await load(
                current.requestorID, from: requestor.serviceProviders, storedIfUsable: false, on: enabler)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            enabler.log.error("the configuration could not be refreshed before the MVPD picker; showing the stored one")
            return current
        }
    }

    /// Waits for a configuration load and applies its result if it is still the latest.
    static func awaitLoad(_ operation: SharedOperation<LoadedConfiguration>, on enabler: isolated AccessEnabler)
        async throws -> RequestorConfiguration
    {
        do {
            let loaded = try await operation.value()
            if enabler.requestor.pending === operation {
                enabler.requestor.pending = nil
                enabler.requestor.configuration = loaded.configuration
                enabler.requestor.fetched = loaded.fetched
                if loaded.fromStorage {
                    let age = Int(enabler.clock.now.timeIntervalSince(loaded.fetched))
                    enabler.log.info("configuration from storage (fetched \(age) s ago)")
                } else {
                    // After the network: what the load stores has a deadline of its own.
                    let deadline = enabler.storageDeadline()
                    await keep(loaded, before: deadline, on: enabler)
                    await reconcileAuthentication(with: loaded.configuration, before: deadline, on: enabler)
                }
                enabler.hub.emit(.configurationLoaded(loaded.configuration))
            }
            return loaded.configuration
        } catch is SharedOperation<LoadedConfiguration>.Abandoned {
            if enabler.requestor.pending === operation { enabler.requestor.pending = nil }
            throw CancellationError()
        } catch {
            if enabler.requestor.pending === operation, operation.isFinished || operation.isAbandoned {
                enabler.requestor.pending = nil
            }
            throw error
        }
    }

    /// Stores a configuration every service provider answered for the next launch (REST API v2).
    /// One with failures is not stored: the next launch asks again rather than trusting, for a
    /// whole TTL, a list that lacks what the failed service providers offer.
    private static func keep(
        _ loaded: LoadedConfiguration, before deadline: TokenStorageDeadline, on enabler: isolated AccessEnabler
    ) async {
        guard enabler.backend.cachesConfiguration, loaded.configuration.failures.isEmpty else { return }
        try? await enabler.cache.storeConfiguration(
            ConfigurationRecord(
                loaded.configuration, serviceProviders: enabler.requestor.serviceProviders, fetched: loaded.fetched),
            before: deadline)
    }

    /// Fetches every service provider's configuration concurrently and merges the answers.
    private static func fetchConfiguration(
        requestorID: String, from providers: [ServiceProvider], before deadline: TokenStorageDeadline,
        on enabler: isolated AccessEnabler
    ) async throws -> RequestorConfiguration {
        let context = try await enabler.context(for: requestorID, before: deadline)
        let log = enabler.log
        let (answers, failures) = await configurations(
            from: providers, context: context, backend: enabler.backend, clock: enabler.clock,
            timeout: enabler.configuration.configurationTimeout, log: log)
        try Task.checkCancellation()
        guard !answers.isEmpty else {
            let first = failures.first?.error ?? .networkError
            log.error("no service provider answered the configuration call (\(first.code))")
            throw first
        }
        var merged = merge(
            requestorID: requestorID, answers: answers,
            failures: failures.map {
                ServiceProviderFailure(serviceProvider: providers[$0.index].baseURL, error: $0.error)
            })
        await keepBindingsOfFailedServiceProviders(in: &merged, before: enabler.storageDeadline(), on: enabler)
        return merged
    }

    /// One configuration call's outcome, as `configurations(from:context:backend:clock:timeout:log:)`
    /// collects them.
    private indirect enum ConfigurationOutcome: Sendable {
        case answered(ServiceProviderConfiguration)
        case failed(index: Int, AccessEnablerError)
        case deadline
    }

    /// Every service provider's answer to the configuration call, asked concurrently: the
    /// answers in the order they came, and the failures in the order of their service providers,
    /// with their index (one that did not answer within `timeout` fails with `network_error`).
    private static func configurations(
        from providers: [ServiceProvider], context: RequestContext, backend: any EntitlementBackend,
        clock: any AccessEnablerClock, timeout: Duration, log: Log
    ) async -> (answers: [ServiceProviderConfiguration], failures: [(index: Int, error: AccessEnablerError)]) {
        var answers: [ServiceProviderConfiguration] = []
        // Each service provider's failure at its index, and whether it is still to answer: the
        // failures come out in the service providers' order without a sort (a sort is specialized
        // per element type, about 2.5 KB of an app's code for this one list).
        var failed = [AccessEnablerError?](repeating: nil, count: providers.count)
        var pending = [Bool](repeating: true, count: providers.count)
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
            while pending.contains(true), let outcome = await group.next() {
                switch outcome {
                case .answered(let answer):
                    log.debug("configuration: \(answer.serviceProvider.origin) answered")
                    answers.append(answer)
                    if let index = providers.firstIndex(of: answer.serviceProvider) { pending[index] = false }
                case .failed(let index, let error):
                    guard index >= 0, pending[index] else { continue }
                    log.debug("configuration: \(providers[index].origin) failed (\(error.code))")
                    failed[index] = error
                    pending[index] = false
                case .deadline:
                    let late = AccessEnablerError.networkError.with(
                        details: "The service provider did not answer in time.")
                    for index in providers.indices where pending[index] {
                        failed[index] = late
                        pending[index] = false
                    }
                }
            }
            group.cancelAll()
        }
        return (answers, providers.indices.compactMap { index in failed[index].map { (index, $0) } })
    }

    /// A service provider that failed said nothing about what it offers: its MVPDs stay bound to
    /// it, as the previous configuration of this requestor had them (in memory, else stored), and
    /// so does the MVPD of the stored authentication.
    private static func keepBindingsOfFailedServiceProviders(
        in merged: inout RequestorConfiguration, before deadline: TokenStorageDeadline,
        on enabler: isolated AccessEnabler
    ) async {
        let cache = enabler.cache
        let failed = merged.failures.map(\.serviceProvider)
        guard !failed.isEmpty else { return }
        var kept: [MVPD] = []
        var previous = enabler.requestor.configuration
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
            if !merged.answeredServiceProviders.contains(answer.serviceProvider.baseURL) {
                merged.answeredServiceProviders.append(answer.serviceProvider.baseURL)
            }
            merged.domainsByServiceProvider[answer.serviceProvider.baseURL] = answer.domains
            for domain in answer.domains where !merged.domains.contains(domain) { merged.domains.append(domain) }
            for mvpd in answer.mvpds where seenMVPDs.insert(mvpd.id).inserted { merged.mvpds.append(mvpd) }
        }
        return merged
    }

    /// Drops the local authentication when the service provider that issued it answered without
    /// its MVPD. Only an answer can say that; the removal is conditional on the session read here.
    private static func reconcileAuthentication(
        with loaded: RequestorConfiguration, before deadline: TokenStorageDeadline, on enabler: isolated AccessEnabler
    ) async {
        let cache = enabler.cache
        guard let session = try? await cache.session(for: loaded.requestorID, before: deadline) else { return }
        let authentication = session.authentication
        guard loaded.mvpd(withID: authentication.mvpd.id) == nil,
            loaded.answeredServiceProviders.contains(authentication.serviceProvider),
            (try? await cache.removeAuthentication(session, for: loaded.requestorID, before: deadline)) == true
        else { return }
        enabler.log.info("the authenticated MVPD is no longer offered; removed the local authentication")
        enabler.hub.emit(.authenticationRemoved(reason: .providerNotAvailable))
    }
}

/// A configuration as one `setRequestor` obtained it. A class of `let`s: the shared load hands it
/// to each caller unchanged, and its generic code copies one reference instead of the fields.
final class LoadedConfiguration: Sendable {
    let configuration: RequestorConfiguration
    /// When the service providers sent it.
    let fetched: Date
    /// Whether it came from storage (nothing new to store or reconcile).
    let fromStorage: Bool

    init(configuration: RequestorConfiguration, fetched: Date, fromStorage: Bool) {
        (self.configuration, self.fetched, self.fromStorage) = (configuration, fetched, fromStorage)
    }
}
