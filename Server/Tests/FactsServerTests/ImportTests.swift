import Foundation
import Testing

@testable import FactsServer

/// The corpus importer on both databases: what it writes, how a second import updates,
/// and that a file that fails leaves nothing of itself behind.
@Suite struct ImportTests {
    @Test(arguments: Backend.all)
    func theFixtureImportsCategoriesContentTypesAndFactsPerLanguage(backend: Backend) async throws {
        try await TestDatabase.with(backend, seeded: false) { database, _ in
            #expect(try await database.isEmpty())
            let summary = try await database.importCorpus(at: Fixture.corpus, now: Fixture.importedAt)
            #expect(summary.categories == 3)
            #expect(summary.contentTypes == 2)
            #expect(summary.facts == [.init(language: .de, count: 4), .init(language: .en, count: 7)])
            #expect(summary.description == "3 categories, 2 content types, 11 facts (de 4, en 7)")
            #expect(try await !database.isEmpty())
            #expect(try await count(database, "facts") == 11)
            #expect(try await count(database, "category_translations") == 3 * 8)
        }
    }

    @Test(arguments: Backend.all)
    func importingAgainUpdatesInPlaceAndKeepsIdsAndCreationTimes(backend: Backend) async throws {
        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        try await TestDatabase.with(backend) { database, _ in
            let before = try await database.facts(FactQuery(language: .en, categoryIDs: nil, difficulties: nil, page: 1, pageSize: 50))

            let english = corpus.appendingPathComponent("facts/en.jsonl")
            let text = try String(contentsOf: english, encoding: .utf8)
                .replacingOccurrences(of: "\"The Moon is leaving\"", with: "\"The Moon is drifting away\"")
            try text.write(to: english, atomically: true, encoding: .utf8)
            _ = try await database.importCorpus(at: corpus, now: Fixture.importedAt.addingTimeInterval(86_400))

            let after = try await database.facts(FactQuery(language: .en, categoryIDs: nil, difficulties: nil, page: 1, pageSize: 50))
            #expect(after.total == before.total)
            #expect(after.facts.map(\.id) == before.facts.map(\.id))
            let moon = try #require(after.facts.first { $0.title == "The Moon is drifting away" })
            #expect(moon.id == before.facts.first { $0.title == "The Moon is leaving" }?.id)
            #expect(Set(after.facts.map(\.createdAt)) == [Fixture.importedAtText])
            #expect(try await count(database, "categories") == 3)
        }
    }

    @Test(arguments: Backend.all)
    func aFactWithAnUnknownCategoryRollsBackItsOwnFileOnly(backend: Backend) async throws {
        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let english = corpus.appendingPathComponent("facts/en.jsonl")
        let handle = try FileHandle(forWritingTo: english)
        try handle.seekToEnd()
        handle.write(
            Data(
                #"{"key": "volcano-001", "title": "T", "content": "C", "summary": "S", "difficulty": "beginner", "content_type": "fact", "category": "volcanoes", "tags": []}"#
                    .utf8 + [0x0A]))
        try handle.close()

        try await TestDatabase.with(backend, seeded: false) { database, _ in
            let error = try await #require(throws: CorpusError.self) {
                try await database.importCorpus(at: corpus, now: Fixture.importedAt)
            }
            #expect(error.location.hasSuffix("facts/en.jsonl:9"))
            #expect(error.message.contains("volcanoes"))
            // de.jsonl comes before en.jsonl and was committed; en.jsonl wrote nothing.
            #expect(try await count(database, "facts WHERE language = 'de'") == Fixture.germanFacts)
            #expect(try await count(database, "facts WHERE language = 'en'") == 0)
            #expect(try await count(database, "categories") == 3)
        }
    }

    @Test(arguments: Backend.all)
    func aMalformedCorpusWritesNothing(backend: Backend) async throws {
        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let german = corpus.appendingPathComponent("facts/de.jsonl")
        try (try String(contentsOf: german, encoding: .utf8) + "{\"key\": \"broken\"\n").write(to: german, atomically: true, encoding: .utf8)

        try await TestDatabase.with(backend, seeded: false) { database, _ in
            let error = try await #require(throws: CorpusError.self) {
                try await database.importCorpus(at: corpus, now: Fixture.importedAt)
            }
            #expect(error.location.hasSuffix("facts/de.jsonl:5"))
            #expect(try await database.isEmpty())
            #expect(try await count(database, "facts") == 0)
        }
    }

    @Test(arguments: Backend.all)
    func wordCountsAndReadingTimesAreComputedPerLanguage(backend: Backend) async throws {
        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let long = Array(repeating: "word", count: 450).joined(separator: " ")
        let lines = [
            #"{"key": "long-001", "title": "Long", "content": "\#(long)", "summary": "S", "difficulty": "advanced", "content_type": "fact", "category": "space", "tags": []}"#
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: corpus.appendingPathComponent("facts/fr.jsonl"), atomically: true, encoding: .utf8)
        let japanese =
            #"{"key": "space-001", "title": "月", "content": "月は毎年地球から約四センチ離れる。", "summary": "月", "difficulty": "beginner", "content_type": "fact", "category": "space", "tags": ["月"]}"#
        try (japanese + "\n").write(to: corpus.appendingPathComponent("facts/ja.jsonl"), atomically: true, encoding: .utf8)

        try await TestDatabase.with(backend, seeded: false) { database, _ in
            _ = try await database.importCorpus(at: corpus, now: Fixture.importedAt)
            let french = try await database.facts(FactQuery(language: .fr, categoryIDs: nil, difficulties: nil, page: 1, pageSize: 50))
            #expect(french.facts.map(\.wordCount) == [450])
            #expect(french.facts.map(\.readingTime) == [3])
            let japaneseFacts = try await database.facts(FactQuery(language: .ja, categoryIDs: nil, difficulties: nil, page: 1, pageSize: 50))
            #expect(japaneseFacts.facts.map(\.wordCount) == [6])  // 16 characters ÷ 2.5
            #expect(japaneseFacts.facts.map(\.readingTime) == [1])
        }
    }

    private func count(_ database: FactsDatabase, _ table: String) async throws -> Int {
        try await database.database.withSession { executor in
            try await executor.query("SELECT COUNT(*) FROM \(table)")[0].int(0)
        }
    }
}
