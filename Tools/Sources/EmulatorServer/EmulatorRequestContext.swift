import Hummingbird
import NIOCore

/// The per-request context: Hummingbird's core storage plus the connection, which is closed
/// without an answer when the emulator simulates a dropped connection.
struct EmulatorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
