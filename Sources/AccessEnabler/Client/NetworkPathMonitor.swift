#if canImport(Network)
import Dispatch
import Network

/// Follows the device's network path for `X-Device-Info`'s `connectionType`, which Adobe's
/// cookbooks read from Reachability: a path can change (Wi-Fi to cellular) while the app runs,
/// so it is watched rather than read once.
///
/// One monitor for the process, started on first use. `@unchecked Sendable`: the monitor is only
/// touched in `init`; the latest value is behind the lock.
final class NetworkPathMonitor: @unchecked Sendable {
    static let shared = NetworkPathMonitor()

    private let monitor = NWPathMonitor()
    private let latest = LockedValue<String?>(nil)

    private init() {
        let latest = self.latest
        monitor.pathUpdateHandler = { path in
            let type = Self.connectionType(of: path)
            latest.withLock { $0 = type }
        }
        monitor.start(queue: DispatchQueue(label: "com.adobe.pass.AccessEnabler.network-path"))
    }

    /// The type of the latest path; nil until the first update arrives.
    var connectionType: String? { latest.withLock { $0 } }

    /// The iOS cookbook's values (`WiFi`, `cellular`, `notConnected`), and the appendix's `LAN`
    /// for a wired connection; nil for any other interface (Adobe then derives one).
    private static func connectionType(of path: NWPath) -> String? {
        guard path.status == .satisfied else { return "notConnected" }
        if path.usesInterfaceType(.wifi) { return "WiFi" }
        if path.usesInterfaceType(.cellular) { return "cellular" }
        if path.usesInterfaceType(.wiredEthernet) { return "LAN" }
        return nil
    }
}
#endif
