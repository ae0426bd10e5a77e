// apple-typecheck: platforms=iOS,tvOS,macOS
// Dispatch, as far as the package (and the legacy migration fixture, written like app code)
// names it: the queue NWPathMonitor reports on, the main queue, `async`, and queue-specific values
// (Apple's documentation for DispatchQueue and DispatchSpecificKey; the other parameters of
// `init(label:)` and `async` all have defaults there and are left out here; `@convention(block)` is
// left out because the check runs without Objective-C interop).
open class DispatchObject {}
public class DispatchQueue : Dispatch.DispatchObject, @unchecked Swift.Sendable {
    public convenience init(label: Swift.String)
    public class var main: Dispatch.DispatchQueue { get }
    public func async(execute work: @escaping @Sendable () -> Swift.Void)
    public func setSpecific<T>(key: Dispatch.DispatchSpecificKey<T>, value: T?)
    public class func getSpecific<T>(key: Dispatch.DispatchSpecificKey<T>) -> T?
}
final public class DispatchSpecificKey<T> {
    public init()
}
