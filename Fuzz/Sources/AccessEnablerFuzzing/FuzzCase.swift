import AccessEnabler
import AccessEnablerTesting
import Foundation

/// One fuzz input: which target it feeds, and the bytes.
///
/// Layout: byte 0 selects the ``FuzzTarget``, byte 1 the HTTP status (for the response targets),
/// the rest is the body (or the text, for the parsing targets). Every input must end without a
/// crash or a hang; errors are expected.
public struct FuzzCase: Sendable {
    public let target: FuzzTarget
    public let status: Int
    public let body: Data

    /// The statuses byte 1 chooses from.
    public static let statuses = [200, 201, 204, 302, 400, 401, 403, 404, 410, 412, 429, 500, 502]

    public init(_ data: Data) {
        let bytes = [UInt8](data)
        target = FuzzTarget.allCases[Int(bytes.first ?? 0) % FuzzTarget.allCases.count]
        status = Self.statuses[Int(bytes.count > 1 ? bytes[1] : 0) % Self.statuses.count]
        body = bytes.count > 2 ? Data(bytes[2...]) : Data()
    }

    /// The input that feeds `body` to `target` with `status`.
    public static func encode(target: FuzzTarget, status: Int, body: Data) -> Data {
        let targetIndex = UInt8(FuzzTarget.allCases.firstIndex(of: target)!)
        let statusIndex = UInt8(statuses.firstIndex(of: status) ?? 0)
        return Data([targetIndex, statusIndex]) + body
    }

    /// Runs the input to completion.
    public func run() async {
        switch target.kind {
        case .response(let backend, let step, let path):
            await FuzzFixture.shared.runResponse(backend: backend, step: step, path: path, status: status, body: body)
        case .redirect:
            await FuzzFixture.shared.runRedirect(String(decoding: body, as: UTF8.self))
        case .deviceInfo:
            _ = DeviceInfo(base64Encoded: String(decoding: body, as: UTF8.self))
        case .status:
            _ = try? JSONDecoder().decode(Status.self, from: body)
            _ = try? JSONDecoder().decode(JSONValue.self, from: body)
        }
    }

    /// Runs the input, blocking the calling thread (libFuzzer's entry point is synchronous).
    public func runBlocking() {
        let done = DispatchSemaphore(value: 0)
        let input = self
        Task.detached {
            await input.run()
            done.signal()
        }
        done.wait()
    }
}

/// What a fuzz input exercises.
public enum FuzzTarget: String, Sendable, CaseIterable {
    case v1Register, v1Token, v1Configuration, v1TempPass, v1AuthenticationToken, v1Authorize, v1MediaToken,
        v1Preauthorize, v1UserMetadata, v1Logout
    case v2Configuration, v2Sessions, v2Profile, v2Preauthorize, v2Authorize, v2Logout
    case redirectURL, deviceInfo, statusJSON

    /// The flow step a response target drives.
    public enum Step: Sendable {
        case setRequestor, tempPass, authenticate, authorize, preauthorize, userMetadata, logout
    }

    enum Kind {
        case response(AccessEnabler.Backend, Step, path: String)
        case redirect
        case deviceInfo
        case status
    }

    var kind: Kind {
        switch self {
        case .v1Register: .response(.restV1, .setRequestor, path: "/o/client/register")
        case .v1Token: .response(.restV1, .setRequestor, path: "/o/client/token")
        case .v1Configuration: .response(.restV1, .setRequestor, path: "/api/v1/config/")
        case .v1TempPass: .response(.restV1, .tempPass, path: "/api/v1/authenticate/freepreview")
        case .v1AuthenticationToken: .response(.restV1, .authenticate, path: "/api/v1/tokens/authn")
        case .v1Authorize: .response(.restV1, .authorize, path: "/api/v1/authorize")
        case .v1MediaToken: .response(.restV1, .authorize, path: "/api/v1/tokens/media")
        case .v1Preauthorize: .response(.restV1, .preauthorize, path: "/api/v1/preauthorize")
        case .v1UserMetadata: .response(.restV1, .userMetadata, path: "/api/v1/tokens/usermetadata")
        case .v1Logout: .response(.restV1, .logout, path: "/api/v1/logout")
        case .v2Configuration: .response(.restV2, .setRequestor, path: "/api/v2/REF/configuration")
        case .v2Sessions: .response(.restV2, .tempPass, path: "/api/v2/REF/sessions")
        case .v2Profile: .response(.restV2, .authenticate, path: "/api/v2/REF/profiles/")
        case .v2Preauthorize: .response(.restV2, .preauthorize, path: "/api/v2/REF/decisions/preauthorize/")
        case .v2Authorize: .response(.restV2, .authorize, path: "/api/v2/REF/decisions/authorize/")
        case .v2Logout: .response(.restV2, .logout, path: "/api/v2/REF/logout/")
        case .redirectURL: .redirect
        case .deviceInfo: .deviceInfo
        case .statusJSON: .status
        }
    }
}
