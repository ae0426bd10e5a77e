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

extension PresentingWindow {
    /// One view controller of the chosen window's presentation chain — its root view controller,
    /// then each `presentedViewController` in turn — as UIKit reports it.
    struct Link {
        /// The view controller (UIKit's; a placeholder in the tests).
        var controller: AnyObject
        var isBeingPresented: Bool
        var isBeingDismissed: Bool
    }

    /// Where to present from, for a chain.
    enum Presenter: Equatable {
        /// From the controller at this index: the top of the chain, in no transition.
        case controller(Int)
        /// Not yet: the controller at this index is going away or still arriving. UIKit refuses a
        /// presentation from a controller that is being dismissed, from one whose presented
        /// controller is still going away, and from one still being presented: the view
        /// controller would never show, and the flow waiting for it would wait for ever.
        case afterTransition(Int)
        /// Nothing to present from (no window).
        case none
    }

    /// How many transitions one presentation waits for before it gives up (a chain that never
    /// settles): then there is nothing to present from, and the flow fails instead of waiting.
    static let transitionWaitLimit = 10

    /// The controller to present from in `chain`: its top one, unless a controller of the chain
    /// is being dismissed (which takes every controller it presented with it) or the top one is
    /// still being presented; then the first of them, whose transition to wait for.
    static func presenter(in chain: [Link]) -> Presenter {
        guard !chain.isEmpty else { return .none }
        if let leaving = chain.firstIndex(where: \.isBeingDismissed) { return .afterTransition(leaving) }
        let top = chain.count - 1
        return chain[top].isBeingPresented ? .afterTransition(top) : .controller(top)
    }

    /// Calls `present` with the controller to present from, at once when no transition is under
    /// way (Apple asks that its TV Provider view controllers be presented before its delegate
    /// method returns), else once the transitions have ended: `chain` is read again each time
    /// `afterTransition` reports the end of the one ``presenter(in:)`` waits for. Calls it with
    /// nil when there is nothing to present from, or after ``transitionWaitLimit`` waits.
    @MainActor
    static func whenSettled(
        chain: @escaping @MainActor @Sendable () -> [Link],
        afterTransition: @escaping @MainActor @Sendable (AnyObject, @escaping @MainActor @Sendable () -> Void) -> Void,
        waits: Int = 0,
        present: @escaping @MainActor @Sendable (AnyObject?) -> Void
    ) {
        let links = chain()
        switch presenter(in: links) {
        case .controller(let index):
            present(links[index].controller)
        case .none:
            present(nil)
        case .afterTransition(let index):
            guard waits < transitionWaitLimit else { return present(nil) }
            afterTransition(links[index].controller) {
                whenSettled(chain: chain, afterTransition: afterTransition, waits: waits + 1, present: present)
            }
        }
    }
}
