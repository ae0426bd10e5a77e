// apple-typecheck: platforms=iOS,tvOS,macOS,visionOS,watchOS
// Network, as far as the package names it: NWPathMonitor for X-Device-Info's connectionType
// (Apple's documentation for NWPathMonitor, NWPath and NWInterface.InterfaceType; Sendable and
// the @Sendable update handler as in the Xcode 16 interface).
import Dispatch

@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public struct NWInterface : Swift.Hashable, @unchecked Swift.Sendable {
    public enum InterfaceType : Swift.Hashable, Swift.Sendable {
        case other
        case wifi
        case cellular
        case wiredEthernet
        case loopback
    }
    public let type: Network.NWInterface.InterfaceType
    public let name: Swift.String
}

@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public struct NWPath : Swift.Equatable, @unchecked Swift.Sendable {
    public enum Status : Swift.Equatable, Swift.Sendable {
        case satisfied
        case unsatisfied
        case requiresConnection
    }
    public let status: Network.NWPath.Status
    public let availableInterfaces: [Network.NWInterface]
    public let isExpensive: Swift.Bool
    public func usesInterfaceType(_ type: Network.NWInterface.InterfaceType) -> Swift.Bool
    public static func == (a: Network.NWPath, b: Network.NWPath) -> Swift.Bool
}

@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
final public class NWPathMonitor : @unchecked Swift.Sendable {
    final public var currentPath: Network.NWPath { get }
    final public var pathUpdateHandler: (@Sendable (_ newPath: Network.NWPath) -> Swift.Void)?
    final public var queue: Dispatch.DispatchQueue? { get }
    final public func start(queue: Dispatch.DispatchQueue)
    final public func cancel()
    public init(requiredInterfaceType: Network.NWInterface.InterfaceType)
    public init()
}
