/// The coding key of the SDK's JSON: each wire body and stored record names its fields with it in
/// an `init(from:)` (and `encode(to:)`) written by hand, instead of the `CodingKeys` enum the
/// compiler would synthesize per type, each with its own string switch, descriptions and
/// conformances (about 0.65 KB of an app's code per type; docs/performance.md). The names are
/// the JSON's, so what is sent, read and stored is what the synthesized code did. `package`: the
/// emulator lists an object's member names with it.
package struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    package let stringValue: String
    package init(stringValue: String) { self.stringValue = stringValue }
    package init(stringLiteral name: String) { stringValue = name }
    package var intValue: Int? { nil }
    package init?(intValue: Int) { nil }
}
