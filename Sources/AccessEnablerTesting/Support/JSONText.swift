import AccessEnabler
import Foundation

/// A JSON value with ordered object members, written by hand: response bodies keep the field
/// order of Adobe's samples and cost no `JSONEncoder` round trip.
enum JSONText: Sendable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])
    case null

    /// `value` as a string, or `null` when it is nil.
    static func optional(_ value: String?) -> JSONText { value.map(JSONText.string) ?? .null }

    /// The UTF-8 text of the value.
    var data: Data {
        var output = ""
        write(to: &output)
        return Data(output.utf8)
    }

    func write(to output: inout String) {
        switch self {
        case .string(let value): Self.writeString(value, to: &output)
        case .integer(let value): output += String(value)
        case .number(let value): Self.writeNumber(value, to: &output)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.0, to: &output)
                output += ":"
                member.1.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeNumber(_ value: Double, to output: inout String) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            output += String(Int64(value))
        } else if value.isFinite {
            output += String(value)
        } else {
            output += "null"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONText {
    /// Converts the SDK's `JSONValue` (object members sorted by key, for stable output).
    init(_ value: JSONValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .array(let elements): self = .array(elements.map(JSONText.init))
        case .object(let members):
            self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, JSONText($0.value)) })
        }
    }
}
