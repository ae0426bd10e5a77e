import Foundation

/// Decoding helpers for the lenient shapes the servers send.
enum WireDecoding {
    /// Decodes a JSON body into `T`; any failure is `server_response_format_unknown`.
    @_semantics("optimize.sil.specialize.generic.never")  // One copy for all types: docs/performance.md
    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPTransportResponse) throws(AccessEnablerError)
        -> T
    {
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "undecodable \(T.self)")
        }
    }
}

/// Epoch milliseconds sent either as a JSON number or as a JSON string.
struct EpochMilliseconds: Decodable, Sendable, Equatable {
    var value: Int64
    var date: Date { Date(epochMilliseconds: value) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            value = number
        } else if let double = try? container.decode(Double.self), double.isFinite {
            value = Int64(saturating: double)
        } else if let text = try? container.decode(String.self),
            let number = Int64(text.trimmingCharacters(in: .whitespaces))
        {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not epoch milliseconds")
        }
    }
}

/// A string that must be present and non-empty.
struct NonEmptyString: Decodable, Sendable {
    var value: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = try container.decode(String.self)
        if value.isEmpty { throw DecodingError.dataCorruptedError(in: container, debugDescription: "empty") }
    }
}
