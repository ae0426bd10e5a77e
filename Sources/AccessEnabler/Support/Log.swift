import Foundation
#if canImport(os)
import os
#endif

/// One line the SDK logs. Messages are built from non-secret parts only: paths without their
/// query, status codes and error codes; never tokens, secrets, software statements or device IDs.
public struct LogMessage: Sendable, Hashable {
    /// How important the message is.
    public enum Level: Int, Sendable, Hashable, Comparable {
        /// Step-by-step detail.
        case debug
        /// Normal events.
        case info
        /// Failures.
        case error
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The level.
    public var level: Level
    /// The text.
    public var message: String

    /// Creates a log message.
    public init(level: Level, message: String) {
        self.level = level
        self.message = message
    }
}

/// Where the SDK's log lines go.
struct Log: Sendable {
    let handler: (@Sendable (LogMessage) -> Void)?

    // The message is built at the call site and `emit` takes the string: one `emit` for every
    // call site. Taking the closure, the optimizer copied `emit` (with its `os.Logger` switch)
    // into each of about 50 call sites with the closure inlined: 38 KB of machine code.
    @inline(__always) func debug(_ message: @autoclosure () -> String) { if isOn { emit(.debug, message()) } }
    @inline(__always) func info(_ message: @autoclosure () -> String) { if isOn { emit(.info, message()) } }
    @inline(__always) func error(_ message: @autoclosure () -> String) { if isOn { emit(.error, message()) } }

    /// Whether a message goes anywhere: without a handler and without `os`, none is built.
    @inline(__always) private var isOn: Bool {
        #if canImport(os)
        true
        #else
        handler != nil
        #endif
    }

    @inline(never)
    private func emit(_ level: LogMessage.Level, _ text: String) {
        if let handler {
            handler(LogMessage(level: level, message: "[AccessEnabler] " + text))
            return
        }
        #if canImport(os)
        switch level {
        case .debug: Log.system.logger.debug("[AccessEnabler] \(text, privacy: .public)")
        case .info: Log.system.logger.info("[AccessEnabler] \(text, privacy: .public)")
        case .error: Log.system.logger.error("[AccessEnabler] \(text, privacy: .public)")
        }
        #endif
    }

    #if canImport(os)
    private static let system = SystemLogger(
        logger: Logger(subsystem: "com.adobe.pass.AccessEnabler", category: "AccessEnabler"))

    /// `os.Logger`, shareable with every SDK: Xcode 16's SDKs declare it `Sendable`, the iOS 16.5
    /// SDK does not (the type is the same thread-safe `os_log` handle). A wrapper compiles against
    /// both without a warning, where `nonisolated(unsafe)` would warn with the newer ones.
    private struct SystemLogger: @unchecked Sendable {
        let logger: Logger
    }
    #endif

    /// `url` without its query, fragment, user and authentication codes: query strings carry the
    /// device ID.
    static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<url>" }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        components.percentEncodedPath = AuthenticationCodeRedaction.redactingCodes(
            inPath: components.percentEncodedPath)
        return components.string ?? "<url>"
    }
}
