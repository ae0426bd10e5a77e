import ArgumentParser
import Foundation

extension AccessEnablerCommand {
    /// Exit status of a usage error (ArgumentParser's own is 64).
    static let usageErrorStatus: Int32 = 2

    /// Parses the arguments, runs the command and exits: 0 on success, 1 when the SDK or the
    /// server failed (the command has printed why), 2 for a usage error.
    public static func runAsMain(arguments: [String]? = nil) async -> Never {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                // --help, --version
                if !message.isEmpty { Console().out(message) }
                Foundation.exit(0)
            }
            if !message.isEmpty { Console().err(message) }
            Foundation.exit(code == .validationFailure ? usageErrorStatus : code.rawValue)
        }
    }
}
