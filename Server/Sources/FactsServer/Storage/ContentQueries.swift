import Foundation

extension FactsDatabase {
    /// The categories and content types with their names in `language`, each in id order.
    func metadata(language: Components.Schemas.Language) async throws -> Components.Schemas.Metadata {
        try await database.withSession { executor in
            let categories = try await executor.query(
                """
                SELECT c.id, t.name, c.slug, t.description, c.icon, c.color_hex
                FROM categories c
                JOIN category_translations t ON t.category_id = c.id AND t.language = $1
                ORDER BY c.id
                """,
                [.text(language.rawValue)]
            ).map { row in
                Components.Schemas.Category(
                    id: try row.int(0), name: try row.text(1), slug: try row.text(2),
                    description: try row.text(3), icon: try row.text(4), colorHex: try row.text(5)
                )
            }
            let contentTypes = try await executor.query(
                """
                SELECT c.id, t.name, c.slug, t.description
                FROM content_types c
                JOIN content_type_translations t ON t.content_type_id = c.id AND t.language = $1
                ORDER BY c.id
                """,
                [.text(language.rawValue)]
            ).map { row in
                Components.Schemas.ContentType(id: try row.int(0), name: try row.text(1), slug: try row.text(2), description: try row.text(3))
            }
            return Components.Schemas.Metadata(language: language, categories: categories, contentTypes: contentTypes)
        }
    }

    /// The id of every category, by slug.
    func categoryIDs() async throws -> [String: Int] {
        try await database.withSession { executor in
            var ids: [String: Int] = [:]
            for row in try await executor.query("SELECT slug, id FROM categories") {
                ids[try row.text(0)] = try row.int(1)
            }
            return ids
        }
    }

    /// One page of the facts that `query` selects, in id order, and how many there are in all.
    func facts(_ query: FactQuery) async throws -> Components.Schemas.FactPage {
        var conditions = ["f.language = $1"]
        var binds: [SQLValue] = [.text(query.language.rawValue)]
        if let categoryIDs = query.categoryIDs {
            conditions.append("f.category_id IN (\(Self.placeholders(for: categoryIDs.count, after: binds.count)))")
            binds += categoryIDs.map(SQLValue.int)
        }
        if let difficulties = query.difficulties {
            conditions.append("f.difficulty IN (\(Self.placeholders(for: difficulties.count, after: binds.count)))")
            binds += difficulties.map { .text($0.rawValue) }
        }
        let filter = conditions.joined(separator: " AND ")
        // The caller keeps page and page size small enough for this product to fit.
        let offset = (query.page - 1) * query.pageSize
        let limitBinds = binds + [.int(query.pageSize), .int(offset)]
        let limit = "LIMIT $\(binds.count + 1) OFFSET $\(binds.count + 2)"

        return try await database.withSession { executor in
            let total = try await executor.query("SELECT COUNT(*) FROM facts f WHERE \(filter)", binds)[0].int(0)
            let facts = try await executor.query(
                """
                SELECT f.id, f.title, f.content, f.summary, f.difficulty, t.slug, c.slug, f.tags,
                       f.source_url, f.reading_time, f.word_count, f.image_url, f.language, f.created_at
                FROM facts f
                JOIN categories c ON c.id = f.category_id
                JOIN content_types t ON t.id = f.content_type_id
                WHERE \(filter)
                ORDER BY f.id
                \(limit)
                """,
                limitBinds
            ).map(Self.fact)
            return Components.Schemas.FactPage(
                facts: facts, page: query.page, pageSize: query.pageSize, total: total, totalPages: FactQuery.pages(for: total, of: query.pageSize))
        }
    }

    /// `$n, $n+1, …`: `count` parameters numbered after the first `existing`.
    private static func placeholders(for count: Int, after existing: Int) -> String {
        (0..<count).map { "$\(existing + 1 + $0)" }.joined(separator: ", ")
    }

    private static func fact(_ row: SQLRow) throws -> Components.Schemas.Fact {
        let difficulty = try row.text(4)
        let language = try row.text(12)
        guard let parsedDifficulty = Difficulty(rawValue: difficulty), let parsedLanguage = Components.Schemas.Language(rawValue: language) else {
            throw StorageError("fact \(try row.int(0)) has difficulty \(difficulty) and language \(language)")
        }
        let tags = try JSONDecoder().decode([String].self, from: Data(try row.text(7).utf8))
        return Components.Schemas.Fact(
            id: try row.int(0), title: try row.text(1), content: try row.text(2), summary: try row.text(3),
            difficulty: parsedDifficulty, contentType: try row.text(5), category: try row.text(6), tags: tags,
            sourceUrl: try row.optionalText(8), readingTime: try row.int(9), wordCount: try row.int(10),
            imageUrl: try row.optionalText(11), language: parsedLanguage, createdAt: try row.text(13)
        )
    }
}
