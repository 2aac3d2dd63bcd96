import Bugle
import Foundation
import GRDB

/// Bugle's durable state in one SQLite database: the ledger of requests, the delivery
/// history, the event log, flags and preferences, and drip queues.
///
/// It is the scheduler's `SchedulerJournal` and, through ``eventSink(onError:)``,
/// its event log:
///
/// ```swift
/// let store = try BugleDatabase.openDefault()
/// let scheduler = Scheduler(planner: planner, center: center, environment: environment,
///                           sink: store.eventSink(), journal: store)
/// try await scheduler.recover()
/// try await scheduler.refresh(reason: .launch)
/// ```
///
/// Every write keeps the store's invariants in one transaction. The schema is created and
/// migrated when the store is opened; a file written by a newer Bugle, another program's
/// database, or a damaged file is refused with a ``StoreError`` and left as it is.
public struct BugleDatabase: Sendable {
    /// Access to the database.
    let writer: any DatabaseWriter

    /// A store over `writer`, whose schema is checked and migrated first.
    ///
    /// Create the writer with ``makeConfiguration(_:)``; ``open(at:)`` and ``inMemory()``
    /// do.
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        do {
            try Schema.prepare(writer)
        } catch {
            throw StoreError.wrapping(error, path: writer.path)
        }
    }

    /// Read-only access, for queries the store does not offer.
    public var reader: any DatabaseReader { writer }

    /// The database file's path (`:memory:` for an in-memory store).
    public var path: String { writer.path }

    /// Opens the database file at `url`, creating it when missing (its folder must exist).
    ///
    /// The file is checked before use: SQLite's quick integrity check, then the schema.
    ///
    /// - Complexity: O(*n*) in the file's size, for the integrity check.
    public static func open(at url: URL) throws -> BugleDatabase {
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: url.path, configuration: makeConfiguration())
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
        return try BugleDatabase(pool)
    }

    /// Opens the store at ``defaultLocation(environment:)``, creating its folder when missing.
    public static func openDefault(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BugleDatabase {
        let url = try defaultLocation(environment: environment)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StoreError(.cannotOpen, path: url.path, message: "cannot create the folder \(url.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        return try open(at: url)
    }

    /// An empty store in memory, for tests and previews.
    public static func inMemory() throws -> BugleDatabase {
        try BugleDatabase(DatabaseQueue(configuration: makeConfiguration()))
    }

    /// The configuration the store expects: in WAL mode, commits that survive a crash of the
    /// process without waiting for the disk at each one (`synchronous = NORMAL`).
    public static func makeConfiguration(_ base: Configuration = Configuration()) -> Configuration {
        var config = base
        config.prepareDatabase { db in
            if db.configuration.readonly == false {
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return config
    }

    /// Runs `body` in a write transaction, turning SQLite errors into ``StoreError``.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.write(body) } catch { throw StoreError.wrapping(error, path: writer.path) }
    }

    /// Runs `body` in a read, turning SQLite errors into ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.read(body) } catch { throw StoreError.wrapping(error, path: writer.path) }
    }

    /// The same as ``write(_:)``, without blocking the caller's thread.
    func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await writer.write(body) } catch { throw StoreError.wrapping(error, path: writer.path) }
    }

    /// The same as ``read(_:)``, without blocking the caller's thread.
    func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await writer.read(body) } catch { throw StoreError.wrapping(error, path: writer.path) }
    }
}
