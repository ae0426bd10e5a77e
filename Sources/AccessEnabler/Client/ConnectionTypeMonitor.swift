/// Where `X-Device-Info`'s `connectionType` comes from.
///
/// Started when an ``AccessEnabler`` is created: Network's path monitor answers asynchronously,
/// and one first asked by the first request would leave that request without a connection type.
protocol ConnectionTypeMonitor: Sendable {
    /// Starts following the connection (a second call changes nothing).
    func start()
    /// The latest connection type (`WiFi`, `cellular`, `LAN`, `notConnected`), nil when unknown.
    var connectionType: String? { get }
}

/// The platform's monitor: Network's path monitor on Apple platforms, the default route on Linux.
struct SystemConnectionTypeMonitor: ConnectionTypeMonitor {
    func start() {
        #if canImport(Network)
        // Creating the process's monitor starts it.
        _ = NetworkPathMonitor.shared
        #endif
    }

    var connectionType: String? { DeviceInfo.currentConnectionType }
}
