import Foundation
import GRDB

@testable import FactsADay

/// Every table's rows, the schema, the schema version and the application id: equal
/// snapshots mean the app's state is unchanged.
struct DatabaseSnapshot: Equatable {
    var tables: [String: [Row]]

    init(_ database: FactsDatabase) throws {
        try self.init(reader: database.store.reader)
    }

    /// A snapshot of the file at `path`, read from a copy so that reading cannot change it.
    init(fileAt path: String) throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString).sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        try self.init(reader: DatabaseQueue(path: copy.path))
    }

    init(reader: any DatabaseReader) throws {
        tables = try reader.read { db in
            var tables: [String: [Row]] = [:]
            for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                tables[name] = try Row.fetchAll(db, sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)")
            }
            tables["sqlite_master"] = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
            tables["PRAGMA user_version"] = try Row.fetchAll(db, sql: "PRAGMA user_version")
            tables["PRAGMA application_id"] = try Row.fetchAll(db, sql: "PRAGMA application_id")
            return tables
        }
    }
}
