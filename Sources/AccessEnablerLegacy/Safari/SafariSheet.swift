import Foundation

/// The adapter's own Safari view controller, as decisions over the few things UIKit does
/// (``SafariSheetHost``), so the Linux tests drive them:
/// - the viewer closing the page — *Done* (`safariViewControllerDidFinish`) or the sheet swiped
///   down (`presentationControllerDidDismiss`) — ends it once, as *Done* did alone before (a
///   swiped sheet left the login waiting for ever);
/// - a page with nothing to present it from ends at once (``SafariPageEnd/nothingToPresentFrom``),
///   so the login fails with the presentation error instead of waiting;
/// - a new page waits until the previous one has finished dismissing: UIKit refuses to present
///   from a view controller whose presented one is still going away.
@MainActor
final class SafariSheet: SafariPagePresenting {
    private let host: any SafariSheetHost
    /// The page on screen: the host's handle and what to run when the viewer closes it.
    private var shown: (sheet: AnyObject, onEnd: @MainActor (SafariPageEnd) -> Void)?
    /// Dismissals started and not yet finished.
    private var dismissing = 0
    /// A page asked for while a dismissal was under way.
    private var waiting: (url: URL, onEnd: @MainActor (SafariPageEnd) -> Void)?

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
        guard let sheet = host.show(url, sheet: self) else {
            onEnd(.nothingToPresentFrom)
            return
        }
        shown = (sheet, onEnd)
    }

    private func finishedDismissing() {
        dismissing -= 1
        guard dismissing == 0, let next = waiting else { return }
        waiting = nil
        show(next.url, onEnd: next.onEnd)
    }
}

/// What UIKit does for ``SafariSheet``: present a Safari view controller, dismiss it. The host
/// reports the viewer closing it with ``SafariSheet/viewerClosed(_:)``.
@MainActor
protocol SafariSheetHost: AnyObject, Sendable {
    /// Presents `url` over the foreground scene and returns its handle, or nil when there is
    /// nothing to present it from.
    func show(_ url: URL, sheet: SafariSheet) -> AnyObject?
    /// Dismisses `sheet`; `completion` runs when it is gone.
    func hide(_ sheet: AnyObject, completion: @escaping @MainActor () -> Void)
}
