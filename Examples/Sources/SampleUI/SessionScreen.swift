import SampleSupport
import SwiftUI

/// The frame both apps put around their screens: it starts the session when shown and follows its
/// events, shows the last error and any notice, and shows `content` once the configuration loaded.
@MainActor
public struct SessionScreen<Content: View>: View {
    @ObservedObject var session: SampleSession
    let content: () -> Content

    /// Creates the frame; `content` is the signed-in or signed-out screen.
    public init(session: SampleSession, @ViewBuilder content: @escaping () -> Content) {
        self.session = session
        self.content = content
    }

    public var body: some View {
        VStack {
            if let report = session.error {
                ErrorBanner(report: report) { session.error = nil }
            }
            switch session.phase {
            case .starting:
                ProgressView("Loading the configuration")
            case .unavailable:
                Button("Try again") { Task { await session.start() } }
            case .signedOut, .signedIn:
                content()
            }
        }
        .alert(session.notice ?? "", isPresented: hasNotice) { Button("OK") { session.notice = nil } }
        .task { await session.start() }
        .task { await session.followEvents() }
    }

    private var hasNotice: Binding<Bool> {
        Binding(get: { session.notice != nil }, set: { shown in if !shown { session.notice = nil } })
    }
}
