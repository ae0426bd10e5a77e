import AccessEnabler
import Foundation

/// What the partner attempt of one `authenticate` leaves for the legacy flow, filled from the
/// fallback that call's partner attempt returned (see the core's
/// `authenticate(forceAuthentication:data:providerFilter:presenter:partnerFallback:)`): `VSA403`
/// (TV Provider access denied or restricted), `VSA404` (not determined), `N004` (a provider the TV
/// Provider does not sign in), `VSA503` (the TV Provider failed). An MVPD chosen in the TV
/// Provider's picker that signs in through its own login page (`PICKER`) is reported silently, as
/// the legacy SDK's `setSelectedProvider` was. Without a partner attempt it stays empty.
@MainActor
final class PartnerAttemptReport {
    /// The status reports to deliver before the MVPD picker.
    private(set) var statuses: [LegacyStatus] = []
    /// The MVPD chosen in the TV Provider's picker that signs in through its login page, or the
    /// one the server named when it fell back: used without the MVPD picker.
    private(set) var pickerMVPD: String?

    func record(_ reason: PartnerSingleSignOnEvent.FallbackReason) {
        switch reason {
        case .pickerProvider(let mvpdID), .serverFallback(_, let mvpdID?):
            pickerMVPD = mvpdID
        default:
            if let status = LegacyStatus.partnerFallback(reason) { statuses.append(status) }
        }
    }
}

/// The legacy presenter, delivering the partner attempt's status reports before the regular
/// flow's picker (`status:` then `displayProviderDialog:`).
///
/// With `handoff` (the tvOS registration-code flow) the core's flow ends at the picker: the
/// chosen MVPD goes to `handoff` and the presenter throws, so that the code, not a login page,
/// follows.
struct PartnerReportingPresenter: AuthenticationPresenter {
    let base: AuthenticationBridge
    let reports: PartnerAttemptReport
    let session: LegacySession
    var handoff: SecondScreenHandoff?

    func selectProvider(from providers: [CoreMVPD]) async throws -> CoreMVPD? {
        for status in await reports.statuses { await session.emit(status) }
        let chosen = try await base.selectProvider(from: providers)
        if let handoff, let chosen {
            await handoff.choose(chosen.id)
            throw SecondScreenHandoff.HandedOff()
        }
        return chosen
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        // On the registration-code path, an MVPD chosen in the TV Provider's picker (the core
        // skipped the MVPD picker) goes to the code, not to a login page.
        if let handoff, let chosen = await reports.pickerMVPD {
            await handoff.choose(chosen)
            throw SecondScreenHandoff.HandedOff()
        }
        return try await base.presentLogin(url: url, redirectURL: redirectURL)
    }
}

extension LegacyStatus {
    /// The legacy code of a partner fallback, nil for those the legacy SDK reported silently.
    static func partnerFallback(_ reason: PartnerSingleSignOnEvent.FallbackReason) -> LegacyStatus? {
        switch reason {
        case .permission(.notDetermined):
            return LegacyStatus(errorId: "VSA404", level: .info, message: "TV Provider access is not determined.")
        case .permission:
            return LegacyStatus(errorId: "VSA403", level: .info, message: "TV Provider access is not granted.")
        case .providerNotSupported(let id):
            return LegacyStatus(
                errorId: "N004", level: .info, message: "The TV Provider does not support this provider.",
                details: id)
        case .frameworkError(let code):
            return LegacyStatus(
                errorId: "VSA503", level: .info, message: "The TV Provider request failed.", details: code)
        case .noPartnerProviders, .providerUnavailable, .serverFallback, .validationFailed, .pickerProvider:
            return nil
        }
    }
}

extension ProviderFilter {
    /// The core's filter; nil when the app gave no `TV_PROVIDERS`.
    var partnerFilter: PartnerProviderFilter? {
        tvProviders.isEmpty
            ? nil : PartnerProviderFilter(providers: tvProviders, featuredProviders: featuredTVProviders)
    }
}

/// Where the registration-code flow takes over from the core's `authenticate`: the MVPD the
/// viewer picked after the partner attempt fell back.
@MainActor
final class SecondScreenHandoff {
    /// Thrown by the presenter to end the core's flow at the picker.
    struct HandedOff: Error {}

    private(set) var mvpdID: String?

    func choose(_ id: String) { mvpdID = id }
}
