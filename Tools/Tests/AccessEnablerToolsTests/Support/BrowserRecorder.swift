import Foundation

/// Keeps the visit of ``RecordingPresenter``.
final class BrowserRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: LoginPageVisit?
    var visit: LoginPageVisit? { lock.withLock { recorded } }
    func record(_ visit: LoginPageVisit) { lock.withLock { recorded = visit } }
}
