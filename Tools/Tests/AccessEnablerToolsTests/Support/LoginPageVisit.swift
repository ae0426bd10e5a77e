import Foundation

/// What a browser saw of the login: the first answer and the form page.
struct LoginPageVisit: Sendable {
    var url: URL
    var firstStatus: Int
    var formStatus: Int
    var contentType: String?
    var html: String
}
