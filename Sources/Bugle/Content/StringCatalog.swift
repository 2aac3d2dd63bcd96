import Foundation

/// Messages read from an Apple String Catalog (`.xcstrings`, JSON), on every platform.
///
/// The catalog is checked against a ``CatalogSchema`` when it loads: every key in every
/// language, every placeholder in every value and plural form, every plural category valid
/// for its language (``PluralRules``). A catalog that loads can build every message of the
/// schema; nothing is found missing later, when a notification is built.
///
/// What it reads of the format:
/// - a `stringUnit` value, or `variations.plural` (chosen by the key's one whole-number
///   placeholder), in each localization;
/// - `%@`, `%d`, `%i`, `%u` with `l` or `ll` (`%lld`), numbered (`%2$@`) or not, and `%%`;
/// - named substitutions, `%#@hours@`, with `argNum`, an integer `formatSpecifier` and
///   plural variations whose values use `%arg` for the number;
/// - a `zero` variant, used for 0 in any language, as Apple's platforms do.
///
/// For the source language a key without a localization is its own value, as in Xcode.
///
/// ```swift
/// let saver = MessageKey("saver.body", placeholders: [.integer("count"), .integer("hours")])
/// let catalog = try StringCatalog(data: data, schema: CatalogSchema(languages: ["en"], keys: [saver]))
/// catalog.string(saver, language: "en", ["count": 5, "hours": 1])  // "Your 5 day streak ends in 1 hour!"
/// ```
public struct StringCatalog: Sendable {
    /// The catalog's `sourceLanguage`.
    public let sourceLanguage: String
    /// The languages the schema required, all present.
    public let languages: [String]
    private let keys: [String: MessageKey]
    /// Compiled messages by key, then language.
    private let messages: [String: [String: Message]]

    /// Reads and checks a catalog; throws ``StringCatalogError`` for the first mistake.
    public init(data: Data, schema: CatalogSchema) throws {
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch let error as DecodingError {
            throw StringCatalogError(.invalidFormat, "not a String Catalog: \(Self.describe(error))")
        }
        var messages: [String: [String: Message]] = [:]
        var keys: [String: MessageKey] = [:]
        for key in schema.keys {
            let names = key.placeholders.map(\.name)
            guard Set(names).count == names.count else {
                throw StringCatalogError(.invalidFormat, key: key.name, "placeholder names must be unique: \(names.joined(separator: ", "))")
            }
            guard let entry = file.strings[key.name] else {
                throw StringCatalogError(.missingKey, key: key.name, "the catalog has no such key")
            }
            var byLanguage: [String: Message] = [:]
            for language in schema.languages {
                let compiler = MessageCompiler(key: key, language: language)
                if let localization = entry.localizations?[language] {
                    byLanguage[language] = try compiler.compile(localization)
                } else if language == file.sourceLanguage {
                    byLanguage[language] = try compiler.compile(CatalogFile.Localization(stringUnit: .init(value: key.name)))
                } else {
                    throw StringCatalogError(.missingLanguage, key: key.name, language: language, "no localization")
                }
            }
            messages[key.name] = byLanguage
            keys[key.name] = key
        }
        self.sourceLanguage = file.sourceLanguage
        self.languages = schema.languages
        self.keys = keys
        self.messages = messages
    }

    /// The catalog language to use for `requested` (`es-MX`): the same code, else the same
    /// base language, else the source language when the schema has it, else the first.
    public func resolvedLanguage(_ requested: String) -> String {
        if languages.contains(requested) { return requested }
        let base = PluralRules.baseLanguage(requested)
        if let match = languages.first(where: { PluralRules.baseLanguage($0) == base }) { return match }
        return languages.contains(sourceLanguage) ? sourceLanguage : languages[0]
    }

