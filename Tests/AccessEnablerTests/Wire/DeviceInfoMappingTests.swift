import Foundation
import Testing
@testable import AccessEnabler

/// What each Apple device reports in `X-Device-Info` (and the legacy tracking device type), from
/// the facts its platform gives: a pure mapping, checked here for every platform's inputs.
@Suite(.timeLimit(.minutes(5))) struct DeviceInfoMappingTests {
    struct Device: Sendable, CustomTestStringConvertible {
        var name: String
        var platform: DeviceInfo.Platform
        var machine: String
        var simulatorModel: String?
        var hardwareModel: String?
        /// model, version, primaryHardwareType, osName, tracking device type
        var expected: (String, String?, String, String?, String)
        var testDescription: String { name }
    }

    static let devices: [Device] = [
        Device(
            name: "iPhone", platform: .iOS, machine: "iPhone15,2",
            expected: ("iPhone", "15,2", "MobilePhone", "iOS", "mobile")),
        Device(
            name: "iPad", platform: .iOS, machine: "iPad13,4",
            expected: ("iPad", "13,4", "Tablet", "iOS", "tablet")),
        Device(
            name: "iPad simulator", platform: .iOS, machine: "arm64", simulatorModel: "iPad14,1",
            hardwareModel: "Mac14,2", expected: ("iPad", "14,1", "Tablet", "iOS", "tablet")),
        Device(
            name: "Apple TV", platform: .tvOS, machine: "AppleTV14,1",
            expected: ("AppleTV", "14,1", "SetTopBox", "tvOS", "unknown")),
        Device(
            name: "Mac", platform: .macOS, machine: "arm64", hardwareModel: "Mac14,2",
            expected: ("Mac", "14,2", "Desktop", "Mac OS", "computer")),
        Device(
            name: "iPad app on a Mac", platform: .iOS, machine: "arm64", hardwareModel: "MacBookPro18,3",
            expected: ("MacBookPro", "18,3", "Desktop", "iOS", "computer")),
        Device(
            name: "Mac Catalyst", platform: .macCatalyst, machine: "x86_64", hardwareModel: "iMac20,1",
            expected: ("iMac", "20,1", "Desktop", "Mac OS", "computer")),
        Device(
            name: "Mac without hw.model", platform: .macOS, machine: "arm64",
            expected: ("arm64", nil, "Desktop", "Mac OS", "computer")),
        Device(
            name: "Vision Pro", platform: .visionOS, machine: "RealityDevice14,1",
            expected: ("RealityDevice", "14,1", "Glasses", nil, "unknown")),
    ]

    @Test(arguments: devices)
    func eachDeviceReportsWhatTheAppendixExpects(device: Device) {
        let identifier = DeviceInfo.Hardware.appleIdentifier(
            machine: device.machine, simulatorModel: device.simulatorModel, hardwareModel: { device.hardwareModel })
        let hardware = DeviceInfo.Hardware.apple(identifier: identifier)
        let info = DeviceInfo.make(
            platform: device.platform, hardware: hardware,
            osVersion: OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 1),
            applicationID: "com.example.tv")
        let (model, version, type, osName, tracking) = device.expected
        #expect(info.model == model)
        #expect(info.fields["version"]?.stringValue == version)
        #expect(info.fields["primaryHardwareType"]?.stringValue == type)
        #expect(info.osName == osName)
        #expect(info.osVersion == "17.4.1")
        #expect(info.applicationId == "com.example.tv")
        #expect(info.fields["vendor"]?.stringValue == "Apple" && info.fields["manufacturer"]?.stringValue == "Apple")
        #expect(DeviceInfo.trackingDeviceType(platform: device.platform, hardware: hardware) == tracking)
    }
}
