import Bugle
import Foundation
import GRDB

/// The name and type of one flag or preference.
///
/// ```swift
/// extension FlagKey<Bool> {
///     static var permissionAsked: Self { FlagKey("permissionAsked") }
///     static var perfectDayShown: Self { FlagKey("perfectDayShown") }
/// }
/// try store.set(.permissionAsked, to: true)
/// try store.set(FlagKey<Bool>.perfectDayShown.on(LocalDate("2026-03-02")), to: true)
/// let asked = try store.value(.permissionAsked) ?? false
/// ```
public struct FlagKey<Value: Codable & Sendable>: Hashable, Sendable {
    /// The key in the `flag` table.
    public let name: String

    /// The key `name`.
    public init(_ name: String) { self.name = name }

    /// The same flag for one local day: `perfectDayShown@2026-03-02`.
    public func on(_ day: LocalDate) -> FlagKey { FlagKey("\(name)@\(day)") }
}

extension BugleDatabase {
    /// The value stored under `key`, or `nil` when there is none.
    public func value<Value>(_ key: FlagKey<Value>) throws -> Value? {
        guard let text = try read({ db in try String.fetchOne(db, sql: "SELECT value FROM flag WHERE key = ?", arguments: [key.name]) }) else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw StoreError(.invalidData, path: path, message: "flag \(key.name) holds \(text), not a \(Value.self)")
        }
    }

    /// Stores `value` under `key`; `nil` removes it.
    public func set<Value>(_ key: FlagKey<Value>, to value: Value?) throws {
        guard let value else {
            try write { db in try db.execute(sql: "DELETE FROM flag WHERE key = ?", arguments: [key.name]) }
            return
        }
        let text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        try write { db in
            try db.execute(
                sql: "INSERT INTO flag (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", arguments: [key.name, text])
        }
    }
}
