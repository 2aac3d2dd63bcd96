/// A value bound to, or read from, an SQL statement: the few types the schema uses,
/// the same on SQLite and PostgreSQL.
enum SQLValue: Sendable, Hashable {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null

    /// Text, or SQL `NULL` when there is none.
    static func optionalText(_ value: String?) -> SQLValue {
        value.map(SQLValue.text) ?? .null
    }

    /// An integer from a Swift `Int`.
    static func int(_ value: Int) -> SQLValue {
        .integer(Int64(value))
    }
}

/// One row of a result, its values in the order of the statement's columns.
struct SQLRow: Sendable {
    let values: [SQLValue]

    /// The integer in column `index`.
    func int(_ index: Int) throws -> Int {
        guard case .integer(let value) = try value(at: index) else { throw mismatch(index, "an integer") }
        return Int(value)
    }

    /// The text in column `index`.
    func text(_ index: Int) throws -> String {
        guard case .text(let value) = try value(at: index) else { throw mismatch(index, "text") }
        return value
    }

    /// The text in column `index`, or `nil` for SQL `NULL`.
    func optionalText(_ index: Int) throws -> String? {
        switch try value(at: index) {
        case .text(let value): value
        case .null: nil
        case .integer, .blob: throw mismatch(index, "text or NULL")
        }
    }

    /// The bytes in column `index`.
    func blob(_ index: Int) throws -> [UInt8] {
        guard case .blob(let value) = try value(at: index) else { throw mismatch(index, "a blob") }
        return value
    }

    private func value(at index: Int) throws -> SQLValue {
        guard values.indices.contains(index) else {
            throw StorageError("a row has \(values.count) columns, column \(index) was asked for")
        }
        return values[index]
    }

    private func mismatch(_ index: Int, _ expected: String) -> StorageError {
        StorageError("column \(index) holds \(values[index]), expected \(expected)")
    }
}
