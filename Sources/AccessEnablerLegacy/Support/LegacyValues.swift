import AccessEnabler
import Foundation

// The untyped values of the legacy API (`NSArray`, `NSDictionary`, `id`), read into typed ones on
// the calling thread, and the core's typed results turned back into the Foundation values the
// legacy SDK delivered.

enum LegacyValues {
    /// The elements of a legacy array that are text (`String`/`NSString`), or URLs as text.
    static func strings(_ array: [Any]?) -> [String] {
        (array ?? []).compactMap(text)
    }

    /// A legacy `data` dictionary (key/value pairs forwarded to the server), as text.
    static func stringDictionary(_ dictionary: [AnyHashable: Any]?) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in dictionary ?? [:] {
            guard let key = text(key.base), let value = text(value) else { continue }
            result[key] = value
        }
        return result
    }

    /// A value as the text the legacy SDK sent: strings as they are, numbers in decimal, Booleans
    /// as `true`/`false`, URLs as their address; nil for anything else.
    static func text(_ value: Any) -> String? {
        switch value {
        case let text as String: return text
        case let url as URL: return url.absoluteString
        default:
            if let number = integer(value) { return String(number) }
            if let flag = value as? Bool { return flag ? "true" : "false" }
            return (value as? Double).map { String($0) }
        }
    }

    /// An integer however the app wrote it: `Int`, `Int32` (the `METADATA_*` constants as they are),
    /// another integer type, `NSNumber`, or decimal text.
    static func integer(_ value: Any) -> Int? {
        switch value {
        case let number as Int: return number
        case let number as Int32: return Int(number)
        case let number as Int64: return Int(exactly: number)
        case let number as Int16: return Int(number)
        case let number as Int8: return Int(number)
        case let number as UInt: return Int(exactly: number)
        case let number as UInt32: return Int(number)
        case let number as UInt64: return Int(exactly: number)
        case let number as Double: return Int(exactly: number)
        case let text as String: return Int(text)
        default: return nil
        }
    }

    /// The value of `key` in a legacy dictionary whose keys are strings.
    static func value(_ key: String, in dictionary: [AnyHashable: Any]?) -> Any? {
        dictionary?[AnyHashable(key)]
    }

    /// A value of the core's metadata as the legacy SDK delivered it: a JSON string as `String`,
    /// anything else as the Foundation objects `JSONSerialization` makes of its JSON (dictionaries
    /// and arrays that bridge to `NSDictionary`/`NSArray`, `NSNumber`, `NSNull`).
    static func foundationValue(_ value: JSONValue) -> Any? {
        if case .string(let text) = value { return text }
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    }
}

/// What one `setOptions:` dictionary changes, read on the calling thread. Each key the
/// dictionary names is set, or removed when its value is an empty string or `NSNull`; a key it does
/// not name keeps the value it had. Keys: `applicationProfile`, `visitorID` (also `ap_vi`),
/// `handleSVC` (Boolean), `device_info` (Base64 JSON); others are ignored, as the legacy SDK did.
/// A value that cannot be read (a `device_info` that is not Base64 JSON, a dictionary where text
/// belongs) changes nothing.
struct LegacyOptionsUpdate: Sendable, Equatable {
    /// A change to one option: a new value, or back to none.
    enum Change<Value: Sendable & Equatable>: Sendable, Equatable {
        case set(Value)
        case remove

        /// The option after this change.
        var value: Value? {
            switch self {
            case .set(let value): value
            case .remove: nil
            }
        }
    }

    var applicationProfile: Change<String>?
    var visitorID: Change<String>?
    var handleSVC: Change<Bool>?
    var deviceInfo: Change<DeviceInfo>?
    /// `svcRedirectURL`, which the property sets rather than the dictionary.
    var safariRedirectURL: Change<URL>?

    init() {}

    init(_ dictionary: [AnyHashable: Any]?) {
        for (key, value) in dictionary ?? [:] {
            let removed = Self.isRemoval(value)
            switch key.base as? String {
            case "applicationProfile":
                applicationProfile = removed ? .remove : LegacyValues.text(value).map(Change.set) ?? applicationProfile
            case "visitorID", "ap_vi":
                visitorID = removed ? .remove : LegacyValues.text(value).map(Change.set) ?? visitorID
            case "handleSVC":
                handleSVC = removed ? .remove : Self.flag(value).map(Change.set) ?? handleSVC
            case "device_info":
                let info = LegacyValues.text(value).flatMap(DeviceInfo.init(base64Encoded:))
                deviceInfo = removed ? .remove : info.map(Change.set) ?? deviceInfo
            default: break
            }
        }
    }

