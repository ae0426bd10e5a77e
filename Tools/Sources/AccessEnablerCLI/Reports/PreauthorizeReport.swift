import AccessEnabler

/// `preauthorize`: the shape of Adobe's preauthorization decisions, `{"resources": [{"id", "authorized", "error"?}], "status"?}`.
struct PreauthorizeReport: CommandReport {
    /// One decision.
    struct Entry: Encodable, Sendable {
        var id: String
        var authorized: Bool
        var error: StatusObject?
    }

    var resources: [Entry]
    /// Set only when the whole call failed (then `resources` is empty).
    var status: StatusObject?

    init(_ response: PreauthorizeResponse) {
        resources = response.decisions.map {
            Entry(id: $0.id, authorized: $0.isAuthorized, error: $0.error.map(StatusObject.init(status:)))
        }
        status = response.status.map(StatusObject.init(status:))
    }

    /// The report of a call that failed as a whole: no decisions and the status.
    init(failure: Status) {
        resources = []
        status = StatusObject(status: failure)
    }

    var text: String {
        table + "\n\n" + summary
    }

    /// `2 of 3 authorized`.
    var summary: String {
        "\(resources.filter(\.authorized).count) of \(resources.count) authorized"
    }

    /// One line per decision: `Resource`, `Decision` (authorized or denied), `Details`.
    var table: String {
        var table = Table(headers: ["Resource", "Decision", "Details"])
        for entry in resources {
            let details =
                entry.error.map { error in
                    [error.status.code, error.status.details ?? error.status.message].compactMap { $0 }.joined(
                        separator: " — ")
                } ?? ""
            table.rows.append([entry.id, entry.authorized ? "authorized" : "denied", details])
        }
        return table.render()
    }
}
