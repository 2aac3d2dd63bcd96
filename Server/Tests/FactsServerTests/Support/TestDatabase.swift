import FactsServer
import Foundation
import Logging
import PostgresNIO
import Testing

/// A failure to set a test up, with what to do about it.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
}

/// A logger that keeps test output quiet unless something fails on the server.
let testLogger: Logger = {
    var logger = Logger(label: "facts-server-tests")
    logger.logLevel = .error
    return logger
}()

/// The fixture corpus: three categories, two content types, 7 facts in English and 4 in German.
enum Fixture {
    static let corpus = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent("Corpus")
    static let englishFacts = 7
    static let germanFacts = 4
    static let categories = 3
    /// The instant the fixture is imported at, and `created_at` of every fact.
    static let importedAt = Date(timeIntervalSince1970: 1_768_435_200)  // 2026-01-15T00:00:00Z
    static let importedAtText = "2026-01-15T00:00:00Z"

    /// The corpus the project ships (`Server/Corpus`): 12 categories, 168 facts in each of 8 languages.
    static let shipped = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    /// A copy of the fixture corpus in a new temporary folder, to change for one test.
    static func copy() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facts-corpus-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: corpus, to: folder)
        return folder
    }
}

/// Runs a test body against a new, empty database of one backend: an SQLite file in the
/// temporary directory, or a PostgreSQL schema of its own that is dropped afterwards.
enum TestDatabase {
    /// At most this many test databases are open at once, to stay far below PostgreSQL's
    /// connection limit and the machine's two cores.
    private static let limit = TestLimiter(slots: 6)

    static func with<T: Sendable>(
        _ backend: Backend,
        seeded: Bool = true,
        corpus: URL = Fixture.corpus,
        _ body: (FactsDatabase, Location) async throws -> T
    ) async throws -> T {
        try await limit.run {
            switch backend {
            case .sqlite:
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite").path
                defer {
                    for suffix in ["", "-wal", "-shm"] {
                        try? FileManager.default.removeItem(atPath: path + suffix)
                    }
                }
                return try await open(.sqlite(path: path), location: .sqlite(path: path), seeded: seeded, corpus: corpus, body)
            case .postgres:
                guard let url = Backend.postgresURL else {
                    throw TestSetupError(
                        description:
                            "CI=true but \(Backend.postgresURLVariable) is not set: start PostgreSQL with Server/Scripts/start-postgres.sh and export the URL it prints"
                    )
                }
                let schema = "facts_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "_"))"
                var settings = try PostgresSettings(url: url)
                settings.connectTimeout = .seconds(5)
                try await administer(settings, "CREATE SCHEMA \(schema)")
                settings.runtimeParameters = [("search_path", schema)]
                settings.maximumConnections = 2
                do {
                    let value = try await open(.postgres(settings), location: .postgres(url: url, schema: schema), seeded: seeded, corpus: corpus, body)
                    try await administer(settings, "DROP SCHEMA \(schema) CASCADE")
                    return value
                } catch {
                    try? await administer(settings, "DROP SCHEMA \(schema) CASCADE")
                    throw error
                }
            }
        }
    }

    /// Where a test database is, for tests that reach it from outside, as the binary does.
    enum Location: Sendable {
        case sqlite(path: String)
        case postgres(url: String, schema: String)
    }

    private static func open<T: Sendable>(
        _ location: FactsDatabase.Location,
        location testLocation: Location,
        seeded: Bool,
        corpus: URL,
        _ body: (FactsDatabase, Location) async throws -> T
    ) async throws -> T {
        try await FactsDatabase.withOpened(location, logger: testLogger) { database in
            if seeded {
                _ = try await database.importCorpus(at: corpus, now: Fixture.importedAt)
            }
            return try await body(database, testLocation)
        }
    }

    /// Runs one statement on the server outside any test's schema, on a connection of its own.
    static func administer(_ settings: PostgresSettings, _ sql: String) async throws {
        var settings = settings
        settings.runtimeParameters = []
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: PostgresConnection.Configuration(
                    host: settings.host, port: settings.port, username: settings.username,
                    password: settings.password, database: settings.database, tls: .disable
                ),
                id: 0,
                logger: testLogger
            )
        } catch let error as PSQLError {
            throw TestSetupError(
                description:
                    "cannot reach PostgreSQL at \(settings.summary) (\(Backend.postgresURLVariable)): \(error.serverInfo?[.message] ?? "\(error.code) \(error.underlying.map { "\($0)" } ?? "")")"
            )
        }
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: testLogger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// Lets at most `slots` bodies run at once; the rest wait in order.
actor TestLimiter {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(slots: Int) {
        free = slots
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    nonisolated func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        do {
            let value = try await body()
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }
}
