import Foundation

/// The eight languages the content service writes facts in.
public enum FactsLanguage: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// English.
    case en
    /// German (Deutsch).
    case de
    /// Spanish (Español).
    case es
    /// French (Français).
    case fr
    /// Japanese (日本語).
    case ja
    /// Korean (한국어).
    case ko
    /// Turkish (Türkçe).
    case tr
    /// Chinese (中文).
    case zh

    /// The language's name in itself, as the language screen lists it.
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .de: "Deutsch"
        case .es: "Español"
        case .fr: "Français"
        case .ja: "日本語"
        case .ko: "한국어"
        case .tr: "Türkçe"
        case .zh: "中文"
        }
    }

    /// The language preselected for `locale`: its language when the service has it, else English.
    ///
    /// The locale is a value (not `Locale.current`) so that the choice is testable.
    public init(defaultFor locale: Locale) {
        let code = locale.language.languageCode?.identifier ?? "en"
        self = FactsLanguage(rawValue: code) ?? .en
    }

    public var description: String { rawValue }
}

/// The difficulty a user picks; ``all`` by default.
public enum Difficulty: String, CaseIterable, Hashable, Sendable, Codable {
    /// Simple and easy-to-understand facts.
    case beginner
    /// Moderately detailed and engaging facts.
    case intermediate
    /// In-depth and complex facts.
    case advanced
    /// A mix of all difficulty levels; the default.
    case all

    /// The `difficulty` query parameter of the facts endpoint.
    public var queryValue: String { rawValue }

    /// The screen's line for the option.
    public var summary: String {
        switch self {
        case .beginner: "Simple and easy-to-understand facts"
        case .intermediate: "Moderately detailed and engaging facts"
        case .advanced: "In-depth and complex facts"
        case .all: "Mix of all difficulty levels"
        }
    }
}
