import AccessEnabler
import Combine
import Foundation
import SampleSupport

/// One app's AccessEnabler and what its screens show: the sign-in, the channel locks, the media
/// token of the channel being played, the account, and the last error.
@MainActor
public final class SampleSession: ObservableObject {
    /// Where the app signs in.
    public let server: SampleServer
    /// The app's one AccessEnabler.
    public let enabler: AccessEnabler
    /// The channels the list shows.
    public let channels: [Channel]

    /// Whether the viewer is signed in, once known.
    @Published public private(set) var phase = Phase.starting
    /// The channel list with its locks.
    @Published public private(set) var rows: [ChannelRow]
    /// The media token of the channel being played: where a player would start.
    @Published public private(set) var playback: MediaToken?
    /// The account screen's details, once loaded.
    @Published public private(set) var account: AccountDetails?
    /// The last failure, until the viewer dismisses it.
    @Published public var error: ErrorReport?
    /// Something the viewer should know that is not a failure (for example to sign out of the
    /// TV Provider in Settings too).
    @Published public var notice: String?

    /// The sign-in state.
    public enum Phase: Sendable, Hashable {
        /// Loading the configuration and checking the sign-in.
        case starting
        /// The configuration could not be loaded; ``SampleSession/error`` says why.
        case unavailable
        /// Nobody is signed in.
        case signedOut
        /// Signed in.
        case signedIn(Authentication)
    }

    /// Creates the session; `configure` adds what a platform needs (a partner framework on tvOS).
    public init(
        server: SampleServer, channels: [Channel] = Channel.lineup,
        configure: (inout AccessEnabler.Configuration) -> Void = { _ in }
    ) {
        var configuration = server.configuration()
        configure(&configuration)
        self.server = server
        self.channels = channels
        self.enabler = AccessEnabler(softwareStatement: server.softwareStatement, configuration: configuration)
        self.rows = ChannelRow.undecided(channels)
    }

    /// At launch: the requestor's configuration, then the sign-in as the server has it, then the
    /// locks. Runs again from the "Try again" button.
    public func start() async {
        phase = .starting
        if let missing = server.missingSetting {
            error = ErrorReport(status: Status(status: 0, message: missing), operation: "Setup")
            phase = .unavailable
            return
        }
        do {
            try await enabler.setRequestor(server.requestorID)
        } catch {
            report(error, operation: "Loading the configuration")
            phase = .unavailable
            return
        }
        do {
            // The server's view of the sign-in (a logout on another device, an expiry).
            try await enabler.refreshAuthentication()
        } catch {
            // Offline or a server error: the local sign-in still holds; say so and go on.
            report(error, operation: "Checking the sign-in")
        }
        await showSignIn(await enabler.checkAuthentication().authentication)
    }

    /// Signs in through `presenter`: Apple's TV Provider first when the configuration has it, then
    /// the presenter's MVPD picker and login page.
    public func signIn(presenter: any AuthenticationPresenter) async {
        do {
            await showSignIn(try await enabler.authenticate(presenter: presenter))
        } catch {
            report(error, operation: "Sign-in")
        }
    }

    /// Shows a sign-in finished elsewhere (the TV's second-screen sign-in).
    public func signedIn(_ authentication: Authentication) async {
        await showSignIn(authentication)
    }

    /// Asks for every channel's lock in one `preauthorize` call.
    public func refreshLocks() async {
        guard case .signedIn = phase else {
            rows = ChannelRow.undecided(channels)
            return
        }
        do {
            rows = try await ChannelRow.load(channels, with: enabler)
        } catch {
            report(error, operation: "Channel locks")
        }
    }

    /// Authorizes `channel` and keeps its fresh media token for the player.
    public func play(_ channel: Channel) async {
        playback = nil
        do {
            playback = try await enabler.authorize(resource: channel.id)
        } catch {
            report(error, operation: "Playing \(channel.name)")
        }
    }

    /// Stops the pretend playback.
    public func stopPlayback() {
        playback = nil
    }

    /// Reads the account screen's details.
    public func loadAccount() async {
        guard case .signedIn(let authentication) = phase else { return }
        do {
            account = try await AccountDetails.load(authentication, with: enabler)
        } catch {
            report(error, operation: "Account details")
        }
    }

    /// Signs out; `presenter` opens the MVPD's logout page where there is a browser.
    public func signOut(presenter: (any AuthenticationPresenter)?) async {
        do {
            try await enabler.logout(presenter: presenter)
        } catch {
            report(error, operation: "Sign-out")
        }
        await showSignIn(await enabler.checkAuthentication().authentication)
    }

    /// Follows the SDK's events for as long as the calling task runs (a view's `.task`).
    public func followEvents() async {
        for await event in enabler.events {
            switch event {
            case .partnerLogoutRequired:
                notice = "You signed in through your TV Provider: also sign out in Settings › TV Provider."
            case .authenticationRemoved:
                await showSignIn(nil)
            default:
                break
            }
        }
    }

    private func showSignIn(_ authentication: Authentication?) async {
        phase = authentication.map(Phase.signedIn) ?? .signedOut
        playback = nil
        account = nil
        await refreshLocks()
    }

    private func report(_ failure: any Error, operation: String) {
        if let report = ErrorReport(failure, operation: operation) { error = report }
    }
}
