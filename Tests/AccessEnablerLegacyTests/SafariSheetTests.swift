import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// A view controller of the app's, in a presentation chain the tests describe.
final class FakeController: CustomStringConvertible {
    let description: String
    init(_ name: String) { description = name }
}

extension PresentingWindow.Link {
    /// `controller` with its transition.
    static func of(_ controller: AnyObject, presenting: Bool = false, dismissing: Bool = false) -> Self {
        Self(controller: controller, isBeingPresented: presenting, isBeingDismissed: dismissing)
    }
}

/// Stands in for UIKit under ``SafariSheet``: the foreground window's presentation chain (the
/// app's controllers, then the sheets on screen), what it presents and dismisses; a dismissal
/// and a transition of the app's finish when the test says so.
@MainActor
final class FakeSafariHost: SafariSheetHost {
    final class Sheet {
        let url: URL
        let over: AnyObject
        init(url: URL, over: AnyObject) { (self.url, self.over) = (url, over) }
    }

    let root = FakeController("root")
    /// The app's part of the foreground window's presentation chain; empty: no window.
    var appChain: [PresentingWindow.Link]
    /// Whether a scene in the foreground has a window to present from.
    var hasWindow: Bool {
        get { !appChain.isEmpty }
        set { appChain = newValue ? [.of(root)] : [] }
    }
    private(set) var shown: [Sheet] = []
    private(set) var hidden: [Sheet] = []
    /// The sheets presented and not yet gone, and whether each is being dismissed.
    private var onScreen: [(sheet: Sheet, leaving: Bool)] = []
    private var pendingDismissals: [@MainActor () -> Void] = []
    /// The transitions the sheet waits for: of which controller, and what runs when it ends.
    private(set) var transitionWaits: [(controller: AnyObject, then: @MainActor @Sendable () -> Void)] = []

    init() { appChain = [] }

    func presentingChain() -> [PresentingWindow.Link] {
        guard hasWindow else { return [] }
        return appChain + onScreen.map { .of($0.sheet, dismissing: $0.leaving) }
    }

    func afterTransition(of controller: AnyObject, then: @escaping @MainActor @Sendable () -> Void) {
        transitionWaits.append((controller, then))
    }

    func show(_ url: URL, over controller: AnyObject, sheet: SafariSheet) -> AnyObject? {
        let presented = Sheet(url: url, over: controller)
        shown.append(presented)
        onScreen.append((presented, false))
        return presented
    }

    func hide(_ sheet: AnyObject, completion: @escaping @MainActor () -> Void) {
        guard let sheet = sheet as? Sheet else { return completion() }
        hidden.append(sheet)
        if let index = onScreen.firstIndex(where: { $0.sheet === sheet }) { onScreen[index].leaving = true }
        pendingDismissals.append { [weak self] in
            self?.onScreen.removeAll { $0.sheet === sheet }
            completion()
        }
    }

    /// The oldest dismissal's animation ends.
    func finishDismissal() { if !pendingDismissals.isEmpty { pendingDismissals.removeFirst()() } }

    /// A host whose window shows the app's root view controller alone.
    static func withWindow() -> FakeSafariHost {
        let host = FakeSafariHost()
        host.hasWindow = true
        return host
    }

    /// The oldest transition waited for ends; `appChain` is the app's chain after it.
    func finishTransition(leaving appChain: [PresentingWindow.Link]) {
        self.appChain = appChain
        if !transitionWaits.isEmpty { transitionWaits.removeFirst().then() }
    }
}

