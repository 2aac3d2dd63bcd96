import Foundation

/// A CLDR plural category: the form a word takes for a number ("1 hour", "4 hours").
public enum PluralCategory: String, CaseIterable, Hashable, Sendable, Codable {
    /// The form a catalog may give for 0 in any language: 0 takes it when present, whatever the
    /// language's own category. No language Bugle ships has it as a category of its own.
    case zero
    /// The singular: 1 in English, German, Spanish and Turkish ("1 hour"); 0 and 1 in French.
    case one
    /// The dual, in languages that have one (Arabic, Welsh); none of those Bugle ships.
    case two
    /// The form for a few, in languages that have one (Polish, Russian); none of those Bugle ships.
    case few
    /// The form for exact millions (1,000,000, 2,000,000) in Spanish and French.
    case many
    /// The general form ("4 hours") for every number no other category takes; every language
    /// has it, and every plural variation must give it.
    case other
}

/// The operands CLDR plural rules read from a number, as UTS #35 defines them.
///
/// `n` is the absolute value, `i` its integer digits, `v` and `w` the number of visible
/// fraction digits with and without trailing zeros, `f` and `t` those digits as a number
/// with and without trailing zeros, and `e` the exponent of compact notation (`1.2c6`).
public struct PluralOperands: Hashable, Sendable {
    /// The absolute value.
    public var n: Double
    /// The integer digits.
    public var i: Int
    /// The number of visible fraction digits, trailing zeros included.
    public var v: Int
    /// The number of visible fraction digits, without trailing zeros.
    public var w: Int
    /// The visible fraction digits, trailing zeros included.
    public var f: Int
    /// The visible fraction digits, without trailing zeros.
    public var t: Int
    /// The exponent of compact notation.
    public var e: Int

    /// The operands of a whole number.
    public init(_ value: Int) {
        n = Double(value.magnitude)
        i = Int(clamping: value.magnitude)
        v = 0
        w = 0
        f = 0
        t = 0
        e = 0
    }

    /// The operands of a decimal as written: `"1.50"` keeps its two visible fraction
    /// digits (`v` = 2), `"1.2c6"` its exponent. `nil` for anything else.
    public init?(_ text: String) {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        var exponent = 0
        if let marker = body.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            // Compact notation writes thousands to trillions (c3 to c12); a larger exponent
            // would only make the digits below grow without end.
            guard let value = Int(body[body.index(after: marker)...]), (0...30).contains(value) else { return nil }
            exponent = value
            body = body[..<marker]
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        var integerDigits = String(whole)
        var fractionDigits = parts.count == 2 ? String(parts[1]) : ""
        if parts.count == 2, fractionDigits.isEmpty { return nil }
        // Compact notation moves the decimal point right by the exponent.
        for _ in 0..<exponent {
            if fractionDigits.isEmpty {
                integerDigits.append("0")
            } else {
                integerDigits.append(fractionDigits.removeFirst())
            }
        }
        let trimmed = String(fractionDigits.reversed().drop(while: { $0 == "0" }).reversed())
        guard let integer = Int(integerDigits) else { return nil }
        i = integer
        v = fractionDigits.count
        w = trimmed.count
        f = Int(fractionDigits) ?? 0
        t = Int(trimmed) ?? 0
        e = exponent
        n = Double(integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)) ?? Double(integer)
    }
}

/// CLDR plural rules for the languages Bugle ships: en, de, es, fr, ja, ko, tr, zh.
///
/// The rules are those of CLDR 46 (`plurals.xml`), cardinal numbers:
///
/// | language | one | many | other |
/// | --- | --- | --- | --- |
/// | en, de | i = 1 and v = 0 | | everything else |
/// | es | n = 1 | e = 0 and i ≠ 0 and i % 1000000 = 0 and v = 0, or e ∉ 0…5 | everything else |
/// | fr | i = 0,1 | as es | everything else |
/// | tr | n = 1 | | everything else |
/// | ja, ko, zh | | | every number |
///
/// A language is read from its base code: `es-MX` and `zh-Hans` use `es` and `zh`.
public struct PluralRules: Hashable, Sendable {
    private enum Family: Hashable, Sendable {
        /// English, German: one for 1 with no visible fraction digits.
        case germanic
        /// Spanish: one for exactly 1, many for millions.
        case spanish
        /// French: one for 0 and 1 (and fractions of them), many for millions.
        case french
        /// Turkish: one for exactly 1.
        case turkish
        /// Japanese, Korean, Chinese: no plural forms.
        case none
    }

    /// The base language code the rules are for (`en`).
    public let language: String
    private let family: Family

    /// The languages with rules here.
    public static let supportedLanguages = ["de", "en", "es", "fr", "ja", "ko", "tr", "zh"]

    /// The rules for `language` (a code such as `fr` or `es-MX`), or `nil` when Bugle has none.
    public init?(language: String) {
        let base = PluralRules.baseLanguage(language)
        switch base {
        case "en", "de": family = .germanic
        case "es": family = .spanish
        case "fr": family = .french
        case "tr": family = .turkish
        case "ja", "ko", "zh": family = .none
        default: return nil
        }
        self.language = base
    }

    /// `es` for `es-MX`, `zh` for `zh_Hans`: the part before the first `-` or `_`, lowercased.
    public static func baseLanguage(_ code: String) -> String {
        String(code.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The categories the language distinguishes; `other` is always one.
    public var categories: Set<PluralCategory> {
        switch family {
        case .germanic, .turkish: [.one, .other]
        case .spanish, .french: [.one, .many, .other]
        case .none: [.other]
        }
    }

    /// The category of a whole number.
    public func category(for value: Int) -> PluralCategory { category(for: PluralOperands(value)) }

    /// The category of a number given by its operands.
    public func category(for operands: PluralOperands) -> PluralCategory {
        let o = operands
        let millions = (o.e == 0 && o.i != 0 && o.i % 1_000_000 == 0 && o.v == 0) || !(0...5).contains(o.e)
        switch family {
        case .germanic:
            return o.i == 1 && o.v == 0 ? .one : .other
        case .spanish:
            if o.n == 1 { return .one }
            return millions ? .many : .other
        case .french:
            if o.i == 0 || o.i == 1 { return .one }
            return millions ? .many : .other
        case .turkish:
            return o.n == 1 ? .one : .other
        case .none:
            return .other
        }
    }
}
