import Foundation

/// The client information sent as `X-Device-Info` (Base64 of a JSON object).
///
/// The SDK computes one by default. Set ``AccessEnabler/Options/deviceInfo`` to replace it
/// entirely (Adobe merges nothing): supply as many keys as you can — at least `model`,
/// `version`, `osName`, `osVersion` and `connectionType`.
public struct DeviceInfo: Sendable, Hashable {
    /// Every key of the JSON object.
    public var fields: [String: JSONValue]

    /// Creates device info from its JSON fields.
    public init(fields: [String: JSONValue]) { self.fields = fields }

    /// Creates device info from the Base64-encoded JSON the legacy `device_info` option takes;
    /// nil when it is not Base64 of a JSON object.
    public init?(base64Encoded text: String) {
        guard let data = Data(base64Encoded: text),
            case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return nil }
        self.fields = fields
    }

    /// The device model, for example `iPhone` or `AppleTV`.
    public var model: String? {
        get { fields["model"]?.stringValue }
        set { fields["model"] = newValue.map(JSONValue.string) }
    }
    /// The operating system, for example `iOS` or `tvOS`.
    public var osName: String? {
        get { fields["osName"]?.stringValue }
        set { fields["osName"] = newValue.map(JSONValue.string) }
    }
    /// The operating system version, for example `17.4`.
    public var osVersion: String? {
        get { fields["osVersion"]?.stringValue }
        set { fields["osVersion"] = newValue.map(JSONValue.string) }
    }
    /// The application ID reported to Adobe.
    public var applicationId: String? {
        get { fields["applicationId"]?.stringValue }
        set { fields["applicationId"] = newValue.map(JSONValue.string) }
    }

    /// The header value: Base64 of the JSON object with sorted keys.
    public var base64EncodedJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(JSONValue.object(fields))) ?? Data("{}".utf8)).base64EncodedString()
    }

    /// What this device reports by default.
    public static var current: DeviceInfo {
        let os = ProcessInfo.processInfo.operatingSystemVersion
        var fields: [String: JSONValue] = [
            "model": .string(machineModel),
            "version": .string(machineModel),
            "osName": .string(osName),
            "osVersion": .string("\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"),
            "connectionType": .string("unknown"),
            "manufacturer": .string(manufacturer),
            "primaryHardwareType": .string(hardwareType),
        ]
        if let bundleID = Bundle.main.bundleIdentifier { fields["applicationId"] = .string(bundleID) }
        return DeviceInfo(fields: fields)
    }

    static var osName: String {
        #if os(iOS)
        return "iOS"
        #elseif os(tvOS)
        return "tvOS"
        #elseif os(macOS)
        return "macOS"
        #elseif os(Linux)
        return "Linux"
        #else
        return "Unknown"
        #endif
    }

    static var osVersion: String {
        let os = ProcessInfo.processInfo.operatingSystemVersion
        return "\(os.majorVersion).\(os.minorVersion)"
    }

    private static var manufacturer: String {
        #if canImport(Darwin)
        return "Apple"
        #else
        return "Unknown"
        #endif
    }

    private static var hardwareType: String {
        #if os(iOS)
        return "MobilePhone"
        #elseif os(tvOS)
        return "SetTopBox"
        #elseif os(macOS)
        return "Desktop"
        #else
        return "Unknown"
        #endif
    }

    private static var machineModel: String {
        var info = utsname()
        uname(&info)
        return withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
