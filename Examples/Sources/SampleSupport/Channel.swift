import AccessEnabler
import Foundation

/// A channel of the sample's line-up; its ID is the resource ID agreed with the MVPDs.
public struct Channel: Sendable, Hashable, Identifiable {
    /// The resource ID sent to `preauthorize` and `authorize`.
    public var id: String
    /// The name shown in the list.
    public var name: String

    /// Creates a channel.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The resources of the emulator's standard scenario: every one authorized but `premium`.
    public static let lineup = [
        Channel(id: "news", name: "News"),
        Channel(id: "sports", name: "Sports"),
        Channel(id: "movies", name: "Movies"),
        Channel(id: "kids", name: "Kids"),
        Channel(id: "premium", name: "Premium"),
    ]
}

/// A channel with its lock, as one `preauthorize` call decided it.
public struct ChannelRow: Sendable, Hashable, Identifiable {
    /// The channel.
    public var channel: Channel
    /// Whether the viewer may watch it.
    public var lock: Lock

    /// The row's identity is its channel's.
    public var id: String { channel.id }

    /// What the lock icon shows.
    public enum Lock: Sendable, Hashable {
        /// Not decided yet (signed out, or before the first answer).
        case unknown
        /// The viewer may watch it.
        case unlocked
        /// The viewer may not; the reason is the decision's message or details, when it has one.
        case locked(reason: String?)
    }

    /// Every channel of `channels`, unknown.
    public static func undecided(_ channels: [Channel]) -> [ChannelRow] {
        channels.map { ChannelRow(channel: $0, lock: .unknown) }
    }

    /// The rows `response` decides, in the order of `channels`; a channel without a decision
    /// stays unknown.
    public static func rows(for channels: [Channel], from response: PreauthorizeResponse) -> [ChannelRow] {
        channels.map { channel in
            guard let decision = response[channel.id] else { return ChannelRow(channel: channel, lock: .unknown) }
            if decision.isAuthorized { return ChannelRow(channel: channel, lock: .unlocked) }
            return ChannelRow(
                channel: channel, lock: .locked(reason: decision.error?.message ?? decision.error?.details))
        }
    }

    /// Asks for every channel's lock in one `preauthorize` call (the SDK caches the decisions for
    /// `preauthorizeCacheTTL`, 10 minutes by default).
    public static func load(_ channels: [Channel], with enabler: AccessEnabler) async throws -> [ChannelRow] {
        let response = try await enabler.preauthorize(PreauthorizeRequest(resources: channels.map(\.id)))
        return rows(for: channels, from: response)
    }
}
