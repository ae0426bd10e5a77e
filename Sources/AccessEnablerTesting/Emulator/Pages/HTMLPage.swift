import Foundation

/// The frame every HTML page of the emulator shares: a viewport for phones, one small
/// stylesheet, an empty icon (so a browser asks for no `/favicon.ico`), and a `<main>` landmark.
enum HTMLPage {
    /// The stylesheet of every page: readable type (16 px, 1.5 line height), targets of at least
    /// 44 px (WCAG 2.5.8 asks for 24), inputs as wide as the column, and errors that look like
    /// errors (colour, weight and a border on the input, not colour alone), in light and dark mode.
    static let stylesheet = """
        :root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
        body{margin:0}
        main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem}
        h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
        label{display:block;font-weight:600;margin-bottom:.25rem}
        input{box-sizing:border-box;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;border:1px solid #767676;border-radius:.375rem}
        input[aria-invalid=true]{border:2px solid #b3261e}
        button{min-height:2.75rem;min-width:2.75rem;padding:.5rem 1.5rem;font:inherit;font-weight:600;color:#fff;background:#1a56db;border:0;border-radius:.375rem;cursor:pointer}
        .error{color:#b3261e;font-weight:600;border-left:4px solid #b3261e;padding-left:.75rem}
        .choices{list-style:none;padding:0}
        .choices a{display:block;min-height:2.75rem;box-sizing:border-box;padding:.625rem .75rem;margin:.5rem 0;border:1px solid #767676;border-radius:.375rem}
        @media (prefers-color-scheme:dark){.error{color:#f2b8b5;border-color:#f2b8b5}input[aria-invalid=true]{border-color:#f2b8b5}}
        """

    /// A whole page: `title` (escaped here) and `main`, the markup inside `<main>`.
    static func document(title: String, main: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(MarkupEscaping.escape(title))</title>
        <link rel="icon" href="data:,">
        <style>\(stylesheet)</style>
        </head>
        <body>
        <main>
        \(main)
        </main>
        </body>
        </html>

        """
    }

    /// An error message tied to its input: the paragraph has `id` (the input names it in
    /// `aria-describedby`) and is announced when the page loads. Empty without an error.
    static func errorParagraph(_ message: String?, id: String) -> String {
        message.map { #"<p class="error" id="\#(id)" role="alert">\#(MarkupEscaping.escape($0))</p>"# + "\n" } ?? ""
    }

    /// The attributes that tie an input to the error paragraph `id`, when there is an error.
    static func errorAttributes(_ message: String?, id: String) -> String {
        message == nil ? "" : #" aria-invalid="true" aria-describedby="\#(id)""#
    }

    /// A page with a heading and a paragraph, for errors and notices a browser is shown.
    static func notice(title: String, heading: String, text: String) -> String {
        document(
            title: title,
            main: """
                <h1>\(MarkupEscaping.escape(heading))</h1>
                <p id="notice">\(MarkupEscaping.escape(text))</p>
                """)
    }
}
