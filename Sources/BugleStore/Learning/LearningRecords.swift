import Bugle
import Foundation
import GRDB

/// The store keeps what rules that learn their send time learned (`learning_state`), what rules
/// with several texts learned (`copy_state`), when the user opened each notification
/// (`notification_open`) and the app (`app_open`), and the occurrences planned under a
/// randomized holdout (`holdout_record`), so that learning survives a restart: pass the store
/// as the scheduler's `learning:`.
///
/// Every table stays small: one row per learning rule; the opens of the scheduler's history
/// window (it forgets older ones at each refresh); holdout records of 400 days at most.
extension BugleDatabase: LearningStore {
    /// What each rule learned, by rule id. A row that does not decode is an error that names
    /// the rule: the store is not changed.
    public func states() throws -> [String: SendTimeState] {
        try decodedStates(table: "learning_state", as: SendTimeState.self, what: "a learned send time")
    }

    /// The JSON states of `table` by rule id; a row that does not decode is an error that names
    /// the rule and the table. A store from before the table (opened read-only) has none.
    private func decodedStates<State: Decodable>(table: String, as type: State.Type, what: String) throws -> [String: State] {
        let rows = try read { db in
            try db.tableExists(table) ? try Row.fetchAll(db, sql: "SELECT rule_id, state FROM \(table) ORDER BY rule_id") : []
        }
        var states: [String: State] = [:]
        for row in rows {
            let rule: String = row["rule_id"]
            let text: String = row["state"]
            do {
                states[rule] = try JSONDecoder().decode(State.self, from: Data(text.utf8))
            } catch {
                throw StoreError(.invalidData, path: path, message: "\(table) of rule \(rule) is not \(what): \(error)")
            }
        }
        return states
    }

    /// Keeps `state` in `table` under `ruleID`, replacing what it held.
    private func saveState(_ state: some Encodable, in table: String, ruleID: String, updatedAt: Date?) throws {
        let text = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO \(table) (rule_id, state, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (rule_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                    """,
                arguments: [ruleID, text, updatedAt?.timeIntervalSince1970 ?? 0])
        }
    }

    /// Keeps `state` as what rule `ruleID` learned, replacing what it held.
    public func save(_ state: SendTimeState, for ruleID: String) throws {
        try saveState(state, in: "learning_state", ruleID: ruleID, updatedAt: state.settledThrough)
    }

    /// What each rule with several texts learned of them, by rule id. A row that does not
    /// decode is an error that names the rule: the store is not changed.
    public func copyStates() throws -> [String: CopyState] {
        try decodedStates(table: "copy_state", as: CopyState.self, what: "what a rule learned of its texts")
    }

    /// Keeps `state` as what rule `ruleID` learned of its texts, replacing what it held.
    public func saveCopy(_ state: CopyState, for ruleID: String) throws {
        try saveState(state, in: "copy_state", ruleID: ruleID, updatedAt: state.settledThrough)
    }

    /// When each notification opened at or after `date` was opened, by request id.
    public func opens(since date: Date) throws -> [String: Date] {
        let rows = try read { db in
            guard try db.tableExists("notification_open") else { return [Row]() }
            return try Row.fetchAll(
                db, sql: "SELECT id, opened_at FROM notification_open WHERE opened_at >= ? AND id != ?",
                arguments: [date.timeIntervalSince1970, Self.v4AppOpenID])
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

    /// Records that the user opened the app at `date`.
    public func recordEngagement(at date: Date) throws {
        try write { db in try db.execute(sql: "INSERT INTO app_open (opened_at) VALUES (?)", arguments: [date.timeIntervalSince1970]) }
    }

    /// Where a store from before `app_open` (v4, opened read-only) kept the app's latest open: a
    /// row of `notification_open` (no request id starts with `@`).
    static let v4AppOpenID = "@app"

    /// When the user last opened the app, as recorded.
    public func lastEngagement() throws -> Date? {
        try read { db in
            try db.tableExists("app_open")
                ? try Double.fetchOne(db, sql: "SELECT max(opened_at) FROM app_open")
                : try db.tableExists("notification_open")
                    ? try Double.fetchOne(db, sql: "SELECT opened_at FROM notification_open WHERE id = ?", arguments: [Self.v4AppOpenID]) : nil
        }.map(Date.init(timeIntervalSince1970:))
    }

    /// When the user opened the app, at or after `date`, oldest first.
    public func engagements(since date: Date) throws -> [Date] {
        try read { db in
            try db.tableExists("app_open")
                ? try Double.fetchAll(
                    db, sql: "SELECT opened_at FROM app_open WHERE opened_at >= ? ORDER BY opened_at", arguments: [date.timeIntervalSince1970])
                : []
        }.map(Date.init(timeIntervalSince1970:))
    }

    /// Forgets the opens of notifications and of the app before `date`.
    public func forgetOpens(before date: Date) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM notification_open WHERE opened_at < ?", arguments: [date.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM app_open WHERE opened_at < ?", arguments: [date.timeIntervalSince1970])
        }
    }

    /// The occurrences planned under a randomized holdout, oldest first.
    public func holdoutRecords() throws -> [HoldoutRecord] {
        try holdoutRecords(where: nil, arguments: [])
    }

    /// The records not settled yet and those dated before `date`, oldest first: what a refresh
    /// may change, without reading the settled ones it keeps as they are.
    public func holdoutRecords(unsettledOrBefore date: Date) throws -> [HoldoutRecord] {
        try holdoutRecords(where: "active IS NULL OR date < ?", arguments: [date.timeIntervalSince1970])
    }

    private func holdoutRecords(where condition: String?, arguments: StatementArguments) throws -> [HoldoutRecord] {
        try read { db in
            guard try db.tableExists("holdout_record") else { return [] }
            let filter = condition.map { " WHERE \($0)" } ?? ""
            let sql = "SELECT occurrence, rule_id, date, held_out, active FROM holdout_record\(filter) ORDER BY date, occurrence"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                let active: Int? = row["active"]
                return HoldoutRecord(
                    occurrence: row["occurrence"], ruleID: row["rule_id"], date: Date(timeIntervalSince1970: row["date"]), heldOut: row["held_out"] == 1,
                    active: active.map { $0 == 1 })
            }
        }
    }

    /// Keeps `saving` and forgets the records of the occurrences in `removing`, in one transaction.
    public func updateHoldoutRecords(saving: [HoldoutRecord], removing: Set<String>) throws {
        try write { db in
            for occurrence in removing.sorted() { try db.execute(sql: "DELETE FROM holdout_record WHERE occurrence = ?", arguments: [occurrence]) }
            for record in saving {
                try db.execute(
                    sql: """
                        INSERT INTO holdout_record (occurrence, rule_id, date, held_out, active) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (occurrence) DO UPDATE SET
                            rule_id = excluded.rule_id, date = excluded.date, held_out = excluded.held_out, active = excluded.active
                        """,
                    arguments: [record.occurrence, record.ruleID, record.date.timeIntervalSince1970, record.heldOut ? 1 : 0, record.active.map { $0 ? 1 : 0 }])
            }
        }
    }

    /// Everything learned, as JSON a person can read (`LearningExport`).
    public func export() throws -> Data {
        try LearningExport(
            states: try states(), copy: try copyStates(), opens: try opens(since: .distantPast), appOpens: try engagements(since: .distantPast),
            holdout: try holdoutRecords()
        ).json()
    }

    /// Forgets everything learned: every learning rule starts again from its prior.
    public func erase() throws {
        try write { db in
            for table in ["learning_state", "copy_state", "notification_open", "app_open", "holdout_record"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }
}
