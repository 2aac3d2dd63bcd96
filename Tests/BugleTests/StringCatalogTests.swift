import Bugle
import Foundation
import Testing

/// String Catalogs load with every key, language and placeholder checked, and build messages
/// with the plural form of each language.
@Suite struct StringCatalogTests {
    static let saver = MessageKey("saver", placeholders: [.integer("count"), .integer("hours")])
    static let cards = MessageKey("cards", placeholders: [.integer("count")])
    static let greeting = MessageKey("greeting", placeholders: [.text("name"), .integer("points")])
    static let deck = MessageKey("deck", placeholders: [.text("deck"), .integer("count")])
    static let plain = MessageKey("Good morning")

    /// A catalog with a substitution, a top-level plural, numbered placeholders and a key
    /// that is its own English value; `replace` edits the JSON text to make it wrong.
    static func json(_ replace: [(String, String)] = []) -> Data {
        var text = #"""
            {
              "sourceLanguage": "en",
              "version": "1.0",
              "strings": {
                "saver": {
                  "comment": "streak saver",
                  "extractionState": "manual",
                  "localizations": {
                    "en": {
                      "stringUnit": { "state": "translated", "value": "Your %lld day streak ends in %#@hours@!" },
                      "substitutions": {
                        "hours": { "argNum": 2, "formatSpecifier": "lld", "variations": { "plural": {
                          "one": { "stringUnit": { "state": "translated", "value": "%arg hour" } },
                          "other": { "stringUnit": { "state": "translated", "value": "%arg hours" } } } } }
                      }
                    },
                    "fr": {
                      "stringUnit": { "state": "translated", "value": "Ta série de %lld jours se termine dans %#@hours@ !" },
                      "substitutions": {
                        "hours": { "formatSpecifier": "lld", "argNum": 2, "variations": { "plural": {
                          "one": { "stringUnit": { "state": "translated", "value": "%arg heure" } },
                          "many": { "stringUnit": { "state": "translated", "value": "%arg d’heures" } },
                          "other": { "stringUnit": { "state": "translated", "value": "%arg heures" } } } } }
                      }
                    }
                  }
                },
                "cards": {
                  "localizations": {
                    "en": { "variations": { "plural": {
                      "zero": { "stringUnit": { "state": "translated", "value": "No cards left" } },
                      "one": { "stringUnit": { "state": "translated", "value": "%lld card left" } },
                      "other": { "stringUnit": { "state": "translated", "value": "%lld cards left" } } } } },
                    "fr": { "variations": { "plural": {
                      "one": { "stringUnit": { "state": "translated", "value": "%lld carte restante" } },
                      "other": { "stringUnit": { "state": "translated", "value": "%lld cartes restantes" } } } } }
                  }
                },
                "deck": {
                  "localizations": {
                    "en": { "variations": { "plural": {
                      "one": { "stringUnit": { "state": "translated", "value": "%1$@: one card left" } },
                      "other": { "stringUnit": { "state": "translated", "value": "%1$@: %2$lld cards left" } } } } },
                    "fr": { "variations": { "plural": {
                      "one": { "stringUnit": { "state": "translated", "value": "%1$@ : %2$lld carte restante" } },
                      "other": { "stringUnit": { "state": "translated", "value": "%1$@ : %2$lld cartes" } } } } }
                  }
                },
                "greeting": {
                  "localizations": {
                    "en": { "stringUnit": { "state": "translated", "value": "%1$@ has %2$lld points (100%%)" } },
                    "fr": { "stringUnit": { "state": "translated", "value": "%2$lld points pour %1$@ (100 %%)" } }
                  }
                },
                "Good morning": {
                  "localizations": {
                    "fr": { "stringUnit": { "state": "translated", "value": "Bonjour" } }
                  }
                }
              }
            }
            """#
        for (old, new) in replace {
            precondition(text.contains(old), "the fixture has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return Data(text.utf8)
    }

    static let schema = CatalogSchema(languages: ["en", "fr"], keys: [saver, cards, deck, greeting, plain])

    func load(_ replace: [(String, String)] = [], schema: CatalogSchema = StringCatalogTests.schema) throws -> StringCatalog {
        try StringCatalog(data: Self.json(replace), schema: schema)
    }

    @Test func substitutionsTakeTheLanguagesPluralForm() throws {
        let catalog = try load()
        #expect(catalog.string(Self.saver, language: "en", ["count": 5, "hours": 4]) == "Your 5 day streak ends in 4 hours!")
        #expect(catalog.string(Self.saver, language: "en", ["count": 5, "hours": 1]) == "Your 5 day streak ends in 1 hour!")
        #expect(catalog.string(Self.saver, language: "en", ["count": 5, "hours": 0]) == "Your 5 day streak ends in 0 hours!")
        // French: 0 and 1 are "one"; a million is "many".
        #expect(catalog.string(Self.saver, language: "fr", ["count": 3, "hours": 0]) == "Ta série de 3 jours se termine dans 0 heure !")
        #expect(catalog.string(Self.saver, language: "fr", ["count": 3, "hours": 1]) == "Ta série de 3 jours se termine dans 1 heure !")
        #expect(catalog.string(Self.saver, language: "fr", ["count": 3, "hours": 2]) == "Ta série de 3 jours se termine dans 2 heures !")
        #expect(catalog.string(Self.saver, language: "fr", ["count": 3, "hours": 1_000_000]) == "Ta série de 3 jours se termine dans 1000000 d’heures !")
    }

    @Test func topLevelPluralWithZeroVariant() throws {
        let catalog = try load()
        #expect(catalog.string(Self.cards, language: "en", ["count": 0]) == "No cards left")
        #expect(catalog.string(Self.cards, language: "en", ["count": 1]) == "1 card left")
        #expect(catalog.string(Self.cards, language: "en", ["count": 7]) == "7 cards left")
        #expect(catalog.string(Self.cards, language: "fr", ["count": 0]) == "0 carte restante")
        #expect(catalog.string(Self.cards, language: "fr", ["count": 7]) == "7 cartes restantes")
    }

    @Test func pluralFormsMayLeaveOutTheNumberTheyAreChosenBy() throws {
        let catalog = try load()
        #expect(catalog.string(Self.deck, language: "en", ["deck": "Verbs", "count": 1]) == "Verbs: one card left")
        #expect(catalog.string(Self.deck, language: "en", ["deck": "Verbs", "count": 3]) == "Verbs: 3 cards left")
        #expect(catalog.string(Self.deck, language: "fr", ["deck": "Verbes", "count": 0]) == "Verbes : 0 carte restante")
    }

    @Test func numberedPlaceholdersAndPercent() throws {
        let catalog = try load()
        #expect(catalog.string(Self.greeting, language: "en", ["name": "Ana", "points": 12]) == "Ana has 12 points (100%)")
        #expect(catalog.string(Self.greeting, language: "fr", ["name": "Ana", "points": 12]) == "12 points pour Ana (100 %)")
    }

    @Test func sourceLanguageKeyIsItsOwnValue() throws {
        let catalog = try load()
        #expect(catalog.string(Self.plain, language: "en") == "Good morning")
        #expect(catalog.string(Self.plain, language: "fr") == "Bonjour")
    }

    @Test func languagesResolveToTheClosestLoadedOne() throws {
        let catalog = try load()
        #expect(catalog.resolvedLanguage("fr") == "fr")
        #expect(catalog.resolvedLanguage("fr-CA") == "fr")
        #expect(catalog.resolvedLanguage("de") == "en")
        #expect(catalog.string(Self.plain, language: "fr-CA") == "Bonjour")
    }

    // MARK: Mistakes found when the catalog loads

    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var replace: [(String, String)]
        var schema: CatalogSchema = StringCatalogTests.schema
        var code: StringCatalogError.Code
        var key: String?
        var language: String?
        var message: String
        var testDescription: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(
            name: "a key of the schema is not in the catalog", replace: [],
            schema: CatalogSchema(languages: ["en"], keys: [MessageKey("missing")]),
            code: .missingKey, key: "missing", message: "the catalog has no such key"),
        Mistake(
            name: "a language of the schema is missing", replace: [],
            schema: CatalogSchema(languages: ["en", "de"], keys: [saver]),
            code: .missingLanguage, key: "saver", language: "de", message: "no localization"),
        Mistake(
            name: "a placeholder is missing", replace: [("%2$lld points pour %1$@", "%2$lld points")],
            code: .missingPlaceholder, key: "greeting", language: "fr", message: "does not use placeholder \"name\""),
        Mistake(
            name: "a placeholder is missing and the next one moves into its place", replace: [("Ta série de %lld jours", "Ta série")],
            code: .unknownPlaceholder, key: "saver", language: "fr", message: "substitution \"hours\" has argNum 2 but stands at argument 1"),
        Mistake(
            name: "a placeholder is missing in one plural form",
            replace: [("%1$@ : %2$lld cartes\"", "%2$lld cartes\"")],
            code: .missingPlaceholder, key: "deck", language: "fr", message: "plural other does not use placeholder \"deck\""),
        Mistake(
            name: "a value refers to an argument the key does not have", replace: [("%2$lld points pour", "%3$lld points pour")],
            code: .unknownPlaceholder, key: "greeting", language: "fr", message: "%lld refers to argument 3, but the key has 2 placeholders"),
        Mistake(
            name: "a substitution that is not there", replace: [("ends in %#@hours@!", "ends in %#@hour@!")],
            code: .unknownPlaceholder, key: "saver", language: "en", message: "%#@hour@ names no substitution"),
        Mistake(
            name: "a substitution's argNum disagrees with its place", replace: [("\"argNum\": 2, \"formatSpecifier\"", "\"argNum\": 1, \"formatSpecifier\"")],
            code: .unknownPlaceholder, key: "saver", language: "en", message: "has argNum 1 but stands at argument 2"),
        Mistake(
            name: "a number specifier for a text placeholder", replace: [("%1$@ has", "%1$lld has")],
            code: .unknownPlaceholder, key: "greeting", language: "en", message: "needs a whole number, but placeholder \"name\" is text"),
        Mistake(
            name: "an unsupported specifier", replace: [("%1$@ has %2$lld points", "%1$@ has %2$.1f points")],
            code: .unsupportedFormat, key: "greeting", language: "en", message: "unsupported format specifier"),
        Mistake(
            name: "numbered and unnumbered placeholders mixed", replace: [("%1$@ has %2$lld points", "%1$@ has %lld points")],
            code: .unsupportedFormat, key: "greeting", language: "en", message: "mixes numbered"),
        Mistake(
            name: "a plural category English does not have",
            replace: [
                (
                    "\"zero\": { \"stringUnit\": { \"state\": \"translated\", \"value\": \"No cards left\" } }",
                    "\"few\": { \"stringUnit\": { \"state\": \"translated\", \"value\": \"%lld cards\" } }"
                )
            ],
            code: .invalidPluralCategory, key: "cards", language: "en", message: "\"few\" is not a plural category of en"),
        Mistake(
            name: "plural variations without other",
            replace: [
                (
                    "\"other\": { \"stringUnit\": { \"state\": \"translated\", \"value\": \"%lld cartes restantes\" } }",
                    "\"many\": { \"stringUnit\": { \"state\": \"translated\", \"value\": \"%lld cartes restantes\" } }"
                )
            ],
            code: .invalidPluralCategory, key: "cards", language: "fr", message: "need \"other\""),
        Mistake(
            name: "plural variations in a language without rules", replace: [("\"fr\": { \"variations\"", "\"pl\": { \"variations\"")],
            schema: CatalogSchema(languages: ["pl"], keys: [cards]),
            code: .missingPluralRules, key: "cards", language: "pl", message: "Bugle has none for \"pl\""),
        Mistake(
            name: "device variations", replace: [("\"fr\": { \"variations\": { \"plural\"", "\"fr\": { \"variations\": { \"device\"")],
            code: .unsupportedFormat, key: "cards", language: "fr", message: "device variations are not supported"),
        Mistake(
            name: "not JSON", replace: [("\"sourceLanguage\": \"en\",", "sourceLanguage: en")],
            code: .invalidFormat, message: "not a String Catalog"),
        Mistake(
            name: "no sourceLanguage", replace: [("\"sourceLanguage\": \"en\",", "")],
            code: .invalidFormat, message: "missing \"sourceLanguage\""),
    ]

    @Test(arguments: mistakes)
    func mistakeIsAnErrorWhenTheCatalogLoads(_ mistake: Mistake) {
        do {
            _ = try load(mistake.replace, schema: mistake.schema)
            Issue.record("\(mistake.name): the catalog loaded")
        } catch let error as StringCatalogError {
            #expect(error.code == mistake.code)
            #expect(error.key == mistake.key)
            #expect(error.language == mistake.language)
            #expect(error.message.contains(mistake.message), "\(error)")
        } catch {
            Issue.record("\(mistake.name): \(error)")
        }
    }

    @Test func errorDescriptionNamesKeyAndLanguage() {
        #expect(throws: StringCatalogError.self) { try load([("%2$lld points pour %1$@", "%2$lld points")]) }
        do {
            _ = try load([("%2$lld points pour %1$@", "%2$lld points")])
        } catch {
            #expect(String(describing: error) == "key \"greeting\" (fr): the value does not use placeholder \"name\" (argument 1)")
        }
    }
}
