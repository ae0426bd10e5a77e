import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// The emulator's side of single sign-on with a service token (`AD-Service-Token`): RS256 in
/// plain Swift, the checks a token must pass, and profiles found by every device that sends a
/// token for the same `sub`.
@Suite(.timeLimit(.minutes(2))) struct ServiceTokenEmulatorTests {
    // MARK: Arithmetic and RS256

    /// Hexadecimal text as big-endian bytes.
    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.count % 2 == 0 ? hex : "0" + hex)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    static func number(hex: String, limbs: Int) -> FixedWidthUnsigned {
        FixedWidthUnsigned(bigEndian: bytes(hex: hex), limbs: limbs)!
    }

    /// Values computed with Python's `pow(base, exponent, modulus)`.
    @Test func modularExponentiationMatchesAnIndependentImplementation() throws {
        let mersenne = try #require(MontgomeryModulus(Self.number(hex: "7fffffffffffffffffffffffffffffff", limbs: 2)))
        let base = Self.number(hex: "661efdf2e3b19f7c045f15", limbs: 2)  // 123456789123456789123456789
        #expect(
            mersenne.power(base, exponent: [0x01, 0x00, 0x01])
                == Self.number(hex: "5591563d6a77c210ace8fe14dbbcaa44", limbs: 2))

        let odd = "d5c4f6a3b2e1908f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3"
        let modulus = try #require(MontgomeryModulus(Self.number(hex: odd, limbs: 5)))
        let b = Self.number(hex: "1234567890abcdef1234567890abcdef1234567890abcdef", limbs: 5)
        #expect(
            modulus.power(b, exponent: Self.bytes(hex: "fedcba9876543210fedcba98765432"))
                == Self.number(hex: "336aeee15696e0acd6b714a2e04ddd8a05369f83e5955296d1206c3b9de6754fe", limbs: 5))
        #expect(
            modulus.multiplyModulo(b, Self.number(hex: "abcdef0123456789abcdef", limbs: 5))
                == Self.number(hex: "6c87bfc24efc0a6c654d863a7cf86364310947783f3dee86f5fb7fc46b974f54c", limbs: 5))
        #expect(MontgomeryModulus(Self.number(hex: "10", limbs: 1)) == nil, "an even modulus has no Montgomery form")
    }

    /// The RS256 signature Python's `cryptography` made with the emulator issuer's key, for the
    /// same input: PKCS#1 v1.5 is deterministic, so ours must be the same bytes.
    static let referenceInput = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0"
    static let referenceSignature =
        "rCFebuO2FojzwVCCwkfzfTicUV6l2ICp6vM5D4InnAir6nN3DUE97ZxMwIJBHfUsEQWwne7ohq_upjkmisNuCxC0qiamBMm4COFO"
        + "xdO5kwFHc4BdPOlAbmnesneW8Yh7yKk5jxcOaYK01Q8Rp9aV7ee2Uo_VpuGYDYwDT2W5rr-VPA8VGVMltOwAwRihnunZLXnpaGCO"
        + "4eKZmXXNvmdzCvodEeJFGjJvPzm_R7ssPU0TFPGzL5jEaPReLpRE_Y_95KChpCSCTPgmSoU5WRCe3cICbWAz5IcI2LSnjPHKjl-P"
        + "fb9ZPX9wXM66yYKCUdKf2lqnItJNTmi5VLSVpHpfcw"

    @Test func signaturesMatchPythonsCryptographyAndVerify() throws {
        let issuer = ServiceTokenIssuer.emulator
        let token = issuer.signed(
            header: ["alg": "RS256"], claims: ["sub": "test"])
        let parts = token.split(separator: ".").map(String.init)
        // The header and claims as the reference input has them, so the signature is the reference one.
        #expect(parts[0] + "." + parts[1] == Self.referenceInput)
        #expect(parts[2] == Self.referenceSignature)

        let key = try #require(issuer.publicKey.rsaKey)
        let signature = try #require(Base64URL.decode(Self.referenceSignature))
        #expect(key.verifies(signature, of: Array(Self.referenceInput.utf8)))
        #expect(!key.verifies(signature, of: Array((Self.referenceInput + "x").utf8)), "another message")
        var flipped = signature
        flipped[100] ^= 0x01
        #expect(!key.verifies(flipped, of: Array(Self.referenceInput.utf8)), "a changed signature")
        #expect(!key.verifies(Array(signature.dropLast()), of: Array(Self.referenceInput.utf8)), "a short one")
        var modulus = try #require(Base64URL.decode(issuer.publicKey.n))
        modulus[modulus.count - 1] ^= 0x02  // still odd: another key
        let other = try #require(RSAPublicKey(modulus: modulus, exponent: [1, 0, 1]))
        #expect(!other.verifies(signature, of: Array(Self.referenceInput.utf8)), "another key")
    }

    // MARK: The checks

    static let subject = "viewer-1"

    func token(_ harness: Harness, subject: String = Self.subject, lifetime: TimeInterval = 3600) -> String {
        ServiceTokenIssuer.emulator.token(
            subject: subject, issuedAt: harness.clock.now, expiresAt: harness.clock.now.addingTimeInterval(lifetime))
    }

    /// A token whose claims or header are `claims`/`header`, signed by the emulator's issuer.
    func token(_ harness: Harness, header: [String: JSONValue] = ["alg": "RS256"], claims: [String: JSONValue])
        -> String
    {
        ServiceTokenIssuer.emulator.signed(header: header, claims: claims)
    }

    @Test func aTokenThatFailsACheckIsRefusedWithTheHeadersCode() async throws {
        let harness = try await Harness.make()
        let now = harness.clock.now.timeIntervalSince1970
        let valid: [String: JSONValue] = [
            "sub": "viewer-1", "aud": "adobe", "iss": "emulator-identity", "exp": .number(now + 3600),
        ]
        func withClaim(_ name: String, _ value: JSONValue?) -> [String: JSONValue] {
            var claims = valid
            claims[name] = value
            return claims
        }
        let good = token(harness, claims: valid)
        let parts = good.split(separator: ".").map(String.init)
        let forgedClaims = token(harness, claims: withClaim("sub", "viewer-2")).split(separator: ".")[1]
        let refused: [(String, String)] = [
            ("expired", token(harness, subject: Self.subject, lifetime: -1)),
            ("expiring now", token(harness, claims: withClaim("exp", .number(now)))),
            ("no exp", token(harness, claims: withClaim("exp", nil))),
            ("no sub", token(harness, claims: withClaim("sub", nil))),
            ("another audience", token(harness, claims: withClaim("aud", "someone-else"))),
            ("not RS256", token(harness, header: ["alg": "HS256"], claims: valid)),
            ("a forged payload", parts[0] + "." + forgedClaims + "." + parts[2]),
            ("no signature", parts[0] + "." + parts[1] + "."),
            ("not a JWS", "not-a-token"),
        ]
        for (what, token) in refused {
            let response = try await harness.v2("/api/v2/REF/profiles", headers: ["AD-Service-Token": token])
            try expectV2Error(response, status: 400, code: "invalid_header_service_token")
            let details = try decodeObject(response)["details"]?.stringValue ?? ""
            #expect(!details.contains(token) && !token.isEmpty, "\(what): the details never echo the token")
        }
        let expired = try decodeObject(
            try await harness.v2(
                "/api/v2/REF/profiles",
                headers: ["AD-Service-Token": token(harness, subject: Self.subject, lifetime: -1)]))
        #expect(expired["details"] == "The service token has expired.")

        let accepted = try await harness.v2("/api/v2/REF/profiles", headers: ["AD-Service-Token": good])
        #expect(accepted.status == 200)
        #expect(
            try await harness.v2(
                "/api/v2/REF/profiles", headers: ["AD-Service-Token": token(harness, claims: withClaim("aud", "Adobe"))]
            ).status == 200, "the header page writes the audience Adobe, its sample adobe")
    }

    @Test func withoutARegisteredKeyEveryServiceTokenIsRefused() async throws {
        var scenario = EmulatorScenario.standard
        scenario.serviceTokenKeys = []
        let harness = try await Harness.make(scenario)
        let response = try await harness.v2("/api/v2/REF/profiles", headers: ["AD-Service-Token": token(harness)])
        try expectV2Error(response, status: 400, code: "invalid_header_service_token")
    }

    /// The pages that do not list the header: strict mode refuses it as any unlisted header; the
    /// lenient emulator ignores it.
    @Test(arguments: [true, false])
    func onlyThePagesThatListTheHeaderTakeIt(strict: Bool) async throws {
        var scenario = EmulatorScenario.standard
        scenario.strictV2Requests = strict
        let harness = try await Harness.make(scenario)
        let created = try decodeObject(
            try await harness.createSession(headers: ["AD-Service-Token": token(harness)]))
        let code = try #require(created["code"]?.stringValue)
        let byCode = try await harness.v2(
            "/api/v2/REF/profiles/code/\(code)", headers: ["AD-Service-Token": token(harness)])
        let configuration = try await harness.v2(
            "/api/v2/REF/configuration", headers: ["AD-Service-Token": token(harness)])
        for response in [byCode, configuration] {
            if strict {
                try expectV2Error(response, status: 400, code: "bad_request")
            } else {
                #expect(response.status == 200)
            }
        }
    }

    // MARK: Profiles across devices

    /// Signs in on `deviceID` with a service token for `subject`: the session carries it, the
    /// browser logs in.
    func signIn(_ harness: Harness, deviceID: String, subject: String? = Self.subject) async throws {
        let headers: HTTPTransportHeaders = subject.map { ["AD-Service-Token": token(harness, subject: $0)] } ?? [:]
        let session = try decodeObject(try await harness.createSession(deviceID: deviceID, headers: headers))
        #expect(session["actionName"] == "authenticate")
        let path = try #require(session["url"]?.stringValue)
        let presenter = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password", transport: harness.emulator.transport)
        _ = try await presenter.presentLogin(url: harness.url(path), redirectURL: URL(string: Harness.redirectURL)!)
    }

    func profiles(
        _ harness: Harness, deviceID: String, subject: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: JSONValue] {
        let headers: HTTPTransportHeaders = subject.map { ["AD-Service-Token": token(harness, subject: $0)] } ?? [:]
        let response = try await harness.v2("/api/v2/REF/profiles", deviceID: deviceID, headers: headers)
        #expect(response.status == 200, sourceLocation: sourceLocation)
        return try #require(try decodeObject(response)["profiles"]?.objectValue, sourceLocation: sourceLocation)
    }

    @Test func aProfileCreatedWithATokenIsFoundByEveryDeviceWithATokenForTheSameSubject() async throws {
        let harness = try await Harness.make()
        try await signIn(harness, deviceID: "device-1")

        let own = try await profiles(harness, deviceID: "device-1", subject: Self.subject)
        #expect(own["Cablevision"]?["type"] == "regular", "the device that signed in sees its own profile")
        let shared = try await profiles(harness, deviceID: "device-2", subject: Self.subject)
        #expect(shared["Cablevision"]?["type"] == "serviceTokenSSO")
        #expect(shared["Cablevision"]?["issuer"] == "Cablevision", "the issuer of a service-token profile is the MVPD")
        #expect(shared["Cablevision"]?["attributes"]?["userID"]?["value"] == "alice-user-id")
        #expect(try await profiles(harness, deviceID: "device-2", subject: "viewer-2").isEmpty, "another viewer")
        #expect(try await profiles(harness, deviceID: "device-2", subject: nil).isEmpty, "no token, no SSO")
        #expect(
            try await harness.v2(
                "/api/v2/REF/profiles/Cablevision", deviceID: "device-3",
                headers: ["AD-Service-Token": token(harness)]
            ).status == 200)

        // Decisions on device 2 rest on the shared profile; without a token there is none.
        let permitted = try harness.singleDecision(
            try await harness.decide(
                "authorize", resources: ["news"], deviceID: "device-2",
                headers: ["AD-Service-Token": token(harness)]))
        #expect(permitted["authorized"] == true)
        try expectV2Error(
            try await harness.decide("authorize", resources: ["news"], deviceID: "device-2"), status: 403,
            code: "authenticated_profile_missing", action: "authentication")

        // A session on device 2 needs no browser: the viewer is signed in.
        let session = try decodeObject(
            try await harness.createSession(deviceID: "device-2", headers: ["AD-Service-Token": token(harness)]))
        #expect(session["actionName"] == "authorize")
        #expect(session["reasonType"] == "authenticated")

        // Expired with the MVPD's authentication TTL, everywhere.
        harness.clock.advance(by: .seconds(3601))
        #expect(try await profiles(harness, deviceID: "device-2", subject: Self.subject).isEmpty)
        try expectV2Error(
            try await harness.decide(
                "authorize", resources: ["news"], deviceID: "device-2",
                headers: ["AD-Service-Token": token(harness)]),
            status: 403, code: "authenticated_profile_expired", action: "authentication")
    }

    @Test func aLoginWithoutATokenIsNotShared() async throws {
        let harness = try await Harness.make()
        try await signIn(harness, deviceID: "device-1", subject: nil)
        #expect(try await profiles(harness, deviceID: "device-1", subject: Self.subject)["Cablevision"] != nil)
        #expect(try await profiles(harness, deviceID: "device-2", subject: Self.subject).isEmpty)
    }

    /// Adobe's single logout: the service token's profile goes for every device; the devices'
    /// own profiles stay.
    @Test func aLogoutWithTheTokenEndsTheSharedProfile() async throws {
        let harness = try await Harness.make()
        try await signIn(harness, deviceID: "device-1")
        let logout = try decodeObject(
            try await harness.v2(
                "/api/v2/REF/logout/Cablevision", query: [("redirectUrl", Harness.redirectURL)],
                deviceID: "device-2", headers: ["AD-Service-Token": token(harness)]))
        #expect(logout["logouts"]?["Cablevision"]?["actionName"] == "logout")
        #expect(try await profiles(harness, deviceID: "device-2", subject: Self.subject).isEmpty)
        #expect(try await profiles(harness, deviceID: "device-1", subject: nil)["Cablevision"] != nil)
    }

    // MARK: Scenario

    @Test func scenarioFilesNameTheKeysAsJWKMembers() throws {
        let key = ServiceTokenIssuer.emulator.publicKey
        let json = #"{"serviceTokenKeys": [{"n": "\#(key.n)"}]}"#
        let scenario = try EmulatorScenario(validatingJSON: Data(json.utf8))
        #expect(scenario.serviceTokenKeys == [key], "e defaults to AQAB (65537)")
        #expect(EmulatorScenario().serviceTokenKeys.isEmpty)
        #expect(EmulatorScenario.standard.serviceTokenKeys == [key])

        #expect(throws: EmulatorScenario.Problem.self) {
            try EmulatorScenario(validatingJSON: Data(#"{"serviceTokenKeys": [{"n": "AQAB", "kty": "RSA"}]}"#.utf8))
        }
        let short = EmulatorScenario(serviceTokenKeys: [.init(n: "AQAB")])
        #expect(short.problems.map(\.path) == ["$.serviceTokenKeys[0]"])
    }
}
