import Foundation

/// Where the token storage file is when `--storage` is not given: a file in the user's
/// application-support folder, so that state persists between invocations.
///
/// - macOS: `~/Library/Application Support/accessenabler/storage.json`
/// - Linux and others: `$XDG_DATA_HOME/accessenabler/storage.json`, or
///   `~/.local/share/accessenabler/storage.json` when `XDG_DATA_HOME` is unset or not absolute.
enum DefaultStorageLocation {
    /// The folder name inside the application-support folder.
    static let folder = "accessenabler"
    /// The file name.
    static let file = "storage.json"

    /// The default storage file for `environment` (the process environment by default).
    static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        dataFolder(environment: environment)
            .appendingPathComponent(folder, isDirectory: true)
            .appendingPathComponent(file, isDirectory: false)
    }

    private static func dataFolder(environment: [String: String]) -> URL {
        #if os(macOS)
        if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
            return support
        }
        #endif
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local", isDirectory: true)
            .appendingPathComponent("share", isDirectory: true)
    }
}
