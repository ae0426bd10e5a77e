import Foundation

/// Your MVPD picker, for a web login presenter: shows the providers and returns the viewer's
/// choice, or nil when the viewer cancels.
public protocol MVPDPicker: Sendable {
    /// Shows `providers`; returns the one picked, nil when cancelled.
    func selectProvider(from providers: [MVPD]) async throws -> MVPD?
}
