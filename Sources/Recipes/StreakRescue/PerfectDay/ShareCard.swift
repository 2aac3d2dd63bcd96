/// The perfect day's card for social media: a text to post and an SVG image showing the
/// date, the streak and the number of puzzles.
public struct ShareCard: Hashable, Sendable {
    /// The text shared with the image.
    public var text: String
    /// The image's headline ("Perfect day!").
    public var headline: String
    /// The date as the user's language writes it.
    public var date: String
    /// "5 puzzles solved".
    public var puzzlesLine: String
    /// "12 day streak".
    public var streakLine: String

    /// A card from its texts, already in the user's language.
    public init(text: String, headline: String, date: String, puzzlesLine: String, streakLine: String) {
        self.text = text
        self.headline = headline
        self.date = date
        self.puzzlesLine = puzzlesLine
        self.streakLine = streakLine
    }

    /// Width and height of the image: the 1.91:1 size social networks show in full.
    public static let size = (width: 1200, height: 630)

    /// The image, as a standalone SVG document (text escaped for XML).
    public var svg: String {
        let (width, height) = Self.size
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
              <rect width="\(width)" height="\(height)" fill="#1B873F"/>
              <rect x="40" y="40" width="\(width - 80)" height="\(height - 80)" fill="none" stroke="#FFFFFF" stroke-width="6"/>
              <line x1="\(width / 2)" y1="40" x2="\(width / 2)" y2="\(height - 40)" stroke="#FFFFFF" stroke-opacity="0.25" stroke-width="4"/>
              <circle cx="\(width / 2)" cy="\(height / 2)" r="110" fill="none" stroke="#FFFFFF" stroke-opacity="0.25" stroke-width="4"/>
              <text x="\(width / 2)" y="190" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="84" font-weight="bold" fill="#F5C518">\(Self.escape(headline))</text>
              <text x="\(width / 2)" y="280" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="40" fill="#FFFFFF">\(Self.escape(date))</text>
              <text x="\(width / 2)" y="400" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="bold" fill="#FFFFFF">\(Self.escape(puzzlesLine))</text>
              <text x="\(width / 2)" y="480" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="48" fill="#FFFFFF">\(Self.escape(streakLine))</text>
            </svg>

            """
    }

    /// `&`, `<`, `>`, `"` and `'` as XML entities.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
