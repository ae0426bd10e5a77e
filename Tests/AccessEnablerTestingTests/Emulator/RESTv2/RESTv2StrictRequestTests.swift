import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// The emulator holds REST v2 calls to Adobe's pages (``EmulatorScenario/strictV2Requests``, on
/// by default): what a page does not list is a 400, as Adobe's checklist warns it may be.
@Suite(.timeLimit(.minutes(5))) struct RESTv2StrictRequestTests {
    /// A header the call's page does not list, on a request that is otherwise valid.
    @Test(arguments: [
        ("/api/v2/REF/configuration", HTTPTransportMethod.get, "AP-SDK-Identifier", "swift/1.0.0"),
        ("/api/v2/REF/configuration", .get, "AP-Visitor-Identifier", "ECID-123"),
        ("/api/v2/REF/configuration", .get, "AP-TempPass-Identity", "eyJlbWFpbCI6ImFAYi5jIn0="),
        ("/api/v2/REF/profiles/Cablevision", .get, "Cache-Control", "no-cache"),
        (
            "/api/v2/REF/logout/Cablevision?redirectUrl=adobepass%3A%2F%2Fios.app", .get, "AP-TempPass-Identity",
            "eyJlbWFpbCI6ImFAYi5jIn0="
        ),
        ("/api/v2/REF/logout/Cablevision?redirectUrl=adobepass%3A%2F%2Fios.app", .get, "X-Custom", "1"),
    ])
    func undocumentedHeaderIs400(path: String, method: HTTPTransportMethod, header: String, value: String) async throws
    {
        let harness = try await Harness.make()
        let rejected = try await harness.v2(path, method: method, headers: [header: value])
        try expectV2Error(rejected, status: 400, code: "bad_request")
        #expect(try decodeObject(rejected)["details"]?.stringValue?.contains(header) == true, "names the header")

        // The same request without it, or with strictness off, is served.
        #expect(try await harness.v2(path, method: method).status == 200)
        await harness.emulator.setStrictV2Requests(false)
        #expect(try await harness.v2(path, method: method, headers: [header: value]).status == 200)
    }

    /// Headers that differ from page to page: each is fine where listed and a 400 where not.
    @Test func theSameHeaderIsListedOnOnePageAndNotOnAnother() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        let identity = Data(#"{"email":"viewer@example.com"}"#.utf8).base64EncodedString()
        // AP-TempPass-Identity: authorize lists it, preauthorize does not.
        #expect(
            try await harness.decide(
                "authorize", resources: ["news"],
                headers: ["AP-TempPass-Identity": identity]
            ).status == 200)
        try expectV2Error(
            try await harness.decide(
                "preauthorize", resources: ["news"],
                headers: ["AP-TempPass-Identity": identity]),
            status: 400, code: "bad_request")
        // Cache-Control: no v2 page lists it (v2 has no remote-cache switch).
        try expectV2Error(
            try await harness.decide(
                "preauthorize", resources: ["news"],
                headers: ["Cache-Control": "no-cache"]),
            status: 400, code: "bad_request")
        // The device headers: the resume page does not list them, the checklist asks for them on
        // every call, so strict mode requires them there too.
        let created = try decodeObject(try await harness.createSession(mvpd: nil))
        let code = try #require(created["code"]?.stringValue)
        try expectV2Error(
            try await harness.v2(
                "/api/v2/REF/sessions/\(code)", method: .post,
                form: Harness.sessionForm(mvpd: "Cablevision"), deviceID: nil,
                deviceInfo: nil),
            status: 400, code: "invalid_header_device_identifier")
        let resumed = try await harness.v2(
            "/api/v2/REF/sessions/\(code)", method: .post,
            form: Harness.sessionForm(mvpd: "Cablevision"))
        #expect(resumed.status == 200)
        #expect(try decodeObject(resumed)["reasonType"] == "authenticated", "the device signed in above")
    }

    /// What HTTP stacks add on their own (URLSession, Hummingbird's client side) is not the
    /// application's to list, and passes.
    @Test func transportHeadersPass() async throws {
        let harness = try await Harness.make()
        let response = try await harness.v2(
            "/api/v2/REF/configuration",
            headers: [
                "Host": "sp.pass-emulator.test", "Accept-Encoding": "gzip, deflate", "Accept-Language": "en-US",
                "Connection": "keep-alive", "Content-Length": "0",
            ])
        #expect(response.status == 200)
    }

    /// The resume page marks `mvpd`, `domainName` and `redirectUrl` required.
    @Test(arguments: [
        ("mvpd", "invalid_parameter_mvpd"),
        ("domainName", "invalid_parameter_domain_name"),
        ("redirectUrl", "invalid_parameter_redirect_url"),
    ])
    func resumeWithoutARequiredParameterIs400(left: String, code expected: String) async throws {
        let harness = try await Harness.make()
        let created = try decodeObject(try await harness.createSession(mvpd: nil, domain: nil, redirect: nil))
        #expect(created["actionName"] == "resume", "creation may lack them: it asks for a resume")
        let code = try #require(created["code"]?.stringValue)
        let form = Harness.sessionForm(mvpd: "Cablevision").filter { $0.0 != left }
        try expectV2Error(
            try await harness.v2("/api/v2/REF/sessions/\(code)", method: .post, form: form),
            status: 400, code: expected)

        // Not strict: Adobe's resume sample 2, a `retry` naming what is still missing.
        await harness.emulator.setStrictV2Requests(false)
        let retry = try decodeObject(try await harness.v2("/api/v2/REF/sessions/\(code)", method: .post, form: form))
        #expect(retry["actionName"] == "retry")
        #expect(retry["missingParameters"] == .array([.string(left == "domainName" ? "domain" : left)]))
    }

    /// v2 takes the service provider from the path: v1's `requestor`/`deviceId` parameters, or any
    /// other the page does not list, are a 400; the configuration's `profile` is listed.
    @Test func undocumentedParameterIs400() async throws {
        let harness = try await Harness.make()
        try expectV2Error(
            try await harness.v2(
                "/api/v2/REF/configuration",
                query: [("requestor", "REF"), ("deviceId", Harness.deviceID)]),
            status: 400, code: "bad_request")
        #expect(try await harness.v2("/api/v2/REF/configuration", query: [("profile", "tv")]).status == 200)
        var form = Harness.sessionForm(mvpd: "Cablevision")
        form.append(("generic_data", "{}"))
        try expectV2Error(
            try await harness.v2("/api/v2/REF/sessions", method: .post, form: form),
            status: 400, code: "bad_request")
    }

    /// The X-Device-Info appendix restricts some keys to lists; other keys are free.
    @Test(arguments: [
        (#"{"model":"Mac14,2","osName":"macOS"}"#, false),
        (#"{"model":"iPhone","primaryHardwareType":"Phone"}"#, false),
        (#"{"model":"iPhone","osVendor":"Apple Inc."}"#, false),
        (#"{"model":"iPhone","connectionSecure":"maybe"}"#, false),
        (
            #"{"model":"Mac","osName":"Mac OS","osFamily":"macOS","osVendor":"Apple","primaryHardwareType":"Desktop"}"#,
            true
        ),
        (#"{"model":"iPhone","type":"MobilePhone","connectionSecure":true,"displayWidth":390}"#, true),
    ])
    func deviceInfoValuesMustComeFromTheAppendixLists(json: String, accepted: Bool) async throws {
        let harness = try await Harness.make()
        let info = Data(json.utf8).base64EncodedString()
        let response = try await harness.v2("/api/v2/REF/profiles/Cablevision", deviceInfo: info)
        if accepted {
            #expect(response.status == 200)
        } else {
            try expectV2Error(response, status: 400, code: "invalid_header_device_info")
        }
        await harness.emulator.setStrictV2Requests(false)
        #expect(try await harness.v2("/api/v2/REF/profiles/Cablevision", deviceInfo: info).status == 200)
    }
}