    /// The message `key` in `language` (resolved with ``resolvedLanguage(_:)``), with
    /// `arguments` by placeholder name.
    ///
    /// - Precondition: `key` is in the schema the catalog loaded with, and `arguments` holds
    ///   a value of the right kind for each of its placeholders. Both are the program's
    ///   own, fixed where the message is built.
    public func string(_ key: MessageKey, language: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        guard let declared = keys[key.name], declared == key, let message = messages[key.name]?[resolvedLanguage(language)] else {
            preconditionFailure("\(key.name) is not a key of this catalog's schema")
        }
        let values: [MessageArgument] = key.placeholders.map { placeholder in
            guard let value = arguments[placeholder.name] else {
                preconditionFailure("\(key.name): no value for placeholder \(placeholder.name)")
            }
            if placeholder.kind == .integer, case .text = value {
                preconditionFailure("\(key.name): placeholder \(placeholder.name) takes a whole number")
            }
            return value
        }
        return message.render(values)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "" : " at \(text)"
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription + path(context)
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\"" + path(context)
        @unknown default:
            return String(describing: error)
        }
    }
}

// MARK: The file

/// The parts of the `.xcstrings` JSON Bugle reads; other fields (comments, extraction
/// states) are ignored.
struct CatalogFile: Decodable {
    var sourceLanguage: String
    var strings: [String: Entry]

    struct Entry: Decodable {
        var localizations: [String: Localization]?
    }

    struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
        var substitutions: [String: Substitution]?

        init(stringUnit: StringUnit) {
            self.stringUnit = stringUnit
        }
    }

    struct StringUnit: Decodable {
        var value: String
    }

    struct Variations: Decodable {
        var plural: [String: Variant]?
        var device: [String: Variant]?
    }

    struct Variant: Decodable {
        var stringUnit: StringUnit?
    }

    struct Substitution: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }
}

// MARK: Compiled messages

/// A message ready to render: checked, with its placeholders resolved to argument indices.
struct Message: Sendable {
    enum Segment: Sendable {
        case literal(String)
        /// The argument at this index (from 0).
        case argument(Int)
        /// A plural form chosen by the argument at `argument`; `nil` pieces stand for the number.
        case substitution(argument: Int, variants: [PluralCategory: [String?]])
    }

    enum Body: Sendable {
        case text([Segment])
        case plural(argument: Int, variants: [PluralCategory: [Segment]])
    }

    var body: Body
    var rules: PluralRules?

    func render(_ values: [MessageArgument]) -> String {
        switch body {
        case .text(let segments):
            return render(segments, values)
        case .plural(let argument, let variants):
            return render(choose(variants, values[argument]), values)
        }
    }

    private func render(_ segments: [Segment], _ values: [MessageArgument]) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let text): out += text
            case .argument(let index): out += values[index].formatted
            case .substitution(let argument, let variants):
                for piece in choose(variants, values[argument]) { out += piece ?? values[argument].formatted }
            }
        }
        return out
    }

    /// The variant for a number: `zero` for 0 when present, else the language's category,
    /// else `other` (always present: checked at load).
    private func choose<T>(_ variants: [PluralCategory: T], _ value: MessageArgument) -> T {
        guard case .integer(let number) = value, let rules else { return variants[.other]! }
        if number == 0, let zero = variants[.zero] { return zero }
        return variants[rules.category(for: number)] ?? variants[.other]!
    }
}

/// Checks and compiles one key's localization in one language.
struct MessageCompiler {
    let key: MessageKey
    let language: String

    private func error(_ code: StringCatalogError.Code, _ message: String) -> StringCatalogError {
        StringCatalogError(code, key: key.name, language: language, message)
    }

