import Foundation
import Logging
import PostgresNIO

/// The content service's data: categories, content types, facts and registered devices,
/// in SQLite or PostgreSQL with the same schema.
///
/// The one way in is ``withOpened(_:logger:_:)``, which opens the database, brings its
/// schema up to date and closes it again when the work is done:
///
/// ```swift
/// try await FactsDatabase.withOpened(.sqlite(path: "facts.sqlite"), logger: logger) { database in
///     if try await database.isEmpty() {
///         _ = try await database.importCorpus(at: corpus, now: Date())
///     }
/// }
/// ```
public struct FactsDatabase: Sendable {
    /// Where the data lives.
    public enum Location: Sendable {
        /// An SQLite file, created when missing.
        case sqlite(path: String)
        /// A PostgreSQL database.
        case postgres(PostgresSettings)
    }

    let database: any SQLDatabase

    /// Opens the database at `location`, migrates it, and lends it to `body`.
    ///
    /// The database is closed when `body` returns or throws, so `body` must not keep it.
    public static func withOpened<T: Sendable>(
        _ location: Location,
        logger: Logger,
        _ body: (FactsDatabase) async throws -> T
    ) async throws -> T {
        switch location {
        case .sqlite(let path):
            let store = try await SQLiteStore.open(path: path, logger: logger)
            do {
                let value = try await migrateAndRun(store, body)
                try await store.close()
                return value
            } catch {
                try? await store.close()
                throw error
            }
        case .postgres(let settings):
            let client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: logger)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                try await PostgresStore.checkConnection(settings, logger: logger)
                return try await migrateAndRun(PostgresStore(client: client, logger: logger), body)
            }
        }
    }

    private static func migrateAndRun<T: Sendable>(
        _ store: any SQLDatabase,
        _ body: (FactsDatabase) async throws -> T
    ) async throws -> T {
        try await Schema.migrate(store)
        return try await body(FactsDatabase(database: store))
    }

    /// Whether no category has been imported yet: a new database waiting for its corpus.
    public func isEmpty() async throws -> Bool {
        try await database.withSession { executor in
            try await executor.query("SELECT id FROM categories LIMIT 1").isEmpty
        }
    }
}
