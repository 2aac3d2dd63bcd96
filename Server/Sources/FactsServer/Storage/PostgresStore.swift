import Logging
import NIOCore
import PostgresNIO

/// A PostgreSQL database reached through a pool of connections.
struct PostgresStore: SQLDatabase {
    let dialect = SQLDialect.postgres
    let client: PostgresClient
    let logger: Logger

    func withSession<T: Sendable>(_ body: (any SQLExecutor) async throws -> T) async throws -> T {
        do {
            return try await client.withConnection { connection in
                try await body(PostgresExecutor(connection: connection, logger: logger))
            }
        } catch let error as PSQLError {
            throw StorageError(Self.describe(error))
        }
    }

    /// Connects once, outside the pool, so that a wrong address or password fails at once
    /// with the server's reason; the pool would retry for a minute before giving up.
    static func checkConnection(_ settings: PostgresSettings, logger: Logger) async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try settings.connectionConfiguration(), id: 0, logger: logger
            )
        } catch let error as PSQLError {
            throw StorageError("cannot connect to PostgreSQL at \(settings.summary) as \(settings.username): \(describe(error))")
        }
        try await connection.close()
    }

    /// The server's own message when there is one; PostgresNIO's description hides it.
    static func describe(_ error: PSQLError) -> String {
        if let message = error.serverInfo?[.message] {
            return message
        }
        if let underlying = error.underlying {
            return "\(error.code): \(underlying)"
        }
        return "\(error.code)"
    }
}

/// Runs statements on one leased PostgreSQL connection.
private struct PostgresExecutor: SQLExecutor {
    let connection: PostgresConnection
    let logger: Logger

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds {
            switch bind {
            case .integer(let integer): bindings.append(integer)
            case .text(let text): bindings.append(text)
            case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            case .null: bindings.appendNull()
            }
        }
        do {
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
            var result: [SQLRow] = []
            for try await row in rows {
                result.append(SQLRow(values: try row.map(Self.value)))
            }
            return result
        } catch let error as PSQLError {
            throw StorageError("\(PostgresStore.describe(error)) in: \(sql)")
        }
    }

    private static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int8: return .integer(try cell.decode(Int64.self))
        case .int4: return .integer(Int64(try cell.decode(Int32.self)))
        case .int2: return .integer(Int64(try cell.decode(Int16.self)))
        case .text, .varchar, .bpchar, .name: return .text(try cell.decode(String.self))
        case .bytea:
            var buffer = try cell.decode(ByteBuffer.self)
            return .blob(buffer.readBytes(length: buffer.readableBytes) ?? [])
        default:
            throw StorageError("column \(cell.columnName) has type \(cell.dataType), which the schema does not use")
        }
    }
}
