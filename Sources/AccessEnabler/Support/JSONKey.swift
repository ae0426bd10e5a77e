/// The coding key of the SDK's JSON: each wire body and stored record names its fields with it in
/// an `init(from:)` (and `encode(to:)`) written by hand, instead of the `CodingKeys` enum the
/// compiler would synthesize per type, each with its own string switch, descriptions and
/// conformances (about 0.65 KB of an app's code per type; docs/performance.md). The names are
/// the JSON's, so what is sent, read and stored is what the synthesized code did.
struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    init(stringLiteral name: String) { stringValue = name }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
