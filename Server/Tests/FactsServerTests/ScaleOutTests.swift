import Foundation
import Testing

@testable import FactsServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several `facts-server` processes on one database: the database is the only state, so they
/// answer the same bytes, know the same devices, and an import run beside them is served by
/// every one of them within the corpus check interval.
@Suite struct ScaleOutTests {
    @Test(arguments: Backend.all)
    func twoProcessesServeTheSameDataAndBothSeeAnImport(backend: Backend) async throws {
        try await Self.withNewDatabase(backend) { storage in
            let seeded = try BinaryTests().run(["import", "--corpus", Fixture.corpus.path] + storage)
            #expect(seeded.status == 0, "\(seeded.stderr)")
            let arguments = ["--port", "0", "--corpus-check-interval", "100"] + storage
            let first = try await RunningServer.start(try BinaryTests.executable(), arguments)
            let second: RunningServer
            do {
                second = try await RunningServer.start(try BinaryTests.executable(), arguments)
            } catch {
                try await first.stop()
                throw error
            }
            do {
                try await Self.checkBothServeAnImport(first, second, storage: storage)
            } catch {
                try await first.stop()
                try await second.stop()
                throw error
            }
            try await first.stop()
            try await second.stop()
        }
    }

    /// What `twoProcessesServeTheSameDataAndBothSeeAnImport` checks, with both running.
    private static func checkBothServeAnImport(_ first: RunningServer, _ second: RunningServer, storage: [String]) async throws {
        // A device registered through one process is known to the other.
        let key = try await first.registeredKey()
        let paths = ["/api/metadata?language=de", "/api/facts?language=en&page_size=2", "/api/facts?language=en&page=2&page_size=2"]
        var before: [String: String] = [:]
        for path in paths {
            let a = try await first.get(path, key: key)
            let b = try await second.get(path, key: key)
            #expect(a.status == 200 && b.status == 200, "\(path): \(a.status), \(b.status)")
            #expect(a.body == b.body, "\(path)")
            #expect(a.eTag != nil && a.eTag == b.eTag, "\(path)")
            before[path] = a.eTag
        }

        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let facts = corpus.appendingPathComponent("facts/en.jsonl")
        try String(contentsOf: facts, encoding: .utf8).replacingOccurrences(of: "The Moon is leaving", with: "The Moon moves away")
            .write(to: facts, atomically: true, encoding: .utf8)
        let imported = try BinaryTests().run(["import", "--corpus", corpus.path] + storage)
        #expect(imported.status == 0, "\(imported.stderr)")

        let changed = "/api/facts?language=en&page_size=2"
        for server in [first, second] {
            // 100 ms between corpus checks: give it 5 s, polling.
            var answer = try await server.get(changed, key: key, ifNoneMatch: before[changed])
            for _ in 0..<50 where answer.status == 304 {
                try await Task.sleep(for: .milliseconds(100))
                answer = try await server.get(changed, key: key, ifNoneMatch: before[changed])
            }
            #expect(answer.status == 200, "port \(server.port) still answers 304 five seconds after the import")
            #expect(answer.eTag != before[changed])
            #expect(String(decoding: answer.body, as: UTF8.self).contains("The Moon moves away"))
            // What the import left alone keeps its tag.
            let unchanged = "/api/facts?language=en&page=2&page_size=2"
            #expect(try await server.get(unchanged, key: key, ifNoneMatch: before[unchanged]).status == 304)
        }
        let a = try await first.get(changed, key: key)
        let b = try await second.get(changed, key: key)
        #expect(a.body == b.body && a.eTag == b.eTag)
    }

    /// Runs `body` with the storage options of a new database on `backend`, removed after.
    static func withNewDatabase(_ backend: Backend, _ body: ([String]) async throws -> Void) async throws {
        switch backend {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite").path
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            try await body(["--database", path])
        case .postgres:
            guard let url = Backend.postgresURL else {
                throw TestSetupError(description: "CI=true but \(Backend.postgresURLVariable) is not set")
            }
            let settings = try PostgresSettings(url: url)
            let name = "facts_scale_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "_"))"
            var components = try #require(URLComponents(string: url))
            components.path = "/\(name)"
            let databaseURL = try #require(components.string)
            try await TestDatabase.administer(settings, "CREATE DATABASE \(name)")
            do {
                try await body(["--postgres", databaseURL])
            } catch {
                try? await TestDatabase.administer(settings, "DROP DATABASE \(name) WITH (FORCE)")
                throw error
            }
            try await TestDatabase.administer(settings, "DROP DATABASE \(name) WITH (FORCE)")
        }
    }
}

extension RunningServer {
    /// An answer of a running server: status, `ETag` and body.
    struct Answer {
        let status: Int
        let eTag: String?
        let body: Data
    }

    /// `GET path` with the device `key`, and `If-None-Match` when given.
    func get(_ path: String, key: String, ifNoneMatch: String? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.timeoutInterval = 10
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue(key, forHTTPHeaderField: "X-Device-Key")
        if let ifNoneMatch {
            request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Answer(status: http.statusCode, eTag: http.value(forHTTPHeaderField: "ETag"), body: data)
    }
}
