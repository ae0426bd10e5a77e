import AccessEnabler
import Foundation

/// The emulator sets that `URLSession` configurations route to, by routing ID.
///
/// Each ``PassEmulator/makeURLSessionConfiguration(routing:base:)`` call registers its set under a
/// new ID, so parallel tests with emulators on the same origin never see each other's requests.
/// Entries live as long as the process (they are small).
enum EmulatorRegistry {
    private static let sets = LockedValue<[String: PassEmulatorTransport]>([:])

    /// Registers `emulators` and returns the routing ID.
    static func register(_ emulators: [PassEmulator]) -> String {
        let id = RandomIdentifier.hex32()
        let transport = PassEmulatorTransport(emulators)
        sets.withLock { $0[id] = transport }
        return id
    }

    /// The transport registered under `id`.
    static func transport(for id: String) -> PassEmulatorTransport? {
        sets.withLock { $0[id] }
    }

    /// The emulator for `url` when exactly one registered emulator serves its origin (the fallback
    /// when a request carries no routing ID).
    static func uniqueEmulator(for url: URL) -> PassEmulator? {
        let candidates = sets.withLock { sets in sets.values.compactMap { $0.emulator(for: url) } }
        guard let first = candidates.first, candidates.allSatisfy({ $0 === first }) else { return nil }
        return first
    }
}