/// The adapter's own Safari view controller's decisions (item: the sheet swiped away, nothing to
/// present from, a page after a page).
@MainActor
@Suite(.timeLimit(.minutes(10))) struct SafariSheetTests {
    let page = URL(string: "https://sp.example/login")!
    let next = URL(string: "https://sp.example/login?again")!

    @Test func swipingTheSheetDownEndsThePageAsDoneDoesOnce() {
        let host = FakeSafariHost.withWindow()
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
        let sheet = SafariSheet(host: host)
        var ends: [SafariPageEnd] = []
        sheet.present(page) { ends.append($0) }
        #expect(ends == [.nothingToPresentFrom])
    }

    @Test func aNewPageWaitsUntilThePreviousOneHasFinishedDismissing() {
        let host = FakeSafariHost.withWindow()
        let sheet = SafariSheet(host: host)
        sheet.present(page) { _ in Issue.record("the first page was ended by the adapter") }
        sheet.present(next) { _ in }
        #expect(host.hidden.map(\.url) == [page])
        #expect(host.shown.map(\.url) == [page], "not presented while the first one is going away")
        host.finishDismissal()
        #expect(host.shown.map(\.url) == [page, next])
    }

    @Test func aPageStillWaitingIsDroppedByADismissal() {
        let host = FakeSafariHost.withWindow()
        let sheet = SafariSheet(host: host)
        sheet.present(page) { _ in }
        sheet.present(next) { _ in Issue.record("a dropped page does not end") }
        sheet.dismiss()
        host.finishDismissal()
        #expect(host.shown.map(\.url) == [page])
    }

    @Test func aClosedSheetForAnOlderPageIsIgnored() {
        let host = FakeSafariHost.withWindow()
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

    /// The top of the chain, unless a controller of it is going away (it takes what it presented
    /// along) or the top one is still arriving: UIKit refuses a presentation from any of them.
    @Test func thePresenterIsTheTopOfTheChainInNoTransition() {
        let (root, modal, alert) = (FakeController("root"), FakeController("modal"), FakeController("alert"))
        #expect(PresentingWindow.presenter(in: []) == .none)
        #expect(PresentingWindow.presenter(in: [.of(root)]) == .controller(0))
        #expect(PresentingWindow.presenter(in: [.of(root), .of(modal)]) == .controller(1))
        // The modal's presented alert is being dismissed: not the modal, which still presents it.
        #expect(
            PresentingWindow.presenter(in: [.of(root), .of(modal), .of(alert, dismissing: true)]) == .afterTransition(2)
        )
        // The modal is being dismissed, and the alert over it with it: neither, nor the root.
        #expect(
            PresentingWindow.presenter(in: [.of(root), .of(modal, dismissing: true), .of(alert)]) == .afterTransition(1)
        )
        #expect(PresentingWindow.presenter(in: [.of(root), .of(modal, presenting: true)]) == .afterTransition(1))
        #expect(PresentingWindow.presenter(in: [.of(root), .of(modal, dismissing: true)]) == .afterTransition(1))
    }

    /// A presentation waits for the transition, reads the chain again, and presents from what is
    /// left; a chain that never settles ends with nothing to present from.
    @Test func aPresentationWaitsForTheTransitionsThenGivesUp() {
        let (root, modal) = (FakeController("root"), FakeController("modal"))
        var chain: [PresentingWindow.Link] = [.of(root), .of(modal, dismissing: true)]
        var waits: [(controller: AnyObject, then: @MainActor @Sendable () -> Void)] = []
        var presented: [String] = []
        func settle() {
            PresentingWindow.whenSettled(
                chain: { chain }, afterTransition: { waits.append(($0, $1)) },
                present: { presented.append($0.map { "\($0)" } ?? "nothing") })
        }
        settle()
        #expect(presented.isEmpty && waits.map { "\($0.controller)" } == ["modal"])
        chain = [.of(root)]
        waits.removeFirst().then()
        #expect(presented == ["root"])

        presented = []
        chain = [.of(root), .of(modal, presenting: true)]
        settle()
        for _ in 0..<PresentingWindow.transitionWaitLimit {
            #expect(presented.isEmpty)
            waits.removeFirst().then()
        }
        #expect(presented == ["nothing"], "a chain that never settles fails instead of waiting for ever")
        #expect(waits.isEmpty)
    }

    /// The app's own modal going away when the page comes (Apple's TV Provider picker, a sheet of
    /// the app's): the page waits for it, then shows over what is left.
    @Test func aPageWaitsForTheAppsOwnDismissal() {
        let host = FakeSafariHost()
        let modal = FakeController("modal")
        host.appChain = [.of(host.root), .of(modal, dismissing: true)]
        let sheet = SafariSheet(host: host)
        var ends: [SafariPageEnd] = []
        sheet.present(page) { ends.append($0) }
        #expect(host.shown.isEmpty, "not over the modal going away, nor over the root still presenting it")
        #expect(host.transitionWaits.map { $0.controller === modal } == [true])
        host.finishTransition(leaving: [.of(host.root)])
        #expect(host.shown.map(\.url) == [page])
        #expect(host.shown.first?.over === host.root)
        #expect(ends.isEmpty)

        // Over a modal that stays, the page goes over the modal.
        let other = FakeSafariHost()
        other.appChain = [.of(other.root), .of(modal)]
        SafariSheet(host: other).present(page) { _ in }
        #expect(other.shown.first?.over === modal)
    }

    /// A page dismissed (the login cancelled) while it waits for the app's transition never shows.
    @Test func aPageDismissedWhileItWaitsForATransitionNeverShows() {
        let host = FakeSafariHost()
        host.appChain = [.of(host.root), .of(FakeController("modal"), presenting: true)]
        let sheet = SafariSheet(host: host)
        sheet.present(page) { _ in Issue.record("a dropped page does not end") }
        sheet.dismiss()
        host.finishTransition(leaving: [.of(host.root)])
        #expect(host.shown.isEmpty)
        #expect(host.hidden.isEmpty)
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
        let host = FakeSafariHost.withWindow()
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
