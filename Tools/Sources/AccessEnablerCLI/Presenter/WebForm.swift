/// An HTML form: where it is sent, how, and its fields.
struct WebForm: Sendable, Equatable {
    /// One `<input>` or named `<button>`.
    struct Field: Sendable, Equatable {
        /// The field name.
        var name: String
        /// The lower-cased type (`text` when absent; `submit` for buttons).
        var type: String
        /// The value as written in the page.
        var value: String
        /// Whether a checkbox or radio button is checked.
        var isChecked: Bool
    }

    /// The `action` attribute (nil or empty: the page's own URL).
    var action: String?
    /// The lower-cased method: `get` or `post`.
    var method: String
    /// The fields, in document order.
    var fields: [Field]

    /// Field types a person never sees or types into.
    static let invisibleTypes: Set<String> = ["hidden", "submit", "button", "reset", "image"]
    /// Field types that take a user name.
    static let usernameTypes: Set<String> = ["text", "email", "tel"]

    /// Whether the form asks for a password.
    var hasPasswordField: Bool { fields.contains { $0.type == "password" } }

    /// Whether every field is hidden (a form a script submits for the person, such as a SAML POST).
    var hasOnlyInvisibleFields: Bool { fields.allSatisfy { Self.invisibleTypes.contains($0.type) } }

    /// The forms of a page, from its tags.
    static func forms(in tags: [HTMLTag]) -> [WebForm] {
        var forms: [WebForm] = []
        var current: WebForm?
        for tag in tags {
            switch (tag.name, tag.isEnd) {
            case ("form", false):
                if let open = current { forms.append(open) }
                current = WebForm(
                    action: tag[attribute: "action"], method: (tag[attribute: "method"] ?? "get").lowercased(),
                    fields: [])
            case ("form", true):
                if let open = current { forms.append(open) }
                current = nil
            case ("input", false):
                guard let name = tag[attribute: "name"], !name.isEmpty else { continue }
                current?.fields.append(
                    Field(
                        name: name, type: (tag[attribute: "type"] ?? "text").lowercased(),
                        value: tag[attribute: "value"] ?? "", isChecked: tag[attribute: "checked"] != nil))
            case ("button", false):
                guard let name = tag[attribute: "name"], !name.isEmpty else { continue }
                let type = (tag[attribute: "type"] ?? "submit").lowercased()
                guard type == "submit" else { continue }
                current?.fields.append(
                    Field(
                        name: name, type: "submit", value: tag[attribute: "value"] ?? "",
                        isChecked: false))
            default:
                continue
            }
        }
        if let open = current { forms.append(open) }
        return forms
    }

    /// The name–value pairs a browser sends when the form is submitted with its first submit
    /// button, with `username` and `password` typed in (when given).
    func submittedPairs(username: String?, password: String?) -> [(String, String)] {
        var pairs: [(String, String)] = []
        var usernameTyped = false
        var submitChosen = false
        for field in fields {
            switch field.type {
            case "password":
                pairs.append((field.name, password ?? field.value))
            case _ where Self.usernameTypes.contains(field.type):
                if let username, !usernameTyped {
                    pairs.append((field.name, username))
                    usernameTyped = true
                } else {
                    pairs.append((field.name, field.value))
                }
            case "checkbox", "radio":
                if field.isChecked { pairs.append((field.name, field.value.isEmpty ? "on" : field.value)) }
            case "submit":
                if !submitChosen {
                    pairs.append((field.name, field.value))
                    submitChosen = true
                }
            case "button", "reset", "image", "file":
                continue
            default:
                pairs.append((field.name, field.value))
            }
        }
        return pairs
    }
}
