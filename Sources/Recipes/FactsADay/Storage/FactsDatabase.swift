import Bugle
import BugleStore
import Foundation
import GRDB

/// A fact given its day and its notification.
public struct ScheduledFact: Hashable, Sendable {
    /// The fact.
    public var fact: Fact
    /// The local day its notification fires.
    public var date: LocalDate
    /// The id of the notification request that shows it.
    public var notificationID: String

    /// `fact` shown on `date` by the request `notificationID`.
    public init(fact: Fact, date: LocalDate, notificationID: String) {
        self.fact = fact
        self.date = date
        self.notificationID = notificationID
    }
}

/// The app's content and scheduling in SQLite, in the same file as Bugle's store: the seed's
/// `categories`, `content_types` and `facts` tables beside the ledger, flags and event log.
///
/// The tables are the recipe's own rather than the store's drip queue: the seed keeps
/// categories and content types as tables the categories screen reads, and facts with typed
/// columns (`reading_time`, `word_count`, `created_at`) and the service's integer ids, none of
/// which the drip queue has. The migration is versioned with `PRAGMA user_version`, as the
/// seed's app does, and not with GRDB's migrator: the store's migrator refuses a file whose
/// `grdb_migrations` table names migrations it does not know, so a second migrator in the
/// same file would make the store refuse it.
///
/// Every write is one transaction: a failure leaves the file as it was.
public struct FactsDatabase: Sendable {
    /// Reads.
    let reader: any DatabaseReader
    /// Writes: `nil` for a database opened read-only.
    let writer: (any DatabaseWriter)?
    /// Bugle's store in the same file: the scheduler's journal, flags and preferences.
    public let store: BugleDatabase

    /// The schema version this code writes.
    static let schemaVersion = 1

    /// A database over `writer`: Bugle's store is prepared, then the facts tables migrated.
    ///
    /// Open a file's writer with `BugleDatabase.openWriter(at:checking:)`, which refuses a file that
    /// is not a Bugle store before anything is written to it; ``open(at:)`` does.
    public init(_ writer: any DatabaseWriter) throws {
        self.reader = writer
        self.writer = writer
        store = try BugleDatabase(writer)
        do {
            try Self.migrate(writer)
        } catch let error as FactsError {
            throw error
        } catch {
            throw Self.storageError(error)
        }
    }

    /// Opens (or creates) the file at `url`, for the app: the file must be new, empty, or a
    /// Bugle store; anything else is refused with a `StoreError` and left as it was.
    public static func open(at url: URL) throws -> FactsDatabase {
        try FactsDatabase(BugleDatabase.openWriter(at: url, checking: { db in try checkVersion(db, allowingNone: true) }))
    }

    /// Opens the app's file at `url` for reading only: nothing is written to it. A file that
    /// is not a Bugle store is refused with a `StoreError`; a Bugle store without the facts
    /// tables (one the app never onboarded into), or with newer ones, with a
    /// ``FactsError/Code/storage`` error. Every write then fails.
    public static func openReadOnly(at url: URL) throws -> FactsDatabase {
        let store = try BugleDatabase.openReadOnly(at: url)
        try Self.read(store.reader) { db in try checkVersion(db, allowingNone: false) }
        return FactsDatabase(reader: store.reader, store: store)
    }

