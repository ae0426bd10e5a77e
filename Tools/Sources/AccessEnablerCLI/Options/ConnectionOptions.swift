import AccessEnabler
import ArgumentParser
import Foundation

/// The options every command that talks to a service provider takes: which service providers,
/// which requestor, which credentials, where the state is kept. Each has an environment
/// variable (``ToolEnvironment``); the command line wins.
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("service-provider"),
        help: ArgumentHelp(
            "A service provider URL (repeatable). Default: Adobe production, https://api.auth.adobe.com. "
                + "Env: \(ToolEnvironment.serviceProvider).",
            valueName: "url"))
    var serviceProviders: [String] = []

    @Flag(
        help: ArgumentHelp(
            "Use Adobe staging (https://api.auth-staging.adobe.com) instead of production. "
                + "Env: \(ToolEnvironment.staging)=1."))
    var staging = false

    @Option(
        help: ArgumentHelp(
            "The requestor (channel) ID from the TVE Dashboard (required). Env: \(ToolEnvironment.requestor).",
            valueName: "id"))
    var requestor: String?

    @Option(
        name: .customLong("software-statement"),
        help: ArgumentHelp(
            "The software statement (JWT) from the TVE Dashboard. Prefer --software-statement-file or "
                + "\(ToolEnvironment.softwareStatement): a command line is visible to other users.",
            valueName: "jwt"))
    var softwareStatement: String?

    @Option(
        name: .customLong("software-statement-file"),
        help: ArgumentHelp(
            "A file that holds the software statement. Env: \(ToolEnvironment.softwareStatementFile).",
            valueName: "path"))
    var softwareStatementFile: String?

    @Option(
        help: ArgumentHelp(
            "The token storage file. Default: accessenabler/storage.json in the user's application-support "
                + "folder ($XDG_DATA_HOME or ~/.local/share on Linux). Env: \(ToolEnvironment.storage).",
            valueName: "path"))
    var storage: String?

    @Option(
        name: .customLong("redirect-url"),
        help: ArgumentHelp(
            "Where the MVPD login and logout flows end. Default: \(AccessEnabler.defaultRedirectURL.absoluteString); "
                + "with service providers on this machine (the emulator), \(ConnectionOptions.loopbackRedirectURL.absoluteString), "
                + "which login catches itself (as it does any http://127.0.0.1 URL). Env: \(ToolEnvironment.redirectURL).",
            valueName: "url"))
    var redirectURL: String?

    @Option(
        name: .customLong("device-id-seed"),
        help: ArgumentHelp(
            "The seed of the device ID. Default: a random seed created on first use and kept in the storage. "
                + "Env: \(ToolEnvironment.deviceIDSeed).",
            valueName: "seed"))
    var deviceIDSeed: String?

    @Option(
        name: .customLong("service-token"),
        help: ArgumentHelp(
            "The viewer's service token (a JWS from your identity service), sent as AD-Service-Token for single "
                + "sign-on across devices (REST API v2). Prefer \(ToolEnvironment.serviceToken): a command line is "
                + "visible to other users.",
            valueName: "jws"))
    var serviceToken: String?

    @Option(
        help: ArgumentHelp(
            "The wire protocol: restV2 (default) or restV1. Env: \(ToolEnvironment.backend).",
            valueName: "backend"))
    var backend: AccessEnabler.Backend?

    mutating func validate() throws {
        _ = try settings()
    }

    /// The options resolved against `environment`: the command line first, then the variables,
    /// then the defaults.
    ///
    /// - Throws: `ValidationError` (a usage error) for a missing requestor or software statement,
    ///   conflicting choices, or a value that does not parse.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ConnectionSettings {
        let env = { ToolEnvironment.value($0, in: environment) }

        // Where: --service-provider / --staging, else the variables, else Adobe production.
        if staging, !serviceProviders.isEmpty {
            throw ValidationError("Give either --service-provider or --staging, not both.")
        }
        var providerTexts = serviceProviders
        var useStaging = staging
        var providerSource = "--service-provider"
        if providerTexts.isEmpty, !staging {
            let fromEnvironment = env(ToolEnvironment.serviceProvider).map(Self.splitList) ?? []
            let stagingFromEnvironment = try env(ToolEnvironment.staging).map(Self.parseBoolean) ?? false
            if !fromEnvironment.isEmpty, stagingFromEnvironment {
                throw ValidationError(
                    "\(ToolEnvironment.serviceProvider) and \(ToolEnvironment.staging) are both set; unset one.")
            }
            providerTexts = fromEnvironment
            useStaging = stagingFromEnvironment
            providerSource = ToolEnvironment.serviceProvider
        }
        let providers = try providerTexts.map { text in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "https" || scheme == "http", url.host != nil
            else {
                throw ValidationError(
                    "\(providerSource) takes an http(s) URL such as https://api.auth.adobe.com; got \"\(text)\".")
            }
            return url
        }

        guard let requestorID = requestor ?? env(ToolEnvironment.requestor) else {
            throw ValidationError(
                "Give the requestor ID with --requestor or \(ToolEnvironment.requestor) (for the emulator: REF).")
        }
        if requestorID.isEmpty { throw ValidationError("--requestor must not be empty.") }

        let redirectText =
            redirectURL ?? env(ToolEnvironment.redirectURL)
            ?? Self.defaultRedirectURL(serviceProviders: providers).absoluteString
        guard let redirect = URL(string: redirectText), redirect.scheme != nil else {
            throw ValidationError(
                "--redirect-url takes an absolute URL such as adobepass://ios.app; got \"\(redirectText)\".")
        }

        let chosenBackend: AccessEnabler.Backend
        if let backend {
            chosenBackend = backend
        } else if let text = env(ToolEnvironment.backend) {
            guard let parsed = AccessEnabler.Backend(rawValue: text) else {
                throw ValidationError("\(ToolEnvironment.backend) must be restV2 or restV1; got \"\(text)\".")
            }
            chosenBackend = parsed
        } else {
            chosenBackend = AccessEnabler.Configuration().backend
        }

        let token = serviceToken ?? env(ToolEnvironment.serviceToken)
        if let token, !Self.isCompactJWS(token) {
            throw ValidationError(
                "\(serviceToken != nil ? "--service-token" : ToolEnvironment.serviceToken) takes a JWS: three "
                    + "Base64URL parts separated by dots.")
        }
        if token != nil, chosenBackend != .restV2 {
            throw ValidationError(
                "A service token needs REST API v2 (--backend restV2): REST API v1 has no AD-Service-Token.")
        }

        return ConnectionSettings(
            serviceProviders: providers,
            staging: useStaging,
            requestorID: requestorID,
            softwareStatement: try resolvedSoftwareStatement(environment: environment),
            storageURL: (storage ?? env(ToolEnvironment.storage)).map { URL(fileURLWithPath: $0) }
                ?? DefaultStorageLocation.url(environment: environment),
            redirectURL: redirect,
            deviceIDSeed: deviceIDSeed ?? env(ToolEnvironment.deviceIDSeed),
            serviceToken: token,
            backend: chosenBackend)
    }

    /// Whether `text` is a compact JWS: three parts of the Base64URL alphabet, the first two not
    /// empty (the value never appears in a message).
    static func isCompactJWS(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && !parts[0].isEmpty && !parts[1].isEmpty
            && parts.allSatisfy { part in
                part.unicodeScalars.allSatisfy {
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
                }
            }
    }

    /// The redirect URL against service providers on this machine (the emulator): a loopback URL
    /// `login` listens on itself, on a port the system picks (RFC 8252 §7.3), so the browser's
    /// last redirect comes back to the tool instead of a custom scheme nothing on this machine opens.
    static let loopbackRedirectURL = URL(string: "http://127.0.0.1/accessenabler/redirect")!

    /// The redirect URL when none is given: ``loopbackRedirectURL`` when every service provider
    /// is on this machine's loopback (the emulator), else the SDK's default.
    static func defaultRedirectURL(serviceProviders: [URL]) -> URL {
        let onThisMachine =
            !serviceProviders.isEmpty
            && serviceProviders.allSatisfy { provider in
                guard let host = provider.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                else { return false }
                return host == "localhost" || host == "::1" || host.hasPrefix("127.")
            }
        return onThisMachine ? loopbackRedirectURL : AccessEnabler.defaultRedirectURL
    }

    /// The software statement: `--software-statement`, `--software-statement-file`, then
    /// `ACCESSENABLER_SOFTWARE_STATEMENT_FILE` or `ACCESSENABLER_SOFTWARE_STATEMENT`.
    ///
    /// - Throws: `ValidationError` (a usage error) when none is given, two are, or the file is unreadable.
    func resolvedSoftwareStatement(environment: [String: String]) throws -> String {
        if softwareStatement != nil, softwareStatementFile != nil {
            throw ValidationError("Give either --software-statement or --software-statement-file, not both.")
        }
        let statement: String
        if let softwareStatement {
            statement = softwareStatement
        } else if let path = softwareStatementFile {
            statement = try Self.read(path, option: "--software-statement-file")
        } else {
            let file = ToolEnvironment.value(ToolEnvironment.softwareStatementFile, in: environment)
            let text = ToolEnvironment.value(ToolEnvironment.softwareStatement, in: environment)
            switch (file, text) {
            case (.some, .some):
                throw ValidationError(
                    "\(ToolEnvironment.softwareStatementFile) and \(ToolEnvironment.softwareStatement) are both set; "
                        + "unset one.")
            case (.some(let path), nil):
                statement = try Self.read(path, option: ToolEnvironment.softwareStatementFile)
            case (nil, .some(let value)):
                statement = value
            case (nil, nil):
                throw ValidationError(
                    "Give the software statement with --software-statement-file, \(ToolEnvironment.softwareStatement) "
                        + "or \(ToolEnvironment.softwareStatementFile) (the emulator accepts any text).")
            }
        }
        let trimmed = statement.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError("The software statement is empty.") }
        return trimmed
    }

    private static func read(_ path: String, option: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("The software statement file \(path) (\(option)) cannot be read.")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `a b,c` → `["a", "b", "c"]`.
    static func splitList(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }

    static func parseBoolean(_ text: String) throws -> Bool {
        switch text.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default:
            throw ValidationError("\(ToolEnvironment.staging) must be 1 or 0 (true/false, yes/no); got \"\(text)\".")
        }
    }
}

/// The connection options after the environment and the defaults were applied.
struct ConnectionSettings: Sendable {
    /// The service providers given (empty: the environment's, production or staging).
    var serviceProviders: [URL]
    var staging: Bool
    var requestorID: String
    var softwareStatement: String
    var storageURL: URL
    var redirectURL: URL
    var deviceIDSeed: String?
    /// The service token sent as `AD-Service-Token`, when given.
    var serviceToken: String?
    var backend: AccessEnabler.Backend
}
