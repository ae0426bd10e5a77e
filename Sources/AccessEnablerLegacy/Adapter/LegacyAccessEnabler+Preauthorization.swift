import AccessEnabler
import Foundation

extension LegacyAccessEnabler {
    /// `checkPreauthorizedResources:` — calls `preauthorizedResources` with the authorized subset,
    /// answering from the cache when it can.
    public func checkPreauthorizedResources(_ resources: [String]) {
        checkPreauthorizedResources(resources, cache: true)
    }

    /// `checkPreauthorizedResources:cache:` — `cache: false` always asks the server.
    public func checkPreauthorizedResources(_ resources: [String], cache: Bool) {
        let request = PreauthorizeRequest(resources: resources, disabledFeatures: cache ? [] : [.localCache])
        whenConfigured { [self] in
            perform { [self] in
                let authorized = (try? await accessEnabler.preauthorize(request).authorizedResources) ?? []
                emit { $0.preauthorizedResources(authorized) }
            }
        }
    }

    /// `preauthorize:didCompleteWith:` (3.6+). Decisions, or a server error with its status, go to
    /// `onResponse`; a failure of the SDK itself (status 0, for example `requestor_not_configured`
    /// before the configuration completed) goes to `onFailure`. Does not wait for configuration.
    public func preauthorize(_ request: PreauthorizeRequest, didCompleteWith callback: AccessEnablerCallback<PreauthorizeResponse>) {
        perform { [self] in
            do {
                callback.onResponse(result: try await accessEnabler.preauthorize(request))
            } catch let error as AccessEnablerError {
                let response = PreauthorizeResponse(status: error.status, decisions: [])
                if error.isFromSDK {
                    callback.onFailure(result: response)
                } else {
                    callback.onResponse(result: response)
                }
            } catch {
                callback.onFailure(result: PreauthorizeResponse(status: AccessEnablerError.networkError.status, decisions: []))
            }
        }
    }

    /// The Swift spelling the legacy sample code uses: `accessEnabler.preauthorize(request, callback)`.
    public func preauthorize(_ request: PreauthorizeRequest, _ callback: AccessEnablerCallback<PreauthorizeResponse>) {
        preauthorize(request, didCompleteWith: callback)
    }
}
