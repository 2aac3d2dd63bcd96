import Foundation
import Testing

@testable import FactsServer

/// `GET /api/metadata` and `GET /api/facts` from memory: `ETag` and `If-None-Match`, gzip,
/// and an import seen within the corpus check interval.
@Suite struct ContentCacheTests {
    static let paths = ["/api/metadata?language=en", "/api/facts?language=en&page_size=3", "/api/facts?language=de&difficulty=beginner"]

    @Test(arguments: Backend.all, paths)
    func anUnchangedAnswerIs304WithoutABody(backend: Backend, path: String) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let first = try await server.request("GET", path, key: key, headers: ["Accept-Encoding": "identity"])
            #expect(first.status == 200, "\(first.text)")
            let tag = try #require(first.headers["etag"])
            #expect(tag.wholeMatch(of: /"[0-9a-f]{32}"/) != nil, "\(tag)")
            #expect(first.headers["vary"] == "Accept-Encoding")
            #expect(first.headers["content-encoding"] == nil)

            for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let again = try await server.request("GET", path, key: key, headers: ["If-None-Match": header, "Accept-Encoding": "identity"])
                #expect(again.status == 304, "If-None-Match: \(header)")
                #expect(again.body.isEmpty)
                #expect(again.headers["etag"] == tag)
            }
            let changed = try await server.request("GET", path, key: key, headers: ["If-None-Match": "\"0123\"", "Accept-Encoding": "identity"])
            #expect(changed.status == 200)
            #expect(changed.body == first.body)
            #expect(changed.headers["etag"] == tag)
            // A kept answer still honours Accept, as the generated code does.
            let html = try await server.request("GET", path, key: key, headers: ["Accept": "text/html", "If-None-Match": tag])
            try html.expectError(406, "not_acceptable")
            let json = try await server.request("GET", path, key: key, headers: ["Accept": "text/html;q=0.9, application/*;q=0.5"])
            #expect(json.status == 200)
        }
    }

    @Test(arguments: Backend.all)
    func aClientThatAcceptsGzipGetsTheSameJSONGzipped(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let path = "/api/facts?language=en"
            let plain = try await server.request("GET", path, key: key, headers: ["Accept-Encoding": "identity"])
            let zipped = try await server.request("GET", path, key: key, headers: ["Accept-Encoding": "br;q=1.0, gzip;q=0.8"])
            #expect(zipped.status == 200)
            #expect(zipped.headers["content-encoding"] == "gzip")
            #expect(zipped.headers["vary"] == "Accept-Encoding")
            let plainTag = try #require(plain.headers["etag"])
            #expect(zipped.headers["etag"] == String(plainTag.dropLast()) + "-gzip\"")
            // The HTTP client unzips what it asked gzipped: the same JSON arrives.
            #expect(zipped.body == plain.body)
            // Either tag is a match, in either encoding.
            let notModified = try await server.request("GET", path, key: key, headers: ["Accept-Encoding": "gzip", "If-None-Match": plainTag])
            #expect(notModified.status == 304)
            #expect(notModified.headers["etag"] == zipped.headers["etag"])
        }
    }

    @Test(arguments: Backend.all)
    func anImportIsServedOnceTheCorpusCheckIntervalHasPassed(backend: Backend) async throws {
        let clock = ManualClock()
        try await TestServer.with(backend, corpusCheckInterval: .seconds(1), clock: clock) { server in
            let key = try await server.registeredKey()
            let path = "/api/facts?language=en&page_size=1"
            let before = try await server.get(path, key: key)
            let beforeTag = try #require(before.headers["etag"])
            #expect(try Self.firstTitle(before) == "The Moon is leaving")

            let corpus = try Fixture.copy()
            defer { try? FileManager.default.removeItem(at: corpus) }
            let facts = corpus.appendingPathComponent("facts/en.jsonl")
            try String(contentsOf: facts, encoding: .utf8).replacingOccurrences(of: "The Moon is leaving", with: "The Moon moves away")
                .write(to: facts, atomically: true, encoding: .utf8)
            _ = try await server.database.importCorpus(at: corpus, now: Fixture.importedAt)

            // Within the interval the answer in memory stands: that is the staleness allowed.
            let stale = try await server.get(path, key: key)
            #expect(stale.headers["etag"] == beforeTag)

            clock.advance(by: .seconds(1))
            let after = try await server.request("GET", path, key: key, headers: ["If-None-Match": beforeTag])
            #expect(after.status == 200)
            #expect(after.headers["etag"] != beforeTag)
            #expect(try Self.firstTitle(after) == "The Moon moves away")
        }
    }

    @Test(arguments: Backend.all)
    func eachTransactionOfAnImportRaisesTheCorpusVersion(backend: Backend) async throws {
        try await TestDatabase.with(backend) { database, _ in
            let before = try await database.corpusVersion()
            _ = try await database.importCorpus(at: Fixture.corpus, now: Fixture.importedAt)
            // Categories, content types, and one per language file (en, de).
            #expect(try await database.corpusVersion() == before + 4)
        }
    }

    static func firstTitle(_ answer: HTTPAnswer) throws -> String? {
        let facts = try #require(try answer.object()["facts"] as? [[String: Any]])
        return facts.first?["title"] as? String
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("deflate, gzip;q=0.5", true), ("x-gzip", true), ("*", true),
        ("gzip;q=0", false), ("gzip; q=0.000", false), ("*, gzip;q=0", false), ("*;q=0", false), ("identity", false),
        ("deflate, br", false), ("", false), ("gzip;q=abc", false), ("gzip;q=2", false),
    ])
    func acceptEncodingAllowsGzipAsRFC9110Says(header: String, accepts: Bool) {
        #expect(ContentNegotiation.acceptsGzip(header) == accepts)
    }

    @Test func noAcceptEncodingMeansNoGzip() {
        #expect(!ContentNegotiation.acceptsGzip(nil))
    }

    @Test(arguments: [
        ("\"abc\"", true), ("W/\"abc\"", true), ("\"abc-gzip\"", true), (" \"x\" ,\t\"abc\" ", true), ("*", true),
        ("\"abcd\"", false), ("abc", false), ("\"ab\"", false), ("", false), ("W/\"abc-gzipx\"", false),
    ])
    func ifNoneMatchComparesTagsWeakly(header: String, matches: Bool) {
        #expect(ContentNegotiation.matches(header, entityTag: "\"abc\"") == matches)
    }

    @Test func gzipRoundTripsThroughTheSystemGunzip() throws {
        let text = String(repeating: "{\"title\": \"Die Sonne\", \"tags\": [\"sun\"]} ", count: 200) + "漢字"
        let compressed = try Gzip.compress(Array(text.utf8))
        #expect(compressed.count < text.utf8.count / 10)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(compressed))
        try input.fileHandleForWriting.close()
        let unzipped = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: unzipped, as: UTF8.self) == text)
    }
}
