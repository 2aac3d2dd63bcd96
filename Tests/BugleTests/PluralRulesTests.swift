import Bugle
import Testing

/// CLDR plural rules for the eight languages Bugle ships, checked against CLDR's own samples.
@Suite struct PluralRulesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var language: String
        var number: String
        var category: PluralCategory
        var testDescription: String { "\(language) \(number) → \(category)" }
    }

    static let cases: [Case] = [
        // English and German: one only for 1 without visible fraction digits.
        Case(language: "en", number: "1", category: .one),
        Case(language: "en", number: "0", category: .other),
        Case(language: "en", number: "2", category: .other),
        Case(language: "en", number: "21", category: .other),
        Case(language: "en", number: "1.0", category: .other),
        Case(language: "de", number: "1", category: .one),
        Case(language: "de", number: "1.5", category: .other),
        Case(language: "de", number: "100", category: .other),
        // Spanish: one for n = 1 (1.0 too), many for millions.
        Case(language: "es", number: "1", category: .one),
        Case(language: "es", number: "1.0", category: .one),
        Case(language: "es", number: "0", category: .other),
        Case(language: "es", number: "2", category: .other),
        Case(language: "es", number: "1000000", category: .many),
        Case(language: "es", number: "3000000", category: .many),
        Case(language: "es", number: "1000001", category: .other),
        Case(language: "es", number: "1c6", category: .many),
        Case(language: "es", number: "1.5c6", category: .many),
        Case(language: "es", number: "1.5", category: .other),
        // French: one for 0 and 1 and their fractions, many for millions.
        Case(language: "fr", number: "0", category: .one),
        Case(language: "fr", number: "1", category: .one),
        Case(language: "fr", number: "1.5", category: .one),
        Case(language: "fr", number: "2", category: .other),
        Case(language: "fr", number: "1000000", category: .many),
        Case(language: "fr", number: "1c6", category: .many),
        Case(language: "fr", number: "1.2c3", category: .other),
        // Turkish: one for exactly 1.
        Case(language: "tr", number: "1", category: .one),
        Case(language: "tr", number: "0", category: .other),
        Case(language: "tr", number: "2", category: .other),
        // Japanese, Korean, Chinese: no plural forms.
        Case(language: "ja", number: "1", category: .other),
        Case(language: "ko", number: "1", category: .other),
        Case(language: "zh", number: "0", category: .other),
        Case(language: "zh", number: "2", category: .other),
    ]

    @Test(arguments: cases)
    func categoryMatchesCLDR(_ example: Case) throws {
        let rules = try #require(PluralRules(language: example.language))
        let operands = try #require(PluralOperands(example.number))
        #expect(rules.category(for: operands) == example.category)
        if let integer = Int(example.number) { #expect(rules.category(for: integer) == example.category) }
    }

    @Test func categoriesPerLanguage() throws {
        let expected: [String: Set<PluralCategory>] = [
            "en": [.one, .other], "de": [.one, .other], "tr": [.one, .other],
            "es": [.one, .many, .other], "fr": [.one, .many, .other],
            "ja": [.other], "ko": [.other], "zh": [.other],
        ]
        for (language, categories) in expected {
            #expect(try #require(PluralRules(language: language)).categories == categories, "\(language)")
        }
        #expect(Set(PluralRules.supportedLanguages) == Set(expected.keys))
    }

    @Test func regionalCodesUseTheirBaseLanguage() {
        #expect(PluralRules(language: "es-MX")?.language == "es")
        #expect(PluralRules(language: "zh_Hans")?.language == "zh")
        #expect(PluralRules(language: "FR-ca")?.language == "fr")
        #expect(PluralRules(language: "pl") == nil)
    }

    @Test func operandsOfWrittenDecimals() throws {
        let decimal = try #require(PluralOperands("1.50"))
        #expect(decimal.i == 1 && decimal.v == 2 && decimal.w == 1 && decimal.f == 50 && decimal.t == 5 && decimal.e == 0)
        #expect(decimal.n == 1.5)
        let compact = try #require(PluralOperands("1.2c3"))
        #expect(compact.i == 1200 && compact.v == 0 && compact.e == 3 && compact.n == 1200)
        let negative = try #require(PluralOperands("-3"))
        #expect(negative.i == 3 && negative.n == 3)
        #expect(PluralOperands(-7) == PluralOperands(7))
        for bad in ["", "1.", ".5", "abc", "1.2.3", "1c", "1e-2"] {
            #expect(PluralOperands(bad) == nil, "\(bad)")
        }
    }
}
