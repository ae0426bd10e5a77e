import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plays the person at the browser: loads a login URL, follows redirects, types credentials into
/// the MVPD's HTML form, and returns the URL the browser is finally sent to (the redirect URL).
///
/// It uses plain `URLSession` calls and looks at the HTML itself, independently of the tool's
/// presenter, so the page is checked to be usable by a real browser.
enum PersonInBrowser {
    static func signIn(at start: URL, username: String, password: String, redirectScheme: String = "adobepass")
        async throws -> URL
    {
        try await signIn(at: start, username: username, password: password) { $0.scheme == redirectScheme }
    }

    /// Signs in, then follows the last redirect to the tool's loopback listener (any URL that
    /// starts with `back`), as a browser does; returns that URL and the page the tool answered.
    static func signInComingBack(at start: URL, username: String, password: String, to back: String)
        async throws -> (url: URL, status: Int, page: String)
    {
        let landed = try await signIn(at: start, username: username, password: password) {
            $0.absoluteString.hasPrefix(back)
        }
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: landed)
        let status = try #require(response as? HTTPURLResponse).statusCode
        return (landed, status, String(decoding: data, as: UTF8.self))
    }

    /// Follows redirects and fills the login form until a URL for which `isEnd` holds.
    private static func signIn(
        at start: URL, username: String, password: String, isEnd: @Sendable (URL) -> Bool
    ) async throws -> URL {
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        var request = URLRequest(url: start)
        for _ in 0..<10 {
            let (data, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            let current = try #require(request.url)
            if (300..<400).contains(http.statusCode) {
                let location = try #require(http.value(forHTTPHeaderField: "Location"))
                let next = try #require(URL(string: location, relativeTo: current)?.absoluteURL)
                if isEnd(next) { return next }
                request = URLRequest(url: next)
                continue
            }
            let html = String(decoding: data, as: UTF8.self)
            guard http.statusCode == 200, (http.value(forHTTPHeaderField: "Content-Type") ?? "").contains("text/html"),
                let action = attribute("action", ofFirst: "<form", in: html),
                let login = attribute("value", ofFirst: #"name="login""#, in: html)
            else { throw PersonError(description: "No login form at \(current.path): HTTP \(http.statusCode)") }
            var post = URLRequest(url: try #require(URL(string: action, relativeTo: current)?.absoluteURL))
            post.httpMethod = "POST"
            post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            post.httpBody = Data("login=\(login)&username=\(username)&password=\(password)".utf8)
            request = post
        }
        throw PersonError(description: "Too many pages")
    }

    /// The value of `name="…"` in the first tag that contains `marker`.
    private static func attribute(_ name: String, ofFirst marker: String, in html: String) -> String? {
        guard let start = html.range(of: marker) else { return nil }
        let tagStart = html[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
        guard let tagEnd = html[start.lowerBound...].firstIndex(of: ">") else { return nil }
        let tag = html[tagStart..<tagEnd]
        guard let attribute = tag.range(of: "\(name)=\"") else { return nil }
        let valueStart = attribute.upperBound
        guard let valueEnd = tag[valueStart...].firstIndex(of: "\"") else { return nil }
        return String(tag[valueStart..<valueEnd])
    }

    private struct PersonError: Error, CustomStringConvertible {
        var description: String
    }

    private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
