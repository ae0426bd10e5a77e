import AccessEnablerLegacy
import Foundation
import Testing

/// The Objective-C header of the legacy constants (AccessEnablerLegacyObjC.h) repeats the Swift
/// constants as macros; Objective-C apps must get the same values as Swift apps.
@Suite(.timeLimit(.minutes(5))) struct ObjCConstantsHeaderTests {
    /// Each Swift constant as its macro would be written: integers as they are, strings as
    /// Objective-C literals.
    static let swiftConstants: [String: String] = [
        "ACCESS_ENABLER_STATUS_SUCCESS": "\(ACCESS_ENABLER_STATUS_SUCCESS)",
        "ACCESS_ENABLER_STATUS_ERROR": "\(ACCESS_ENABLER_STATUS_ERROR)",
        "USER_AUTHENTICATED": literal(USER_AUTHENTICATED),
        "USER_NOT_AUTHENTICATED_ERROR": literal(USER_NOT_AUTHENTICATED_ERROR),
        "PROVIDER_NOT_SELECTED_ERROR": literal(PROVIDER_NOT_SELECTED_ERROR),
        "PROVIDER_NOT_AVAILABLE_ERROR": literal(PROVIDER_NOT_AVAILABLE_ERROR),
        "GENERIC_AUTHENTICATION_ERROR": literal(GENERIC_AUTHENTICATION_ERROR),
        "INTERNAL_AUTHENTICATION_ERROR": literal(INTERNAL_AUTHENTICATION_ERROR),
        "USER_NOT_AUTHORIZED_ERROR": literal(USER_NOT_AUTHORIZED_ERROR),
        "GENERIC_AUTHORIZATION_ERROR": literal(GENERIC_AUTHORIZATION_ERROR),
        "INTERNAL_AUTHORIZATION_ERROR": literal(INTERNAL_AUTHORIZATION_ERROR),
        "INTERNAL_ERROR": literal(INTERNAL_ERROR),
        "ADOBEPASS_REDIRECT_URL": literal(ADOBEPASS_REDIRECT_URL),
        "METADATA_OPCODE_KEY": literal(METADATA_OPCODE_KEY),
        "METADATA_RESOURCE_ID_KEY": literal(METADATA_RESOURCE_ID_KEY),
        "METADATA_USER_META_KEY": literal(METADATA_USER_META_KEY),
        "METADATA_AUTHENTICATION": "\(METADATA_AUTHENTICATION)",
        "METADATA_AUTHORIZATION": "\(METADATA_AUTHORIZATION)",
        "METADATA_DEVICE_ID": "\(METADATA_DEVICE_ID)",
        "METADATA_USER_META": "\(METADATA_USER_META)",
        "TRACKING_AUTHENTICATION": "\(TRACKING_AUTHENTICATION)",
        "TRACKING_AUTHORIZATION": "\(TRACKING_AUTHORIZATION)",
        "TRACKING_GET_SELECTED_PROVIDER": "\(TRACKING_GET_SELECTED_PROVIDER)",
        "TV_PROVIDERS": literal(TV_PROVIDERS),
        "FEATURED_TV_PROVIDERS": literal(FEATURED_TV_PROVIDERS),
    ]

    static func literal(_ value: String) -> String { "@\"\(value)\"" }

    static func header() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/AccessEnablerLegacyObjC/include/AccessEnablerLegacyObjC.h")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func everyMacroHasTheSwiftConstantsValue() throws {
        var macros: [String: String] = [:]
        for match in try Self.header().matches(of: /(?m)^#define ([A-Z_]+) (.+)$/) {
            let name = String(match.1)
            // The include guard defines no value.
            guard name != "ACCESS_ENABLER_LEGACY_OBJC_H" else { continue }
            #expect(macros[name] == nil, "\(name) is defined twice")
            macros[name] = String(match.2)
        }
        #expect(Set(macros.keys) == Set(Self.swiftConstants.keys))
        for (name, value) in Self.swiftConstants {
            #expect(macros[name] == value, "\(name): the header says \(macros[name] ?? "nothing"), Swift \(value)")
        }
    }

    @Test func theStorageCheckEnumHasTheSwiftRawValues() throws {
        var cases: [String: Int] = [:]
        for match in try Self.header().matches(of: /(?m)^ +(INTEGRITY_CHECK_[A-Z]+) = ([0-9]+),$/) {
            cases[String(match.1)] = Int(match.2)
        }
        #expect(
            cases == [
                "INTEGRITY_CHECK_NONE": IntegrityCheckType.INTEGRITY_CHECK_NONE.rawValue,
                "INTEGRITY_CHECK_ALL": IntegrityCheckType.INTEGRITY_CHECK_ALL.rawValue,
                "INTEGRITY_CHECK_CLEAR": IntegrityCheckType.INTEGRITY_CHECK_CLEAR.rawValue,
            ])
    }
}
