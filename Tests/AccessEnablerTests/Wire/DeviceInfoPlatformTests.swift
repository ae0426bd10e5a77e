import Foundation
import Testing
@testable import AccessEnabler

/// The per-platform `X-Device-Info` values, for every platform (this process runs on one): the
/// restricted keys must hold values from the appendix's lists (DeviceInfoHeaderTests has them).
@Suite(.timeLimit(.minutes(5))) struct DeviceInfoPlatformTests {
    @Test(arguments: DeviceInfo.Platform.allCases)
    func everyPlatformUsesTheAppendixLists(platform: DeviceInfo.Platform) {
        let lists = DeviceInfoHeaderTests.restricted
        if let name = platform.osName { #expect(lists["osName"]?.contains(name) == true, "\(name)") }
        if let family = platform.osFamily { #expect(lists["osFamily"]?.contains(family) == true, "\(family)") }
        if let vendor = platform.osVendor { #expect(lists["osVendor"]?.contains(vendor) == true, "\(vendor)") }
        #expect(lists["primaryHardwareType"]?.contains(platform.primaryHardwareType) == true)
    }

    @Test func appleNamesFollowTheLists() {
        #expect(DeviceInfo.Platform.macOS.osName == "Mac OS", "not macOS, which is only on the osFamily list")
        #expect(DeviceInfo.Platform.macOS.osFamily == "macOS")
        #expect(DeviceInfo.Platform.macCatalyst.osName == "Mac OS")
        #expect(DeviceInfo.Platform.iOS.osName == "iOS", "iPadOS too: the list has no iPadOS")
        #expect(DeviceInfo.Platform.tvOS.osName == "tvOS")
        #expect(DeviceInfo.Platform.linux.osName == "Linux")
        #expect(DeviceInfo.Platform.linux.osVendor == nil, "no Linux vendor on the list")
        #expect(
            DeviceInfo.Platform.visionOS.osName == nil && DeviceInfo.Platform.watchOS.osName == nil,
            "nothing on the list fits")
    }

    /// Adobe's iOS and tvOS cookbooks: `model` and `version` from `uname`'s machine (`iPhone` and
    /// `8,1`), vendor and manufacturer Apple.
    @Test(arguments: [
        ("iPhone15,2", "iPhone", "15,2", "MobilePhone"),
        ("iPad13,4", "iPad", "13,4", "Tablet"),
        ("iPod9,1", "iPod", "9,1", "MediaPlayer"),
        ("AppleTV11,1", "AppleTV", "11,1", "SetTopBox"),
        ("MacBookPro18,3", "MacBookPro", "18,3", "Desktop"),
        ("Mac14,2", "Mac", "14,2", "Desktop"),
        ("Watch6,1", "Watch", "6,1", "Wristwatch"),
    ])
    func appleIdentifiersSplitIntoModelAndVersion(identifier: String, model: String, version: String, type: String) {
        let hardware = DeviceInfo.Hardware.apple(identifier: identifier)
        #expect(hardware.model == model)
        #expect(hardware.version == version)
        #expect(hardware.primaryHardwareType == type)
        #expect(hardware.manufacturer == "Apple" && hardware.vendor == "Apple")
    }

    @Test func anArchitectureAloneIsAModelWithoutVersionOrType() {
        let hardware = DeviceInfo.Hardware.apple(identifier: "arm64")
        #expect(hardware.model == "arm64")
        #expect(hardware.version == nil)
        // The platform's type fills in (see DeviceInfo.computed).
        #expect(hardware.primaryHardwareType == nil)
    }
}
