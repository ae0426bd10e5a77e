import AccessEnabler
import Foundation

/// The `getMetadata` request dictionary, typed.
///
/// Written as the legacy dictionary literal, so existing calls compile unchanged:
///
/// ```swift
/// accessEnabler.getMetadata([METADATA_OPCODE_KEY: Int(METADATA_USER_META), METADATA_USER_META_KEY: "zip"])
/// ```
///
/// It is handed back with the result in `setMetadataStatus(_:encrypted:forKey:andArguments:)` so
/// responses can be matched to requests (it is `Hashable`).
public struct MetadataArguments: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// Every entry, with values in their text form (numbers as decimal text).
    public let values: [String: String]

    /// Creates arguments from a legacy dictionary literal; numbers and strings are accepted.
    public init(dictionaryLiteral elements: (String, any Sendable)...) {
        var values: [String: String] = [:]
        for (key, value) in elements { values[key] = Self.text(value) }
        self.values = values
    }

    /// Creates arguments from their text form.
    public init(values: [String: String]) { self.values = values }

    /// The value for `key`, as text.
    public subscript(key: String) -> String? { values[key] }

    /// The operation (`METADATA_*`), when present and numeric.
    public var opcode: Int32? { values[METADATA_OPCODE_KEY].flatMap { Int32($0) } }

    private static func text(_ value: any Sendable) -> String {
        switch value {
        case let text as String: text
        case let number as Int: String(number)
        case let number as Int32: String(number)
        case let number as Int64: String(number)
        case let number as UInt: String(number)
        case let flag as Bool: flag ? "true" : "false"
        default: String(describing: value)
        }
    }
}

/// The `setOptions` dictionary, typed. Written as the legacy literal:
///
/// ```swift
/// accessEnabler.setOptions(["visitorID": ecid, "handleSVC": true, "applicationProfile": "tv"])
/// ```
///
/// Keys: `applicationProfile`, `visitorID` (also `ap_vi`), `handleSVC` (Boolean), `device_info`
/// (Base64 JSON). Unknown keys are ignored, as the legacy SDK did. The legacy SDK had no key for
/// the connection address home-based authentication needs: put `connectionIp` and
/// `connectionPort` in `device_info`, as its apps did, or wrap core options
/// (`AccessEnabler.Options.connectionIP`) with ``init(_:)``.
public struct LegacyOptions: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The options in the async core's form.
    public let options: AccessEnabler.Options

    /// Creates options from the legacy dictionary literal.
    public init(dictionaryLiteral elements: (String, any Sendable)...) {
        var options = AccessEnabler.Options()
        for (key, value) in elements {
            switch key {
            case "applicationProfile": options.applicationProfile = value as? String
            case "visitorID", "ap_vi": options.visitorID = value as? String
            case "handleSVC": options.handleSVC = (value as? Bool) ?? ((value as? String) == "true")
            case "device_info": options.deviceInfo = (value as? String).flatMap(DeviceInfo.init(base64Encoded:))
            default: break
            }
        }
        self.options = options
    }

    /// Wraps core options.
    public init(_ options: AccessEnabler.Options) { self.options = options }
}
