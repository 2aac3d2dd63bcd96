/// A message a catalog must hold: its key and its placeholders, in argument order.
///
/// Placeholders are named; a catalog value refers to them by position (`%lld`, `%2$@`) or
/// through a named substitution (`%#@hours@`) whose `argNum` gives the position. The
/// first placeholder is argument 1.
///
/// ```swift
/// let saver = MessageKey("saver.body", placeholders: [.integer("count"), .integer("hours")])
/// ```
public struct MessageKey: Hashable, Sendable, CustomStringConvertible {
    /// One named value a message takes.
    public struct Placeholder: Hashable, Sendable {
        /// What a placeholder holds, which decides the format specifiers it allows.
        public enum Kind: String, Hashable, Sendable {
            /// A whole number: `%lld`, `%d`, `%i`, `%u` (with `l` or `ll`), `%@`, or a plural selector.
            case integer
            /// Text: `%@` only.
            case text
        }

        /// What the program calls it when it builds the message.
        public var name: String
        /// Whole number or text.
        public var kind: Kind

        /// A placeholder named `name` holding a `kind`.
        public init(name: String, kind: Kind) {
            self.name = name
            self.kind = kind
        }

        /// A whole-number placeholder.
        public static func integer(_ name: String) -> Placeholder { Placeholder(name: name, kind: .integer) }
        /// A text placeholder.
        public static func text(_ name: String) -> Placeholder { Placeholder(name: name, kind: .text) }
    }

    /// The key in the catalog's `strings`.
    public var name: String
    /// The arguments, in order: argument 1 first.
    public var placeholders: [Placeholder]

    /// The key `name`, taking `placeholders` in argument order.
    public init(_ name: String, placeholders: [Placeholder] = []) {
        self.name = name
        self.placeholders = placeholders
    }

    public var description: String { name }
}

/// A value for a placeholder.
public enum MessageArgument: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// A whole number, written as plain digits (`1200`, no grouping); a plural variation
    /// chooses its form by it.
    case integer(Int)
    /// Text, inserted as it is. Only a text placeholder takes it: a whole-number placeholder
    /// given text stops the program (``StringCatalog/string(_:language:_:)``).
    case text(String)

    /// A whole number written as a literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// Text written as a literal.
    public init(stringLiteral value: String) { self = .text(value) }

    var formatted: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let value): value
        }
    }
}

/// What a catalog must contain to load: every key, in every language, with every placeholder.
public struct CatalogSchema: Hashable, Sendable {
    /// The languages every key needs (`en`, `es`, `fr`).
    public var languages: [String]
    /// The keys every language needs.
    public var keys: [MessageKey]

    /// Requires every one of `keys` in every one of `languages`.
    public init(languages: [String], keys: [MessageKey]) {
        self.languages = languages
        self.keys = keys
    }
}
