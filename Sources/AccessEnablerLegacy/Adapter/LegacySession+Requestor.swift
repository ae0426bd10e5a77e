import AccessEnabler
import Foundation

extension LegacySession {
    /// `setRequestor:serviceProviders:`; ends with `setRequestorComplete`, then runs the calls queued
    /// behind the configuration (after a failure each fails through its own callback).
    func setRequestor(_ requestorID: String, serviceProviders: [String]) {
        phase = .configuring
        let urls = serviceProviders.compactMap(URL.init(string:))
        let unparsable = urls.count != serviceProviders.count
        perform { [self] in
            do {
                if unparsable { throw AccessEnablerError.invalidServiceProvider }
                try await core.setRequestor(requestorID, serviceProviders: urls)
                phase = .configured
                emit { $0.setRequestorComplete(ACCESS_ENABLER_STATUS_SUCCESS) }
            } catch {
                phase = .failed
                if let status = (error as? AccessEnablerError).flatMap(LegacyStatus.configurationFailed) {
                    emit(status)
                }
                emit { $0.setRequestorComplete(ACCESS_ENABLER_STATUS_ERROR) }
            }
            runQueuedCalls()
        }
    }
}
