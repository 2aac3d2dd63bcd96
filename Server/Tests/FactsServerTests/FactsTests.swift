import Foundation
import Testing

/// `GET /api/facts`: pages of facts in one language, narrowed by category and difficulty.
@Suite struct FactsTests {
    /// The ids, categories and difficulties of the facts on `page`.
    struct Listing {
        let body: [String: Any]
        let facts: [[String: Any]]
        var ids: [Int] { facts.compactMap { $0["id"] as? Int } }
        func values(_ field: String) -> [String] { facts.compactMap { $0[field] as? String } }
    }

    func list(_ server: TestServer, _ query: String, key: String) async throws -> Listing {
        let answer = try await server.get("/api/facts?\(query)", key: key)
        try #require(answer.status == 200, "\(answer.status): \(answer.text)")
        let body = try answer.object()
        return Listing(body: body, facts: try #require(body["facts"] as? [[String: Any]]))
    }

    @Test(arguments: Backend.all)
    func theFirstPageHoldsEveryFactOfTheLanguageInIdOrder(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let listing = try await list(server, "language=en", key: key)
            #expect(listing.body["page"] as? Int == 1)
            #expect(listing.body["page_size"] as? Int == 50)
            #expect(listing.body["total"] as? Int == Fixture.englishFacts)
            #expect(listing.body["total_pages"] as? Int == 1)
            #expect(listing.facts.count == Fixture.englishFacts)
            #expect(listing.ids == listing.ids.sorted() && Set(listing.ids).count == listing.ids.count)
            #expect(Set(listing.values("language")) == ["en"])
        }
    }

    @Test(arguments: Backend.all)
    func aFactHasEveryFieldOfTheContract(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let listing = try await list(server, "language=en", key: key)
            let moon = try #require(listing.facts.first { $0["title"] as? String == "The Moon is leaving" })
            // The generated encoding leaves out an optional field without a value (the contract:
            // absent or null).
            #expect(
                Set(moon.keys) == [
                    "id", "title", "content", "summary", "difficulty", "content_type", "category", "tags", "source_url",
                    "reading_time", "word_count", "language", "created_at",
                ])
            #expect(moon["content"] as? String == "The Moon drifts about 3.8 centimetres away from Earth every year.")
            #expect(moon["summary"] as? String == "The Moon slowly moves away from Earth.")
            #expect(moon["difficulty"] as? String == "beginner")
            #expect(moon["content_type"] as? String == "fact")
            #expect(moon["category"] as? String == "space")
            #expect(moon["tags"] as? [String] == ["moon", "orbit"])
            #expect(moon["source_url"] as? String == "https://science.nasa.gov/moon/")
            #expect(moon["image_url"] == nil)
            #expect(moon["word_count"] as? Int == 11)
            #expect(moon["reading_time"] as? Int == 1)
            #expect(moon["created_at"] as? String == Fixture.importedAtText)

