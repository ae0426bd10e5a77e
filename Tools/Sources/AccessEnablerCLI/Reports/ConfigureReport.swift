import AccessEnabler
import Foundation

/// `configure`: the requestor and the MVPDs it offers.
struct ConfigureReport: CommandReport {
    /// One MVPD of the picker.
    struct Entry: Encodable, Sendable {
        var id: String
        var displayName: String
        var logoUrl: String?
        var isTempPass: Bool
        var serviceProvider: String

        private enum CodingKeys: String, CodingKey { case id, displayName, logoUrl, isTempPass, serviceProvider }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(logoUrl, forKey: .logoUrl)
            try container.encode(isTempPass, forKey: .isTempPass)
            try container.encode(serviceProvider, forKey: .serviceProvider)
        }
    }

    var requestor: String
    var mvpds: [Entry]
    /// The requestor's display name (text output only).
    var name: String?

    private enum CodingKeys: String, CodingKey { case requestor, mvpds }

    init(_ configuration: RequestorConfiguration) {
        requestor = configuration.requestorID
        name = configuration.name
        mvpds = configuration.mvpds.map {
            Entry(
                id: $0.id, displayName: $0.displayName, logoUrl: $0.logoURL?.absoluteString,
                isTempPass: $0.isTempPass, serviceProvider: $0.serviceProvider.absoluteString)
        }
    }

    var text: String {
        let title = "Requestor \(requestor)" + (name.map { " — \($0)" } ?? "") + ": \(mvpds.count) MVPD(s)"
        return mvpds.isEmpty ? title : title + "\n\n" + table
    }

    /// One line per MVPD: `MVPD`, `Name`, `TempPass`, `Service provider`.
    var table: String {
        var table = Table(headers: ["MVPD", "Name", "TempPass", "Service provider"])
        for mvpd in mvpds {
            table.rows.append([mvpd.id, mvpd.displayName, mvpd.isTempPass ? "yes" : "no", mvpd.serviceProvider])
        }
        return table.render()
    }
}
