import Foundation

extension AccessEnabler {
    /// Preauthorization decisions for UI hints (lock icons); playback still needs
    /// ``authorize(resource:data:)``.
    ///
    /// Returns one decision per distinct resource, in request order. With the local cache on (the
    /// default), resources with a valid cached decision are answered without the network; the
    /// rest go to the server in chunks of ``Configuration/preauthorizeChunkSize``, up to
    /// ``Configuration/preauthorizeConcurrency`` of them at once. Does not wait for a
    /// configuration in progress.
    ///
    /// - Throws: At once, with status 0: ``AccessEnablerError/requestorNotConfigured``,
    ///   ``AccessEnablerError/authenticationSessionMissing`` or
    ///   ``AccessEnablerError/authenticationSessionExpired``. A server failure of the whole call
    ///   throws the server's status (the legacy "Error" response, with no decisions).
    public func preauthorize(_ request: PreauthorizeRequest) async throws -> PreauthorizeResponse {
        let call = try preauthorizeCall(request)
        if call.useCache,
            let decisions = try await cache.cachedDecisions(
                for: call.requestorID, resources: call.resources, now: call.now, before: call.deadline)
        {
            return Self.response(decisions)
        }
        return try await preauthorizeMissing(call)
    }

    /// The response of `decisions`, built out of line: built in ``preauthorize(_:)``, its copies
    /// took four times the response's size in the async frame.
    @inline(never)
    private static func response(_ decisions: [Decision]) -> PreauthorizeResponse {
        PreauthorizeResponse(decisions: decisions)
    }

    /// What one ``preauthorize(_:)`` call asks, checked. Out of line, with the part that goes to
    /// the server, so that the async frame of a call the cache answers stays small: a new task's
    /// allocator takes each frame that does not fit its slab from malloc.
    @inline(never)
    private func preauthorizeCall(_ request: PreauthorizeRequest) throws -> PreauthorizeCall {
        guard let loaded = requestor.configuration else { throw AccessEnablerError.requestorNotConfigured }
        let resources = Self.distinct(request.resources)
        guard !resources.isEmpty, !resources.contains(where: \.isEmpty) else {
            throw AccessEnablerError.invalidArgument.with(
                details: "Preauthorize needs at least one non-empty resource ID.")
        }
        return PreauthorizeCall(
            requestorID: loaded.requestorID, resources: resources, now: clock.now,
            useCache: !request.disabledFeatures.contains(.localCache),
            bypassRemoteCache: request.disabledFeatures.contains(.remoteCache), deadline: storageDeadline())
    }

    /// The rest of ``preauthorize(_:)`` when some decisions are not cached (or the cache is not
    /// used): reads the session and the cached decisions again at one generation, asks the server
    /// for the others and caches what it may. The store's changes are taken once a call: by the
    /// first read when there was one.
    @inline(never)
    private func preauthorizeMissing(_ call: PreauthorizeCall) async throws -> PreauthorizeResponse {
        let state = try await cache.preauthorizationState(
            for: call.requestorID, resources: call.resources, now: call.now, useCache: call.useCache,
            takingStoreChanges: !call.useCache, before: call.deadline)
        let cachedSession = try CachedSession.valid(state.session, at: call.now)
        let session = cachedSession.authentication
        let cached = state.decisions
        let missing = zip(call.resources, cached).compactMap { resource, decision in decision == nil ? resource : nil }
        // Another call may have cached the rest between this call's two reads of the cache: the
        // answer is then complete without the request context or a request.
        if missing.isEmpty { return PreauthorizeResponse(decisions: cached.compactMap { $0 }) }
        let fetched: [Decision?]
        do {
            fetched = try await fetchDecisions(
                missing, session: session, requestorID: call.requestorID, bypassRemoteCache: call.bypassRemoteCache,
                before: call.deadline)
        } catch {
            await handleSessionRejection(
                error, session: cachedSession, requestorID: call.requestorID, before: call.deadline)
            throw error
        }
        let (decisions, cacheable) = Self.inRequestOrder(call.resources, cached: cached, fetched: fetched)
        if !cacheable.isEmpty {
            let expires = min(call.now.adding(configuration.preauthorizeCacheTTL), session.expires)
            await cache.storeDecisions(
                cacheable, for: call.requestorID, expires: expires, ifGeneration: cachedSession.generation)
        }
        return PreauthorizeResponse(decisions: decisions)
    }

    /// Cached and fetched decisions in request order (the fetched ones, in the order of the
    /// resources without a cached decision, fill the gaps; a resource the server left out is not
    /// authorized, with `server_response_format_unknown`), and the fetched ones worth caching.
    static func inRequestOrder(_ resources: [String], cached: [Decision?], fetched: [Decision?])
        -> (decisions: [Decision], cacheable: [Decision])
    {
        var decisions: [Decision] = []
        decisions.reserveCapacity(resources.count)
        var cacheable: [Decision] = []
        cacheable.reserveCapacity(fetched.count)
        var next = fetched.startIndex
        for (resource, cached) in zip(resources, cached) {
            if let cached {
                decisions.append(cached)
                continue
            }
            defer { next += 1 }
            guard let decision = fetched[next] else {
                decisions.append(
                    Decision(
                        id: resource, isAuthorized: false,
                        error: Status(
                            status: 0, code: AccessEnablerError.serverResponseFormatUnknown.code.rawValue,
                            message: "The server returned no decision for this resource.", action: .retry)))
                continue
            }
            decisions.append(decision)
            if isCacheable(decision) { cacheable.append(decision) }
        }
        return (decisions, cacheable)
    }

