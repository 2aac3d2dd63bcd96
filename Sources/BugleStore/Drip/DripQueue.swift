import Bugle
import Foundation
import GRDB
import GRDBSQLite

/// One item of a drip queue, as an app downloads it: what the daily-facts seed calls a fact.
public struct DripItem: Hashable, Sendable {
    /// The app's id for the item, unique in its queue.
    public var id: String
    /// The language it is written in (`en`, `de`): picks filter by it.
    public var language: String
    /// Its category (`science`, `history`), when it has one.
    public var category: String?
    /// Its difficulty (`beginner`, `advanced`), when it has one.
    public var difficulty: String?
    /// The notification's title, when the item has one.
    public var title: String?
    /// The text the notification shows.
    public var body: String
    /// The rest of the item (tags, source, reading time), as JSON. A whole number written as
    /// a double reads back as an integer.
    public var payload: JSONValue?

    /// An item with the app's id `id`.
    public init(id: String, language: String, category: String? = nil, difficulty: String? = nil, title: String? = nil, body: String, payload: JSONValue? = nil)
    {
        self.id = id
        self.language = language
        self.category = category
        self.difficulty = difficulty
        self.title = title
        self.body = body
        self.payload = payload
    }
}

/// An item as its queue holds it, with its scheduling.
public struct QueuedItem: Hashable, Sendable {
    /// The store's key for the item.
    public var key: Int64
    /// The queue that holds it.
    public var queue: String
    /// The item as it was imported.
    public var item: DripItem
    /// The local day its notification fires, once scheduled.
    public var scheduledDate: LocalDate?
    /// The notification that shows it, once scheduled.
    public var notificationID: String?
}

/// Which unscheduled items a pick may return.
public struct DripFilter: Hashable, Sendable {
    /// The only language picked.
    public var language: String
    /// Any category when `nil`.
    public var categories: Set<String>?
    /// Any difficulty when `nil`.
    public var difficulties: Set<String>?

    /// Items of `language`, of the given categories and difficulties when not `nil`.
    public init(language: String, categories: Set<String>? = nil, difficulties: Set<String>? = nil) {
        self.language = language
        self.categories = categories
        self.difficulties = difficulties
    }
}

/// How far a bulk import has come.
public struct ImportProgress: Hashable, Sendable {
    /// Items written so far.
    public var imported: Int
    /// Items in the import.
    public var total: Int

    /// `imported` of `total` items written.
    public init(imported: Int, total: Int) {
        self.imported = imported
        self.total = total
    }

    /// `imported / total`, 1 for an empty import.
    public var fraction: Double { total == 0 ? 1 : Double(imported) / Double(total) }
}

/// An item given its day and notification.
public struct DripAssignment: Hashable, Sendable {
    /// ``QueuedItem/key`` of the item.
    public var key: Int64
    /// The local day its notification fires.
    public var scheduledDate: LocalDate
    /// The notification that shows it.
    public var notificationID: String

    /// Gives the item `key` its day and notification.
    public init(key: Int64, scheduledDate: LocalDate, notificationID: String) {
        self.key = key
        self.scheduledDate = scheduledDate
        self.notificationID = notificationID
    }
}

/// Which scheduled items to clear.
public enum DripClearing: Hashable, Sendable {
    /// Nothing.
    case none
    /// Every scheduled item of the queue.
    case all
    /// The items shown by these notifications.
    case notifications([String])
}

