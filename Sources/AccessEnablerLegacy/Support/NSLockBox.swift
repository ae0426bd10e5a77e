import Foundation

/// A lock for the few legacy types that may be touched from any thread.
final class NSLockBox: @unchecked Sendable {
    private let lock = NSLock()
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
