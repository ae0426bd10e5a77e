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
                } catch let error as AccessEnablerError {
                    if error == .tooManyResources { emit(.preauthorizationFailed(error.status)) }
                    authorized = []
                } catch {
                    authorized = []
                }
                emit { $0.preauthorizedResources(authorized) }
            }
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