extension BugleDatabase {
    /// Imports `items` into `queue` in one transaction: all of them or, if anything fails
    /// or the process dies, none. An item whose id is already in the queue is updated and
    /// keeps its scheduling.
    ///
    /// `progress` is called on the writing thread after every 1% of the items (at least
    /// every item of a small import) and at the end.
    ///
    /// - Returns: the number of items written.
    /// - Complexity: O(*m* log *n*) for *m* items into a store of *n*.
    @discardableResult
    public func importItems(_ items: some Collection<DripItem>, into queue: String, progress: (ImportProgress) -> Void = { _ in }) throws -> Int {
        let total = items.count
        let step = max(1, total / 100)
        return try write { db in
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO drip_item (queue, item_id, language, category, difficulty, title, body, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (queue, item_id) DO UPDATE SET language = excluded.language, category = excluded.category,
                        difficulty = excluded.difficulty, title = excluded.title, body = excluded.body, payload = excluded.payload
                    """)
            // SQLite's own binding and stepping: this loop runs once per item, and GRDB's
            // general argument handling costs as much as the insert itself.
            let statement = insert.sqliteStatement
            var imported = 0
            for item in items {
                sqlite3_reset(statement)
                bind(queue, 1, statement)
                bind(item.id, 2, statement)
                bind(item.language, 3, statement)
                bind(item.category, 4, statement)
                bind(item.difficulty, 5, statement)
                bind(item.title, 6, statement)
                bind(item.body, 7, statement)
                bind(item.payload.map(JSONText.string), 8, statement)
                let code = sqlite3_step(statement)
                guard code == SQLITE_DONE else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                        sql: insert.sql)
                }
                imported += 1
                if imported % step == 0 || imported == total { progress(ImportProgress(imported: imported, total: total)) }
            }
            sqlite3_reset(statement)
            return imported
        }
    }

    /// Up to `count` distinct unscheduled items of `queue` that match `filter`, each subset
    /// equally likely, without sorting the table at random.
    ///
    /// It probes random keys between the smallest and largest key of the matching
    /// unscheduled items (two lookups in a partial index), keeping a probe that lands on a
    /// matching unscheduled item: rejection sampling, so every item is equally likely. When
    /// too many probes miss (most keys in the range scheduled or of other languages), it
    /// reads the remaining matching keys once and draws from them.
    ///
    /// - Complexity: O(*k* / *f* · log *n*) for *k* items when a fraction *f* of the key
    ///   range matches; O(*u*) for *u* matching items past the miss budget.
    public func randomUnscheduled(_ count: Int, from queue: String, matching filter: DripFilter, using generator: inout some RandomNumberGenerator) throws
        -> [QueuedItem]
    {
        guard count > 0 else { return [] }
        var extra = ""
        var extraArguments: [String] = []
        if let categories = filter.categories {
            extra += " AND category IN (\(Array(repeating: "?", count: categories.count).joined(separator: ", ")))"
            extraArguments += categories.sorted()
        }
        if let difficulties = filter.difficulties {
            extra += " AND difficulty IN (\(Array(repeating: "?", count: difficulties.count).joined(separator: ", ")))"
            extraArguments += difficulties.sorted()
        }
        let scope: StatementArguments = [queue, filter.language] + StatementArguments(extraArguments)
        let unscheduled = "queue = ? AND language = ? AND scheduled_date IS NULL"
        return try read { db in
            guard let low = try Int64.fetchOne(db, sql: "SELECT min(id) FROM drip_item WHERE \(unscheduled)", arguments: [queue, filter.language]),
                let high = try Int64.fetchOne(db, sql: "SELECT max(id) FROM drip_item WHERE \(unscheduled)", arguments: [queue, filter.language])
            else { return [] }
            let probe = try db.cachedStatement(sql: "SELECT 1 FROM drip_item WHERE id = ? AND \(unscheduled)\(extra)")
            var picked: [Int64] = []
            var seen = Set<Int64>()
            var misses = 0
            let missBudget = 16 * count + 64
            while picked.count < count, misses < missBudget {
                let key = Int64.random(in: low...high, using: &generator)
                probe.setUncheckedArguments([key] + scope)
                if !seen.contains(key), try Bool.fetchOne(probe) != nil {
                    seen.insert(key)
                    picked.append(key)
                } else {
                    misses += 1
                }
            }
            if picked.count < count {
                var rest = try Int64.fetchAll(db, sql: "SELECT id FROM drip_item WHERE \(unscheduled)\(extra)", arguments: scope).filter { !seen.contains($0) }
                var index = 0
                while picked.count < count, index < rest.count {
                    rest.swapAt(index, Int.random(in: index..<rest.count, using: &generator))
                    picked.append(rest[index])
                    index += 1
                }
            }
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM drip_item WHERE id IN (\(Array(repeating: "?", count: picked.count).joined(separator: ", ")))",
                arguments: StatementArguments(picked))
            let byKey = Dictionary(uniqueKeysWithValues: try rows.map { row in (row["id"] as Int64, try Self.queuedItem(from: row)) })
            return picked.compactMap { byKey[$0] }
        }
    }

    /// ``randomUnscheduled(_:from:matching:using:)`` with the system's random generator.
    public func randomUnscheduled(_ count: Int, from queue: String, matching filter: DripFilter) throws -> [QueuedItem] {
        var generator = SystemRandomNumberGenerator()
        return try randomUnscheduled(count, from: queue, matching: filter, using: &generator)
    }

    /// Clears `clearing`, then gives each item of `assignments` its day and notification, in
    /// one transaction. Nothing changes when an item is not an unscheduled item of `queue`
    /// or a notification id is already taken: a ``StoreError`` with code
    /// ``StoreError/Code/conflict`` says which.
    public func markScheduled(_ assignments: [DripAssignment], in queue: String, clearingFirst clearing: DripClearing = .none) throws {
        try write { db in
            _ = try Self.clear(clearing, in: queue, db)
            let update = try db.cachedStatement(
                sql: "UPDATE drip_item SET scheduled_date = ?, notification_id = ? WHERE id = ? AND queue = ? AND scheduled_date IS NULL")
            for assignment in assignments {
                try update.execute(arguments: [assignment.scheduledDate.description, assignment.notificationID, assignment.key, queue])
                if db.changesCount == 0 {
                    throw StoreError(
                        .conflict, path: path, message: "item \(assignment.key) is not an unscheduled item of queue \(queue); nothing was scheduled")
                }
            }
        }
    }

    /// Makes scheduled items of `queue` unscheduled again, in one transaction; returns how many.
    @discardableResult
    public func clearScheduling(in queue: String, _ clearing: DripClearing) throws -> Int {
        try write { db in try Self.clear(clearing, in: queue, db) }
    }

    /// The scheduled items of `queue`, by day.
    public func scheduledItems(in queue: String) throws -> [QueuedItem] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM drip_item WHERE queue = ? AND scheduled_date IS NOT NULL ORDER BY scheduled_date, id", arguments: [queue])
                .map(Self.queuedItem(from:))
        }
    }

    /// How many items of `queue` are unscheduled, of `language` when given.
    public func unscheduledCount(in queue: String, language: String? = nil) throws -> Int {
        try read { db in
            if let language {
                return try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM drip_item WHERE queue = ? AND language = ? AND scheduled_date IS NULL", arguments: [queue, language]) ?? 0
            }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM drip_item WHERE queue = ? AND scheduled_date IS NULL", arguments: [queue]) ?? 0
        }
    }

    /// How many items `queue` holds.
    public func itemCount(in queue: String) throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM drip_item WHERE queue = ?", arguments: [queue]) ?? 0 }
    }

    private static func clear(_ clearing: DripClearing, in queue: String, _ db: Database) throws -> Int {
        switch clearing {
        case .none:
            return 0
        case .all:
            try db.execute(
                sql: "UPDATE drip_item SET scheduled_date = NULL, notification_id = NULL WHERE queue = ? AND scheduled_date IS NOT NULL", arguments: [queue])
            return db.changesCount
        case .notifications(let ids):
            let clear = try db.cachedStatement(
                sql: "UPDATE drip_item SET scheduled_date = NULL, notification_id = NULL WHERE queue = ? AND notification_id = ?")
            var cleared = 0
            for id in ids {
                try clear.execute(arguments: [queue, id])
                cleared += db.changesCount
            }
            return cleared
        }
    }

    /// SQLite copies the text before `bind` returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private func bind(_ value: String?, _ index: CInt, _ statement: SQLiteStatement) {
        guard let value else {
            sqlite3_bind_null(statement, index)
            return
        }
        _ = value.withCString { sqlite3_bind_text(statement, index, $0, CInt(value.utf8.count), Self.transient) }
    }

    private static func queuedItem(from row: Row) throws -> QueuedItem {
        let payload: JSONValue? = try (row["payload"] as String?).map { text in
            guard let payload = JSONText.parse(text) else { throw ContentCoding.invalid("malformed item payload \(text.prefix(80))") }
            return payload
        }
        let scheduled: LocalDate? = try (row["scheduled_date"] as String?).map { text in
            guard let date = TimeParsing.localDate(text) else { throw ContentCoding.invalid("malformed scheduled date \(text)") }
            return date
        }
        let item = DripItem(
            id: row["item_id"], language: row["language"], category: row["category"], difficulty: row["difficulty"],
            title: row["title"], body: row["body"], payload: payload)
        return QueuedItem(key: row["id"], queue: row["queue"], item: item, scheduledDate: scheduled, notificationID: row["notification_id"])
    }
}
