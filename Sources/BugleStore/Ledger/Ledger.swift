import Bugle
import Foundation
import GRDB

/// One row of the ledger with its timestamps, for reports and tools.
public struct LedgerRecord: Hashable, Sendable {
    /// The request, its state and reason.
    public var entry: JournalEntry
    /// When the scheduler first asked for a request with this id.
    public var createdAt: Date
    /// The last change of state.
    public var updatedAt: Date
    /// When the system showed it.
    public var deliveredAt: Date?
    /// When the user tapped it.
    public var openedAt: Date?
}

extension BugleDatabase: SchedulerJournal {
    /// The entries the center may hold, in fire-time order.
    public func openEntries() async throws -> [JournalEntry] {
        try await asyncRead { db in
            try Row.fetchAll(db, sql: "SELECT * FROM ledger WHERE state IN ('adding', 'pending', 'removing') ORDER BY fire_date, request_id")
                .map(Self.entry(from:))
        }
    }

    /// Deliveries at or after `date`, oldest first.
    public func deliveries(since date: Date) async throws -> [DeliveredNotification] {
        try await asyncRead { db in try Self.deliveries(db, since: date) }
    }

    /// The marks whose last day is `day` or later; none in a read-only store written before
    /// marks were kept.
    public func marks(endingOnOrAfter day: LocalDate) async throws -> [OccurrenceMark] {
        try await asyncRead { db in
            guard try db.tableExists("occurrence_mark") else { return [] }
            return try Row.fetchAll(
                db, sql: "SELECT kind, rule_id, first_day, last_day FROM occurrence_mark WHERE last_day >= ? ORDER BY first_day, id",
                arguments: [day.dayNumber]
            ).map { row in
                guard let kind = OccurrenceMark.Kind(rawValue: row["kind"]) else {
                    throw ContentCoding.invalid("unknown mark kind \(row["kind"] as String)")
                }
                let rule: String? = row["rule_id"]
                return OccurrenceMark(
                    kind, rule.map(RuleSelection.rule) ?? .all, from: LocalDate(dayNumber: row["first_day"]), through: LocalDate(dayNumber: row["last_day"]))
            }
        }
    }

    /// Writes `updates` in one transaction.
    ///
    /// - Complexity: O(*u* log *n*) for *u* updates and *n* rows.
    public func commit(_ updates: [JournalUpdate], at date: Date) async throws {
        let rows = updates.map(PreparedUpdate.init)
        try await asyncWrite { db in try Self.apply(rows, at: date, db) }
    }

