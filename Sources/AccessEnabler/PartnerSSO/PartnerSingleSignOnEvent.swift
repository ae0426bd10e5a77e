/// How an attempt at partner single sign-on (Apple's TV Provider) ended, reported as
/// ``EntitlementEvent/partnerSingleSignOn(_:)``.
public indirect enum PartnerSingleSignOnEvent: Sendable, Equatable {
    /// The viewer was signed in through the partner with `mvpdID`, without a browser.
    case signedIn(mvpdID: String)
    /// The viewer dismissed the partner's picker or login; the attempt ends with
    /// ``AccessEnablerError/providerNotSelected``.
    case cancelled
    /// Single sign-on could not be used; the MVPD picker and browser login follow.
    case fellBack(FallbackReason)

    /// Why single sign-on was not used.
    public indirect enum FallbackReason: Sendable, Equatable {
        /// No MVPD of the configuration is enabled for the partner.
        case noPartnerProviders
        /// The viewer's permission is not granted (denied, restricted or not determined).
        case permission(PartnerFrameworkStatus.AccessStatus)
        /// The viewer is not signed in at the partner, or the sign-in has expired.
        case providerUnavailable
        /// The viewer chose a provider the partner does not sign in (`providerID`, the partner's
        /// identifier, when known).
        case providerNotSupported(providerID: String?)
        /// The viewer chose `mvpdID` in the partner's picker, an MVPD the partner lists but does
        /// not sign in (`boardingStatus` `PICKER`): its login page follows, without the MVPD picker.
        case pickerProvider(mvpdID: String)
        /// The framework failed; `code` is its error code.
        case frameworkError(code: String)
        /// The service provider answered with the basic flow (`reasonType`, such as
        /// `pfs_fallback` or `configuration_fallback`). When it named the MVPD the viewer is
        /// signed in with at the partner (`mvpdID`), that MVPD's login page follows without the
        /// MVPD picker.
        case serverFallback(reasonType: String, mvpdID: String? = nil)
        /// The service provider rejected the partner's status or response (`code`, such as
        /// `invalid_header_pfs_provider_info_expired`).
        case validationFailed(code: String)
    }
}
