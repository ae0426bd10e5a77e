import ArgumentParser

/// Parses repeated `--data key=value` options.
enum KeyValuePairs {
    /// The pairs as a dictionary; a later key replaces an earlier one.
    ///
    /// - Throws: `ValidationError` (a usage error) for an item without `=` or with an empty key.
    static func parse(_ items: [String], option: String = "--data") throws -> [String: String] {
        var pairs: [String: String] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw ValidationError("\(option) takes key=value, with a non-empty key.")
            }
            pairs[String(item[..<equals])] = String(item[item.index(after: equals)...])
        }
        return pairs
    }
}
