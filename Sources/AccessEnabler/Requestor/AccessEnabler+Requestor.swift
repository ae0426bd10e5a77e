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
        return try await ConfigurationLoader.load(requestorID, from: providers, storedIfUsable: !refresh, on: self)
    }

    /// The configuration calls need: waits for a load in progress (legacy queue semantics).
    ///
    /// - Throws: ``AccessEnablerError/requestorNotConfigured`` when `setRequestor` was never
    ///   called, or failed with no earlier configuration to fall back on.
    // Never inlined: small since its waiting half is out of line, it was copied into a dozen
    // callers at -O (about 10 KB of an app's code).
    @inline(never)
    func currentConfiguration() async throws -> RequestorConfiguration {
        if let pending = requestor.pending { return try await configuration(awaiting: pending) }
        if let loaded = requestor.configuration { return loaded }
        throw AccessEnablerError.requestorNotConfigured
    }

    /// The configuration once the load in progress ends, or the one before it if that load
    /// fails. Out of line: most calls find no load in progress, and this part's async frame
    /// would otherwise be allocated by every one of them (a new task's allocator takes a frame
    /// that does not fit its slab from malloc).
    @inline(never)
    private func configuration(awaiting pending: SharedOperation<LoadedConfiguration>) async throws
        -> RequestorConfiguration
    {
        do {
            return try await ConfigurationLoader.awaitLoad(pending, on: self)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if let previous = requestor.configuration { return previous }
            throw AccessEnablerError.requestorNotConfigured.with(
                details: (error as? AccessEnablerError)?.code.rawValue)
        }
    }
}
