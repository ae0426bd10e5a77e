/// Which window the adapter presents its own view controllers from (its Safari sheet, Apple's TV
/// Provider view controllers when the delegate does not): the decision of the UIKit glue, made
/// here so the Linux tests drive it.
///
/// The window is the key window of a scene in the foreground and active, else that scene's first
/// window; only when no scene is active, one in the foreground but inactive (the app is becoming
/// active, or a system alert such as the TV Provider's permission prompt is over it). A scene in
/// the background or not attached is never used: a view controller presented there is not seen,
/// and the flow waiting for it would wait for ever.
enum PresentingWindow {
    /// A scene's activation state, as UIKit reports it.
    enum SceneState: Sendable {
        case foregroundActive, foregroundInactive, background, unattached
    }

    /// One window of one scene.
    struct Candidate: Sendable, Equatable {
        var sceneState: SceneState
        var isKeyWindow: Bool
        /// Whether it has a root view controller to present from.
        var hasRootViewController: Bool
    }

    /// The index of the window to present from, or nil when there is none: the presentation
    /// fails at once instead of leaving a flow waiting for a page nobody sees.
    static func choose(_ candidates: [Candidate]) -> Int? {
        for state in [SceneState.foregroundActive, .foregroundInactive] {
            let usable = candidates.indices.filter {
                candidates[$0].sceneState == state && candidates[$0].hasRootViewController
            }
            if let key = usable.first(where: { candidates[$0].isKeyWindow }) { return key }
            if let first = usable.first { return first }
        }
        return nil
    }
}
