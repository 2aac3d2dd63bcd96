/// The SQL dialect a database speaks, where the schema has to differ.
enum SQLDialect: Sendable {
    case sqlite
    case postgres
}

/// Runs statements on one connection, for the length of a session.
///
/// Statements number their parameters `$1`, `$2`, … as PostgreSQL does; the SQLite
/// executor rewrites them to SQLite's `?1`, `?2`, … so that one text serves both.
protocol SQLExecutor {
    /// Runs one statement with its parameters and returns every row it produced.
    @discardableResult
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
}

extension SQLExecutor {
    /// Runs one statement without parameters.
    @discardableResult
    func query(_ sql: String) async throws -> [SQLRow] {
        try await query(sql, [])
    }
}

/// A database the content service stores its data in: SQLite or PostgreSQL.
protocol SQLDatabase: Sendable {
    /// Which schema variant this database takes.
    var dialect: SQLDialect { get }

    /// Lends a connection for the length of `body`, not inside a transaction.
    @discardableResult
    func withSession<T: Sendable>(_ body: (any SQLExecutor) async throws -> T) async throws -> T
}

extension SQLDatabase {
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    func withTransaction<T: Sendable>(_ body: (any SQLExecutor) async throws -> T) async throws -> T {
        try await withSession { executor in
            try await executor.query("BEGIN")
            let value: T
            do {
                value = try await body(executor)
            } catch {
                // The error that made the transaction fail is the one to report.
                _ = try? await executor.query("ROLLBACK")
                throw error
            }
            try await executor.query("COMMIT")
            return value
        }
    }
}
