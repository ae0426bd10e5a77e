import AccessEnabler
import SampleSupport
import SwiftUI

/// The channel list: a lock per channel from one `preauthorize`, a tap authorizes and "plays".
@MainActor
public struct ChannelList: View {
    @ObservedObject var session: SampleSession

    /// Creates the list.
    public init(session: SampleSession) {
        self.session = session
    }

    public var body: some View {
        List {
            if let token = session.playback {
                Section("Now playing") {
                    PlaybackSummary(token: token) { session.stopPlayback() }
                }
            }
            Section("Channels") {
                ForEach(session.rows) { row in
                    Button {
                        Task { await session.play(row.channel) }
                    } label: {
                        ChannelLabel(row: row)
                    }
                }
            }
        }
        .refreshable { await session.refreshLocks() }
    }
}

/// One channel: its name, and a lock with the reason when it is locked.
@MainActor
struct ChannelLabel: View {
    let row: ChannelRow

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(row.channel.name)
                if case .locked(let reason?) = row.lock {
                    Text(reason).font(.caption).foregroundStyle(.secondary)
                }
            }
            Spacer()
            switch row.lock {
            case .unknown: Image(systemName: "questionmark.circle").foregroundStyle(.secondary)
            case .unlocked: Image(systemName: "lock.open").foregroundStyle(.green)
            case .locked: Image(systemName: "lock.fill").foregroundStyle(.red)
            }
        }
    }
}

/// Where a player would start: the resource and when its media token expires. The token itself
/// goes to the player and is never shown.
@MainActor
struct PlaybackSummary: View {
    let token: MediaToken
    let stop: () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Playing \(token.resource)").font(.headline)
            Text("Media token expires \(token.expires, style: .relative) (at \(token.expires, style: .time))")
                .font(.caption)
            Button("Stop", action: stop)
        }
    }
}
