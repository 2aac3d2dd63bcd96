import Bugle
import Foundation
import GRDB

/// The store keeps what rules that learn their send time learned (`learning_state`) and when
/// the user opened each notification (`notification_open`), so that learning survives a
/// restart: pass the store as the scheduler's `learning:`.
///
/// Both tables stay small: one row per learning rule, and the opens of the scheduler's history
/// window (it forgets older ones at each refresh).
extension BugleDatabase: LearningStore {
    /// What each rule learned, by rule id. A row that does not decode is an error that names
    /// the rule: the store is not changed.
    public func states() throws -> [String: SendTimeState] {
        let rows = try read { db in try Row.fetchAll(db, sql: "SELECT rule_id, state FROM learning_state ORDER BY rule_id") }
        var states: [String: SendTimeState] = [:]
        for row in rows {
            let rule: String = row["rule_id"]
            let text: String = row["state"]
            do {
                states[rule] = try JSONDecoder().decode(SendTimeState.self, from: Data(text.utf8))
            } catch {
                throw StoreError(.invalidData, path: path, message: "learning_state of rule \(rule) is not a learned send time: \(error)")
            }
        }
        return states
    }

    /// Keeps `state` as what rule `ruleID` learned, replacing what it held.
    public func save(_ state: SendTimeState, for ruleID: String) throws {
        let text = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO learning_state (rule_id, state, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (rule_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                    """,
                arguments: [ruleID, text, state.settledThrough?.timeIntervalSince1970 ?? 0])
        }
    }

    /// The row of `notification_open` that holds the app's latest open (``recordEngagement(at:)``):
    /// no request id starts with `@`.
    static let appOpenID = "@app"

    /// When each notification opened at or after `date` was opened, by request id.
    public func opens(since date: Date) throws -> [String: Date] {
        let rows = try read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, opened_at FROM notification_open WHERE opened_at >= ? AND id != ?",
                arguments: [date.timeIntervalSince1970, Self.appOpenID])
        }
        return Dictionary(rows.map { ($0["id"], Date(timeIntervalSince1970: $0["opened_at"])) }, uniquingKeysWith: { first, _ in first })
    }

    /// Records that the notification `id` was opened at `date` (the first open counts).
    public func recordOpen(id: String, at date: Date) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO notification_open (id, opened_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", arguments: [id, date.timeIntervalSince1970])
        }
    }

    /// Records that the user opened the app at `date`; the latest counts.
    public func recordEngagement(at date: Date) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO notification_open (id, opened_at) VALUES (?, ?)
                    ON CONFLICT (id) DO UPDATE SET opened_at = max(opened_at, excluded.opened_at)
                    """,
                arguments: [Self.appOpenID, date.timeIntervalSince1970])
        }
    }

    /// When the user last opened the app, as recorded.
    public func lastEngagement() throws -> Date? {
        try read { db in
            try Double.fetchOne(db, sql: "SELECT opened_at FROM notification_open WHERE id = ?", arguments: [Self.appOpenID])
        }.map(Date.init(timeIntervalSince1970:))
    }

    /// Forgets the opens before `date`.
    public func forgetOpens(before date: Date) throws {
        try write { db in try db.execute(sql: "DELETE FROM notification_open WHERE opened_at < ?", arguments: [date.timeIntervalSince1970]) }
    }

    /// Everything learned, as JSON a person can read (`LearningExport`).
    public func export() throws -> Data {
        try LearningExport(states: try states(), opens: try opens(since: .distantPast)).json()
    }

    /// Forgets everything learned: every learning rule starts again from its prior.
    public func erase() throws {
        try write { db in
            try db.execute(sql: "DELETE FROM learning_state")
            try db.execute(sql: "DELETE FROM notification_open")
        }
    }
}