    /// The ledger, in fire-time order, optionally only the rows in `states`.
    public func ledger(states: Set<LedgerState>? = nil) throws -> [LedgerRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM ledger ORDER BY fire_date, request_id").compactMap { row -> LedgerRecord? in
                let entry = try Self.entry(from: row)
                if let states, !states.contains(entry.state) { return nil }
                return LedgerRecord(
                    entry: entry, createdAt: Date(timeIntervalSince1970: row["created_at"]),
                    updatedAt: Date(timeIntervalSince1970: row["updated_at"]),
                    deliveredAt: (row["delivered_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                    openedAt: (row["opened_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    /// The delivery history at or after `date`, oldest first: what the scheduler's caps and
    /// no-re-notification policy read.
    public func deliveryHistory(since date: Date = .distantPast) throws -> DeliveryHistory {
        DeliveryHistory(try read { db in try Self.deliveries(db, since: date) })
    }

    private static func entry(from row: Row) throws -> JournalEntry {
        guard let state = LedgerState(rawValue: row["state"]) else {
            throw ContentCoding.invalid("unknown ledger state \(row["state"] as String)")
        }
        return JournalEntry(
            request: try ContentCoding.request(from: row), fireDate: Date(timeIntervalSince1970: row["fire_date"]), state: state,
            reason: row["reason"], askedAt: Date(timeIntervalSince1970: row["asked_at"]))
    }

    private static func deliveries(_ db: Database, since date: Date) throws -> [DeliveredNotification] {
        try Row.fetchAll(db, sql: "SELECT * FROM delivery WHERE delivered_at >= ? ORDER BY delivered_at, request_id", arguments: [date.timeIntervalSince1970])
            .map { row in
                DeliveredNotification(
                    id: row["request_id"], date: Date(timeIntervalSince1970: row["delivered_at"]), content: try ContentCoding.decodeContent(row["content"]),
                    ruleID: row["rule_id"], group: row["group_id"], dedupeKey: row["dedupe_key"], occurrence: row["occurrence"])
            }
    }

    /// Writes `updates` in order. Runs of entries go in one multi-row statement, runs of
    /// moves to the same state in one `IN` list: a 64-request change is a few statements,
    /// not 64.
    private static func apply(_ updates: [PreparedUpdate], at date: Date, _ db: Database) throws {
        let now = date.timeIntervalSince1970
        var index = 0
        while index < updates.count {
            switch updates[index] {
            case .entry:
                var rows: [(JournalEntry, String)] = []
                while index < updates.count, rows.count < 60, case .entry(let entry, let content) = updates[index] {
                    rows.append((entry, content))
                    index += 1
                }
                try upsert(rows, now: now, db)
            case .state(_, let state, let reason):
                var ids: [String] = []
                while index < updates.count, ids.count < 500, case .state(let id, state, reason) = updates[index] {
                    ids.append(id)
                    index += 1
                }
                let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
                try db.cachedStatement(
                    sql: """
                        UPDATE ledger SET state = ?1, reason = ?2, updated_at = ?3,
                            delivered_at = CASE WHEN ?1 = 'delivered' THEN coalesce(delivered_at, ?3) ELSE delivered_at END,
                            opened_at = CASE WHEN ?1 = 'opened' THEN ?3 ELSE opened_at END
                        WHERE request_id IN (\(list))
                        """
                ).execute(arguments: [state.rawValue, reason, now] + StatementArguments(ids))
            case .delivered(let delivery, let content):
                index += 1
                let at = delivery.date.timeIntervalSince1970
                try db.cachedStatement(
                    sql: """
                        INSERT INTO delivery (request_id, delivered_at, rule_id, group_id, dedupe_key, content, occurrence) VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (request_id, delivered_at) DO NOTHING
                        """
                ).execute(arguments: [delivery.id, at, delivery.ruleID, delivery.group, delivery.dedupeKey, content, delivery.occurrence])
                // An entry opened before the scheduler saw its delivery keeps its state and
                // learns when it was delivered.
                try db.cachedStatement(
                    sql: """
                        UPDATE ledger SET state = CASE state WHEN 'opened' THEN 'opened' ELSE 'delivered' END,
                            reason = CASE state WHEN 'opened' THEN reason END, delivered_at = ?1, updated_at = ?2
                        WHERE request_id = ?3 AND asked_at <= ?1 AND (state NOT IN ('delivered', 'opened') OR delivered_at IS NULL)
                        """
                ).execute(arguments: [at, now, delivery.id])
            case .mark(let mark):
                index += 1
                try deleteMark(mark, db)
                if mark.kind != .paused, mark.first == mark.last, let rule = mark.rules.ruleID {
                    // A completion or skip replaces the rule's other one of that day.
                    try db.cachedStatement(
                        sql: "DELETE FROM occurrence_mark WHERE kind IN ('completed', 'skipped') AND rule_id = ?1 AND first_day = ?2 AND last_day = ?2"
                    )
                    .execute(arguments: [rule, mark.first.dayNumber])
                }
                try db.cachedStatement(sql: "INSERT INTO occurrence_mark (kind, rule_id, first_day, last_day, marked_at) VALUES (?, ?, ?, ?, ?)")
                    .execute(arguments: [mark.kind.rawValue, mark.rules.ruleID, mark.first.dayNumber, mark.last.dayNumber, now])
            case .unmark(let mark):
                index += 1
                try deleteMark(mark, db)
            case .forgetMarks(let day):
                index += 1
                try db.cachedStatement(sql: "DELETE FROM occurrence_mark WHERE last_day < ?").execute(arguments: [day.dayNumber])
            }
        }
    }

    private static func deleteMark(_ mark: OccurrenceMark, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM occurrence_mark WHERE kind = ? AND rule_id IS ? AND first_day = ? AND last_day = ?")
            .execute(arguments: [mark.kind.rawValue, mark.rules.ruleID, mark.first.dayNumber, mark.last.dayNumber])
    }

    /// Inserts or replaces whole entries; `created_at` stays that of the first.
    private static func upsert(_ rows: [(JournalEntry, String)], now: Double, _ db: Database) throws {
        let tuple = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)"
        var arguments: [(any DatabaseValueConvertible)?] = []
        arguments.reserveCapacity(rows.count * 17)
        for (entry, content) in rows {
            let request = entry.request
            let fire = ContentCoding.columns(request.fireTime)
            arguments += [
                request.id, entry.state.rawValue, entry.reason, request.ruleID, request.group, request.dedupeKey, fire.kind, fire.local,
                fire.instant, fire.zone, entry.fireDate.timeIntervalSince1970, request.fingerprintHex, content, now,
                entry.askedAt.timeIntervalSince1970, now, request.occurrence,
            ]
        }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO ledger (request_id, state, reason, rule_id, group_id, dedupe_key, fire_kind, fire_local, fire_instant, fire_zone,
                                    fire_date, fingerprint, content, created_at, asked_at, updated_at, delivered_at, opened_at, occurrence)
                VALUES \(Array(repeating: tuple, count: rows.count).joined(separator: ", "))
                ON CONFLICT (request_id) DO UPDATE SET
                    state = excluded.state, reason = excluded.reason, rule_id = excluded.rule_id, group_id = excluded.group_id,
                    dedupe_key = excluded.dedupe_key, fire_kind = excluded.fire_kind, fire_local = excluded.fire_local,
                    fire_instant = excluded.fire_instant, fire_zone = excluded.fire_zone, fire_date = excluded.fire_date,
                    fingerprint = excluded.fingerprint, content = excluded.content, asked_at = excluded.asked_at,
                    updated_at = excluded.updated_at, delivered_at = NULL, opened_at = NULL, occurrence = excluded.occurrence
                """)
        statement.setUncheckedArguments(StatementArguments(arguments))
        try statement.execute()
    }
}

/// A journal update with its content already encoded, so that the transaction only writes.
private enum PreparedUpdate: Sendable {
    case entry(JournalEntry, content: String)
    case state(id: String, LedgerState, reason: String?)
    case delivered(DeliveredNotification, content: String)
    case mark(OccurrenceMark)
    case unmark(OccurrenceMark)
    case forgetMarks(endingBefore: LocalDate)

    init(_ update: JournalUpdate) {
        switch update {
        case .entry(let entry): self = .entry(entry, content: ContentCoding.encode(entry.request.content))
        case .state(let id, let state, let reason): self = .state(id: id, state, reason: reason)
        case .delivered(let delivery): self = .delivered(delivery, content: ContentCoding.encode(delivery.content))
        case .mark(let mark): self = .mark(mark)
        case .unmark(let mark): self = .unmark(mark)
        case .forgetMarks(let day): self = .forgetMarks(endingBefore: day)
        }
    }
}
