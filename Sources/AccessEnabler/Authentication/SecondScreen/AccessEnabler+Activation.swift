import Foundation

/// The companion side of the second-screen sign-in (REST API v2): the app on a phone or
/// computer where the viewer types the TV's code and signs in with their TV provider.
extension AccessEnabler {
    /// Validates a typed code (`GET /sessions/{code}`) and says whether the TV preselected an
    /// MVPD. Nothing is stored.
    ///
    /// - Parameter code: The code as typed (surrounding spaces are ignored, letters upper-cased).
    /// - Throws: ``AccessEnablerError/invalidAuthenticationCode`` for a mistyped code,
    ///   ``AccessEnablerError/invalidAuthenticationSession`` for an expired one (ask the TV for
    ///   a new code), ``AccessEnablerError/invalidArgument`` for an empty one,
    ///   ``AccessEnablerError/requestorNotConfigured`` before `setRequestor`, or
    ///   ``AccessEnablerError/secondScreenNotSupported`` on REST API v1.
    public func activationRequest(forCode code: String) async throws -> ActivationRequest {
        let loaded = try await currentConfiguration()
        let code = try ActivationRequest.normalizedCode(code)
        guard let serviceProvider = requestor.serviceProviders.first else {
            throw AccessEnablerError.requestorNotConfigured
        }
        let context = try await context(for: loaded.requestorID, before: storageDeadline())
        let info = try await backend.requireSecondScreen().activationSession(
            forCode: code, at: serviceProvider, context: context)
        let mvpd = info.mvpdID.map { loaded.mvpd(withID: $0) ?? MVPD(id: $0, serviceProvider: serviceProvider.baseURL) }
        return ActivationRequest(code: code, mvpd: mvpd, expires: info.expires)
    }

    /// Completes the TV's sign-in from this device: validates `code`, lets the viewer pick an
    /// MVPD through `presenter` when neither the TV nor `mvpdID` chose one, resumes the code's
    /// session (`POST /sessions/{code}` with `mvpd`, `domainName` and `redirectUrl`), and runs
    /// the MVPD login in `presenter`'s browser, as ``authenticate(forceAuthentication:data:providerFilter:presenter:)``
    /// does. The TV then finds the authentication by polling.
    ///
    /// The authentication belongs to the TV: nothing is stored on this device, and this
    /// instance's own sign-in state does not change.
    ///
    /// - Parameters:
    ///   - code: The code the TV shows.
    ///   - mvpdID: The MVPD to use when the TV did not preselect one (else the picker is shown).
    ///   - presenter: The picker and browser.
    /// - Returns: The MVPD the viewer signed in with.
    /// - Throws: The errors of ``activationRequest(forCode:)``;
    ///   ``AccessEnablerError/providerNotSelected`` when the viewer cancels the picker,
    ///   ``AccessEnablerError/providerNotAvailable`` for an MVPD the configuration does not offer,
    ///   ``AccessEnablerError/invalidRedirectURL`` when the login ends elsewhere, or the service
    ///   provider's error.
    @discardableResult
    public func activate(code: String, mvpdID: String? = nil, presenter: any AuthenticationPresenter) async throws
        -> MVPD
    {
        try await activationFlow(code: code, mvpdID: mvpdID, presenter: presenter).activatedMVPD()
    }

    /// The sign-in of ``activate(code:mvpdID:presenter:)`` as a ``SignInFlow``: the provider
    /// choice (the TV's preselected MVPD, `mvpdID`, or `presenter`'s picker), the login page, and
    /// ``SignInFlow/State/activated(_:)`` with the MVPD the viewer signed in with for the TV.
    ///
    /// Nothing happens until the flow is iterated. A failure ends it with the error `activate`
    /// throws (``SignInFlow/State/failed(_:)``) or, when cancelled, ``SignInFlow/State/cancelled``.
    ///
    /// - Parameters:
    ///   - code: The code the TV shows.
    ///   - mvpdID: The MVPD to use when the TV did not preselect one (else the picker is shown).
    ///   - presenter: The picker and browser.
    public nonisolated func activationFlow(code: String, mvpdID: String? = nil, presenter: any AuthenticationPresenter)
        -> SignInFlow
    {
        // The companion chooses for the TV: its own sign-in state does not answer, and the
        // partner's single sign-on would sign in this device, not the TV.
        SignInFlow(
            enabler: self,
            plan: SignInFlow.Plan(
                kind: .activation(code: code, presenter: presenter),
                choice: ProviderChoice(answersSignedIn: false, mvpdID: mvpdID, picker: presenter)))
    }
}
