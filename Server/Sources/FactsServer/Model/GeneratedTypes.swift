/// The generated types of the contract under the names the service's code uses.
typealias Difficulty = Components.Schemas.Difficulty
typealias Platform = Components.Schemas.Platform

extension Language {
    /// The language a request names.
    init(_ language: Components.Schemas.Language) {
        switch language {
        case .en: self = .en
        case .de: self = .de
        case .es: self = .es
        case .fr: self = .fr
        case .ja: self = .ja
        case .ko: self = .ko
        case .tr: self = .tr
        case .zh: self = .zh
        }
    }
}

extension Components.Schemas.Language {
    /// The language of an answer.
    init(_ language: Language) {
        switch language {
        case .en: self = .en
        case .de: self = .de
        case .es: self = .es
        case .fr: self = .fr
        case .ja: self = .ja
        case .ko: self = .ko
        case .tr: self = .tr
        case .zh: self = .zh
        }
    }
}
