import AccessEnabler
import Foundation

/// `authorize`: the media token (the product, so it is printed) and who it is for.
struct AuthorizeReport: CommandReport {
    var resource: String
    var mediaToken: String
    /// Epoch milliseconds.
    var expires: Int64
    var mvpd: String
    var userId: String
    /// Text output only.
    var expiryDate: Date

    private enum CodingKeys: String, CodingKey { case resource, mediaToken, expires, mvpd, userId }

    init(_ token: MediaToken) {
        resource = token.resource
        mediaToken = token.serializedToken
        expires = JSONOutput.milliseconds(token.expires)
        expiryDate = token.expires
        mvpd = token.mvpdID
        userId = token.userID
    }

    var text: String {
        var table = Table(headers: ["", ""])
        table.rows = [["MVPD", mvpd], ["User ID", userId], ["Expires", DateText.describe(expiryDate)]]
        return "Authorized \(resource)\n" + table.renderBody() + "\n\nMedia token:\n\(mediaToken)"
    }
}
