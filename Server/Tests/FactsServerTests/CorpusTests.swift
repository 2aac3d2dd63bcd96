import Foundation
import Testing

@testable import FactsServer

/// Reading a corpus folder: every mistake is reported with its file, its line or entry,
/// and what was expected.
@Suite struct CorpusTests {
    @Test func theFixtureReadsInFull() throws {
        let corpus = try Corpus.read(from: Fixture.corpus)
        #expect(corpus.categories.map(\.slug) == ["space", "history", "animals"])
        #expect(corpus.categories[0].names[.ja] == "宇宙")
        #expect(corpus.contentTypes.map(\.slug) == ["fact", "myth"])
        #expect(corpus.factFiles.map(\.language) == [.de, .en])
        #expect(corpus.factFiles[1].facts.map(\.line) == [1, 2, 3, 4, 6, 7, 8])
        #expect(corpus.factFiles[1].facts[3].fact.imageURL == "https://example.org/goldfish.jpg")
    }

    /// A change to one file of the fixture, and where and what the error must say.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        /// The new content of `file`; `nil` deletes it.
        let content: String?
        let location: String
        let message: String

        var testDescription: String { name }
    }

    static let factLine =
        #"{"key": "k", "title": "T", "content": "C", "summary": "S", "difficulty": "beginner", "content_type": "fact", "category": "space", "tags": []}"#

    static let breakages: [Breakage] = [
        .init(name: "no categories.json", file: "categories.json", content: nil, location: "categories.json", message: "missing"),
        .init(name: "categories not JSON", file: "categories.json", content: "[{", location: "categories.json", message: "not JSON"),
        .init(name: "categories an object", file: "categories.json", content: "{}", location: "categories.json", message: "expected an array, found an object"),
        .init(
            name: "category without Korean name", file: "categories.json",
            content:
                ##"[{"slug": "space", "icon": "🚀", "color_hex": "#3B5BDB", "name": {"en": "Space", "de": "a", "es": "a", "fr": "a", "ja": "a", "tr": "a", "zh": "a"}, "description": {"en": "a", "de": "a", "es": "a", "fr": "a", "ja": "a", "ko": "a", "tr": "a", "zh": "a"}}]"##,
            location: "categories.json, entry 1", message: "name: ko is required"
        ),
        .init(
            name: "category colour not hex", file: "categories.json",
            content: #"[{"slug": "space", "icon": "🚀", "color_hex": "blue"}]"#,
            location: "categories.json, entry 1", message: "color_hex must be # and six hex digits"
        ),
        .init(
            name: "category slug with capitals", file: "categories.json",
            content: #"[{"slug": "Space"}]"#,
            location: "categories.json, entry 1", message: "slug must hold only a-z, 0-9 and -"
        ),
        .init(name: "fact not JSON", file: "facts/en.jsonl", content: factLine + "\n{oops\n", location: "facts/en.jsonl:2", message: "not JSON"),
        .init(name: "fact an array", file: "facts/en.jsonl", content: "[]\n", location: "facts/en.jsonl:1", message: "must be an object, not an array"),
        .init(
            name: "fact without content", file: "facts/en.jsonl",
            content: factLine.replacingOccurrences(of: #""content": "C", "#, with: ""),
            location: "facts/en.jsonl:1", message: "content is required"
        ),
        .init(
            name: "fact with an unknown difficulty", file: "facts/en.jsonl",
            content: "\n\n" + factLine.replacingOccurrences(of: "beginner", with: "expert"),
            location: "facts/en.jsonl:3", message: "difficulty must be one of beginner, intermediate, advanced, not \"expert\""
        ),
        .init(
            name: "fact with tags a string", file: "facts/en.jsonl",
            content: factLine.replacingOccurrences(of: #""tags": []"#, with: #""tags": "moon""#),
            location: "facts/en.jsonl:1", message: "tags must be an array of strings, not a string"
        ),
        .init(
            name: "fact with a source that is not a web address", file: "facts/en.jsonl",
            content: factLine.replacingOccurrences(of: #""tags": []"#, with: #""tags": [], "source_url": "ftp://x""#),
            location: "facts/en.jsonl:1", message: "source_url must be an http or https address"
        ),
        .init(
            name: "a key twice", file: "facts/en.jsonl",
            content: factLine + "\n" + factLine + "\n",
            location: "facts/en.jsonl:2", message: "key k is already on line 1"
        ),
        .init(
            name: "a file for an unknown language", file: "facts/xx.jsonl", content: factLine, location: "facts/xx.jsonl",
            message: "xx is not a language of the service"),
    ]

    @Test(arguments: breakages)
    func aBrokenFileIsReportedWithItsLocation(breakage: Breakage) throws {
        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let file = corpus.appendingPathComponent(breakage.file)
        if let content = breakage.content {
            try content.write(to: file, atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.removeItem(at: file)
        }
        let error = try #require(throws: CorpusError.self) { try Corpus.read(from: corpus) }
        #expect(error.location.hasSuffix(breakage.location), "\(error)")
        #expect(error.message.contains(breakage.message), "\(error)")
        #expect(error.description.hasPrefix(corpus.path))
    }

    @Test func aCorpusWithoutFactsIsAnError() throws {
        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let facts = corpus.appendingPathComponent("facts")
        for name in try FileManager.default.contentsOfDirectory(atPath: facts.path) {
            try FileManager.default.removeItem(at: facts.appendingPathComponent(name))
        }
        let empty = try #require(throws: CorpusError.self) { try Corpus.read(from: corpus) }
        #expect(empty.message.contains("no facts"))

        try FileManager.default.removeItem(at: facts)
        let missing = try #require(throws: CorpusError.self) { try Corpus.read(from: corpus) }
        #expect(missing.message.contains("no facts folder"))
    }
}

/// Word counts and reading times, as the importer stores them.
@Suite struct ReadingStatsTests {
    @Test(
        arguments: [
            ("The Moon drifts about 3.8 centimetres away from Earth every year.", Language.en, 11),
            ("An octopus has three hearts — two pump blood", .en, 8),
            ("  spaced   out\n\nwords\t", .de, 3),
            ("Ahtapotun üç kalbi vardır.", .tr, 4),
            ("문어는 심장이 세 개다.", .ko, 4),
            ("月は毎年地球から約四センチ離れる。", .ja, 6),
            ("月球每年远离地球约三点八厘米。", .zh, 6),
            ("猫。", .zh, 1),
            ("", .en, 0),
            ("。", .ja, 0),
        ] as [(String, Language, Int)])
    func wordsAreCountedBySpacesOrByCharacters(text: String, language: Language, words: Int) {
        #expect(ReadingStats.wordCount(of: text, in: language) == words)
    }

    @Test(arguments: [(0, 1), (1, 1), (200, 1), (201, 2), (400, 2), (450, 3)])
    func readingTimeIsWholeMinutesAt200WordsAMinute(words: Int, minutes: Int) {
        #expect(ReadingStats.readingTime(words: words) == minutes)
    }
}
