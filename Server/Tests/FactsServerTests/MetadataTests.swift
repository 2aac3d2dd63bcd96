import Foundation
import Testing

/// `GET /api/metadata`: categories and content types, named in the requested language.
@Suite struct MetadataTests {
    @Test(arguments: Backend.all)
    func englishMetadataListsCategoriesAndContentTypesInIdOrder(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let answer = try await server.get("/api/metadata?language=en", key: key)
            #expect(answer.status == 200)
            let body = try answer.object()
            #expect(body["language"] as? String == "en")

            let categories = try #require(body["categories"] as? [[String: Any]])
            #expect(categories.map { $0["slug"] as? String } == ["space", "history", "animals"])
            #expect(categories.map { $0["name"] as? String } == ["Space", "History", "Animals"])
            let ids = categories.compactMap { $0["id"] as? Int }
            #expect(ids.count == 3 && ids == ids.sorted())
            let space = categories[0]
            #expect(Set(space.keys) == ["id", "name", "slug", "description", "icon", "color_hex"])
            #expect(space["description"] as? String == "Planets, stars and the space between them.")
            #expect(space["icon"] as? String == "🚀")
            #expect(space["color_hex"] as? String == "#3B5BDB")

            let contentTypes = try #require(body["content_types"] as? [[String: Any]])
            #expect(contentTypes.map { $0["slug"] as? String } == ["fact", "myth"])
            #expect(Set(contentTypes[0].keys) == ["id", "name", "slug", "description"])
            #expect(contentTypes[1]["name"] as? String == "Myth")
        }
    }

    @Test(arguments: Backend.all)
    func germanMetadataHasTheSameIdsWithGermanNames(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let english = try await server.get("/api/metadata?language=en", key: key).object()
            let german = try await server.get("/api/metadata?language=de", key: key).object()
            let englishCategories = try #require(english["categories"] as? [[String: Any]])
            let germanCategories = try #require(german["categories"] as? [[String: Any]])
            #expect(germanCategories.map { $0["name"] as? String } == ["Weltraum", "Geschichte", "Tiere"])
            #expect(germanCategories.map { $0["id"] as? Int } == englishCategories.map { $0["id"] as? Int })
            #expect(germanCategories[2]["description"] as? String == "Lebewesen an Land, im Meer und in der Luft.")
            let contentTypes = try #require(german["content_types"] as? [[String: Any]])
            #expect(contentTypes.map { $0["name"] as? String } == ["Fakt", "Mythos"])
        }
    }

    @Test(arguments: Backend.all)
    func everyOneOfTheEightLanguagesHasMetadata(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            var names: Set<String> = []
            for language in ["en", "de", "es", "fr", "ja", "ko", "tr", "zh"] {
                let body = try await server.get("/api/metadata?language=\(language)", key: key).object()
                #expect(body["language"] as? String == language)
                let categories = try #require(body["categories"] as? [[String: Any]])
                #expect(categories.count == 3)
                names.insert(try #require(categories[0]["name"] as? String))
            }
            #expect(names.count == 8)
        }
    }

    @Test(arguments: Backend.all, ["", "?language=", "?language=xx", "?language=EN", "?language=en&language=de", "?lang=en"])
    func aMissingOrUnknownLanguageIs400(backend: Backend, query: String) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            try await server.get("/api/metadata\(query)", key: key).expectError(400, "invalid_parameter", parameter: "language")
        }
    }
}
