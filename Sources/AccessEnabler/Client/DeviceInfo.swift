import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The client information sent as `X-Device-Info` (Base64 of a JSON object).
///
/// The SDK computes one by default, with the keys of Adobe's X-Device-Info appendix that the
/// platform can know and, where the appendix restricts a key to a list, a value from that list.
/// Set ``AccessEnabler/Options/deviceInfo`` to replace it entirely (Adobe merges nothing):
/// supply as many keys as you can — at least `model`, `version`, `osName`, `osVersion` and
/// `connectionType`.
public struct DeviceInfo: Sendable, Equatable {
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
    /// The operating system, from the appendix's list: for example `iOS`, `tvOS` or `Mac OS`.
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

    /// What this device reports by default: hardware, operating system and application. The
    /// connection type is added per request (it changes while the app runs), and the connection
    /// address only when the app supplies it (``AccessEnabler/Options/connectionIP``).
    public static var current: DeviceInfo { computed }

    /// Computed once: the hardware and the OS do not change while the process runs.
    private static let computed = make(
        platform: .current, hardware: .current, osVersion: ProcessInfo.processInfo.operatingSystemVersion,
        applicationID: Bundle.main.bundleIdentifier)

    /// The device info of a device: a pure function of what the platform reports, so each
    /// platform's mapping is tested on every platform.
    static func make(
        platform: Platform, hardware: Hardware, osVersion os: OperatingSystemVersion, applicationID: String?
    ) -> DeviceInfo {
        var fields: [String: JSONValue] = [
            "primaryHardwareType": .string(hardware.primaryHardwareType ?? platform.primaryHardwareType),
            "osVersion": .string("\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"),
        ]
        func set(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { fields[key] = .string(value) }
        }
        set("model", hardware.model)
        set("version", hardware.version)
        set("manufacturer", hardware.manufacturer)
        set("vendor", hardware.vendor)
        set("osName", platform.osName)
        set("osFamily", platform.osFamily)
        set("osVendor", platform.osVendor)
        set("applicationId", applicationID)
        return DeviceInfo(fields: fields)
    }

    /// The legacy SDK's tracking device type (`mobile`, `tablet`, `computer`, `unknown`; its list
    /// has no television, so an Apple TV is `unknown`), from the same facts.
    static func trackingDeviceType(platform: Platform, hardware: Hardware) -> String {
        switch hardware.primaryHardwareType ?? platform.primaryHardwareType {
        case "MobilePhone", "MediaPlayer": "mobile"
        case "Tablet": "tablet"
        case "Desktop": "computer"
        default: platform == .linux ? "computer" : "unknown"
        }
    }

    /// ``trackingDeviceType(platform:hardware:)`` of this device.
    package static var currentTrackingDeviceType: String {
        trackingDeviceType(platform: .current, hardware: .current)
    }

    /// The OS name for `User-Agent`: the appendix's name where it has one.
    static var osName: String { Platform.current.osName ?? Platform.current.osFamily ?? "Unknown" }

    static var osVersion: String {
        let os = ProcessInfo.processInfo.operatingSystemVersion
        return "\(os.majorVersion).\(os.minorVersion)"
    }

    /// How the device is connected now (`connectionType`), when the platform can tell: the
    /// values of Adobe's cookbooks (`WiFi`, `cellular`, `LAN`, `notConnected`).
    static var currentConnectionType: String? {
        #if canImport(Network)
        return NetworkPathMonitor.shared.connectionType
        #elseif os(Linux)
        return LinuxConnection.type
        #else
        return nil
        #endif
    }
}

// MARK: - Operating system

extension DeviceInfo {
    /// The platforms the SDK builds for, named with the appendix's restricted lists.
    enum Platform: CaseIterable {
        case iOS, tvOS, macOS, macCatalyst, watchOS, visionOS, linux, other

        static var current: Platform {
            #if targetEnvironment(macCatalyst)
            return .macCatalyst
            #elseif os(iOS)
            return .iOS
            #elseif os(tvOS)
            return .tvOS
            #elseif os(macOS)
            return .macOS
            #elseif os(watchOS)
            return .watchOS
            #elseif os(visionOS)
            return .visionOS
            #elseif os(Linux)
            return .linux
            #else
            return .other
            #endif
        }

        /// `osName`. iPadOS is `iOS` (the list has no iPadOS, and Adobe's iOS & iPadOS cookbook
        /// covers both); a Mac is `Mac OS`, the list's current name (`OS X` is the old one); an
        /// iPad app built for the Mac runs on macOS. The list has nothing for watchOS or visionOS,
        /// so they send none and Adobe derives one from the request, as it does for a missing key.
        var osName: String? {
            switch self {
            case .iOS: "iOS"
            case .tvOS: "tvOS"
            case .macOS, .macCatalyst: "Mac OS"
            case .linux: "Linux"
            case .watchOS, .visionOS, .other: nil
            }
        }

        /// `osFamily`: ``osName``, but the list spells the Mac family `macOS`.
        var osFamily: String? {
            self == .macOS || self == .macCatalyst ? "macOS" : osName
        }

        /// `osVendor`; Linux has no vendor on the list.
        var osVendor: String? {
            switch self {
            case .iOS, .tvOS, .macOS, .macCatalyst, .watchOS, .visionOS: "Apple"
            case .linux, .other: nil
            }
        }

