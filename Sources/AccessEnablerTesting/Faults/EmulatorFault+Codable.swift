import Foundation

/// JSON form: `{"kind": "status", "status": 500, "body": "…", "contentType": "text/plain"}`,
/// `{"kind": "html", "status": 502}`, `{"kind": "delay", "seconds": 0.5}`,
/// `{"kind": "tooManyRequests", "retryAfter": "1"}`, `{"kind": "largeBody", "bytes": 100000}`, or
/// just the kind as a string for the faults without parameters (`"dropConnection"`). `hold` has
/// no JSON form: encoding it throws.
///
/// Decoding checks bounds, so that a control request cannot crash a server: `seconds` finite,
/// from 0 to ten years; statuses 100–599; `bytes` from 0 to 64 MiB; `contentType` and
/// `retryAfter` valid header values.
extension EmulatorFault: Codable {
    private enum Kind: String, Codable {
        case status, malformedJSON, html, delay, dropConnection, timeout, tooManyRequests, wrongTypes
        case emptyBody, largeBody
    }

    private enum CodingKeys: String, CodingKey { case kind, status, body, contentType, seconds, retryAfter, bytes }

    /// Decodes a fault from its object form or, for faults without parameters, from its kind.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let kind = try? single.decode(Kind.self) {
            self = try Self.withoutParameters(kind, codingPath: decoder.codingPath)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .status:
            let contentType = try container.decodeIfPresent(String.self, forKey: .contentType) ?? "text/plain"
            self = .status(
                try container.checkedStatus(container.decode(Int.self, forKey: .status), forKey: .status),
                body: try container.decodeIfPresent(String.self, forKey: .body) ?? "",
                contentType: try container.checkedHeaderValue(contentType, forKey: .contentType))
        case .html:
            let status = try container.decodeIfPresent(Int.self, forKey: .status) ?? 502
            self = .html(status: try container.checkedStatus(status, forKey: .status))
        case .delay:
            self = .delay(try container.decodeSeconds(forKey: .seconds))
        case .tooManyRequests:
            let retryAfter = try container.decodeIfPresent(String.self, forKey: .retryAfter)
            self = .tooManyRequests(
                retryAfter: try retryAfter.map { try container.checkedHeaderValue($0, forKey: .retryAfter) })
        case .largeBody:
            let bytes = try container.decode(Int.self, forKey: .bytes)
            self = .largeBody(
                bytes: try container.checkedCount(bytes, forKey: .bytes, maximum: ControlInput.maximumBodyBytes))
        case let kind:
            self = try Self.withoutParameters(kind, codingPath: decoder.codingPath)
        }
    }

    private static func withoutParameters(_ kind: Kind, codingPath: [any CodingKey]) throws -> EmulatorFault {
        switch kind {
        case .malformedJSON: return .malformedJSON
        case .dropConnection: return .dropConnection
        case .timeout: return .timeout
        case .wrongTypes: return .wrongTypes
        case .emptyBody: return .emptyBody
        case .tooManyRequests: return .tooManyRequests(retryAfter: nil)
        case .html: return .html(status: 502)
        case .status, .delay, .largeBody:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath, debugDescription: "The fault '\(kind.rawValue)' needs parameters"))
        }
    }

    /// Encodes the object form; throws `EncodingError` for `hold`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .status(status, body, contentType):
            try container.encode(Kind.status, forKey: .kind)
            try container.encode(status, forKey: .status)
            try container.encode(body, forKey: .body)
            try container.encode(contentType, forKey: .contentType)
        case .malformedJSON: try container.encode(Kind.malformedJSON, forKey: .kind)
        case .html(let status):
            try container.encode(Kind.html, forKey: .kind)
            try container.encode(status, forKey: .status)
        case .delay(let duration):
            try container.encode(Kind.delay, forKey: .kind)
            try container.encode(duration.timeInterval, forKey: .seconds)
        case .dropConnection: try container.encode(Kind.dropConnection, forKey: .kind)
        case .timeout: try container.encode(Kind.timeout, forKey: .kind)
        case .tooManyRequests(let retryAfter):
            try container.encode(Kind.tooManyRequests, forKey: .kind)
            try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
        case .wrongTypes: try container.encode(Kind.wrongTypes, forKey: .kind)
        case .emptyBody: try container.encode(Kind.emptyBody, forKey: .kind)
        case .largeBody(let bytes):
            try container.encode(Kind.largeBody, forKey: .kind)
            try container.encode(bytes, forKey: .bytes)
        case .hold:
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath, debugDescription: "A hold fault has no JSON form"))
        }
    }
}
