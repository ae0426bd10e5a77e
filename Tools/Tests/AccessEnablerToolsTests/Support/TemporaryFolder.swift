import Foundation

/// A folder of its own for one test (storage files, scenario files), removed at the end.
struct TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("accessenabler-tools-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
