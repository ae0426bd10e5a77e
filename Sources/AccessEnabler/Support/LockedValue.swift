import Foundation

/// A value guarded by a lock, for the few places that must be touched synchronously from any
/// thread (`Synchronization.Mutex` needs iOS 18).
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