        /// `primaryHardwareType` when the hardware identifier does not tell.
        var primaryHardwareType: String {
            switch self {
            case .tvOS: "SetTopBox"
            case .macOS, .macCatalyst: "Desktop"
            case .watchOS: "Wristwatch"
            case .visionOS: "Glasses"
            case .iOS, .linux, .other: "Unknown"
            }
        }
    }
}

// MARK: - Hardware

extension DeviceInfo {
    /// The device's hardware keys.
    struct Hardware {
        var model: String?
        var version: String?
        var manufacturer: String?
        var vendor: String?
        var primaryHardwareType: String?

        static var current: Hardware {
            #if canImport(Darwin)
            return apple(identifier: appleIdentifier)
            #elseif os(Linux)
            return linux
            #else
            return Hardware()
            #endif
        }

        /// Apple's hardware identifier (`iPhone15,2`, `AppleTV11,1`, `MacBookPro18,3`) split as
        /// Adobe's iOS and tvOS cookbooks do: the model name, then its version. The name says
        /// the hardware type: an iPod touch is a media player and an Apple TV a set-top box (as
        /// in the appendix's own Apple TV sample; the cookbook's `TV` is a television set).
        static func apple(identifier: String) -> Hardware {
            // `Name<major>,<minor>`; anything else (an architecture such as `arm64`) is kept whole.
            let isIdentifier = identifier.contains(",")
            let name = isIdentifier ? String(identifier.prefix { !$0.isNumber }) : identifier
            let version = isIdentifier ? String(identifier.dropFirst(name.count)) : ""
            let type: String?
            switch name {
            case "iPhone": type = "MobilePhone"
            case "iPad": type = "Tablet"
            case "iPod": type = "MediaPlayer"
            case "AppleTV": type = "SetTopBox"
            case "Watch": type = "Wristwatch"
            case "RealityDevice": type = "Glasses"
            case _ where name.hasPrefix("Mac") || name.hasPrefix("iMac"): type = "Desktop"
            default: type = nil
            }
            return Hardware(
                model: name.isEmpty ? identifier : name, version: version.isEmpty ? nil : version,
                manufacturer: "Apple", vendor: "Apple", primaryHardwareType: type)
        }

        /// The hardware identifier: the simulated device in a simulator, the machine on a device,
        /// or the Mac's model (`hw.model`) where the machine is only an architecture (a Mac, an
        /// iPad app on a Mac).
        static func appleIdentifier(machine: String, simulatorModel: String?, hardwareModel: () -> String?) -> String {
            if let simulatorModel, !simulatorModel.isEmpty { return simulatorModel }
            guard machine.hasPrefix("arm") || machine.hasPrefix("x86") || machine.hasPrefix("i386") else {
                return machine
            }
            return hardwareModel() ?? machine
        }

        #if canImport(Darwin)
        private static var appleIdentifier: String {
            #if targetEnvironment(simulator)
            let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"]
            #else
            let simulated: String? = nil
            #endif
            return appleIdentifier(machine: DeviceInfo.machine, simulatorModel: simulated, hardwareModel: hardwareModel)
        }

        /// `hw.model` (`Mac14,2`, `MacBookPro18,3`).
        private static func hardwareModel() -> String? {
            var size = 0
            guard sysctlbyname("hw.model", nil, &size, nil, 0) == 0, size > 1 else { return nil }
            var bytes = [CChar](repeating: 0, count: size)
            guard sysctlbyname("hw.model", &bytes, &size, nil, 0) == 0 else { return nil }
            return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #endif

        #if os(Linux)
        /// The firmware's product name, version and maker (`/sys/class/dmi/id`, readable by every
        /// user), else the machine architecture as the model: the appendix asks for whatever
        /// hardware attributes the platform has.
        private static var linux: Hardware {
            func dmi(_ name: String) -> String? {
                guard let text = try? String(contentsOfFile: "/sys/class/dmi/id/" + name, encoding: .utf8) else {
                    return nil
                }
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                return value.isEmpty ? nil : value
            }
            return Hardware(
                model: dmi("product_name") ?? DeviceInfo.machine, version: dmi("product_version"),
                manufacturer: dmi("sys_vendor"), vendor: nil, primaryHardwareType: nil)
        }
        #endif
    }

    /// `uname`'s machine: the hardware identifier on Apple devices, the architecture elsewhere.
    static var machine: String {
        var info = utsname()
        uname(&info)
        return withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

// MARK: - Connection

#if os(Linux)
/// The connection type on Linux, read once: the interface of the default route (`/proc/net/route`)
/// is `WiFi` when the kernel calls it wireless, `cellular` for a WWAN modem, else `LAN`.
enum LinuxConnection {
    static let type: String? = {
        guard let table = try? String(contentsOfFile: "/proc/net/route", encoding: .utf8) else { return nil }
        for line in table.split(separator: "\n").dropFirst() {
            let columns = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard columns.count > 1, columns[1] == "00000000" else { continue }
            let interface = String(columns[0])
            if FileManager.default.fileExists(atPath: "/sys/class/net/\(interface)/wireless") { return "WiFi" }
            return interface.hasPrefix("ww") ? "cellular" : "LAN"
        }
        return nil
    }()
}
#endif
