import Foundation

/// The environment variables the tool reads: every connection option has one, so that a shell
/// session sets them once (`export ACCESSENABLER_REQUESTOR=REF`) instead of repeating them —
/// the same in bash, zsh and sh, without relying on word splitting. An option given on the
/// command line replaces its variable; an empty variable counts as unset.
enum ToolEnvironment {
    static let serviceProvider = "ACCESSENABLER_SERVICE_PROVIDER"
    static let staging = "ACCESSENABLER_STAGING"
    static let requestor = "ACCESSENABLER_REQUESTOR"
    static let softwareStatement = "ACCESSENABLER_SOFTWARE_STATEMENT"
    static let softwareStatementFile = "ACCESSENABLER_SOFTWARE_STATEMENT_FILE"
    static let storage = "ACCESSENABLER_STORAGE"
    static let redirectURL = "ACCESSENABLER_REDIRECT_URL"
    static let deviceIDSeed = "ACCESSENABLER_DEVICE_ID_SEED"
    static let serviceToken = "ACCESSENABLER_SERVICE_TOKEN"
    static let backend = "ACCESSENABLER_BACKEND"
    static let emulatorURL = "ACCESSENABLER_EMULATOR_URL"

    /// Each variable and what it holds, for `--help` and the README.
    static let documentation: [(name: String, meaning: String)] = [
        (serviceProvider, "--service-provider: one URL, or several separated by spaces or commas"),
        (staging, "--staging when 1, true or yes"),
        (requestor, "--requestor"),
        (softwareStatement, "--software-statement (preferred to the option: a command line is visible to other users)"),
        (softwareStatementFile, "--software-statement-file"),
        (storage, "--storage"),
        (redirectURL, "--redirect-url"),
        (deviceIDSeed, "--device-id-seed"),
        (serviceToken, "--service-token (preferred to the option: a command line is visible to other users)"),
        (backend, "--backend (restV2 or restV1)"),
        (emulatorURL, "--emulator-url of the emulator control commands (default http://127.0.0.1:8080)"),
    ]

    /// The ENVIRONMENT section of the root command's help.
    static var helpSection: String {
        HelpText.definitions(
            "ENVIRONMENT (an option on the command line replaces its variable):",
            documentation.map { (term: $0.name, meaning: $0.meaning) })
    }

    /// The value of `name` in `environment`, nil when unset or empty.
    static func value(_ name: String, in environment: [String: String]) -> String? {
        guard let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }
}
