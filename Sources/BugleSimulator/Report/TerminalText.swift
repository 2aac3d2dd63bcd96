import Foundation

/// Text from a file or an app (titles, bodies, names, ids) made safe to print on a
/// terminal: a control character (an escape sequence's ESC, a carriage return, a newline
/// inside a title) or an invisible direction override would otherwise repaint the screen,
/// hide what follows, or make one line read as another.
public enum TerminalText {
    /// `text` with each control character, line separator and bidirectional-formatting
    /// character written as `\u{1B}`, so that it shows as what it is. With `invisible`,
    /// characters that show as nothing or as a plain space are written out too (a
    /// zero-width or no-break space, a byte-order mark): what an error quotes from a file
    /// must show exactly what is there.
    ///
    /// - Complexity: O(*n*) in the length of `text`; a text with nothing to escape is
    ///   returned as it is.
    public static func escaped(_ text: String, invisible: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { shouldEscape($0, invisible: invisible) }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            if shouldEscape(scalar, invisible: invisible) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func shouldEscape(_ scalar: Unicode.Scalar, invisible: Bool) -> Bool {
        needsEscape(scalar) || (invisible && isInvisible(scalar))
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, and the marks and overrides
    /// that reorder text.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Format characters (zero-width spaces and joiners, the byte-order mark) and spaces
    /// other than the plain one.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .spaceSeparator: scalar != " "
        default: false
        }
    }
}
