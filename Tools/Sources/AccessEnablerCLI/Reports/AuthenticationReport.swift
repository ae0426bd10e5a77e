import AccessEnabler
import Foundation

/// `status` and `login`: whether the viewer is authenticated, with whom, until when.
struct AuthenticationReport: CommandReport {
    var authenticated: Bool
    /// The MVPD ID.
    var mvpd: String?
    var userId: String?
    /// Epoch milliseconds.
    var expires: Int64?
    /// Text output only: the MVPD's name, the expiry date and why not authenticated.
    var mvpdName: String?
    var expiryDate: Date?
    var reason: Status?

    private enum CodingKeys: String, CodingKey { case authenticated, mvpd, userId, expires }

    init(_ authentication: Authentication) {
        authenticated = true
        mvpd = authentication.mvpd.id
        mvpdName = authentication.mvpd.displayName
        userId = authentication.userID
        expires = JSONOutput.milliseconds(authentication.expires)
        expiryDate = authentication.expires
    }

    init(_ status: AuthenticationStatus) {
        switch status {
        case .authenticated(let authentication):
            self.init(authentication)
        case .notAuthenticated(let error):
            self.init(notAuthenticatedBecause: error.status)
        }
    }

    private init(notAuthenticatedBecause reason: Status) {
        authenticated = false
        self.reason = reason
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(authenticated, forKey: .authenticated)
        try container.encode(mvpd, forKey: .mvpd)
        try container.encode(userId, forKey: .userId)
        try container.encode(expires, forKey: .expires)
    }

    var text: String {
        guard authenticated, let mvpd, let userId, let expiryDate else {
            let why = reason.map { " — \($0.code ?? "unknown")" + ($0.message.map { ": \($0)" } ?? "") } ?? ""
            return "Not authenticated\(why)"
        }
        var table = Table(headers: ["", ""])
        table.rows = [
            ["MVPD", mvpdName.map { $0 == mvpd ? mvpd : "\(mvpd) (\($0))" } ?? mvpd],
            ["User ID", userId],
            ["Expires", DateText.describe(expiryDate)],
        ]
        return "Authenticated\n" + table.renderBody()
    }
}
