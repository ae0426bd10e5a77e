import AccessEnabler
import Foundation

extension LegacyAccessEnabler {
    /// `setRequestor:` — configures the requestor with the default service providers.
    /// Ends with `setRequestorComplete`.
    public func setRequestor(_ requestorID: String) {
        setRequestor(requestorID, serviceProviders: [])
    }

    /// `setRequestor:serviceProviders:` — configures the requestor with these service providers
    /// (URL strings), queried concurrently. Ends with `setRequestorComplete`.
    public func setRequestor(_ requestorID: String, serviceProviders: [String]) {
        phase = .configuring
        let urls = serviceProviders.compactMap(URL.init(string:))
        let unparsable = urls.count != serviceProviders.count
        perform { [self] in
            do {
                if unparsable { throw AccessEnablerError.invalidServiceProvider }
                try await accessEnabler.setRequestor(requestorID, serviceProviders: urls)
                phase = .configured
                emit { $0.setRequestorComplete(ACCESS_ENABLER_STATUS_SUCCESS) }
            } catch {
                phase = .failed
                emit { $0.setRequestorComplete(ACCESS_ENABLER_STATUS_ERROR) }
            }
            // Queued calls run now; after a failure each fails through its own callback.
            runQueuedCalls()
        }
    }

    /// The pre-3.0 signed-requestor form; the signature is no longer used.
    @available(*, deprecated, renamed: "setRequestor(_:)", message: "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor(_:).")
    public func setRequestor(_ requestorID: String, setSignedRequestorId signedRequestorID: String) {
        setRequestor(requestorID)
    }

    /// The pre-3.0 signed-requestor form with service providers; the signature is no longer used.
    @available(*, deprecated, renamed: "setRequestor(_:serviceProviders:)", message: "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor(_:serviceProviders:).")
    public func setRequestor(_ requestorID: String, setSignedRequestorId signedRequestorID: String, serviceProviders: [String]) {
        setRequestor(requestorID, serviceProviders: serviceProviders)
    }

    /// The pre-3.0 tvOS form with a secret and public key; they are no longer used.
    @available(*, deprecated, renamed: "setRequestor(_:)", message: "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor(_:).")
    public func setRequestor(_ requestorID: String, setSignedRequestorId signedRequestorID: String, secret: String, publicKey: String) {
        setRequestor(requestorID)
    }

    /// The pre-3.0 tvOS form with service providers, a secret and a public key; they are no longer used.
    @available(*, deprecated, renamed: "setRequestor(_:serviceProviders:)", message: "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor(_:serviceProviders:).")
    public func setRequestor(_ requestorID: String, setSignedRequestorId signedRequestorID: String, serviceProviders: [String],
                             secret: String, publicKey: String) {
        setRequestor(requestorID, serviceProviders: serviceProviders)
    }
}
