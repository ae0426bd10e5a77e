import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// Stands in for UIKit under ``SafariSheet``: records what it presents and dismisses; a
/// dismissal finishes when the test says so.
@MainActor
final class FakeSafariHost: SafariSheetHost {
    final class Sheet {
        let url: URL
        init(url: URL) { self.url = url }
    }

    /// Whether a scene in the foreground has a window to present from.
    var hasWindow = true
    private(set) var shown: [Sheet] = []
    private(set) var hidden: [Sheet] = []
    private var pendingDismissals: [@MainActor () -> Void] = []

    func show(_ url: URL, sheet: SafariSheet) -> AnyObject? {
        guard hasWindow else { return nil }
        let presented = Sheet(url: url)
        shown.append(presented)
        return presented
    }

    func hide(_ sheet: AnyObject, completion: @escaping @MainActor () -> Void) {
        if let sheet = sheet as? Sheet { hidden.append(sheet) }
        pendingDismissals.append(completion)
    }

    /// The oldest dismissal's animation ends.
    func finishDismissal() { if !pendingDismissals.isEmpty { pendingDismissals.removeFirst()() } }
}

/// The adapter's own Safari view controller's decisions (item: the sheet swiped away, nothing to
/// present from, a page after a page).
@MainActor
@Suite(.timeLimit(.minutes(10))) struct SafariSheetTests {
    let page = URL(string: "https://sp.example/login")!
    let next = URL(string: "https://sp.example/login?again")!

    @Test func swipingTheSheetDownEndsThePageAsDoneDoesOnce() {
        let host = FakeSafariHost()
        let sheet = SafariSheet(host: host)
        var ends: [SafariPageEnd] = []
        sheet.present(page) { ends.append($0) }
        let shown = host.shown[0]
        // UIKit reports the swipe (presentationControllerDidDismiss); a late Done changes nothing.
        sheet.viewerClosed(shown)
        sheet.viewerClosed(shown)
        #expect(ends == [.closedByViewer])
        sheet.dismiss()
        #expect(host.hidden.isEmpty, "the viewer's own dismissal needs no second one")
    }

    @Test func aPageWithNothingToPresentItFromEndsAtOnce() {
        let host = FakeSafariHost()
        host.hasWindow = false
        let sheet = SafariSheet(host: host)
        var ends: [SafariPageEnd] = []
        sheet.present(page) { ends.append($0) }
        #expect(ends == [.nothingToPresentFrom])
    }

    @Test func aNewPageWaitsUntilThePreviousOneHasFinishedDismissing() {
        let host = FakeSafariHost()
        let sheet = SafariSheet(host: host)
        sheet.present(page) { _ in Issue.record("the first page was ended by the adapter") }
        sheet.present(next) { _ in }
        #expect(host.hidden.map(\.url) == [page])
        #expect(host.shown.map(\.url) == [page], "not presented while the first one is going away")
        host.finishDismissal()
        #expect(host.shown.map(\.url) == [page, next])
    }

    @Test func aPageStillWaitingIsDroppedByADismissal() {
        let host = FakeSafariHost()
        let sheet = SafariSheet(host: host)
        sheet.present(page) { _ in }
        sheet.present(next) { _ in Issue.record("a dropped page does not end") }
        sheet.dismiss()
        host.finishDismissal()
        #expect(host.shown.map(\.url) == [page])
    }

    @Test func aClosedSheetForAnOlderPageIsIgnored() {
        let host = FakeSafariHost()
        let sheet = SafariSheet(host: host)
        sheet.present(page) { _ in Issue.record("the old page was replaced, not closed") }
        let old = host.shown[0]
        var ends: [SafariPageEnd] = []
        sheet.present(next) { ends.append($0) }
        host.finishDismissal()
        sheet.viewerClosed(old)
        #expect(ends.isEmpty)
        sheet.viewerClosed(host.shown[1])
        #expect(ends == [.closedByViewer])
    }

    static let active = PresentingWindow.Candidate(
        sceneState: .foregroundActive, isKeyWindow: false, hasRootViewController: true)

    @Test func theWindowIsTheForegroundActiveScenesKeyWindow() {
        var key = Self.active
        key.isKeyWindow = true
        var background = key
        background.sceneState = .background
        var inactive = key
        inactive.sceneState = .foregroundInactive
        #expect(PresentingWindow.choose([background, inactive, Self.active, key]) == 3)
        #expect(PresentingWindow.choose([background, Self.active]) == 1, "its first window without a key one")
        #expect(PresentingWindow.choose([background, inactive]) == 1, "an inactive scene only when none is active")
        var unattached = key
        unattached.sceneState = .unattached
        var rootless = key
        rootless.hasRootViewController = false
        #expect(PresentingWindow.choose([background, unattached, rootless]) == nil)
        #expect(PresentingWindow.choose([]) == nil)
    }

    /// Through the adapter: a swiped sheet cancels the login (as Done does), and a page with
    /// nothing to present it from fails it at once with the presentation error.
    @Test(arguments: legacyBackends)
    func throughTheAdapter(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend, scenario: .safariCablevision)
        let host = FakeSafariHost()
        harness.legacy.session.authentication.safari = SafariSheet(host: host)
        await harness.configure()
        harness.legacy.setSelectedProvider("Cablevision")
        await eventually("the adapter presents Safari") { host.shown.count == 1 }
        (harness.legacy.session.authentication.safari as? SafariSheet)?.viewerClosed(host.shown[0])
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"\(PROVIDER_NOT_SELECTED_ERROR)\")"])

        host.hasWindow = false
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"\(GENERIC_AUTHENTICATION_ERROR)\")"])
        #expect(host.shown.count == 1)
    }
}