    func compile(_ localization: CatalogFile.Localization) throws -> Message {
        let rules = PluralRules(language: language)
        let substitutions = localization.substitutions ?? [:]
        if let variations = localization.variations {
            if variations.device != nil { throw error(.unsupportedFormat, "device variations are not supported") }
            guard let plural = variations.plural else { throw error(.invalidFormat, "variations without a plural variation") }
            let numbers = key.placeholders.indices.filter { key.placeholders[$0].kind == .integer }
            guard numbers.count == 1, let selector = numbers.first else {
                throw error(
                    .unsupportedFormat,
                    "plural variations at the top level need exactly one whole-number placeholder, this key has \(numbers.count); use substitutions (%#@name@)")
            }
            let variants = try pluralVariants(plural, rules: rules, where: "") { value, category in
                let (segments, used) = try parse(value, substitutions: substitutions, rules: rules, where: "plural \(category)")
                try checkCoverage(used.union([selector]), where: "plural \(category)")
                return segments
            }
            return Message(body: .plural(argument: selector, variants: variants), rules: rules)
        }
        guard let unit = localization.stringUnit else { throw error(.invalidFormat, "neither a stringUnit nor variations") }
        let (segments, used) = try parse(unit.value, substitutions: substitutions, rules: rules, where: "")
        try checkCoverage(used, where: "")
        return Message(body: .text(segments), rules: rules)
    }

    private func checkCoverage(_ used: Set<Int>, where place: String) throws {
        for (index, placeholder) in key.placeholders.enumerated() where !used.contains(index) {
            throw error(.missingPlaceholder, "\(place.isEmpty ? "the value" : place) does not use placeholder \"\(placeholder.name)\" (argument \(index + 1))")
        }
    }

    /// The variants by category, each checked against the language's rules.
    private func pluralVariants<T>(
        _ plural: [String: CatalogFile.Variant], rules: PluralRules?, where place: String,
        compile: (String, PluralCategory) throws -> T
    ) throws -> [PluralCategory: T] {
        guard let rules else {
            throw error(
                .missingPluralRules,
                "\(place)plural variations need plural rules, and Bugle has none for \"\(language)\" (it has \(PluralRules.supportedLanguages.joined(separator: ", ")))"
            )
        }
        var variants: [PluralCategory: T] = [:]
        for name in plural.keys.sorted() {
            guard let category = PluralCategory(rawValue: name), category == .zero || rules.categories.contains(category) else {
                let allowed = PluralCategory.allCases.filter { $0 == .zero || rules.categories.contains($0) }.map(\.rawValue)
                throw error(
                    .invalidPluralCategory, "\(place)\"\(name)\" is not a plural category of \(rules.language); expected \(allowed.joined(separator: ", "))")
            }
            guard let unit = plural[name]?.stringUnit else { throw error(.invalidFormat, "\(place)plural \(name) has no stringUnit") }
            variants[category] = try compile(unit.value, category)
        }
        guard variants[.other] != nil else { throw error(.invalidPluralCategory, "\(place)plural variations need \"other\"") }
        return variants
    }

    private static let integerSpecifiers = ["lld", "lli", "llu", "ld", "li", "lu", "d", "i", "u"]

