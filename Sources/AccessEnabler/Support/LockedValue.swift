import Foundation

/// A value guarded by a lock, for the few places that must be touched synchronously from any
/// thread (`Synchronization.Mutex` needs iOS 18). `package`: the legacy adapter, the emulator
/// and the tests use this one too. Never resume a continuation inside `body`.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
