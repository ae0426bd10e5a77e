// apple-typecheck: platforms=iOS,tvOS,macOS,visionOS,watchOS
// Dispatch as the package uses it (the shared timer of SystemTimeLimits; the main queue and
// queue-specific values of the legacy adapter and its migration fixture). The type-checker's
// Foundation has no Dispatch; Apple's Foundation re-exports it, and the package imports it by
// name where it uses it.
// Compared with Apple's iOS 16.5 SDK (iPhoneOS16.5.sdk, usr/lib/swift/Dispatch.swiftmodule,
// usr/include/dispatch) as ../shared/tools/apple-sdk-typecheck reads it: nothing here is
// `Sendable` and `async`'s block is not `@Sendable` there (later SDKs add both). Where this file
// and Apple's SDK differ, Apple's SDK is right.
public struct DispatchTime : Swift.Comparable {
    public static func now() -> Dispatch.DispatchTime
    public static let distantFuture: Dispatch.DispatchTime
    public init(uptimeNanoseconds: Swift.UInt64)
    public var uptimeNanoseconds: Swift.UInt64 { get }
    public static func < (a: Dispatch.DispatchTime, b: Dispatch.DispatchTime) -> Swift.Bool
}
public enum DispatchTimeInterval : Swift.Equatable {
    case seconds(Swift.Int)
    case milliseconds(Swift.Int)
    case microseconds(Swift.Int)
    case nanoseconds(Swift.Int)
    case never
}
public struct DispatchQoS : Swift.Equatable {
    public enum QoSClass {
        case background
        case utility
        case `default`
        case userInitiated
        case userInteractive
        case unspecified
    }
    public static let unspecified: Dispatch.DispatchQoS
    public static let `default`: Dispatch.DispatchQoS
}
open class DispatchObject {
    public func activate()
}
open class DispatchQueue : Dispatch.DispatchObject {
    public struct Attributes : Swift.OptionSet {
        public let rawValue: Swift.UInt64
        public init(rawValue: Swift.UInt64)
        public static let concurrent: Dispatch.DispatchQueue.Attributes
    }
    public convenience init(label: Swift.String, qos: Dispatch.DispatchQoS = .unspecified, attributes: Dispatch.DispatchQueue.Attributes = [], target: Dispatch.DispatchQueue? = nil)
    public class func global(qos: Dispatch.DispatchQoS.QoSClass = .default) -> Dispatch.DispatchQueue
    public class var main: Dispatch.DispatchQueue { get }
    public func async(execute work: @escaping @convention(block) () -> Swift.Void)
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
    public struct TimerFlags : Swift.OptionSet {
        public let rawValue: Swift.UInt
        public init(rawValue: Swift.UInt)
    }
    public class func makeTimerSource(flags: Dispatch.DispatchSource.TimerFlags = [], queue: Dispatch.DispatchQueue? = nil) -> any Dispatch.DispatchSourceTimer
}