    /// `options` with these changes.
    func applied(to options: AsyncAccessEnabler.Options) -> AsyncAccessEnabler.Options {
        var options = options
        if let applicationProfile { options.applicationProfile = applicationProfile.value }
        if let visitorID { options.visitorID = visitorID.value }
        if let handleSVC { options.handleSVC = handleSVC.value ?? false }
        if let deviceInfo { options.deviceInfo = deviceInfo.value }
        if let safariRedirectURL { options.safariRedirectURL = safariRedirectURL.value }
        return options
    }

    /// Whether `value` removes its key: an empty string, `NSNull`, or a nil optional.
    static func isRemoval(_ value: Any) -> Bool {
        if value is NSNull { return true }
        if let text = value as? String { return text.isEmpty }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    /// A Boolean however the app wrote it: `Bool`/`NSNumber`, `1`/`0`, `"true"`/`"false"`.
    static func flag(_ value: Any) -> Bool? {
        if let flag = value as? Bool { return flag }
        if let number = LegacyValues.integer(value), number == 0 || number == 1 { return number == 1 }
        switch LegacyValues.text(value)?.lowercased() {
        case "true"?: return true
        case "false"?: return false
        default: return nil
        }
    }
}

extension LegacyOptionsUpdate {
    /// The `setOptions:` key of the service token (REST API v2 `AD-Service-Token`), a key the
    /// Objective-C SDK never had. The token is not an option of the core (the adapter gives it to
    /// the core on its own, at once), so it is read on its own, by the same rules as the other keys.
    static let serviceTokenKey = "serviceToken"

    /// The change `dictionary` makes to the service token: a new one, its removal (an empty
    /// string, `NSNull`), or nil when it does not name the key or its value is not text.
    static func serviceToken(in dictionary: [AnyHashable: Any]?) -> Change<String>? {
        guard let value = LegacyValues.value(serviceTokenKey, in: dictionary) else { return nil }
        if isRemoval(value) { return .remove }
        return (value as? String).map(Change.set)
    }
}

/// A `getMetadata:` request dictionary, read.
struct MetadataRequest: Sendable, Hashable {
    /// `METADATA_OPCODE_KEY`, when present and numeric.
    var opcode: Int32?
    /// `METADATA_RESOURCE_ID_KEY`.
    var resource: String?
    /// `METADATA_USER_META_KEY`.
    var userMetadataName: String?

    init(_ dictionary: [AnyHashable: Any]?) {
        opcode = LegacyValues.value(METADATA_OPCODE_KEY, in: dictionary).flatMap(LegacyValues.integer).flatMap {
            Int32(exactly: $0)
        }
        resource = LegacyValues.value(METADATA_RESOURCE_ID_KEY, in: dictionary).flatMap(LegacyValues.text)
        userMetadataName = LegacyValues.value(METADATA_USER_META_KEY, in: dictionary).flatMap(LegacyValues.text)
    }

    init(opcode: Int32?, resource: String? = nil, userMetadataName: String? = nil) {
        self.opcode = opcode
        self.resource = resource
        self.userMetadataName = userMetadataName
    }

    /// The core's key for it, or nil when the dictionary names no known operation.
    var key: MetadataKey? {
        switch opcode {
        case METADATA_AUTHENTICATION: return .authenticationExpiry
        case METADATA_AUTHORIZATION: return resource.map { .authorizationExpiry(resource: $0) }
        case METADATA_DEVICE_ID: return .deviceID
        case METADATA_USER_META: return userMetadataName.map { .userMetadata($0) }
        default: return nil
        }
    }
}

/// The Apple TV Provider picker filter of `getAuthentication:` (`TV_PROVIDERS`,
/// `FEATURED_TV_PROVIDERS`), read. Only the Apple picker uses it (issue 14); the regular flow
/// ignores it, as the legacy SDK did when no MVPD supports single sign-on.
struct ProviderFilter: Sendable, Hashable {
    var tvProviders: [String]
    var featuredTVProviders: [String]

    init(_ dictionary: [AnyHashable: Any]?) {
        tvProviders = LegacyValues.strings(LegacyValues.value(TV_PROVIDERS, in: dictionary) as? [Any])
        featuredTVProviders = LegacyValues.strings(LegacyValues.value(FEATURED_TV_PROVIDERS, in: dictionary) as? [Any])
    }
}

/// A value handed back to the app untouched on the main thread (the `arguments` of
/// `setMetadataStatus`): the adapter never reads or changes it after the call that received it.
struct Untouched<Value>: @unchecked Sendable {
    let value: Value
}
