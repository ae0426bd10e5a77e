import Foundation
import Testing
@testable import AccessEnabler

/// The App Store privacy manifest is in the AccessEnabler module's built bundle, is a property
/// list Apple's tools can read, and declares what the module's code does: each required-reason
/// API category it calls (and no other), with the reason that is true, and the data it sends.
@Suite(.timeLimit(.minutes(5))) struct PrivacyManifestTests {
    /// The manifest as the build copied it into the module's bundle.
    static func manifest() throws -> [String: Any] {
        let url = try #require(
            Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"),
            "PrivacyInfo.xcprivacy is not in \(Bundle.module.bundlePath)")
        var format = PropertyListSerialization.PropertyListFormat.binary
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: &format)
        #expect(format == .xml)
        return try #require(plist as? [String: Any], "the manifest's root is not a dictionary")
    }

    /// Apple's required-reason API categories and how a call of one of their APIs is spelled in
    /// Swift (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api).
    static let requiredReasonAPIs: [String: [String]] = [
        "NSPrivacyAccessedAPICategoryFileTimestamp": [
            #"\b(stat|fstat|lstat|fstatat|getattrlist|getattrlistbulk|fgetattrlist|getattrlistat)\("#,
            #"\.(creationDate|modificationDate|fileModificationDate|contentModificationDateKey|creationDateKey)\b"#,
            #"NSFile(Creation|Modification)Date|NSURL(ContentModification|Creation)DateKey"#,
        ],
        "NSPrivacyAccessedAPICategorySystemBootTime": [#"\bsystemUptime\b"#, #"\bmach_absolute_time\("#],
        "NSPrivacyAccessedAPICategoryDiskSpace": [
            #"volume(Available|Total)Capacity"#, #"\.system(Free)?Size\b"#, #"\b(statfs|statvfs|fstatfs|fstatvfs)\("#,
        ],
        "NSPrivacyAccessedAPICategoryActiveKeyboards": [#"\bactiveInputModes\b"#],
        "NSPrivacyAccessedAPICategoryUserDefaults": [#"\b(NS)?UserDefaults\b"#],
    ]

    /// Whether `text` calls an API of `category`.
    static func calls(_ category: String, in text: String) throws -> Bool {
        try #require(requiredReasonAPIs[category]).contains { pattern in
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    /// The categories whose APIs the Swift files of `Sources/<target>` call (comments skipped).
    static func categoriesCalled(in target: String) throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources").appendingPathComponent(target)
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var found: Set<String> = []
        var swiftFiles = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            swiftFiles += 1
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for category in requiredReasonAPIs.keys {
                if try calls(category, in: code) {
                    found.insert(category)
                }
            }
        }
        #expect(swiftFiles > 10, "no sources found in \(folder.path)")
        return found
    }

    @Test("the manifest is in the module's bundle and declares no tracking")
    func manifestIsInTheBundle() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
    }

    @Test("the file timestamp APIs are declared with C617.1, files inside the app's containers")
    func accessedAPIReasons() throws {
        let entries = try #require(Self.manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var reasons: [String: [String]] = [:]
        for entry in entries {
            let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            reasons[category] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        #expect(reasons == ["NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"]])
    }

    @Test("the categories declared are exactly those the module's code calls; the other libraries call none")
    func declaredCategoriesMatchTheCode() throws {
        let entries = try #require(Self.manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        let declared = Set(entries.compactMap { $0["NSPrivacyAccessedAPIType"] as? String })
        #expect(try Self.categoriesCalled(in: "AccessEnabler") == declared)
        // They ship no manifest of their own: AccessEnabler's covers the code they link.
        #expect(try Self.categoriesCalled(in: "AccessEnablerLegacy").isEmpty)
        #expect(try Self.categoriesCalled(in: "AccessEnablerTesting").isEmpty)
    }

    @Test("the patterns find required-reason calls, not look-alikes")
    func patternsFindCalls() throws {
        let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
        #expect(try Self.calls(fileTimestamp, in: "guard lstat(file.path, &status) == 0"))
        #expect(try Self.calls(fileTimestamp, in: "var status = stat()"))
        #expect(try !Self.calls(fileTimestamp, in: "statfs(path, &info)"))
        #expect(try Self.calls("NSPrivacyAccessedAPICategoryDiskSpace", in: "statfs(path, &info)"))
        let defaults = "NSPrivacyAccessedAPICategoryUserDefaults"
        #expect(try Self.calls(defaults, in: "UserDefaults.standard.set(1, forKey: \"k\")"))
        let bootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
        #expect(try Self.calls(bootTime, in: "ProcessInfo.processInfo.systemUptime"))
        #expect(try !Self.calls(bootTime, in: "let systemUptimeLabel = 1"))
    }

    @Test("the device ID is declared: linked to the viewer, for app functionality, not for tracking")
    func collectedData() throws {
        let entries = try #require(Self.manifest()["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        #expect(entries.count == 1)
        let deviceID = try #require(entries.first)
        #expect(deviceID["NSPrivacyCollectedDataType"] as? String == "NSPrivacyCollectedDataTypeDeviceID")
        #expect(deviceID["NSPrivacyCollectedDataTypeLinked"] as? Bool == true)
        #expect(deviceID["NSPrivacyCollectedDataTypeTracking"] as? Bool == false)
        #expect(
            deviceID["NSPrivacyCollectedDataTypePurposes"] as? [String]
                == ["NSPrivacyCollectedDataTypePurposeAppFunctionality"])
    }
}
