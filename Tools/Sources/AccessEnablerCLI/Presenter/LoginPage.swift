import Foundation

/// What the login presenter can do with an HTML page of a login flow.
struct LoginPage: Sendable {
    /// The page's forms.
    let forms: [WebForm]
    /// The target of a `<meta http-equiv="refresh" content="0; url=…">`, as written.
    let refreshTarget: String?
    /// Whether a script on the page submits a form (`….submit()`), as SAML POST pages do.
    let submitsItself: Bool

    /// Reads `html`.
    init(html: String) {
        let tags = HTMLTag.scan(html)
        forms = WebForm.forms(in: tags)
        refreshTarget =
            tags.lazy
            .filter { $0.name == "meta" && !$0.isEnd && $0[attribute: "http-equiv"]?.lowercased() == "refresh" }
            .compactMap { Self.refreshURL(in: $0[attribute: "content"] ?? "") }
            .first
        submitsItself = html.contains(".submit()")
    }

    /// The login form: the first form with a password field.
    var loginForm: WebForm? { forms.first(where: \.hasPasswordField) }

    /// A form a script submits by itself, with hidden fields only.
    var selfSubmittingForm: WebForm? {
        guard submitsItself else { return nil }
        return forms.first { !$0.fields.isEmpty && $0.hasOnlyInvisibleFields }
    }

    /// The URL in a refresh `content` value such as `0; url='https://…'`.
    static func refreshURL(in content: String) -> String? {
        for part in content.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix("url") else { continue }
            var value = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            guard value.hasPrefix("=") else { continue }
            value = value.dropFirst().trimmingCharacters(in: .whitespaces)
            if let quote = value.first, quote == "'" || quote == "\"" {
                value = String(value.dropFirst())
                if let end = value.firstIndex(of: quote) { value = String(value[..<end]) }
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
