/// What a command prints when it succeeds: one JSON object under `--json`, text for people
/// otherwise.
protocol CommandReport: Encodable, Sendable {
    /// The text for people (tables, one line per decision).
    var text: String { get }
}
