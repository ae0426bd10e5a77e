import Foundation

/// Opens a URL in the person's browser: the program in `$BROWSER`, else `open` on macOS, else
/// `xdg-open` when a desktop session is running (on a text console it could start a text browser
/// in the terminal the tool writes to).
struct BrowserOpener: Sendable {
    /// The program and the arguments before the URL.
    let command: [String]

    /// The opener of this machine, if it has one.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> BrowserOpener? {
        if let browser = environment["BROWSER"]?.trimmingCharacters(in: .whitespaces), !browser.isEmpty {
            // Like other tools, the first of a colon-separated list.
            let first = browser.split(separator: ":").first.map(String.init) ?? browser
            return BrowserOpener(command: first.split(separator: " ").map(String.init))
        }
        #if os(macOS)
        return executable(named: "open", environment: environment).map { BrowserOpener(command: [$0]) }
        #else
        let desktop = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard desktop else { return nil }
        return executable(named: "xdg-open", environment: environment).map { BrowserOpener(command: [$0]) }
        #endif
    }

    /// The path of `name` in the `PATH` of `environment`, if it is an executable there.
    static func executable(named name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts the browser on `url` without waiting for it; false when the program cannot start.
    func open(_ url: URL) -> Bool {
        guard let program = command.first else { return false }
        let process = Process()
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(command.dropFirst()) + [url.absoluteString]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command + [url.absoluteString]
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