            let war = try #require(listing.facts.first { $0["title"] as? String == "Short war" })
            #expect(war["source_url"] == nil)
            let goldfish = try #require(listing.facts.first { $0["title"] as? String == "Goldfish memory" })
            #expect(goldfish["content_type"] as? String == "myth")
            #expect(goldfish["image_url"] as? String == "https://example.org/goldfish.jpg")
            let neutron = try #require(listing.facts.first { $0["title"] as? String == "Neutron star density" })
            #expect(neutron["tags"] as? [String] == [])
        }
    }

    @Test(arguments: Backend.all)
    func germanFactsAreTheGermanTranslations(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let listing = try await list(server, "language=de", key: key)
            #expect(listing.body["total"] as? Int == Fixture.germanFacts)
            #expect(Set(listing.values("language")) == ["de"])
            #expect(listing.values("title").contains("Der Mond entfernt sich"))
            #expect(!listing.values("title").contains("The Moon is leaving"))
        }
    }

    @Test(
        arguments: Backend.all,
        [
            ("categories=space", 3, ["space"]),
            ("categories=space,history", 5, ["space", "history"]),
            ("categories=animals", 2, ["animals"]),
            ("categories=%20space%20,%20animals", 5, ["space", "animals"]),
            ("categories=history,history", 2, ["history"]),
        ] as [(String, Int, Set<String>)])
    func categoriesNarrowTheList(backend: Backend, filter: (query: String, total: Int, categories: Set<String>)) async throws {
        let (query, total, categories) = filter
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let listing = try await list(server, "language=en&\(query)", key: key)
            #expect(listing.body["total"] as? Int == total)
            #expect(listing.facts.count == total)
            #expect(Set(listing.values("category")) == categories)
        }
    }

    @Test(
        arguments: Backend.all,
        [
            ("difficulty=beginner", 3, ["beginner"]),
            ("difficulty=beginner,advanced", 5, ["beginner", "advanced"]),
            ("difficulty=intermediate", 2, ["intermediate"]),
            ("difficulty=all", 7, ["beginner", "intermediate", "advanced"]),
            ("categories=space&difficulty=advanced", 1, ["advanced"]),
        ] as [(String, Int, Set<String>)])
    func difficultiesNarrowTheList(backend: Backend, filter: (query: String, total: Int, difficulties: Set<String>)) async throws {
        let (query, total, difficulties) = filter
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let listing = try await list(server, "language=en&\(query)", key: key)
            #expect(listing.body["total"] as? Int == total)
            #expect(Set(listing.values("difficulty")) == difficulties)
        }
    }

    @Test(arguments: Backend.all)
    func pagesSplitTheListWithoutGapsOrRepeats(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let all = try await list(server, "language=en", key: key).ids
            var paged: [Int] = []
            for page in 1...3 {
                let listing = try await list(server, "language=en&page=\(page)&page_size=3", key: key)
                #expect(listing.body["page"] as? Int == page)
                #expect(listing.body["page_size"] as? Int == 3)
                #expect(listing.body["total"] as? Int == 7)
                #expect(listing.body["total_pages"] as? Int == 3)
                #expect(listing.facts.count == (page < 3 ? 3 : 1))
                paged += listing.ids
            }
            #expect(paged == all)

            let beyond = try await list(server, "language=en&page=4&page_size=3", key: key)
            #expect(beyond.facts.isEmpty)
            #expect(beyond.body["total"] as? Int == 7)

            let largest = try await list(server, "language=en&page_size=200", key: key)
            #expect(largest.facts.count == 7)
        }
    }

    @Test(arguments: Backend.all)
    func aLanguageWithoutFactsHasAnEmptyList(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let listing = try await list(server, "language=ja", key: key)
            #expect(listing.facts.isEmpty)
            #expect(listing.body["total"] as? Int == 0)
            #expect(listing.body["total_pages"] as? Int == 0)
        }
    }

    @Test(arguments: Backend.all, FactsMistake.all)
    func aWrongParameterIs400NamingIt(backend: Backend, mistake: FactsMistake) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let answer = try await server.get("/api/facts?\(mistake.query)", key: key)
            try answer.expectError(400, "invalid_parameter", parameter: mistake.parameter)
        }
    }

    @Test(arguments: Backend.all)
    func anUnknownCategoryIsNamedInTheMessage(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let answer = try await server.get("/api/facts?language=en&categories=space,volcanoes,sport", key: key)
            try answer.expectError(400, "invalid_parameter", parameter: "categories")
            let message = try #require(try answer.error()["message"] as? String)
            #expect(message.contains("\"volcanoes\""))
            #expect(message.contains("\"sport\""))
            #expect(!message.contains("\"space\""))
        }
    }
}

/// A facts query with one parameter wrong, and the parameter a 400 must name.
struct FactsMistake: Sendable, CustomTestStringConvertible {
    let query: String
    let parameter: String

    var testDescription: String { query }

    static let all: [FactsMistake] = [
        .init(query: "page=1", parameter: "language"),
        .init(query: "language=xx", parameter: "language"),
        .init(query: "language=en&page=0", parameter: "page"),
        .init(query: "language=en&page=-1", parameter: "page"),
        .init(query: "language=en&page=abc", parameter: "page"),
        .init(query: "language=en&page=1.5", parameter: "page"),
        .init(query: "language=en&page=", parameter: "page"),
        .init(query: "language=en&page=%2B2", parameter: "page"),
        .init(query: "language=en&page=99999999999999999999999", parameter: "page"),
        .init(query: "language=en&page=1&page=2", parameter: "page"),
        .init(query: "language=en&page_size=0", parameter: "page_size"),
        .init(query: "language=en&page_size=201", parameter: "page_size"),
        .init(query: "language=en&page_size=ten", parameter: "page_size"),
        .init(query: "language=en&difficulty=easy", parameter: "difficulty"),
        .init(query: "language=en&difficulty=beginner,hard", parameter: "difficulty"),
        .init(query: "language=en&difficulty=", parameter: "difficulty"),
        .init(query: "language=en&categories=volcanoes", parameter: "categories"),
        .init(query: "language=en&categories=space,nope", parameter: "categories"),
        .init(query: "language=en&categories=", parameter: "categories"),
        .init(query: "language=en&categories=space,,history", parameter: "categories"),
        .init(query: "language=en&categories=Space", parameter: "categories"),
    ]
}
