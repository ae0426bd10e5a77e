import AccessEnabler
import Foundation

/// What the partner attempt of one `authenticate` leaves for the legacy flow, filled from the
/// fallback that sign-in's partner attempt returned (the core's `SignInFlow` state
/// `partnerFellBack`): `VSA403`
/// (TV Provider access denied or restricted), `VSA404` (not determined), `N003` ("Other TV
/// Provider": none of the providers listed), `N004` (a provider the TV Provider does not sign in),
/// `VSA503` (the TV Provider failed). An MVPD chosen in the TV Provider's picker that signs in
/// through its own login page (`PICKER`) is reported silently, as the legacy SDK's
/// `setSelectedProvider` was. Without a partner attempt it stays empty.
@MainActor
final class PartnerAttemptReport {
    /// The status reports to deliver before the MVPD picker.
    private(set) var statuses: [LegacyStatus] = []
    /// Whether the provider choice is over (the registration-code path: what fails after it is
    /// the code's failure).
    private(set) var choiceMade = false

    func record(_ reason: PartnerSingleSignOnEvent.FallbackReason) {
        if let status = LegacyStatus.partnerFallback(reason) { statuses.append(status) }
    }

    func recordChoice() { choiceMade = true }
}

/// The legacy presenter, delivering the partner attempt's status reports before the regular
/// flow's picker (`status:` then `displayProviderDialog:`).
struct PartnerReportingPresenter: MVPDPagePresenter {
    let base: AuthenticationBridge
    let reports: PartnerAttemptReport
    let session: LegacySession

    /// The bridge's: its Safari pages come back through the app's URL handler.
    var requiresRegisteredURLScheme: Bool { base.requiresRegisteredURLScheme }

    func selectProvider(from providers: [CoreMVPD]) async throws -> CoreMVPD? {
        for status in await reports.statuses { await session.emit(status) }
        return try await base.selectProvider(from: providers)
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        try await base.presentLogin(url: url, redirectURL: redirectURL)
    }

    func presentLogin(url: URL, redirectURL: URL, for mvpd: CoreMVPD) async throws -> URL {
        try await base.presentLogin(url: url, redirectURL: redirectURL, for: mvpd)
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
        case .providerNotSupported(nil):
            // The TV Provider names no provider: the viewer chose none of those listed, "Other TV
            // Provider" in Apple's picker.
            return LegacyStatus(errorId: "N003", level: .info, message: "The user chose Other TV Provider.")
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
