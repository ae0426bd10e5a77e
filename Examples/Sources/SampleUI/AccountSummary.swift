import AccessEnabler
import SampleSupport
import SwiftUI

/// The signed-in viewer's provider, sign-in expiry and user metadata, with the sign-out button.
@MainActor
public struct AccountSummary: View {
    @ObservedObject var session: SampleSession
    let signOut: () -> Void

    /// Creates the summary; `signOut` runs the platform's logout.
    public init(session: SampleSession, signOut: @escaping () -> Void) {
        self.session = session
        self.signOut = signOut
    }

    public var body: some View {
        List {
            if let account = session.account {
                Section("TV provider") {
                    Text(account.authentication.mvpd.displayName)
                    Text(
                        "Signed in until \(account.authentication.expires, style: .date) \(account.authentication.expires, style: .time)"
                    )
                }
                Section("User metadata") {
                    ForEach(account.metadata) { item in
                        HStack {
                            Text(item.name)
                            Spacer()
                            Text(item.value ?? "not provided").foregroundStyle(.secondary)
                            if item.isEncrypted {
                                Image(systemName: "lock.doc")
                            }
                        }
                    }
                }
            } else {
                ProgressView()
            }
            Section {
                Button("Sign out", role: .destructive, action: signOut)
            }
        }
        .task { await session.loadAccount() }
    }
}
