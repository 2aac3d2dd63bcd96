/// Why a string catalog did not load: a missing key, language or placeholder, a format
/// Bugle does not read, or JSON that is not a String Catalog.
public struct StringCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of mistake; compare with the static members (`error.code == .missingKey`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        /// The data is not a String Catalog (not JSON, or fields of the wrong type).
        public static let invalidFormat = Code(name: "invalidFormat")
        /// A key of the schema is not in the catalog.
        public static let missingKey = Code(name: "missingKey")
        /// A key has no localization for a language of the schema.
        public static let missingLanguage = Code(name: "missingLanguage")
        /// A value does not use one of the key's placeholders.
        public static let missingPlaceholder = Code(name: "missingPlaceholder")
        /// A value refers to an argument or substitution the key does not have, or uses a
        /// specifier that does not fit the placeholder's kind.
        public static let unknownPlaceholder = Code(name: "unknownPlaceholder")
        /// A format specifier or variation Bugle does not read (`%f`, device variations).
        public static let unsupportedFormat = Code(name: "unsupportedFormat")
        /// A plural variation names a category the language does not have, or lacks `other`.
        public static let invalidPluralCategory = Code(name: "invalidPluralCategory")
        /// A language uses plural variations but Bugle has no plural rules for it.
        public static let missingPluralRules = Code(name: "missingPluralRules")

        public var description: String { name }
    }

    /// The kind of mistake.
    public let code: Code
    /// The key the mistake is in, when it is in one.
    public let key: String?
    /// The language the mistake is in, when it is in one.
    public let language: String?
    /// What is wrong, in a sentence.
    public let message: String

    init(_ code: Code, key: String? = nil, language: String? = nil, _ message: String) {
        self.code = code
        self.key = key
        self.language = language
        self.message = message
    }

    /// `key "saver.body" (fr): …`.
    public var description: String {
        var location = ""
        if let key { location += "key \"\(key)\"" }
        if let language { location += location.isEmpty ? "(\(language))" : " (\(language))" }
        return location.isEmpty ? message : "\(location): \(message)"
    }
}
