import AccessEnabler
import ArgumentParser
import Foundation

/// The options every command that talks to a service provider takes.
struct ClientOptions: ParsableArguments {
    /// The environment variable read when neither `--software-statement` nor
    /// `--software-statement-file` is given.
    static let softwareStatementVariable = "ACCESSENABLER_SOFTWARE_STATEMENT"

    @Option(
        name: .customLong("service-provider"),
        help: ArgumentHelp(
            "A service provider URL (repeatable). Default: Adobe production, https://api.auth.adobe.com.",
            valueName: "url"))
    var serviceProviders: [String] = []

    @Flag(help: "Use Adobe staging (https://api.auth-staging.adobe.com) instead of production.")
    var staging = false

    @Option(help: ArgumentHelp("The requestor (channel) ID from the TVE Dashboard.", valueName: "id"))
    var requestor: String

    @Option(
        name: .customLong("software-statement"),
        help: ArgumentHelp(
            "The software statement (JWT) from the TVE Dashboard. Prefer --software-statement-file or "
                + "$\(ClientOptions.softwareStatementVariable): a command line is visible to other users.",
            valueName: "jwt"))
    var softwareStatement: String?

    @Option(
        name: .customLong("software-statement-file"),
        help: ArgumentHelp("A file that holds the software statement.", valueName: "path"))
    var softwareStatementFile: String?

    @Option(
        help: ArgumentHelp(
            "The token storage file. Default: accessenabler/storage.json in the user's application-support "
                + "folder ($XDG_DATA_HOME or ~/.local/share on Linux).",
            valueName: "path"))
    var storage: String?

    @Option(
        name: .customLong("redirect-url"),
        help: ArgumentHelp("Where the MVPD login and logout flows end.", valueName: "url"))
    var redirectURL: String = AccessEnabler.defaultRedirectURL.absoluteString

    @Option(
        name: .customLong("device-id-seed"),
        help: ArgumentHelp(
            "The seed of the device ID. Default: a random seed created on first use and kept in the storage.",
            valueName: "seed"))
    var deviceIDSeed: String?

    @Option(help: "The wire protocol.")
    var backend: AccessEnabler.Backend = AccessEnabler.Configuration().backend

    @Flag(help: "Print one JSON object on standard output instead of text for people.")
    var json = false

    @Flag(help: "Print the SDK's log lines (which never hold secrets) on standard error.")
    var verbose = false

    mutating func validate() throws {
        if staging, !serviceProviders.isEmpty {
            throw ValidationError("Give either --service-provider or --staging, not both.")
        }
        _ = try serviceProviderURLs()
        _ = try parsedRedirectURL()
        if requestor.isEmpty { throw ValidationError("--requestor must not be empty.") }
        if softwareStatement != nil, softwareStatementFile != nil {
            throw ValidationError("Give either --software-statement or --software-statement-file, not both.")
        }
        _ = try resolvedSoftwareStatement()
    }

    /// The `--service-provider` URLs (empty: the environment's).
    func serviceProviderURLs() throws -> [URL] {
        try serviceProviders.map { text in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "https" || scheme == "http", url.host != nil
            else {
                throw ValidationError("--service-provider takes an http(s) URL such as https://api.auth.adobe.com.")
            }
            return url
        }
    }

    /// The `--redirect-url`.
    func parsedRedirectURL() throws -> URL {
        guard let url = URL(string: redirectURL), url.scheme != nil else {
            throw ValidationError("--redirect-url takes an absolute URL such as adobepass://ios.app.")
        }
        return url
    }

    /// The software statement: from `--software-statement`, `--software-statement-file`, or the
    /// environment variable, in that order.
    ///
    /// - Throws: `ValidationError` (a usage error) when none is given or the file is unreadable.
    func resolvedSoftwareStatement(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> String
    {
        let statement: String
        if let softwareStatement {
            statement = softwareStatement
        } else if let softwareStatementFile {
            guard let data = FileManager.default.contents(atPath: softwareStatementFile) else {
                throw ValidationError("The software statement file \(softwareStatementFile) cannot be read.")
            }
            statement = String(decoding: data, as: UTF8.self)
        } else if let fromEnvironment = environment[Self.softwareStatementVariable] {
            statement = fromEnvironment
        } else {
            throw ValidationError(
                "Give the software statement with --software-statement-file, --software-statement, or "
                    + "$\(Self.softwareStatementVariable).")
        }
        let trimmed = statement.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError("The software statement is empty.") }
        return trimmed
    }

    /// The storage file: `--storage`, or the default location.
    var storageURL: URL {
        if let storage { return URL(fileURLWithPath: storage) }
        return DefaultStorageLocation.url()
    }
}
