import Foundation

// A server logout still owed: written before the logout's server call, removed once that call
// (or a later one, in this instance or another on the same store) went through, or once a new
// login replaced the session. Until then no refresh adopts the profile it was to remove.
extension TokenCache {
    /// Remembers, before it is sent, that the server logout of `session` is owed.
    func oweLogout(of session: AuthenticationRecord, for requestor: String, before deadline: TokenStorageDeadline)
        async
    {
        await exclusively { () async -> Void in
            guard (try? await load(before: deadline)) != nil else { return }
            let record = OwedLogoutRecord(session: session)
            owedLogouts[requestor] = record
            await persist(record, forKey: StorageKey.owedLogout(requestor: requestor), before: deadline)
        }
    }

    /// The session whose server logout is owed for `requestor`, as the store holds it now
    /// (another instance may have written or settled it); memory's when the store cannot tell.
    func owedLogout(for requestor: String, before deadline: TokenStorageDeadline) async -> AuthenticationRecord? {
        await exclusively { () async -> AuthenticationRecord? in
            let key = StorageKey.owedLogout(requestor: requestor)
            guard (try? await load(before: deadline)) != nil, !pendingWrites.contains(key) else {
                return owedLogouts[requestor]?.session
            }
            var data: Data?
            do {
                _ = try await storage.applyChanges(
                    [], ifRecord: key.rawValue,
                    satisfies: {
                        data = $0
                        return true
                    }, before: deadline)
            } catch {
                log.error("token storage could not be read again: \(Self.summary(of: error))")
                return owedLogouts[requestor]?.session
            }
            owedLogouts[requestor] = data.flatMap { try? JSONDecoder().decode(OwedLogoutRecord.self, from: $0) }
            return owedLogouts[requestor]?.session
        }
    }

    /// The server logout of `session` went through: forgets it, in the store only if the owed
    /// logout stored is still that one.
    func settleLogout(of session: AuthenticationRecord, for requestor: String, before deadline: TokenStorageDeadline)
        async
    {
        await exclusively { () async -> Void in
            guard (try? await load(before: deadline)) != nil else { return }
            let key = StorageKey.owedLogout(requestor: requestor)
            if owedLogouts[requestor]?.session == session {
                owedLogouts[requestor] = nil
                pendingWrites.remove(key)
            }
            do {
                _ = try await storage.applyChanges(
                    [.remove(forKey: key.rawValue)], ifRecord: key.rawValue,
                    satisfies: { data in
                        data.flatMap { try? JSONDecoder().decode(OwedLogoutRecord.self, from: $0) }?.session == session
                    }, before: deadline)
            } catch {
                log.error("token storage write failed (owed-logout): \(Self.summary(of: error))")
            }
        }
    }
}
