import Foundation

/// The adapter's own Safari view controller, as decisions over the few things UIKit does
/// (``SafariSheetHost``), so the Linux tests drive them:
/// - the viewer closing the page — *Done* (`safariViewControllerDidFinish`) or the sheet swiped
///   down (`presentationControllerDidDismiss`) — ends it once, as *Done* did alone before (a
///   swiped sheet left the login waiting for ever);
/// - a page with nothing to present it from ends at once (``SafariPageEnd/nothingToPresentFrom``),
///   so the login fails with the presentation error instead of waiting;
/// - a new page waits until the previous one has finished dismissing: UIKit refuses to present
///   from a view controller whose presented one is still going away;
/// - a page is presented from the top of the foreground window's presentation chain, never from
///   a controller that is being dismissed or still being presented (the app's own, or Apple's
///   TV Provider picker going away): it waits for that transition to end
///   (``PresentingWindow/whenSettled(chain:afterTransition:waits:present:)``).
@MainActor
final class SafariSheet: SafariPagePresenting {
    private let host: any SafariSheetHost
    /// The page on screen: the host's handle and what to run when the viewer closes it.
    private var shown: (sheet: AnyObject, onEnd: @MainActor (SafariPageEnd) -> Void)?
    /// Dismissals started and not yet finished.
    private var dismissing = 0
    /// A page asked for while a dismissal was under way.
    private var waiting: (url: URL, onEnd: @MainActor (SafariPageEnd) -> Void)?
    /// The page waiting for a transition in the app's presentation chain to end.
    private var settling: (id: UInt64, url: URL, onEnd: @MainActor (SafariPageEnd) -> Void)?
    private var lastSettlingID: UInt64 = 0

    nonisolated init(host: any SafariSheetHost) {
        self.host = host
    }

    func present(_ url: URL, onEnd: @escaping @MainActor (SafariPageEnd) -> Void) {
        dismiss()
        if dismissing > 0 {
            waiting = (url, onEnd)
        } else {
            show(url, onEnd: onEnd)
        }
    }

    func dismiss() {
        waiting = nil
        settling = nil
        guard let current = shown else { return }
        shown = nil
        dismissing += 1
        host.hide(current.sheet) { [weak self] in self?.finishedDismissing() }
    }

    /// The viewer closed `sheet` (*Done*, or swiped down); the host reports either, perhaps both.
    func viewerClosed(_ sheet: AnyObject) {
        guard let current = shown, current.sheet === sheet else { return }
        shown = nil
        current.onEnd(.closedByViewer)
    }

    private func show(_ url: URL, onEnd: @escaping @MainActor (SafariPageEnd) -> Void) {
        lastSettlingID += 1
        let id = lastSettlingID
        settling = (id, url, onEnd)
        let host = host
        PresentingWindow.whenSettled(
            chain: { host.presentingChain() }, afterTransition: { host.afterTransition(of: $0, then: $1) }
        ) { [weak self] controller in
            self?.settled(id, presentingFrom: controller)
        }
    }

    /// Page `id`, unless dismissed meanwhile, goes over `controller`; with none, it ends.
    private func settled(_ id: UInt64, presentingFrom controller: AnyObject?) {
        guard let page = settling, page.id == id else { return }
        settling = nil
        guard let controller, let sheet = host.show(page.url, over: controller, sheet: self) else {
            page.onEnd(.nothingToPresentFrom)
            return
        }
        shown = (sheet, page.onEnd)
    }

    private func finishedDismissing() {
        dismissing -= 1
        guard dismissing == 0, let next = waiting else { return }
        waiting = nil
        show(next.url, onEnd: next.onEnd)
    }
}

/// What UIKit does for ``SafariSheet``: describe the presentation chain, wait for a transition,
/// present a Safari view controller, dismiss it. The host reports the viewer closing it with
/// ``SafariSheet/viewerClosed(_:)``.
@MainActor
protocol SafariSheetHost: AnyObject, Sendable {
    /// The presentation chain of the window ``PresentingWindow/choose(_:)`` picks, root first;
    /// empty when there is none.
    func presentingChain() -> [PresentingWindow.Link]
    /// Calls `then` once the transition `controller` is in has ended (soon, when UIKit reports
    /// none).
    func afterTransition(of controller: AnyObject, then: @escaping @MainActor @Sendable () -> Void)
    /// Presents `url` over `controller`, a controller of the chain, and returns its handle, or
    /// nil when it cannot.
    func show(_ url: URL, over controller: AnyObject, sheet: SafariSheet) -> AnyObject?
    /// Dismisses `sheet`; `completion` runs when it is gone.
    func hide(_ sheet: AnyObject, completion: @escaping @MainActor () -> Void)
}
