import AccessEnabler
import Foundation

/// The name/value pairs of a query string or an `application/x-www-form-urlencoded` body, parsed
/// from the raw text so that the raw (still encoded) values stay available.
struct FormParameters: Sendable {
    /// One pair, as sent and decoded.
    struct Pair: Sendable {
        var rawName: Substring
        var rawValue: Substring?
        var name: String
        var value: String?
    }

    private(set) var pairs: [Pair] = []

    init() {}

    /// Parses `name=value&name2=value2`. `+` decodes to a space, as servlet containers do.
    init(parsing raw: Substring) {
        guard !raw.isEmpty else { return }
        for piece in raw.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: "=") {
                let rawName = piece[..<equals]
                let rawValue = piece[piece.index(after: equals)...]
                pairs.append(
                    Pair(
                        rawName: rawName, rawValue: rawValue,
                        name: PercentEncoding.decode(rawName), value: PercentEncoding.decode(rawValue)))
            } else {
                pairs.append(Pair(rawName: piece, rawValue: nil, name: PercentEncoding.decode(piece), value: nil))
            }
        }
    }

    init(parsing raw: String) { self.init(parsing: raw[...]) }

    /// The decoded value of the first pair called `name` (an empty string for `name` alone).
    subscript(name: String) -> String? {
        guard let pair = pairs.first(where: { $0.name == name }) else { return nil }
        return pair.value ?? ""
    }

    /// The raw (still percent-encoded) value of the first pair called `name`.
    func rawValue(_ name: String) -> Substring? {
        guard let pair = pairs.first(where: { $0.name == name }) else { return nil }
        return pair.rawValue ?? ""
    }

    /// The decoded name of the last pair.
    var lastName: String? { pairs.last?.name }

    /// Appends the pairs of `other`.
    mutating func append(contentsOf other: FormParameters) { pairs.append(contentsOf: other.pairs) }

    /// Encodes pairs as `application/x-www-form-urlencoded` (RFC 3986 escaping).
    static func encode(_ items: [(String, String)]) -> String {
        items.map { PercentEncoding.encode($0.0) + "=" + PercentEncoding.encode($0.1) }.joined(separator: "&")
    }
}
