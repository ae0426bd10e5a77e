import Foundation

/// Finds the built `accessenabler` executable: beside the test bundle in the build folder (the
/// test target depends on the executable, so `swift test` builds it), or where
/// `ACCESSENABLER_EXECUTABLE` says.
enum ToolLocator {
    static let executable: URL = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["ACCESSENABLER_EXECUTABLE"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() { folders.append(bundle) }
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL)
        for folder in folders {
            // On macOS the test bundle's executable is inside <name>.xctest/Contents/MacOS.
            var current = folder
            for _ in 0..<4 {
                candidates.append(current.appendingPathComponent("accessenabler"))
                current = current.deletingLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/accessenabler"))
        let found = candidates.first { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
        return found ?? candidates.last!
    }()
}
