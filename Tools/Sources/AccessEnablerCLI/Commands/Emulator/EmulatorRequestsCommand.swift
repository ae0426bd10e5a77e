import AccessEnabler
import AccessEnablerTesting
import ArgumentParser
import Foundation

/// `accessenabler emulator requests [--clear]`: the request log of a running emulator.
struct EmulatorRequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List the requests a running emulator served (paths without queries), or --clear the log.",
        discussion: HelpText.examples([
            "accessenabler emulator requests",
            "# [{\"id\", \"method\", \"path\", \"route\", \"status\", \"failure\"}]",
            "accessenabler emulator requests --json",
            "accessenabler emulator requests --clear",
        ]))

    /// The command's own options.
    struct Options: ParsableArguments {
        @Flag(help: "Empty the request log instead.")
        var clear = false

        @Flag(help: "Print one JSON array instead of a table.")
        var json = false
    }

    @OptionGroup(title: "Requests options") var options: Options

    @OptionGroup(title: "Emulator connection") var emulator: EmulatorControlOptions

    /// One request, as printed: no headers, no query, no body (they can hold tokens).
    struct Entry: Encodable {
        var id: Int
        var method: String
        var path: String
        var route: String?
        var status: Int?
        var failure: String?

        private enum CodingKeys: String, CodingKey { case id, method, path, route, status, failure }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(method, forKey: .method)
            try container.encode(path, forKey: .path)
            try container.encode(route, forKey: .route)
            try container.encode(status, forKey: .status)
            try container.encode(failure, forKey: .failure)
        }
    }

    /// The query of the next page a `Link: </emulator/requests?after=…>; rel="next"` names.
    static func nextPageQuery(_ link: String?) -> String? {
        guard let link, link.contains(#"rel="next""#), let start = link.firstIndex(of: "<"),
            let end = link.firstIndex(of: ">"), start < end,
            let target = URLComponents(string: String(link[link.index(after: start)..<end])),
            target.path.hasSuffix("/emulator/requests")
        else { return nil }
        return target.percentEncodedQuery
    }

    func run() async throws {
        let control = try EmulatorControl(emulator)
        if options.clear {
            try control.check(try await control.send(.delete, "requests"), what: "clearing the request log")
            control.console.out("Cleared the request log.")
            return
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        // The log comes a page at a time; each names the next in `Link: <…>; rel="next"`.
        var records: [EmulatorRequestRecord] = []
        var query: String? = nil
        repeat {
            let response = try await control.send(.get, "requests", query: query)
            try control.check(response, what: "the request log")
            records += try decoder.decode([EmulatorRequestRecord].self, from: response.body)
            query = Self.nextPageQuery(response.headers["Link"])
        } while query != nil
        let entries = records.map {
            Entry(
                id: $0.id, method: $0.method, path: $0.path, route: $0.route?.rawValue, status: $0.responseStatus,
                failure: $0.failure)
        }
        if options.json {
            control.console.outJSON(JSONOutput.line(entries))
            return
        }
        var table = Table(headers: ["#", "Method", "Path", "Route", "Status"])
        for entry in entries {
            table.rows.append([
                String(entry.id), entry.method, entry.path, entry.route ?? "—",
                entry.status.map(String.init) ?? "no answer",
            ])
        }
        control.console.out(entries.isEmpty ? "No requests yet." : table.render() + "\n\n\(entries.count) request(s)")
    }
}