    /// Refuses facts tables newer than this code, and no facts tables unless `allowingNone`.
    private static func checkVersion(_ db: Database, allowingNone: Bool) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version != 0 || allowingNone else {
            throw FactsError(.storage, "holds no Facts A Day data (a Bugle store the app never onboarded into); it was left as it is")
        }
        guard version <= schemaVersion else {
            throw FactsError(.storage, "the facts tables are at version \(version), newer than this app knows (\(schemaVersion)); it was left as it is")
        }
    }

    private init(reader: any DatabaseReader, store: BugleDatabase) {
        self.reader = reader
        self.writer = nil
        self.store = store
    }

    /// An empty database in memory, for tests and scenarios.
    public static func inMemory() throws -> FactsDatabase {
        try FactsDatabase(DatabaseQueue(configuration: BugleDatabase.makeConfiguration()))
    }

    /// Frozen once released: a later change is a new step, never an edit of this one.
    static func migrate(_ writer: any DatabaseWriter) throws {
        try writer.write { db in
            try checkVersion(db, allowingNone: true)
            if try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 < 1 {
                try db.execute(
                    sql: """
                        CREATE TABLE categories (
                            id INTEGER PRIMARY KEY,
                            name TEXT NOT NULL,
                            slug TEXT UNIQUE NOT NULL,
                            description TEXT,
                            icon TEXT,
                            color_hex TEXT
                        );
                        CREATE TABLE content_types (
                            id INTEGER PRIMARY KEY,
                            name TEXT NOT NULL,
                            slug TEXT UNIQUE NOT NULL,
                            description TEXT
                        );
                        CREATE TABLE facts (
                            id INTEGER PRIMARY KEY,
                            title TEXT,
                            content TEXT NOT NULL,
                            summary TEXT,
                            difficulty TEXT,
                            content_type TEXT,
                            category TEXT,
                            tags TEXT,
                            source_url TEXT,
                            reading_time INTEGER,
                            word_count INTEGER,
                            image_url TEXT,
                            language TEXT NOT NULL,
                            created_at TEXT NOT NULL,
                            scheduled_date TEXT,
                            notification_id TEXT UNIQUE,
                            CHECK ((scheduled_date IS NULL) = (notification_id IS NULL))
                        );
                        CREATE INDEX idx_facts_language ON facts(language);
                        CREATE INDEX idx_facts_category ON facts(category);
                        CREATE INDEX idx_facts_scheduled_date ON facts(scheduled_date);
                        PRAGMA user_version = 1;
                        """)
            }
        }
    }

    // MARK: Metadata

    /// Replaces the categories and content types with `categories` and `contentTypes`, in one transaction.
    public func saveMetadata(categories: [FactCategory], contentTypes: [ContentType]) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM categories")
            try db.execute(sql: "DELETE FROM content_types")
            for category in categories {
                try db.execute(
                    sql: "INSERT INTO categories (id, name, slug, description, icon, color_hex) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [category.id, category.name, category.slug, category.description, category.icon, category.colorHex])
            }
            for type in contentTypes {
                try db.execute(
                    sql: "INSERT INTO content_types (id, name, slug, description) VALUES (?, ?, ?, ?)",
                    arguments: [type.id, type.name, type.slug, type.description])
            }
        }
    }

    /// The categories, by name.
    public func categories() throws -> [FactCategory] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM categories ORDER BY name, id").map { row in
                FactCategory(
                    id: row["id"], name: row["name"], slug: row["slug"], description: row["description"], icon: row["icon"], colorHex: row["color_hex"])
            }
        }
    }

    /// The content types, by slug.
    public func contentTypes() throws -> [ContentType] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM content_types ORDER BY slug").map { row in
                ContentType(id: row["id"], name: row["name"], slug: row["slug"], description: row["description"])
            }
        }
    }

    // MARK: Facts

    /// Stores `facts` in one transaction: all of them or none. A fact already stored is
    /// updated and keeps its scheduling.
    public func saveFacts(_ facts: [Fact]) throws {
        try write { db in
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO facts (id, title, content, summary, difficulty, content_type, category, tags, source_url, reading_time, word_count, image_url, language, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET title = excluded.title, content = excluded.content, summary = excluded.summary,
                        difficulty = excluded.difficulty, content_type = excluded.content_type, category = excluded.category, tags = excluded.tags,
                        source_url = excluded.source_url, reading_time = excluded.reading_time, word_count = excluded.word_count,
                        image_url = excluded.image_url, language = excluded.language, created_at = excluded.created_at
                    """)
            for fact in facts {
                let tags = String(decoding: try JSONEncoder().encode(fact.tags), as: UTF8.self)
                try insert.execute(arguments: [
                    fact.id, fact.title, fact.content, fact.summary, fact.difficulty, fact.contentType, fact.category, tags,
                    fact.sourceURL, fact.readingTime, fact.wordCount, fact.imageURL, fact.language, fact.createdAt,
                ])
            }
        }
    }

    /// How many facts are stored, of `language` when given.
    public func factCount(language: FactsLanguage? = nil) throws -> Int {
        try read { db in
            if let language {
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM facts WHERE language = ?", arguments: [language.rawValue]) ?? 0
            }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM facts") ?? 0
        }
    }

    /// Up to `count` distinct unscheduled facts of `language`, each subset equally likely.
    ///
    /// - Complexity: O(*u*) for *u* unscheduled facts of the language.
    public func randomUnscheduledFacts(_ count: Int, language: FactsLanguage, using generator: inout some RandomNumberGenerator) throws -> [Fact] {
        guard count > 0 else { return [] }
        var ids = try read { db in
            try Int.fetchAll(db, sql: "SELECT id FROM facts WHERE language = ? AND scheduled_date IS NULL ORDER BY id", arguments: [language.rawValue])
        }
        ids.shuffle(using: &generator)
        let picked = Array(ids.prefix(count))
        let byID = Dictionary(uniqueKeysWithValues: try facts(ids: picked).map { ($0.id, $0) })
        return picked.compactMap { byID[$0] }
    }

    /// The facts of `language` among `ids` that are not scheduled, by id.
    public func unscheduledFacts(ids: [Int], language: FactsLanguage) throws -> [Fact] {
        try facts(ids: ids, unscheduledIn: language)
    }

    /// Gives each fact its day and notification in one transaction, after clearing every
    /// scheduling when `clearingFirst`. Nothing changes when a fact is already scheduled or
    /// a notification id is taken.
    public func markScheduled(_ scheduled: [ScheduledFact], clearingFirst: Bool = false) throws {
        try write { db in
            if clearingFirst {
                try db.execute(sql: "UPDATE facts SET scheduled_date = NULL, notification_id = NULL WHERE scheduled_date IS NOT NULL")
            }
            let update = try db.cachedStatement(sql: "UPDATE facts SET scheduled_date = ?, notification_id = ? WHERE id = ? AND scheduled_date IS NULL")
            for item in scheduled {
                try update.execute(arguments: [item.date.description, item.notificationID, item.fact.id])
                if db.changesCount == 0 {
                    throw FactsError(.storage, "fact \(item.fact.id) is missing or already scheduled; nothing was scheduled")
                }
            }
        }
    }

    /// Makes the facts shown by `notificationIDs` unscheduled again, in one transaction.
    public func clearScheduling(notificationIDs: [String]) throws {
        try write { db in
            for id in notificationIDs {
                try db.execute(sql: "UPDATE facts SET scheduled_date = NULL, notification_id = NULL WHERE notification_id = ?", arguments: [id])
            }
        }
    }

    /// The scheduled facts whose day is `from` or later (all when `nil`), by day.
    public func scheduledFacts(from start: LocalDate? = nil) throws -> [ScheduledFact] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM facts WHERE scheduled_date IS NOT NULL AND scheduled_date >= ? ORDER BY scheduled_date, id",
                arguments: [start?.description ?? ""]
            ).map(Self.scheduledFact(from:))
        }
    }

    /// The last day a fact is scheduled for.
    public func lastScheduledDate() throws -> LocalDate? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT max(scheduled_date) FROM facts").flatMap(TimeParsing.localDate)
        }
    }

    /// The fact scheduled for `date`, if any.
    public func fact(on date: LocalDate) throws -> ScheduledFact? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM facts WHERE scheduled_date = ? ORDER BY id LIMIT 1", arguments: [date.description]).map(
                Self.scheduledFact(from:))
        }
    }

    /// The facts among `ids`, by id; only the unscheduled ones of `language` when given.
    private func facts(ids: [Int], unscheduledIn language: FactsLanguage? = nil) throws -> [Fact] {
        guard !ids.isEmpty else { return [] }
        var sql = "SELECT * FROM facts WHERE id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))"
        var arguments = StatementArguments(ids)
        if let language {
            sql += " AND language = ? AND scheduled_date IS NULL"
            arguments += [language.rawValue]
        }
        return try read { db in try Row.fetchAll(db, sql: sql + " ORDER BY id", arguments: arguments).map(Self.fact(from:)) }
    }

    private static func fact(from row: Row) throws -> Fact {
        let tags = try (row["tags"] as String?).map { try JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
        return Fact(
            id: row["id"], title: row["title"], content: row["content"], summary: row["summary"], difficulty: row["difficulty"],
            contentType: row["content_type"], category: row["category"], tags: tags, sourceURL: row["source_url"],
            readingTime: row["reading_time"], wordCount: row["word_count"], imageURL: row["image_url"], language: row["language"],
            createdAt: row["created_at"])
    }

    private static func scheduledFact(from row: Row) throws -> ScheduledFact {
        let text: String = row["scheduled_date"]
        guard let date = TimeParsing.localDate(text) else { throw FactsError(.storage, "malformed scheduled_date \(text)") }
        return ScheduledFact(fact: try fact(from: row), date: date, notificationID: row["notification_id"])
    }

    // MARK: Access

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        guard let writer else { throw FactsError(.storage, "the database was opened read-only; nothing was written") }
        do { return try writer.write(body) } catch let error as FactsError { throw error } catch { throw Self.storageError(error) }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        try Self.read(reader, body)
    }

    private static func read<T>(_ reader: any DatabaseReader, _ body: (Database) throws -> T) throws -> T {
        do { return try reader.read(body) } catch let error as FactsError { throw error } catch { throw storageError(error) }
    }

    /// A failure of SQLite in the app's words, without SQLite's.
    private static func storageError(_ error: any Error) -> FactsError {
        guard let error = error as? DatabaseError else { return FactsError(.storage, "the facts could not be read or written") }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_FULL: return FactsError(.storage, "the disk is full; nothing was written")
        case .SQLITE_READONLY: return FactsError(.storage, "the file cannot be written; nothing was written")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return FactsError(.storage, "another program is writing the file; try again when it is done")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return FactsError(.storage, "the file is damaged; move it aside and onboard again")
        case .SQLITE_CONSTRAINT: return FactsError(.storage, "the change would store a fact or notification twice; nothing was written")
        default: return FactsError(.storage, "the facts could not be read or written")
        }
    }
}
