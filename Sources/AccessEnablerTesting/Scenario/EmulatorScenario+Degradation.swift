import Foundation

extension EmulatorScenario {
    /// A degradation rule applied to an MVPD's integrations (REST API v2 degraded access): Adobe
    /// answers in place of the MVPD while it is degraded. REST v1 calls ignore it.
    public enum Degradation: String, Codable, Sendable, Hashable, CaseIterable {
        /// AuthNAll: sessions for the MVPD answer `authorize` / `degraded` and the device gets a
        /// `degraded` profile (issuer `Adobe`) without a login; decisions are granted with
        /// `source: "degradation"`.
        case authenticateAll
        /// AuthZAll: decisions are granted with `source: "degradation"`, without asking the MVPD
        /// and without needing a profile.
        case authorizeAll
        /// AuthZNone: decisions are denied with `source: "degradation"` and the item-level error
        /// `authorization_denied_by_degradation_rule`.
        case authorizeNone
    }
}
