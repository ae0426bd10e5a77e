// apple-typecheck: platforms=iOS,tvOS,macOS,visionOS,watchOS
// Dispatch as the package uses it (the shared timer of SystemTimeLimits; the main queue and
// queue-specific values of the legacy adapter and its migration fixture), with the Swift
// signatures of Apple's SDK (Xcode 16). The type-checker's Foundation has no Dispatch; Apple's
// Foundation re-exports it, and the package imports it by name where it uses it.
public struct DispatchTime : Swift.Comparable, Swift.Sendable {
    public static func now() -> Dispatch.DispatchTime
    public static let distantFuture: Dispatch.DispatchTime
    public init(uptimeNanoseconds: Swift.UInt64)
    public var uptimeNanoseconds: Swift.UInt64 { get }
    public static func < (a: Dispatch.DispatchTime, b: Dispatch.DispatchTime) -> Swift.Bool
}
public enum DispatchTimeInterval : Swift.Equatable, Swift.Sendable {
    case seconds(Swift.Int)
    case milliseconds(Swift.Int)
    case microseconds(Swift.Int)
    case nanoseconds(Swift.Int)
    case never
}
public struct DispatchQoS : Swift.Equatable, Swift.Sendable {
    public static let unspecified: Dispatch.DispatchQoS
    public static let `default`: Dispatch.DispatchQoS
}
open class DispatchObject {
    public func activate()
}
open class DispatchQueue : Dispatch.DispatchObject, @unchecked Swift.Sendable {
    public struct Attributes : Swift.OptionSet, Swift.Sendable {
        public let rawValue: Swift.UInt64
        public init(rawValue: Swift.UInt64)
        public static let concurrent: Dispatch.DispatchQueue.Attributes
    }
    public convenience init(label: Swift.String, qos: Dispatch.DispatchQoS = .unspecified, attributes: Dispatch.DispatchQueue.Attributes = [], target: Dispatch.DispatchQueue? = nil)
    public class func global(qos: Dispatch.DispatchQoS = .default) -> Dispatch.DispatchQueue
    public class var main: Dispatch.DispatchQueue { get }
    public func async(execute work: @escaping @Sendable @convention(block) () -> Swift.Void)
    public func setSpecific<T>(key: Dispatch.DispatchSpecificKey<T>, value: T?)
    public class func getSpecific<T>(key: Dispatch.DispatchSpecificKey<T>) -> T?
}
final public class DispatchSpecificKey<T> {
    public init()
}
public typealias DispatchSourceHandler = @convention(block) () -> Swift.Void
public protocol DispatchSourceProtocol {
    func setEventHandler(handler: Dispatch.DispatchSourceHandler?)
    func activate()
    func cancel()
}
public protocol DispatchSourceTimer : Dispatch.DispatchSourceProtocol {
    func schedule(deadline: Dispatch.DispatchTime, repeating interval: Dispatch.DispatchTimeInterval, leeway: Dispatch.DispatchTimeInterval)
}
extension DispatchSourceTimer {
    public func schedule(deadline: Dispatch.DispatchTime, repeating interval: Dispatch.DispatchTimeInterval = .never, leeway: Dispatch.DispatchTimeInterval = .nanoseconds(0))
}
open class DispatchSource : Dispatch.DispatchObject {
    public struct TimerFlags : Swift.OptionSet, Swift.Sendable {
        public let rawValue: Swift.UInt
        public init(rawValue: Swift.UInt)
    }
    public class func makeTimerSource(flags: Dispatch.DispatchSource.TimerFlags = [], queue: Dispatch.DispatchQueue? = nil) -> any Dispatch.DispatchSourceTimer
}
