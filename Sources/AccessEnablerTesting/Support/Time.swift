import Foundation

extension Date {
    /// Whole seconds since 1970 (DCR `client_id_issued_at`, v1 metadata `updated`).
    var epochSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
}
