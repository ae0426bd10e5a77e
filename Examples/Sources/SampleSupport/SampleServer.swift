import AccessEnabler
import Foundation

/// Where a sample app signs in: `accessenabler emulator serve` on this Mac (the default), or
/// Adobe's staging environment with your own requestor and software statement.
///
/// The environment variables are the `accessenabler` tool's, set in the Xcode scheme (Run ›
/// Arguments › Environment Variables): `ACCESSENABLER_STAGING=1`, `ACCESSENABLER_REQUESTOR`,
/// `ACCESSENABLER_SOFTWARE_STATEMENT`, `ACCESSENABLER_REDIRECT_URL`, and for the emulator
/// `ACCESSENABLER_SERVICE_PROVIDER` when it listens elsewhere than `http://127.0.0.1:8080`.
public struct SampleServer: Sendable, Hashable {
    /// What the app shows in its header: `emulator http://127.0.0.1:8080` or `Adobe staging`.
    public var name: String
    /// The requestor (channel) ID from the TVE Dashboard; `REF` in the emulator's scenario.
    public var requestorID: String
    /// The software statement; the emulator accepts any. Never shown or logged.
    public var softwareStatement: String
    /// Where Adobe Pass is served.
    public var environment: AccessEnabler.Environment
    /// Where login and logout pages end; the scheme registered in the TVE Dashboard.
    public var redirectURL: URL
    /// Where a viewer types the TV's code: the emulator's `/activate` page, or your site.
    public var activationURL: URL?

    /// The emulator's address when `accessenabler emulator serve --port 8080` runs on this Mac.
    /// The iOS and tvOS simulators share the Mac's loopback, and the SDK accepts plain `http`
    /// for loopback addresses only.
    public static let emulatorURL = URL(string: "http://127.0.0.1:8080")!

    /// The emulator at `url`, with its standard scenario's requestor `REF`.
    public static func emulator(at url: URL = emulatorURL) -> SampleServer {
        SampleServer(
            name: "emulator \(url.absoluteString)", requestorID: "REF", softwareStatement: "any",
            environment: AccessEnabler.Environment(serviceProviders: [url]),
            redirectURL: AccessEnabler.defaultRedirectURL,
            activationURL: url.appendingPathComponent("activate"))
    }

    /// The server the environment variables name; the emulator when they name none.
    public static func fromEnvironment(
        _ variables: [String: String] = ProcessInfo.processInfo.environment
    ) -> SampleServer {
        func value(_ name: String) -> String? {
            guard let text = variables[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
                return nil
            }
            return text
        }
        var server: SampleServer
        if value("ACCESSENABLER_STAGING") == "1" {
            server = SampleServer(
                name: "Adobe staging", requestorID: value("ACCESSENABLER_REQUESTOR") ?? "",
                softwareStatement: value("ACCESSENABLER_SOFTWARE_STATEMENT") ?? "",
                environment: .staging, redirectURL: AccessEnabler.defaultRedirectURL,
                activationURL: value("ACCESSENABLER_ACTIVATION_URL").flatMap(URL.init(string:)))
        } else {
            let url = value("ACCESSENABLER_SERVICE_PROVIDER").flatMap(URL.init(string:)) ?? emulatorURL
            server = .emulator(at: url)
            if let requestorID = value("ACCESSENABLER_REQUESTOR") { server.requestorID = requestorID }
        }
        if let redirect = value("ACCESSENABLER_REDIRECT_URL").flatMap(URL.init(string:)) {
            server.redirectURL = redirect
        }
        return server
    }

    /// What is missing before this server can be used, in one sentence; nil when nothing is.
    public var missingSetting: String? {
        if requestorID.isEmpty { return "Set ACCESSENABLER_REQUESTOR in the scheme's environment variables." }
        if softwareStatement.isEmpty {
            return "Set ACCESSENABLER_SOFTWARE_STATEMENT in the scheme's environment variables."
        }
        return nil
    }

    /// The SDK's configuration for this server.
    public func configuration() -> AccessEnabler.Configuration {
        var configuration = AccessEnabler.Configuration()
        configuration.environment = environment
        configuration.redirectURL = redirectURL
        configuration.activationURL = activationURL
        return configuration
    }
}
