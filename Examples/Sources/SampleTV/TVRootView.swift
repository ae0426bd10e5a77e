import AccessEnabler
import SampleSupport
import SampleUI
import SwiftUI

/// The tvOS sample's screen: the TV Provider's single sign-on when it can, else a code for a
/// second screen; then the same channel list as on iOS.
@MainActor
public struct TVRootView: View {
    @ObservedObject var session: SampleSession
    /// Whether the code screen is shown.
    @State private var signingInWithCode = false

    /// Creates the screen.
    public init(session: SampleSession) {
        self.session = session
    }

    public var body: some View {
        NavigationStack {
            SessionScreen(session: session) {
                content
                Text(session.server.name).font(.caption).foregroundStyle(.secondary)
            }
        }
    }

    @ViewBuilder private var content: some View {
        switch session.phase {
        case .starting, .unavailable:
            EmptyView()
        case .signedOut where signingInWithCode:
            ActivationScreen(session: session)
            Button("Cancel") { signingInWithCode = false }
        case .signedOut:
            Button("Sign in") { Task { await signIn() } }
            Button("Sign in with a code") { signingInWithCode = true }
            ChannelList(session: session)
        case .signedIn(let authentication):
            ChannelList(session: session)
            NavigationLink("Signed in with \(authentication.mvpd.displayName)") {
                AccountSummary(session: session) {
                    signingInWithCode = false
                    Task { await session.signOut(presenter: nil) }
                }
            }
        }
    }

    /// The TV Provider first; the code screen when it cannot sign the viewer in.
    private func signIn() async {
        await session.signIn(presenter: SecondScreenFallback())
        if case .signedOut = session.phase { signingInWithCode = true }
    }
}