    /// Splits a value into literals and placeholders; returns the argument indices it uses.
    private func parse(_ value: String, substitutions: [String: CatalogFile.Substitution], rules: PluralRules?, where place: String) throws -> (
        [Message.Segment], Set<Int>
    ) {
        let context = place.isEmpty ? "" : "\(place): "
        var segments: [Message.Segment] = []
        var used = Set<Int>()
        var literal = ""
        var sequential = 0
        var numbered = false
        var unnumbered = false
        var rest = Substring(value)
        while let percent = rest.firstIndex(of: "%") {
            literal += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                literal += "%"
                rest = rest.dropFirst()
                continue
            }
            // An optional position: `2$`.
            var position: Int?
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits)
                rest = rest.dropFirst(digits.count + 1)
            }
            if position == nil { unnumbered = true } else { numbered = true }
            if numbered && unnumbered {
                throw error(.unsupportedFormat, "\(context)\"\(value)\" mixes numbered (%1$@) and unnumbered (%@) placeholders")
            }
            let index: Int
            if let position {
                index = position - 1
            } else {
                index = sequential
                sequential += 1
            }
            if !literal.isEmpty {
                segments.append(.literal(literal))
                literal = ""
            }
            if rest.hasPrefix("#@") {
                let nameStart = rest.index(rest.startIndex, offsetBy: 2)
                guard let close = rest[nameStart...].firstIndex(of: "@") else {
                    throw error(.unsupportedFormat, "\(context)unterminated substitution in \"\(value)\"")
                }
                let name = String(rest[nameStart..<close])
                rest = rest[rest.index(after: close)...]
                segments.append(try substitution(name, at: index, substitutions: substitutions, rules: rules, context: context))
                used.insert(index)
                continue
            }
            if rest.first == "@" {
                rest = rest.dropFirst()
                try checkIndex(index, specifier: "%@", context: context)
            } else if let specifier = Self.integerSpecifiers.first(where: { rest.hasPrefix($0) }) {
                rest = rest.dropFirst(specifier.count)
                try checkIndex(index, specifier: "%" + specifier, context: context)
                if key.placeholders[index].kind != .integer {
                    throw error(
                        .unknownPlaceholder, "\(context)%\(specifier) needs a whole number, but placeholder \"\(key.placeholders[index].name)\" is text")
                }
            } else {
                throw error(
                    .unsupportedFormat,
                    "\(context)unsupported format specifier \"%\(rest.prefix(3))\" in \"\(value)\"; expected %@, %lld, %d, %i, %u, %#@name@ or %%")
            }
            segments.append(.argument(index))
            used.insert(index)
        }
        literal += rest
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return (segments, used)
    }

    private func checkIndex(_ index: Int, specifier: String, context: String) throws {
        guard key.placeholders.indices.contains(index) else {
            throw error(
                .unknownPlaceholder,
                "\(context)\(specifier) refers to argument \(index + 1), but the key has \(key.placeholders.count) placeholder\(key.placeholders.count == 1 ? "" : "s")"
            )
        }
    }

    private func substitution(_ name: String, at index: Int, substitutions: [String: CatalogFile.Substitution], rules: PluralRules?, context: String) throws
        -> Message.Segment
    {
        guard let substitution = substitutions[name] else {
            throw error(.unknownPlaceholder, "\(context)%#@\(name)@ names no substitution of this localization")
        }
        try checkIndex(index, specifier: "%#@\(name)@", context: context)
        if let argNum = substitution.argNum, argNum != index + 1 {
            throw error(.unknownPlaceholder, "\(context)substitution \"\(name)\" has argNum \(argNum) but stands at argument \(index + 1)")
        }
        guard key.placeholders[index].kind == .integer else {
            throw error(.unknownPlaceholder, "\(context)substitution \"\(name)\" varies by plural, but placeholder \"\(key.placeholders[index].name)\" is text")
        }
        if let specifier = substitution.formatSpecifier, !Self.integerSpecifiers.contains(specifier) {
            throw error(.unsupportedFormat, "\(context)substitution \"\(name)\" has formatSpecifier \"\(specifier)\"; expected a whole-number one (lld, d, …)")
        }
        if substitution.variations?.device != nil {
            throw error(.unsupportedFormat, "\(context)substitution \"\(name)\": device variations are not supported")
        }
        guard let plural = substitution.variations?.plural else {
            throw error(.invalidFormat, "\(context)substitution \"\(name)\" has no plural variations")
        }
        let variants = try pluralVariants(plural, rules: rules, where: "\(context)substitution \"\(name)\": ") { value, category in
            try pieces(value, where: "\(context)substitution \"\(name)\" plural \(category)")
        }
        return .substitution(argument: index, variants: variants)
    }

    /// A substitution's variant: literals, `%arg` for the number, `%%`.
    private func pieces(_ value: String, where place: String) throws -> [String?] {
        var pieces: [String?] = []
        var literal = ""
        var rest = Substring(value)
        while let percent = rest.firstIndex(of: "%") {
            literal += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                literal += "%"
                rest = rest.dropFirst()
            } else if rest.hasPrefix("arg") {
                rest = rest.dropFirst(3)
                if !literal.isEmpty { pieces.append(literal) }
                literal = ""
                pieces.append(nil)
            } else {
                throw error(.unsupportedFormat, "\(place): a substitution's variant uses %arg for its number, found \"%\(rest.prefix(3))\"")
            }
        }
        literal += rest
        if !literal.isEmpty { pieces.append(literal) }
        return pieces
    }
}
