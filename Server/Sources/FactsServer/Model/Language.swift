/// A language the content service serves: the eight of the Facts A Day app.
public enum Language: String, CaseIterable, Sendable, Encodable {
    case en, de, es, fr, ja, ko, tr, zh

    /// Whether words are separated by spaces, so that counting words means counting
    /// the runs between spaces. Japanese and Chinese are not: their length is counted
    /// in characters.
    var separatesWordsWithSpaces: Bool {
        switch self {
        case .ja, .zh: false
        case .en, .de, .es, .fr, .ko, .tr: true
        }
    }
}
