import Foundation
import Testing

@testable import FactsServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `facts-server` executable, run as a person runs it: what it prints, its exit
/// status, and the server it starts.
@Suite struct BinaryTests {
    /// The `facts-server` executable next to the test bundle.
    static func executable() throws -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("facts-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw TestSetupError(description: "no facts-server next to \(Bundle.main.bundleURL.path)")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the executable to its end.
    func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func importLoadsTheCorpusAndSaysWhatItWrote() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try run(["import", "--corpus", Fixture.corpus.path, "--database", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("3 categories, 2 content types, 11 facts (de 4, en 7)"), "\(run.stdout)")

        let again = try self.run(["import", "--corpus", Fixture.corpus.path, "--database", path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("11 facts (de 4, en 7)"))
    }

    @Test func aBrokenCorpusFailsNamingTheFileAndLine() throws {
        let corpus = try Fixture.copy()
        defer { try? FileManager.default.removeItem(at: corpus) }
        try "{\"key\": 1}\n".write(to: corpus.appendingPathComponent("facts/de.jsonl"), atomically: true, encoding: .utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try run(["import", "--corpus", corpus.path, "--database", path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("facts/de.jsonl:1: key must be a string, not a number"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--database", "a.sqlite", "--postgres", "postgres://u@h/d"], "give one"),
        (["--port", "70000"], "--port must be from 0 to 65535"),
        (["--postgres", "mysql://u@h/d"], "not a PostgreSQL URL"),
        (["import"], "--corpus"),
        (["--max-body-size", "100"], "--max-body-size) must be from 1024 to 1048576 bytes, not 100"),
        (["--register-rate-per-address", "0"], "--register-rate-per-address) must be from 1 to 100000 a minute, not 0"),
        (["--register-rate-global=-5"], "--register-rate-global) must be from 1 to 10000000 a minute, not -5"),
    ])
    func aWrongCommandLineFailsSayingWhy(arguments: [String], message: String) throws {
        let run = try run(arguments)
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func serveSeedsANewDatabaseOnceAndAnswersOverHTTP() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let arguments = ["--port", "0", "--database", path, "--corpus", Fixture.corpus.path]

        let first = try await RunningServer.start(try Self.executable(), arguments)
        #expect(first.lines.first?.hasPrefix("seeded SQLite \(path) from \(Fixture.corpus.path): 3 categories") == true, "\(first.lines)")
        let key = try await first.registeredKey()
        #expect(try await first.total(key: key) == 7)
        try await first.stop()

        let second = try await RunningServer.start(try Self.executable(), arguments)
        #expect(second.lines.count == 2, "\(second.lines)")
        #expect(second.lines.first?.contains("already has content") == true)
        #expect(try await second.total(key: key) == 7)
        try await second.stop()
    }
}

/// The executable on PostgreSQL, in a database of its own that the test creates and drops.
@Suite struct PostgresBinaryTests {
    @Test(.enabled(if: Backend.all.contains(.postgres), "PostgreSQL tests skipped: FACTS_TEST_POSTGRES_URL is not set"))
    func importThenServeFromPostgres() async throws {
        guard let url = Backend.postgresURL else {
            throw TestSetupError(description: "CI=true but \(Backend.postgresURLVariable) is not set")
        }
        let settings = try PostgresSettings(url: url)
        let name = "facts_binary_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "_"))"
        var components = try #require(URLComponents(string: url))
        components.path = "/\(name)"
        let databaseURL = try #require(components.string)

        try await TestDatabase.administer(settings, "CREATE DATABASE \(name)")
        do {
            let imported = try BinaryTests().run(["import", "--corpus", Fixture.corpus.path, "--postgres", databaseURL])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("into PostgreSQL \(settings.host):\(settings.port)/\(name): 3 categories"), "\(imported.stdout)")
            #expect(!imported.stdout.contains(databaseURL), "the URL carries the password")

            let server = try await RunningServer.start(try BinaryTests.executable(), ["--port", "0", "--postgres", databaseURL])
            #expect(server.lines == ["facts-server listening on http://127.0.0.1:\(server.port) (PostgreSQL \(settings.host):\(settings.port)/\(name))"])
            let key = try await server.registeredKey()
            #expect(try await server.total(key: key) == 7)
            try await server.stop()
        } catch {
            try? await TestDatabase.administer(settings, "DROP DATABASE \(name) WITH (FORCE)")
            throw error
        }
        try await TestDatabase.administer(settings, "DROP DATABASE \(name) WITH (FORCE)")
    }

    @Test func anUnreachableServerFailsAtOnceSayingWhy() throws {
        let started = Date()
        let run = try BinaryTests().run(["import", "--corpus", Fixture.corpus.path, "--postgres", "postgres://facts:facts@127.0.0.1:1/facts"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot connect to PostgreSQL at 127.0.0.1:1/facts as facts"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }
}

/// A `facts-server` process started for a test, and what it printed until it listened.
struct RunningServer {
    let process: Process
    let port: Int
    let lines: [String]

    /// Starts the executable and waits for its "listening on" line.
    static func start(_ executable: URL, _ arguments: [String]) async throws -> RunningServer {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
        out.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                continuation.finish()
            } else {
                continuation.yield(data)
            }
        }
        try process.run()
        var text = ""
        for await chunk in chunks {
            text += String(decoding: chunk, as: UTF8.self)
            let prefix = "listening on http://127.0.0.1:"
            if let start = text.range(of: prefix)?.upperBound, let port = Int(text[start...].prefix { $0.isNumber }),
                text[start...].contains("\n")
            {
                return RunningServer(process: process, port: port, lines: text.split(separator: "\n").map(String.init))
            }
        }
        process.waitUntilExit()
        throw TestSetupError(description: "facts-server exited with \(process.terminationStatus) before listening; it printed: \(text)")
    }

    /// Interrupts the server as Ctrl-C does and waits for it to exit.
    func stop() async throws {
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
    }

    func registeredKey() async throws -> String {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/devices/register")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"platform": "linux", "model": "test", "os_version": "12", "language": "en"}"#.utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(body["device_key"] as? String)
    }

    func total(key: String) async throws -> Int? {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/facts?language=en")!)
        request.setValue(key, forHTTPHeaderField: "X-Device-Key")
        let (data, _) = try await URLSession.shared.data(for: request)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return body["total"] as? Int
    }
}
