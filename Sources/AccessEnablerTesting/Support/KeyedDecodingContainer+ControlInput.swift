import Foundation

/// The checks of ``ControlInput``'s bounds, made where a control value is decoded so that the
/// error names the field.
extension KeyedDecodingContainer {
    /// A duration in seconds: finite, from 0 to ``ControlInput/maximumSeconds``.
    func decodeSeconds(forKey key: Key) throws -> Duration {
        let seconds = try decode(Double.self, forKey: key)
        guard seconds.isFinite, (0...ControlInput.maximumSeconds).contains(seconds) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "must be a number of seconds from 0 to \(Int(ControlInput.maximumSeconds)) "
                    + "(ten years); got \(seconds)")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// An HTTP status in ``ControlInput/statuses``.
    func checkedStatus(_ status: Int, forKey key: Key) throws -> Int {
        guard ControlInput.statuses.contains(status) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "must be an HTTP status from \(ControlInput.statuses.lowerBound) to "
                    + "\(ControlInput.statuses.upperBound); got \(status)")
        }
        return status
    }

    /// A count from 0 to `maximum`.
    func checkedCount(_ count: Int, forKey key: Key, maximum: Int = .max) throws -> Int {
        guard (0...maximum).contains(count) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: maximum == .max
                    ? "must not be negative; got \(count)" : "must be from 0 to \(maximum); got \(count)")
        }
        return count
    }

    /// A header field value: printable ASCII, spaces and tabs (a line break would end the header).
    func checkedHeaderValue(_ value: String, forKey key: Key) throws -> String {
        let allowed = value.unicodeScalars.allSatisfy { $0 == "\t" || (0x20...0x7E).contains($0.value) }
        guard allowed else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "must be a header value: printable ASCII without line breaks or control characters")
        }
        return value
    }
}
