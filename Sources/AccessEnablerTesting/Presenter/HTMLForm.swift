import Foundation

/// Just enough HTML parsing to submit a login form the way a browser would: the first `<form>`,
/// its `action` and `method`, and its `<input>` fields.
struct HTMLForm: Sendable, Equatable {
    struct Input: Sendable, Equatable {
        var name: String
        var type: String
        var value: String
    }

    var action: String?
    var method: String
    var inputs: [Input]

    /// The first form in `html`, if any.
    init?(html: String) {
        let bytes = Array(html.utf8)
        guard let formStart = Self.find("<form", in: bytes, from: 0) else { return nil }
        let (formAttributes, bodyStart) = Self.attributes(in: bytes, afterTagNameAt: formStart + 5)
        let formEnd = Self.find("</form", in: bytes, from: bodyStart) ?? bytes.count
        action = formAttributes["action"]
        method = (formAttributes["method"] ?? "get").lowercased()
        inputs = []
        var cursor = bodyStart
        while let inputStart = Self.find("<input", in: bytes, from: cursor), inputStart < formEnd {
            let (attributes, next) = Self.attributes(in: bytes, afterTagNameAt: inputStart + 6)
            cursor = next
            guard let name = attributes["name"], !name.isEmpty else { continue }
            inputs.append(
                Input(
                    name: name, type: (attributes["type"] ?? "text").lowercased(),
                    value: attributes["value"] ?? ""))
        }
    }

    /// The first `<p class="error">` text of a page, if any (the emulator's login error).
    static func errorMessage(in html: String) -> String? {
        let bytes = Array(html.utf8)
        guard let start = find(#"class="error""#, in: bytes, from: 0),
            let close = bytes[start...].firstIndex(of: UInt8(ascii: ">")),
            let end = find("</", in: bytes, from: close)
        else { return nil }
        return decodeEntities(String(decoding: bytes[(close + 1)..<end], as: UTF8.self))
    }

    /// The index of `needle` (ASCII, matched case-insensitively) in `bytes`, from `start`.
    private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.lowercased().utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        outer: for index in start...(bytes.count - pattern.count) {
            for offset in 0..<pattern.count where lowercase(bytes[index + offset]) != pattern[offset] {
                continue outer
            }
            return index
        }
        return nil
    }

    /// Parses `name="value" name2=value2 flag` up to the closing `>`; returns the attributes
    /// (names lower-cased, values entity-decoded) and the index after `>`.
    private static func attributes(in bytes: [UInt8], afterTagNameAt start: Int) -> ([String: String], Int) {
        var result: [String: String] = [:]
        var index = start
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
        }
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { break }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: ">")
            { index += 1 }
            let name = String(decoding: bytes[nameStart..<index].map(lowercase), as: UTF8.self)
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
                    index += 1
                } else {
                    let valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            if !name.isEmpty, result[name] == nil { result[name] = decodeEntities(value) }
        }
        return (result, min(index + 1, bytes.count))
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Decodes the common named entities and numeric character references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                output += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let entity = rest[afterAmpersand..<semicolon]
            let replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    replacement = nil
                }
            }
            if let replacement {
                output += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                output += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return output + rest
    }
}
