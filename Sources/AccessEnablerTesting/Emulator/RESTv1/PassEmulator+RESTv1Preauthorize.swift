import AccessEnabler
import Foundation

extension PassEmulator {
    /// `GET /api/v1/preauthorize?resource=a,b,c` → 200 one decision per resource.
    ///
    /// The value is split on literal commas before each ID is percent-decoded, so an ID may hold
    /// an encoded comma (`%2C`). Duplicates collapse. Decisions come from the remote cache unless
    /// the request says `Cache-Control: no-cache`.
    func preauthorize(_ request: IncomingRequest, _ context: V1Context) throws(Rejection) -> HTTPTransportResponse {
        guard let raw = request.query.rawValue("resource") ?? request.form.rawValue("resource") else {
            throw .service(.missingResource)
        }
        var ids: [String] = []
        var seen: Set<String> = []
        for piece in raw.split(separator: ",", omittingEmptySubsequences: true) {
            let id = PercentEncoding.decode(piece)
            if !id.isEmpty, seen.insert(id).inserted { ids.append(id) }
        }
        guard !ids.isEmpty else { throw .service(.missingResource) }
        let limit = scenario.maxPreauthorizeResources
        guard ids.count <= limit else { throw .service(.tooManyResources(limit: limit)) }
        let session = try validSession(context, preauthorization: true)
        let bypassCache = request.header("Cache-Control")?.lowercased().contains("no-cache") ?? false

        let decisions = ids.map { id in
            (
                id,
                preauthorize(
                    resource: id, session: session, key: context.key, at: context.now,
                    bypassCache: bypassCache)
            )
        }
        let headers: HTTPTransportHeaders = [
            "Adobe-Request-Id": RandomIdentifier.uuid(),
            "Adobe-Response-Confidence": "full",
        ]
        switch request.format {
        case .json:
            let items: [JSONText] = decisions.map { id, decision in
                var members: [(String, JSONText)] = [("id", .string(id)), ("authorized", .bool(decision.authorized))]
                if !decision.authorized, scenario.enhancedErrorReporting {
                    members.append(("error", errorJSON(.authorizationDenied(decision.details))))
                }
                return .object(members)
            }
            return jsonResponse(200, .object([("resources", .array(items))]), headers: headers)
        case .xml:
            var xml = "<resources>"
            for (id, decision) in decisions {
                xml +=
                    "<resource>" + MarkupEscaping.element("id", id)
                    + MarkupEscaping.element("authorized", decision.authorized ? "true" : "false")
                if !decision.authorized, scenario.enhancedErrorReporting {
                    xml += errorXML(.authorizationDenied(decision.details))
                }
                xml += "</resource>"
            }
            return xmlResponse(200, xml + "</resources>", headers: headers)
        }
    }
}
