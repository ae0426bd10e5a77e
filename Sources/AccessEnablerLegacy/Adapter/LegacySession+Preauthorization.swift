import AccessEnabler
import Foundation

extension LegacySession {
    func checkPreauthorizedResources(_ resources: [String], cache: Bool) {
        let request = PreauthorizeRequest(resources: resources, disabledFeatures: cache ? [] : [.localCache])
        whenConfigured { [self] in
            perform { [self] in
                let authorized: [String]
                do {
                    authorized = try await core.preauthorize(request).authorizedResources
                } catch {
                    // Told apart from "nothing authorized" by the status report; a viewer who is
                    // not signed in is authorized for nothing, which is no failure.
                    if let failure = Self.preauthorizationFailure(error) { emit(.preauthorizationFailed(failure)) }
                    authorized = []
                }
                emit { $0.preauthorizedResources(authorized) }
            }
        }
    }

    /// The enhanced error `checkPreauthorizedResources` reports (`P100`) for `error`; nil when
    /// the viewer has no session to preauthorize with (signed out, expired, or one the server no
    /// longer knows: the core has dropped it, and the viewer is signed out).
    nonisolated static func preauthorizationFailure(_ error: any Error) -> Status? {
        switch error {
        case let error as AccessEnablerError:
            error == .authenticationSessionMissing || error == .authenticationSessionExpired
                || (!error.isFromSDK && error.meaning.contains(.sessionGone)) ? nil : error.status
        case is CancellationError: nil
        default: AccessEnablerError.networkError.status
        }
    }

    func preauthorize(
        _ request: PreauthorizeRequest, didCompleteWith callback: AccessEnablerCallback<PreauthorizeResponse>
    ) {
        perform { [self] in
            do {
                callback.onResponse(result: try await core.preauthorize(request))
            } catch let error as AccessEnablerError {
                let response = PreauthorizeResponse(status: error.status, decisions: [])
                if error.isFromSDK {
                    callback.onFailure(result: response)
                } else {
                    callback.onResponse(result: response)
                }
            } catch {
                callback.onFailure(
                    result: PreauthorizeResponse(status: AccessEnablerError.networkError.status, decisions: []))
            }
        }
    }
}
