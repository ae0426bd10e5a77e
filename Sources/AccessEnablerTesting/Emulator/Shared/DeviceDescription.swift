import Foundation

/// The normalized `device` object of a v2 session-information answer, built from the creating
/// request's `X-Device-Info` (and `User-Agent`) in the shape of Adobe's sample.
enum DeviceDescription {
    static func json(deviceInfo: String?, userAgent: String?) -> JSONText {
        let info = deviceInfo.flatMap { Base64Text.decodeJSONObject($0)?.object } ?? [:]
        func string(_ key: String) -> JSONText { JSONText.optional(info[key] as? String) }
        func number(_ key: String) -> JSONText {
            switch info[key] {
            case let value as Int: return .integer(Int64(value))
            case let value as Double: return .number(value)
            case let value as NSNumber: return .number(value.doubleValue)
            case let text as String: return Double(text).map(JSONText.number) ?? .integer(0)
            default: return .integer(0)
            }
        }
        let versionText = info["version"] as? String
        return .object([
            ("type", .string(info["primaryHardwareType"] as? String ?? info["type"] as? String ?? "Unknown")),
            ("model", string("model")),
            ("version", version(versionText)),
            (
                "hardware",
                .object([
                    ("name", string("model")),
                    ("vendor", string("vendor")),
                    ("version", version(versionText)),
                    ("manufacturer", string("manufacturer")),
                ])
            ),
            (
                "operatingSystem",
                .object([
                    ("name", string("osName")),
                    ("family", JSONText.optional(info["osFamily"] as? String ?? info["osName"] as? String)),
                    ("vendor", string("osVendor")),
                    ("version", version(info["osVersion"] as? String)),
                ])
            ),
            (
                "browser",
                .object([
                    ("name", string("browserName")),
                    ("vendor", string("browserVendor")),
                    ("version", version(info["browserVersion"] as? String)),
                    ("userAgent", JSONText.optional(info["userAgent"] as? String ?? userAgent)),
                    ("originalUserAgent", JSONText.optional(userAgent)),
                ])
            ),
            (
                "display",
                .object([
                    ("width", number("displayWidth")),
                    ("height", number("displayHeight")),
                    ("ppi", number("displayPpi")),
                    ("name", .string("DISPLAY")),
                    ("vendor", .null),
                    ("version", .null),
                    ("diagonalSize", info["diagonalScreenSize"] == nil ? .null : number("diagonalScreenSize")),
                ])
            ),
            ("applicationId", string("applicationId")),
            (
                "connection",
                .object([
                    ("ipAddress", JSONText.optional(info["connectionIp"] as? String ?? "127.0.0.1")),
                    ("port", .string(info["connectionPort"].map { "\($0)" } ?? "0")),
                    ("secure", .bool(Self.flag(info["connectionSecure"]))),
                    ("type", string("connectionType")),
                ])
            ),
        ])
    }

    /// `{major, minor, patch, profile}` from a dotted version such as `17.4.1` (missing parts 0,
    /// anything after the numbers in `profile`).
    private static func version(_ text: String?) -> JSONText {
        var numbers: [Int64] = []
        var profile = ""
        if let text {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                if numbers.count < 3, let value = Int64(part) {
                    numbers.append(value)
                } else {
                    profile = parts[position...].joined(separator: ".")
                    break
                }
            }
        }
        while numbers.count < 3 { numbers.append(0) }
        return .object([
            ("major", .integer(numbers[0])), ("minor", .integer(numbers[1])), ("patch", .integer(numbers[2])),
            ("profile", .string(profile)),
        ])
    }

    private static func flag(_ value: Any?) -> Bool {
        if let flag = value as? Bool { return flag }
        if let text = value as? String { return text.lowercased() == "true" }
        return false
    }
}
