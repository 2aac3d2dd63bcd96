/// Writes well-formed XML markup (XHTML with inline SVG): every attribute value and every
/// piece of text goes through ``escape(_:)``, every element is closed.
struct Markup {
    private(set) var text = ""
    private var stack: [String] = []

    /// Markup written as is: the doctype and fixed style sheets, never user text.
    mutating func raw(_ markup: String) { text += markup }

    /// The doctype, the head with `title` and `styleSheet`, and an open `<body><main>`: what
    /// every page starts with; three ``close()`` calls end it.
    mutating func openPage(title: String, styleSheet: String) {
        raw("<!DOCTYPE html>\n")
        open("html", ["lang": "en"])
        open("head")
        empty("meta", ["charset": "utf-8"])
        empty("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        element("title", text: title)
        open("style")
        raw(styleSheet)
        close()
        close()
        open("body")
        open("main")
    }

    /// A headline card of the style sheet's `.cards`: a label, a value, and a detail unless empty.
    mutating func card(_ label: String, _ value: String, _ detail: String) {
        open("div", ["class": "card"])
        element("div", ["class": "label"], text: label)
        element("div", ["class": "value"], text: value)
        if !detail.isEmpty { element("div", ["class": "detail"], text: detail) }
        close()
    }

    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += "<\(name)\(Self.attributes(attributes))>"
        stack.append(name)
    }

    mutating func close() {
        text += "</\(stack.removeLast())>\n"
    }

    /// An element with no content: `<line … />`.
    mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += "<\(name)\(Self.attributes(attributes))/>\n"
    }

    /// An element that holds only text.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text content: String) {
        text += "<\(name)\(Self.attributes(attributes))>\(Self.escape(content))</\(name)>\n"
    }

    /// Text inside the open element.
    mutating func text(_ content: String) { text += Self.escape(content) }

    private static func attributes(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    /// Escapes the five XML specials and replaces characters XML 1.0 does not allow (control
    /// characters other than tab and line breaks) with U+FFFD, so that any scenario text
    /// keeps the document well-formed.
    static func escape(_ string: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(string.unicodeScalars.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                out.unicodeScalars.append(value < 0x20 || value == 0xFFFE || value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
