/// What an import wrote: how many categories, content types and facts per language.
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
    /// Categories inserted or updated.
    public let categories: Int
    /// Content types inserted or updated.
    public let contentTypes: Int
    /// Facts inserted or updated, per language, in the order they were imported.
    public let facts: [FactCount]

    /// The facts of one language that an import wrote.
    public struct FactCount: Sendable, Equatable {
        /// The language of the file.
        public let language: Language
        /// Facts inserted or updated.
        public let count: Int
    }

    /// `3 categories, 1 content type, 10 facts (de 4, en 6)`.
    public var description: String {
        let total = facts.reduce(0) { $0 + $1.count }
        let perLanguage = facts.map { "\($0.language.rawValue) \($0.count)" }.joined(separator: ", ")
        return "\(categories) \(categories == 1 ? "category" : "categories"), "
            + "\(contentTypes) content \(contentTypes == 1 ? "type" : "types"), "
            + "\(total) \(total == 1 ? "fact" : "facts") (\(perLanguage))"
    }
}
