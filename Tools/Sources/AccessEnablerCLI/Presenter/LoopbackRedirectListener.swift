import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Catches the end of a browser login on the loopback interface, as command-line tools that sign
/// in through a browser do (RFC 8252 §7.3): it listens on `127.0.0.1` (or `[::1]`) on a port the
/// system picks, and the login's redirect URL is `http://127.0.0.1:<port>/<path>?state=<random>`.
///
/// It accepts one request: a `GET` of its own path with its own `state`. That request gets a page
/// that says the sign-in finished and the tab can be closed, and the listener closes. Any other
/// request (another path, another state, another method) is refused and the listener goes on
/// waiting. It never listens beyond loopback.
final class LoopbackRedirectListener: Sendable {
    /// The redirect URL the browser is sent to at the end of the login: the listener's own.
    let redirectURL: URL
    private let channel: any Channel
    private let outcome: Outcome

    private init(redirectURL: URL, channel: any Channel, outcome: Outcome) {
        self.redirectURL = redirectURL
        self.channel = channel
        self.outcome = outcome
    }

    /// How the wait ends: the one request that was accepted, or the listener closed first.
    private final class Outcome: Sendable {
        let promise: EventLoopPromise<URL>
        /// Whether a request was accepted or the listener closed: nothing is accepted after.
        private let settled = Locked(false)

        init(_ promise: EventLoopPromise<URL>) { self.promise = promise }

        /// Claims the one acceptance; false when it is taken (or the listener closed).
        func claim() -> Bool {
            settled.withLock { settled in
                defer { settled = true }
                return !settled
            }
        }

        /// Ends the wait with `result`, unless something ended it already.
        func end(_ result: Result<URL, any Error>, claimed: Bool) {
            guard claimed || claim() else { return }
            promise.completeWith(result)
        }
    }

    /// Whether the tool can catch a flow that ends at `redirectURL` itself: plain http to a
    /// loopback IP literal (`127.0.0.0/8` or `[::1]`; RFC 8252 §8.3 advises against `localhost`).
    static func canListen(for redirectURL: URL) -> Bool {
        redirectURL.scheme?.lowercased() == "http" && loopbackHost(of: redirectURL) != nil
    }

    /// The address to bind for `url`, when it is a loopback IP literal.
    private static func loopbackHost(of url: URL) -> String? {
        guard let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased() else {
            return nil
        }
        if host == "::1" { return host }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127", parts.allSatisfy({ UInt8($0) != nil }) else { return nil }
        return host
    }

    /// Starts listening for `template` (`http://127.0.0.1[:port]/path`): on its port, or on one
    /// the system picks when it has none (or 0). The redirect URL is the template with the port
    /// bound and a random `state`.
    ///
    /// - Throws: When `template` is not a loopback http URL, or the address cannot be bound.
    static func start(for template: URL) async throws -> LoopbackRedirectListener {
        guard canListen(for: template), let host = loopbackHost(of: template) else {
            throw LoginPresenterError.notLoopback(template.absoluteString)
        }
        let path = template.path.isEmpty ? "/" : template.path
        let state = Self.randomState()
        let group = MultiThreadedEventLoopGroup.singleton
        let outcome = Outcome(group.next().makePromise(of: URL.self))
        let origin = Locked<String?>(nil)
        // A promise must be completed: every way out below that gives no listener fails it.
        func giveUp(_ error: any Error) -> any Error {
            outcome.end(.failure(error), claimed: false)
            return error
        }
        let channel: any Channel
        do {
            channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(
                            CallbackHandler(path: path, state: state, origin: origin, outcome: outcome))
                    }
                }
                .bind(host: host, port: template.port ?? 0)
                .get()
        } catch {
            throw giveUp(error)
        }
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw giveUp(LoginPresenterError.notLoopback(template.absoluteString))
        }
        let hostText = host.contains(":") ? "[\(host)]" : host
        origin.withLock { $0 = "http://\(hostText):\(port)" }
        var components = URLComponents()
        components.scheme = "http"
        components.percentEncodedHost = hostText
        components.port = port
        let templatePath =
            URLComponents(url: template, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? ""
        components.percentEncodedPath = templatePath.isEmpty ? "/" : templatePath
        components.queryItems = [URLQueryItem(name: "state", value: state)]
        guard let redirectURL = components.url else {
            try? await channel.close()
            throw giveUp(LoginPresenterError.notLoopback(template.absoluteString))
        }
        return LoopbackRedirectListener(redirectURL: redirectURL, channel: channel, outcome: outcome)
    }

    /// Waits for the browser's request and returns the URL it asked for (the redirect URL, with
    /// whatever the service added); the listener is closed then. Cancelling the task closes it too.
    func waitForRedirect() async throws -> URL {
        defer { channel.close(promise: nil) }
        return try await withTaskCancellationHandler {
            try await outcome.promise.futureResult.get()
        } onCancel: {
            close()
        }
    }

    /// Stops listening; a wait still going on ends with `CancellationError`.
    func close() {
        outcome.end(.failure(CancellationError()), claimed: false)
        channel.close(promise: nil)
    }

    private static func randomState() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Answers each request on one connection.
    private final class CallbackHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private let path: String
        private let state: String
        private let origin: Locked<String?>
        private let outcome: Outcome
        private var head: HTTPRequestHead?

        init(path: String, state: String, origin: Locked<String?>, outcome: Outcome) {
            self.path = path
            self.state = state
            self.origin = origin
            self.outcome = outcome
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                self.head = nil
                answer(head, context: context)
            }
        }

        private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
            let components = URLComponents(string: head.uri)
            let isOwnPath = components?.path == path
            let sentState = components?.queryItems?.first { $0.name == "state" }?.value
            let url = URL(string: (origin.withLock { $0 } ?? "") + head.uri)
            guard head.method == .GET, isOwnPath, sentState == state, let url, outcome.claim() else {
                let status: HTTPResponseStatus =
                    !isOwnPath ? .notFound : head.method != .GET ? .methodNotAllowed : .badRequest
                write(status, LoopbackPages.refused, context: context)
                return
            }
            write(.ok, LoopbackPages.signedIn, context: context) { [outcome] in
                outcome.end(.success(url), claimed: true)
            }
        }

        /// Writes a page and closes the connection; `then` runs once the page is written.
        private func write(
            _ status: HTTPResponseStatus, _ page: String, context: ChannelHandlerContext,
            then: (@Sendable () -> Void)? = nil
        ) {
            let body = context.channel.allocator.buffer(string: page)
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
            headers.add(name: "Content-Length", value: String(body.readableBytes))
            headers.add(name: "Cache-Control", value: "no-store")
            headers.add(name: "Connection", value: "close")
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                channel.close(promise: nil)
                then?()
            }
        }
    }
}

/// The pages the loopback listener answers with.
enum LoopbackPages {
    /// The page the browser shows once the login came back to the tool.
    static let signedIn = page(
        title: "Signed in",
        heading: "You're signed in",
        text: "The sign-in came back to accessenabler in your terminal. You can close this tab.")

    /// The page for any other request.
    static let refused = page(
        title: "Not this sign-in",
        heading: "This is not the sign-in accessenabler is waiting for",
        text: "Start the sign-in again from the terminal.")

    private static func page(title: String, heading: String, text: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <link rel="icon" href="data:,">
        <style>:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.5rem;line-height:1.25}</style>
        </head>
        <body>
        <main>
        <h1>\(heading)</h1>
        <p>\(text)</p>
        </main>
        </body>
        </html>

        """
    }
}
