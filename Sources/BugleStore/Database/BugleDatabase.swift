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
/// Every write keeps the store's invariants in one transaction. A file is checked before
/// anything is written to it: a file written by a newer Bugle, another program's database, a
/// damaged file or one that is no database at all is refused with a ``StoreError`` and left
/// byte for byte as it was. Only then is the schema created or migrated.
public struct BugleDatabase: Sendable {
    /// Reads.
    let connection: any DatabaseReader
    /// Writes: `nil` for a store opened read-only.
    let writer: (any DatabaseWriter)?

    /// The database file's path (`:memory:` for an in-memory store).
    public let path: String

    /// A store over `writer`, whose schema is checked and migrated first.
    ///
    /// Create the writer with ``openWriter(at:checking:)``, which checks the file before SQLite
    /// writes to it, or with ``makeConfiguration(_:)`` for a store in memory; ``open(at:)``
    /// and ``inMemory()`` do.
    public init(_ writer: any DatabaseWriter) throws {
        self.init(connection: writer, writer: writer, path: writer.path)
        do {
            try Schema.prepare(writer, path: path)
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    private init(connection: any DatabaseReader, writer: (any DatabaseWriter)?, path: String) {
        self.connection = connection
        self.writer = writer
        self.path = path
    }

    /// Read-only access, for queries the store does not offer.
    public var reader: any DatabaseReader { connection }

    /// Opens the database file at `url`, creating it when missing (its folder must exist),
    /// and creates or migrates the schema.
    ///
    /// The file is checked before anything is written to it, as ``openWriter(at:checking:)`` says.
    ///
    /// - Complexity: O(*n*) in the file's size, for the checks.
    public static func open(at url: URL) throws -> BugleDatabase {
        try BugleDatabase(openWriter(at: url))
    }

    /// A connection that can write the file at `url`, opened once the file is known to be a
    /// Bugle store this code can use, an empty file, or no file yet (its folder must exist);
    /// nothing is written to the file before. ``open(at:)`` uses it; an app that keeps
    /// tables of its own in the store's file opens it this way too, then makes the store
    /// over it with ``init(_:)`` (which migrates) before creating its own tables.
    ///
    /// The check reads a copy of the file in memory (SQLite's integrity check, the
    /// application id, the tables, the migrations) and throws a ``StoreError`` for a file
    /// that is not an SQLite database, a damaged one, another program's, or one written by a
    /// newer Bugle. The file is then byte for byte as it was, with no journal beside it.
    /// `check` adds the app's own checks of an existing file (the version of its tables, for
    /// instance), run on the same copy: what it throws is thrown before anything is written.
    ///
    /// - Complexity: O(*n*) in the file's size, in time and memory.
    public static func openWriter(at url: URL, checking check: (Database) throws -> Void = { _ in }) throws -> any DatabaseWriter {
        let file = try StoreFile(url)
        let folder = url.deletingLastPathComponent()
        switch file.kind {
        case .missing:
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw StoreError(.cannotOpen, path: url.path, message: "cannot create the store: the folder \(folder.path) does not exist")
            }
        case .empty:
            try refuseUnwritable(url)
        case .database:
            let connection = try file.readOnlyConnection()
            defer { try? connection.close() }
            do {
                try connection.read { db in
                    _ = try Schema.check(db, path: url.path)
                    try check(db)
                }
            } catch {
                throw StoreError.wrapping(error, path: url.path)
            }
            try refuseUnwritable(url)
        }
        // SQLite keeps its write-ahead log and index beside the file.
        if !FileManager.default.isWritableFile(atPath: folder.path) {
            throw StoreError(.cannotOpen, path: url.path, message: "cannot write in the folder \(folder.path): permission denied")
        }
        do {
            return try DatabasePool(path: url.path, configuration: makeConfiguration())
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
    }

    private static func refuseUnwritable(_ url: URL) throws {
        if !FileManager.default.isWritableFile(atPath: url.path) {
            throw StoreError(.readOnly, path: url.path, message: "cannot write the file: permission denied; it was left as it is")
        }
    }

    /// Opens the Bugle store at `url` for reading only: nothing is ever written to the file
    /// or beside it, not even a journal, and the schema is never migrated.
    ///
    /// The file is checked as ``openWriter(at:checking:)`` checks it; a missing file and an
    /// empty one are refused too. A store written by an older Bugle is read as it is, without
    /// the migration a writable open would make: what the migration adds reads as absent. Every write to the store throws ``StoreError/Code/readOnly``.
    ///
    /// The store is read from a copy of the file in memory, made when it opens. When a
    /// `-wal` or `-journal` file is beside it (a program has it open for writing, or stopped
    /// while writing it), SQLite reads the file itself instead, with that log, and may add
    /// the `-shm` index a write-ahead log needs.
    ///
    /// - Complexity: O(*n*) in the file's size, in time and memory.
    public static func openReadOnly(at url: URL) throws -> BugleDatabase {
        let file = try StoreFile(url)
        switch file.kind {
        case .missing:
            throw StoreError(.cannotOpen, path: url.path, message: "no such store")
        case .empty:
            throw StoreError(.notADatabase, path: url.path, message: "not a Bugle database: the file is empty; it was left as it is")
        case .database:
            break
        }
        let connection = try file.readOnlyConnection()
        let status: Schema.Status
        do {
            status = try connection.read { db in try Schema.check(db, path: url.path) }
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
        switch status {
        case .current, .outdated:
            // An older store is read as it is: what a later migration adds (a column) reads
            // as absent.
            return BugleDatabase(connection: connection, writer: nil, path: url.path)
        case .empty:
            throw StoreError(.notADatabase, path: url.path, message: "not a Bugle database: an SQLite database without tables; it was left as it is")
        }
    }

    /// Opens the store at ``defaultLocation(environment:)``, creating its folder when missing.
    public static func openDefault(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BugleDatabase {
        let url = try defaultLocation(environment: environment)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StoreError(.cannotOpen, path: url.path, message: "cannot create the folder \(url.deletingLastPathComponent().path)", detail: "\(error)")
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

    /// Whether the store holds nothing: no row in any table (the ledger, the history, the
    /// event log, flags, drip queues, or an app's own tables beside them).
    public func isEmpty() throws -> Bool {
        try read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'")
            for table in tables where try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier))") == true {
                return false
            }
            return true
        }
    }

    /// Runs `body` in a write transaction, turning SQLite errors into ``StoreError``.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        let writer = try writable()
        do { return try writer.write(body) } catch { throw StoreError.wrapping(error, path: path) }
    }

    /// Runs `body` in a read, turning SQLite errors into ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try connection.read(body) } catch { throw StoreError.wrapping(error, path: path) }
    }

    /// The same as ``write(_:)``, without blocking the caller's thread.
    func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let writer = try writable()
        do { return try await writer.write(body) } catch { throw StoreError.wrapping(error, path: path) }
    }

    /// The same as ``read(_:)``, without blocking the caller's thread.
    func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await connection.read(body) } catch { throw StoreError.wrapping(error, path: path) }
    }

    private func writable() throws -> any DatabaseWriter {
        guard let writer else {
            throw StoreError(.readOnly, path: path, message: "the store was opened read-only; nothing was written")
        }
        return writer
    }
}