    /// Sends `resources` in chunks, at most ``Configuration/preauthorizeConcurrency`` at a time
    /// (a next chunk starts when one finishes, so a chunk's time limit runs only once it is
    /// sent); the first failing chunk in request order decides the error, and a failure stops
    /// the chunks not yet answered. Returns a decision per resource, in order (nil where the
    /// server sent none).
    private func fetchDecisions(
        _ resources: [String], session: AuthenticationRecord, requestorID: String, bypassRemoteCache: Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> [Decision?] {
        let context = try await context(for: requestorID, before: deadline)
        let size = max(1, configuration.preauthorizeChunkSize)
        let chunks = stride(from: 0, to: resources.count, by: size).map {
            Array(resources[$0..<min($0 + size, resources.count)])
        }
        let backend = self.backend
        if chunks.count == 1 {
            return Self.aligned(
                try await backend.preauthorize(
                    chunks[0], session: session, bypassRemoteCache: bypassRemoteCache, context: context), to: chunks[0])
        }
        // The children write into a box by index rather than returning (index, result) through
        // the group: in the benchmark process (release, Swift 6.3, Linux, with package-benchmark's
        // runtime hooks, see ordo-one/benchmark#349) that tuple twice came back with a garbage
        // index and trapped. The box has no such hand-off and costs nothing measurable.
        let outcomes = LockedValue([Result<[Decision], any Error>?](repeating: nil, count: chunks.count))
        let concurrency = max(1, configuration.preauthorizeConcurrency)
        await withTaskGroup(of: Bool.self) { group in
            func start(_ index: Int) {
                let chunk = chunks[index]
                group.addTask {
                    do {
                        let decisions = try await backend.preauthorize(
                            chunk, session: session, bypassRemoteCache: bypassRemoteCache, context: context)
                        outcomes.withLock { $0[index] = .success(decisions) }
                        return true
                    } catch {
                        outcomes.withLock { $0[index] = .failure(error) }
                        return false
                    }
                }
            }
            var next = min(concurrency, chunks.count)
            for index in 0..<next { start(index) }
            while let succeeded = await group.next() {
                guard succeeded else {
                    group.cancelAll()
                    return
                }
                if next < chunks.count {
                    start(next)
                    next += 1
                }
            }
        }
        let results = outcomes.withLock { $0 }
        if let failure = Self.firstFailure(in: results) { throw failure }
        var merged: [Decision?] = []
        merged.reserveCapacity(resources.count)
        for (index, result) in results.enumerated() {
            guard case .success(let decisions)? = result else { throw CancellationError() }
            merged += Self.aligned(decisions, to: chunks[index])
        }
        return merged
    }

    /// The error of the first chunk (in request order) that failed for a reason of its own, not
    /// because a failure elsewhere cancelled it.
    private static func firstFailure(in results: [Result<[Decision], any Error>?]) -> (any Error)? {
        let failures = results.compactMap { result -> (any Error)? in
            if case .failure(let error)? = result { return error }
            return nil
        }
        return failures.first { !($0 is CancellationError) } ?? failures.first
    }

    /// The decisions of one chunk in the chunk's order, nil where the server sent none, ignoring
    /// any the chunk did not ask for (the first decision for a resource wins). The usual answer,
    /// one decision per resource in the order asked, is taken as it is, with no lookup table.
    static func aligned(_ decisions: [Decision], to chunk: [String]) -> [Decision?] {
        if decisions.count == chunk.count, zip(decisions, chunk).allSatisfy({ $0.id == $1 }) {
            return decisions.map(Optional.some)
        }
        var byID: [String: Decision] = [:]
        let asked = Set(chunk)
        for decision in decisions where asked.contains(decision.id) && byID[decision.id] == nil {
            byID[decision.id] = decision
        }
        return chunk.map { byID[$0] }
    }

    /// Decisions the server asked to retry are not cached.
    private static func isCacheable(_ decision: Decision) -> Bool {
        guard let action = decision.error?.action else { return true }
        return action != .retry && action != .retryAfter
    }

    /// `resources` without duplicates, first occurrence kept. The usual short list without
    /// duplicates comes back as it is, with no set built and nothing copied.
    static func distinct(_ resources: [String]) -> [String] {
        if resources.count <= 16 {
            var hasDuplicates = false
            search: for index in resources.indices.dropFirst() {
                for earlier in resources[..<index] where earlier == resources[index] {
                    hasDuplicates = true
                    break search
                }
            }
            if !hasDuplicates { return resources }
        }
        var seen = Set<String>()
        seen.reserveCapacity(resources.count)
        return resources.filter { seen.insert($0).inserted }
    }
}

/// One ``AccessEnabler/preauthorize(_:)`` call's request, checked, with the time and storage
/// deadline it runs under.
struct PreauthorizeCall {
    let requestorID: String
    /// The distinct resources, in request order.
    let resources: [String]
    let now: Date
    let useCache: Bool
    let bypassRemoteCache: Bool
    let deadline: TokenStorageDeadline
}
