import Foundation

extension AccessEnabler {
    /// How long a partner status read silently is reused for the `AP-Partner-Framework-Status`
    /// header of later calls before the framework is asked again.
    static let partnerStatusLifetime: Duration = .seconds(60)

    /// The `AP-Partner-Framework-Status` value for the next call: the last status while it is
    /// fresh, else the framework's silent answer (nil without a framework, on REST API v1, which
    /// has no such header, or when it fails). The framework is asked at most once per lifetime.
    func currentPartnerStatusHeader() async -> String? {
        guard let framework = partnerFramework, backend.partnerSignOn != nil else { return nil }
        if let last = partner.lastStatus, clock.now < last.read.adding(Self.partnerStatusLifetime) {
            return last.status.headerValue
        }
        if let asked = partner.askedSilently, clock.now < asked.adding(Self.partnerStatusLifetime) {
            return partner.lastStatus?.status.headerValue
        }
        partner.askedSilently = clock.now
        let request = PartnerStatusRequest(supportedProviderIDs: [], allowsInterruption: false)
        guard case .completed(let status)? = try? await framework.status(for: request) else {
            return partner.lastStatus?.status.headerValue
        }
        partner.lastStatus = (status, clock.now)
        return status.headerValue
    }
}

/// What an instance remembers of the partner framework (partner single sign-on). A class the
/// actor owns and changes in place: as a struct its optional status tuple needed value witnesses
/// of its own (2 KB of an app's code).
final class PartnerState {
    /// The framework's last status and when it was read.
    var lastStatus: (status: PartnerFrameworkStatus, read: Date)?
    /// When the framework was last asked silently (its answer or not): a failing framework is
    /// asked no more often than a working one.
    var askedSilently: Date?
}
