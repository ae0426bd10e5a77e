// apple-typecheck: platforms=iOS,tvOS
// Stand-in for Apple's Combine, as far as the samples' models (Examples/Sources) name it:
// ObservableObject and @Published. Written from Apple's documentation (developer.apple.com/
// documentation/combine: ObservableObject, ObservableObjectPublisher, Published; iOS 13 /
// tvOS 13) and compared with the iOS 16.5 SDK's Combine.swiftinterface. Published's real
// storage goes through the enclosing instance; a plain wrappedValue type-checks the same uses.
// A claim, not Apple's SDK.

@available(iOS 13.0, tvOS 13.0, *)
final public class ObservableObjectPublisher {
    public init()
    final public func send()
}

@available(iOS 13.0, tvOS 13.0, *)
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { get }
}

@available(iOS 13.0, tvOS 13.0, *)
@propertyWrapper public struct Published<Value> {
    public init(wrappedValue: Value)
    public var wrappedValue: Value { get set }
}
