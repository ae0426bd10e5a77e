// apple-typecheck: platforms=iOS,tvOS,macOS,visionOS,watchOS
// Network, as far as the package names it: NWPathMonitor for X-Device-Info's connectionType.
// Compared with Apple's iOS 16.5 SDK (iPhoneOS16.5.sdk, Network.swiftmodule/arm64-apple-ios
// .swiftinterface): none of these is `Sendable` there and the update handler is not
// `@Sendable` (later SDKs add both); availability as there. Where this file and Apple's SDK
// differ, Apple's SDK is right.
import Dispatch

@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
public struct NWInterface : Swift.Hashable {
    public enum InterfaceType : Swift.Hashable {
        case other
        case wifi
        case cellular
        case wiredEthernet
        case loopback
    }
    public let type: Network.NWInterface.InterfaceType
    public let name: Swift.String
}

@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
public struct NWPath : Swift.Equatable {
    public enum Status : Swift.Hashable {
        case satisfied
        case unsatisfied
        case requiresConnection
    }
    public let status: Network.NWPath.Status
    public let availableInterfaces: [Network.NWInterface]
    public let isExpensive: Swift.Bool
    public func usesInterfaceType(_ type: Network.NWInterface.InterfaceType) -> Swift.Bool
    public static func == (lhs: Network.NWPath, rhs: Network.NWPath) -> Swift.Bool
}

@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
final public class NWPathMonitor {
    final public var currentPath: Network.NWPath
    final public var pathUpdateHandler: ((_ newPath: Network.NWPath) -> Swift.Void)?
    final public func start(queue: Dispatch.DispatchQueue)
    final public func cancel()
    final public var queue: Dispatch.DispatchQueue? { get }
    public init()
    public init(requiredInterfaceType: Network.NWInterface.InterfaceType)
}
