// apple-typecheck: platforms=iOS,tvOS,macOS
// Dispatch, as far as the package names it: the queue NWPathMonitor reports on (Apple's
// documentation for DispatchQueue; the other initializer parameters all have defaults there and
// are left out here).
open class DispatchObject {}
public class DispatchQueue : Dispatch.DispatchObject, @unchecked Swift.Sendable {
    public convenience init(label: Swift.String)
}
