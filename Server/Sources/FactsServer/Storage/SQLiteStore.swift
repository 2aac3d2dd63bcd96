import Foundation
import Logging
import NIOCore
import SQLiteNIO

/// An SQLite database in one file, reached through one connection.
///
/// One connection is enough for a content service that reads far more than it writes,
/// and it keeps transactions simple: the gate lets one session at a time use it.
final class SQLiteStore: SQLDatabase {
    let dialect = SQLDialect.sqlite
    private let connection: SQLiteConnection
    private let gate = AsyncGate()

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating when missing) the database file at `path`, with foreign keys
    /// enforced and a write-ahead log.
    ///
    /// With the log, `synchronous = NORMAL` syncs the disk at checkpoints rather than at
    /// every commit: a commit survives the server crashing, and the last ones before a power
    /// loss may not; each registration would otherwise wait for a sync of its own.
    static func open(path: String, logger: Logger) async throws -> SQLiteStore {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        } catch {
            throw StorageError("cannot open the SQLite database \(path): \(error)")
        }
        let store = SQLiteStore(connection: connection)
        try await store.withSession { executor in
            try await executor.query("PRAGMA foreign_keys = ON")
            try await executor.query("PRAGMA journal_mode = WAL")
            try await executor.query("PRAGMA synchronous = NORMAL")
        }
        return store
    }

    func withSession<T: Sendable>(_ body: (any SQLExecutor) async throws -> T) async throws -> T {
        await gate.enter()
        do {
            let value = try await body(SQLiteExecutor(connection: connection))
            await gate.leave()
            return value
        } catch {
            await gate.leave()
            throw error
        }
    }

    /// Closes the connection; nothing may use the store afterwards.
    func close() async throws {
        try await connection.close()
    }
}

/// Runs statements on the SQLite connection.
private struct SQLiteExecutor: SQLExecutor {
    let connection: SQLiteConnection

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        let rows: [SQLiteRow]
        do {
            rows = try await connection.query(Self.sqliteParameters(sql), binds.map(Self.sqliteData))
        } catch let error as SQLiteError {
            throw StorageError("\(error.message) in: \(sql)")
        }
        return try rows.map { row in
            SQLRow(values: try row.columns.map { try Self.value($0.data) })
        }
    }

    /// `$1` becomes `?1`: SQLite reads `$1` as a *named* parameter, numbered by first
    /// appearance, which would silently shift when a statement uses them out of order.
    static func sqliteParameters(_ sql: String) -> String {
        let characters = Array(sql)
        var result = ""
        result.reserveCapacity(characters.count)
        for (index, character) in characters.enumerated() {
            let nextIsDigit = index + 1 < characters.count && characters[index + 1].isWholeNumber
            result.append(character == "$" && nextIsDigit ? "?" : character)
        }
        return result
    }

    private static func sqliteData(_ value: SQLValue) -> SQLiteData {
        switch value {
        case .integer(let integer): .integer(SQLiteInt64(integer))
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(ByteBuffer(bytes: bytes))
        case .null: .null
        }
    }

    private static func value(_ data: SQLiteData) throws -> SQLValue {
        switch data {
        case .integer(let integer): return .integer(Int64(integer))
        case .text(let text): return .text(text)
        case .blob(var buffer): return .blob(buffer.readBytes(length: buffer.readableBytes) ?? [])
        case .null: return .null
        case .float(let double): throw StorageError("unexpected floating-point value \(double)")
        }
    }
}
