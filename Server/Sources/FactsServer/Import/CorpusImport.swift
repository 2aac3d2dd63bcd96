import Foundation

extension FactsDatabase {
    /// Imports the corpus in `folder`: categories, content types, then each language's facts.
    ///
    /// The whole corpus is read and checked first, so a malformed file writes nothing.
    /// Then each file is written in one transaction: a fact that names a category or
    /// content type the database does not have rolls back its own file only. Entries are
    /// matched on their slug (facts on key and language), so importing again updates
    /// them in place and keeps their ids; a fact keeps the `created_at` of its first import.
    /// Each transaction also raises the corpus version, so that every server process on the
    /// database rebuilds the answers it keeps in memory.
    ///
    /// - Parameter now: The time stamped on new facts as `created_at`.
    /// - Complexity: One statement per category translation and per fact.
    public func importCorpus(at folder: URL, now: Date) async throws -> ImportSummary {
        let corpus = try Corpus.read(from: folder)
        let createdAt = Timestamp.string(now)

        try await database.withTransaction { executor in
            for category in corpus.categories {
                let id = try await executor.query(
                    """
                    INSERT INTO categories (slug, icon, color_hex) VALUES ($1, $2, $3)
                    ON CONFLICT (slug) DO UPDATE SET icon = excluded.icon, color_hex = excluded.color_hex
                    RETURNING id
                    """,
                    [.text(category.slug), .text(category.icon), .text(category.colorHex)]
                )[0].int(0)
                try await Self.writeTranslations(
                    of: id, names: category.names, descriptions: category.descriptions,
                    table: "category_translations", key: "category_id", executor
                )
            }
            try await Self.raiseCorpusVersion(executor)
        }
        try await database.withTransaction { executor in
            for contentType in corpus.contentTypes {
                let id = try await executor.query(
                    """
                    INSERT INTO content_types (slug) VALUES ($1)
                    ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug
                    RETURNING id
                    """,
                    [.text(contentType.slug)]
                )[0].int(0)
                try await Self.writeTranslations(
                    of: id, names: contentType.names, descriptions: contentType.descriptions,
                    table: "content_type_translations", key: "content_type_id", executor
                )
            }
            try await Self.raiseCorpusVersion(executor)
        }
        var counts: [ImportSummary.FactCount] = []
        for file in corpus.factFiles {
            let count = try await database.withTransaction { executor in
                let count = try await Self.writeFacts(file, createdAt: createdAt, executor)
                try await Self.raiseCorpusVersion(executor)
                return count
            }
            counts.append(.init(language: file.language, count: count))
        }
        return ImportSummary(categories: corpus.categories.count, contentTypes: corpus.contentTypes.count, facts: counts)
    }

    private static func raiseCorpusVersion(_ executor: any SQLExecutor) async throws {
        try await executor.query("UPDATE corpus_version SET version = version + 1 WHERE id = 1")
    }

    private static func writeTranslations(
        of id: Int,
        names: [Language: String],
        descriptions: [Language: String],
        table: String,
        key: String,
        _ executor: any SQLExecutor
    ) async throws {
        for language in Language.allCases {
            try await executor.query(
                """
                INSERT INTO \(table) (\(key), language, name, description) VALUES ($1, $2, $3, $4)
                ON CONFLICT (\(key), language) DO UPDATE SET name = excluded.name, description = excluded.description
                """,
                [.int(id), .text(language.rawValue), .optionalText(names[language]), .optionalText(descriptions[language])]
            )
        }
    }

    private static func writeFacts(_ file: Corpus.FactFile, createdAt: String, _ executor: any SQLExecutor) async throws -> Int {
        var categoryIDs: [String: Int] = [:]
        for row in try await executor.query("SELECT slug, id FROM categories") {
            categoryIDs[try row.text(0)] = try row.int(1)
        }
        var contentTypeIDs: [String: Int] = [:]
        for row in try await executor.query("SELECT slug, id FROM content_types") {
            contentTypeIDs[try row.text(0)] = try row.int(1)
        }
        for (line, fact) in file.facts {
            guard let categoryID = categoryIDs[fact.category] else {
                throw CorpusError("\(file.path):\(line)", "category \(fact.category) is neither in categories.json nor in the database")
            }
            guard let contentTypeID = contentTypeIDs[fact.contentType] else {
                throw CorpusError("\(file.path):\(line)", "content type \(fact.contentType) is neither in content_types.json nor in the database")
            }
            let words = ReadingStats.wordCount(of: fact.content, in: file.language)
            let tags = String(decoding: try JSONEncoder().encode(fact.tags), as: UTF8.self)
            try await executor.query(
                """
                INSERT INTO facts (corpus_key, language, title, content, summary, difficulty, content_type_id,
                                   category_id, tags, source_url, image_url, word_count, reading_time, created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
                ON CONFLICT (corpus_key, language) DO UPDATE SET
                    title = excluded.title, content = excluded.content, summary = excluded.summary,
                    difficulty = excluded.difficulty, content_type_id = excluded.content_type_id,
                    category_id = excluded.category_id, tags = excluded.tags, source_url = excluded.source_url,
                    image_url = excluded.image_url, word_count = excluded.word_count, reading_time = excluded.reading_time
                """,
                [
                    .text(fact.key), .text(file.language.rawValue), .text(fact.title), .text(fact.content),
                    .text(fact.summary), .text(fact.difficulty.rawValue), .int(contentTypeID), .int(categoryID),
                    .text(tags), .optionalText(fact.sourceURL), .optionalText(fact.imageURL), .int(words),
                    .int(ReadingStats.readingTime(words: words)), .text(createdAt),
                ]
            )
        }
        return file.facts.count
    }
}
