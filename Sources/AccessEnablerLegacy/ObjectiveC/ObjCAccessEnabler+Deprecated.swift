#if canImport(ObjectiveC)
import Foundation

// The pre-3.0 selectors, deprecated as in Swift: the signed requestor ID, secret and public key are
// no longer used. Each spelling the documentation gives is kept: `signedRequestorID:` (the headers'
// listings), `signedRequestorId:` (as Swift saw it) and `setSignedRequestorId:` (Adobe's 3.0
// migration guide).
@available(swift, obsoleted: 1)
extension ObjCAccessEnabler {
    /// `setRequestor:signedRequestorID:` (until 3.0).
    @available(
        *, deprecated, message: "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor:"
    )
    @objc(setRequestor:signedRequestorID:)
    public func objcSetRequestor(_ requestorID: String!, signedRequestorID: String!) {
        setRequestor(requestorID, signedRequestorId: signedRequestorID)
    }

    /// `setRequestor:signedRequestorID:serviceProviders:` (until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor:serviceProviders:"
    )
    @objc(setRequestor:signedRequestorID:serviceProviders:)
    public func objcSetRequestor(_ requestorID: String!, signedRequestorID: String!, serviceProviders urls: [Any]!) {
        setRequestor(requestorID, signedRequestorId: signedRequestorID, serviceProviders: urls)
    }

    /// `setRequestor:signedRequestorID:secret:publicKey:` (tvOS, until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor:"
    )
    @objc(setRequestor:signedRequestorID:secret:publicKey:)
    public func objcSetRequestor(
        _ requestorID: String!, signedRequestorID: String!, secret: String!, publicKey: String!
    ) {
        setRequestor(requestorID, signedRequestorId: signedRequestorID, secret: secret, publicKey: publicKey)
    }

    /// `setRequestor:signedRequestorID:serviceProviders:secret:publicKey:` (tvOS, until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor:serviceProviders:"
    )
    @objc(setRequestor:signedRequestorID:serviceProviders:secret:publicKey:)
    public func objcSetRequestor(
        _ requestorID: String!, signedRequestorID: String!, serviceProviders urls: [Any]!, secret: String!,
        publicKey: String!
    ) {
        setRequestor(
            requestorID, signedRequestorId: signedRequestorID, serviceProviders: urls, secret: secret,
            publicKey: publicKey)
    }

    /// `setRequestor:signedRequestorId:` (until 3.0).
    @available(
        *, deprecated, message: "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor:"
    )
    @objc(setRequestor:signedRequestorId:)
    public func objcSetRequestor(_ requestorID: String!, signedRequestorId: String!) {
        setRequestor(requestorID, signedRequestorId: signedRequestorId)
    }

    /// `setRequestor:signedRequestorId:serviceProviders:` (until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor:serviceProviders:"
    )
    @objc(setRequestor:signedRequestorId:serviceProviders:)
    public func objcSetRequestor(_ requestorID: String!, signedRequestorId: String!, serviceProviders urls: [Any]!) {
        setRequestor(requestorID, signedRequestorId: signedRequestorId, serviceProviders: urls)
    }

    /// `setRequestor:signedRequestorId:secret:publicKey:` (tvOS, until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor:"
    )
    @objc(setRequestor:signedRequestorId:secret:publicKey:)
    public func objcSetRequestor(
        _ requestorID: String!, signedRequestorId: String!, secret: String!, publicKey: String!
    ) {
        setRequestor(requestorID, signedRequestorId: signedRequestorId, secret: secret, publicKey: publicKey)
    }

    /// `setRequestor:signedRequestorId:serviceProviders:secret:publicKey:` (tvOS, until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor:serviceProviders:"
    )
    @objc(setRequestor:signedRequestorId:serviceProviders:secret:publicKey:)
    public func objcSetRequestor(
        _ requestorID: String!, signedRequestorId: String!, serviceProviders urls: [Any]!, secret: String!,
        publicKey: String!
    ) {
        setRequestor(
            requestorID, signedRequestorId: signedRequestorId, serviceProviders: urls, secret: secret,
            publicKey: publicKey)
    }

    /// `setRequestor:setSignedRequestorId:` (until 3.0).
    @available(
        *, deprecated, message: "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor:"
    )
    @objc(setRequestor:setSignedRequestorId:)
    public func objcSetRequestor(_ requestorID: String!, setSignedRequestorId: String!) {
        setRequestor(requestorID, setSignedRequestorId: setSignedRequestorId)
    }

    /// `setRequestor:setSignedRequestorId:serviceProviders:` (until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID: call setRequestor:serviceProviders:"
    )
    @objc(setRequestor:setSignedRequestorId:serviceProviders:)
    public func objcSetRequestor(_ requestorID: String!, setSignedRequestorId: String!, serviceProviders urls: [Any]!) {
        setRequestor(requestorID, signedRequestorId: setSignedRequestorId, serviceProviders: urls)
    }

    /// `setRequestor:setSignedRequestorId:secret:publicKey:` (tvOS, until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor:"
    )
    @objc(setRequestor:setSignedRequestorId:secret:publicKey:)
    public func objcSetRequestor(
        _ requestorID: String!, setSignedRequestorId: String!, secret: String!, publicKey: String!
    ) {
        setRequestor(requestorID, setSignedRequestorId: setSignedRequestorId, secret: secret, publicKey: publicKey)
    }

    /// `setRequestor:setSignedRequestorId:serviceProviders:secret:publicKey:` (tvOS, until 3.0).
    @available(
        *, deprecated,
        message:
            "Since 3.0 the software statement replaces the signed requestor ID, secret and public key: call setRequestor:serviceProviders:"
    )
    @objc(setRequestor:setSignedRequestorId:serviceProviders:secret:publicKey:)
    public func objcSetRequestor(
        _ requestorID: String!, setSignedRequestorId: String!, serviceProviders urls: [Any]!, secret: String!,
        publicKey: String!
    ) {
        setRequestor(
            requestorID, signedRequestorId: setSignedRequestorId, serviceProviders: urls, secret: secret,
            publicKey: publicKey)
    }

    /// `getAuthenticationToken` (until 3.0): `handleExternalURL:` with the redirect URL.
    @available(*, deprecated, message: "Since 3.0 call handleExternalURL: with the redirect URL the web view reached.")
    @objc(getAuthenticationToken) public func objcGetAuthenticationToken() { getAuthenticationToken() }
}
#endif
