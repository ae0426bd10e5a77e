import AccessEnabler
import Foundation

extension LegacySession {
    /// Collects the core's partner single sign-on events of one `authenticate` as legacy status
    /// reports (digest §7.9, §13): `VSA403` (TV Provider access denied or restricted), `VSA404`
    /// (not determined), `N004` (a provider the TV Provider does not sign in), `VSA503` (the TV
    /// Provider failed). A cancelled Apple picker is reported as `N005` with the status 0 that
    /// follows it, like the MVPD picker's.
    /// Without a partner framework on REST API v2 the core makes no partner attempt: nothing
    /// to wait for. An MVPD chosen in the TV Provider's picker that signs in through its own
    /// login page (`PICKER`) is reported silently, as the legacy SDK's `setSelectedProvider` was.
    func collectPartnerReports() -> Task<PartnerAttemptReport, Never> {
        guard core.partnerFramework != nil, core.configuration.backend == .restV2 else {
            return Task { PartnerAttemptReport() }
        }
        let events = core.events
        return Task {
            var report = PartnerAttemptReport()
            for await event in events {
                switch event {
                case .partnerSingleSignOn(.fellBack(.pickerProvider(let mvpdID))),
                    .partnerSingleSignOn(.fellBack(.serverFallback(_, let mvpdID?))):
                    report.pickerMVPD = mvpdID
                    return report
                case .partnerSingleSignOn(.fellBack(let reason)):
                    if let status = LegacyStatus.partnerFallback(reason) { report.statuses.append(status) }
                    // The regular flow follows: its picker is the end of the partner attempt.
                    return report
                case .partnerSingleSignOn, .authenticationChecked:
                    return report
                default:
                    continue
                }
            }
            return report
        }
    }
}

/// What the partner attempt of one `authenticate` leaves for the legacy flow.
struct PartnerAttemptReport: Sendable {
    /// The status reports to deliver before the MVPD picker.
    var statuses: [LegacyStatus] = []
    /// The MVPD chosen in the TV Provider's picker that signs in through its login page, or the
    /// one the server named when it fell back: used without the MVPD picker.
    var pickerMVPD: String?
}

/// The legacy presenter, delivering the partner attempt's status reports before the regular
/// flow's picker (`status:` then `displayProviderDialog:`).
///
/// With `handoff` (the tvOS registration-code flow) the core's flow ends at the picker: the
/// chosen MVPD goes to `handoff` and the presenter throws, so that the code, not a login page,
/// follows.
struct PartnerReportingPresenter: AuthenticationPresenter {
    let base: AuthenticationBridge
    let reports: Task<PartnerAttemptReport, Never>
    let session: LegacySession
    var handoff: SecondScreenHandoff?

    func selectProvider(from providers: [CoreMVPD]) async throws -> CoreMVPD? {
        for status in await reports.value.statuses { await session.emit(status) }
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
        if let handoff, let chosen = await reports.value.pickerMVPD {
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
            return LegacyStatus(errorId: "N004", level: .info, message: "The TV Provider does not support this provider.",
                                details: id)
        case .frameworkError(let code):
            return LegacyStatus(errorId: "VSA503", level: .info, message: "The TV Provider request failed.", details: code)
        case .noPartnerProviders, .providerUnavailable, .serverFallback, .validationFailed, .pickerProvider:
            return nil
        }
    }
}

extension ProviderFilter {
    /// The core's filter; nil when the app gave no `TV_PROVIDERS`.
    var partnerFilter: PartnerProviderFilter? {
        tvProviders.isEmpty ? nil : PartnerProviderFilter(providers: tvProviders, featuredProviders: featuredTVProviders)
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
