import AccessEnabler
import AuthenticationServices
import SampleSupport
import SampleUI
import SwiftUI
import UIKit

/// The iOS sample's screen: sign in with the shipped `WebAuthenticationSessionPresenter` and the
/// app's MVPD picker, the channel list, the account and sign-out.
@MainActor
public struct SampleRootView: View {
    @ObservedObject var session: SampleSession
    @StateObject private var picker = ProviderPicker()

    /// Creates the screen.
    public init(session: SampleSession) {
        self.session = session
    }

    public var body: some View {
        NavigationStack {
            SessionScreen(session: session) { content }
                .navigationTitle("AccessEnabler")
                .toolbar {
                    ToolbarItem(placement: .bottomBar) {
                        Text(session.server.name).font(.caption).foregroundStyle(.secondary)
                    }
                }
        }
        .sheet(isPresented: isPicking) { ProviderPickerSheet(picker: picker) }
    }

    @ViewBuilder private var content: some View {
        switch session.phase {
        case .starting, .unavailable:
            EmptyView()
        case .signedOut:
            ChannelList(session: session)
            Button("Sign in with your TV provider") { Task { await session.signIn(presenter: presenter) } }
                .buttonStyle(.borderedProminent)
        case .signedIn(let authentication):
            ChannelList(session: session)
            NavigationLink("Signed in with \(authentication.mvpd.displayName)") {
                AccountSummary(session: session) { Task { await session.signOut(presenter: presenter) } }
                    .navigationTitle("Account")
            }
        }
    }

    /// The login and logout pages in `ASWebAuthenticationSession`, over the key window.
    private var presenter: WebAuthenticationSessionPresenter {
        WebAuthenticationSessionPresenter(
            presentationAnchor: {
                let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                return scenes.compactMap(\.keyWindow).first ?? ASPresentationAnchor()
            },
            picker: picker)
    }

    private var isPicking: Binding<Bool> {
        Binding(get: { picker.offered != nil }, set: { shown in if !shown { picker.choose(nil) } })
    }
}
