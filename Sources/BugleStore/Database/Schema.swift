import GRDB

/// The store's tables, and the checks made before writing to a file.
///
/// Migrations are frozen once released: a later change is a new migration, never an edit of
/// an old one. Tables are named with strings, never derived from Swift types.
enum Schema {
    /// SQLite's `application_id` for Bugle's files: "BGLE".
    static let applicationID: Int32 = 0x4247_4C45

    /// What ``check(_:path:)`` found in a file it accepts.
    enum Status {
        /// No table and no application id: a new file, or one SQLite made and left empty.
        case empty
        /// A Bugle store with every migration this code knows.
        case current
        /// A Bugle store that lacks migrations this code would apply.
        case outdated
    }

    /// Checks, reading only, that the database is a healthy Bugle store this code knows, or
    /// an empty database; throws a ``StoreError`` that says why not.
    static func check(_ db: Database, path: String) throws -> Status {
        let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
        if check != ["ok"] {
            throw StoreError(
                .corrupt, path: path, message: "the database is damaged; move it aside and start a new one",
                detail: check.prefix(3).joined(separator: "; "))
        }
        let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        try refuseOtherApplications(application, path: path)
        if application == 0 {
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            if !tables.isEmpty {
                throw StoreError(
                    .foreign, path: path,
                    message: "not a Bugle database: it holds other tables (\(tables.prefix(5).joined(separator: ", "))); it was left as it is")
            }
            return .empty
        }
        if try migrator.hasBeenSuperseded(db) {
            let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
            throw StoreError(
                .newerSchema, path: path,
                message: "written by a newer version of Bugle (schema \(unknown.joined(separator: ", ")) is unknown here); it was left as it is")
        }
        return try migrator.hasCompletedMigrations(db) ? .current : .outdated
    }

    /// Refuses a database another program marked as its own with SQLite's application id.
    static func refuseOtherApplications(_ application: Int32, path: String) throws {
        if application != 0 && application != applicationID {
            throw StoreError(
                .foreign, path: path, message: "not a Bugle database: it belongs to another program (application id \(application)); it was left as it is")
        }
    }

    /// Checks the database as ``check(_:path:)`` does, then migrates it.
    static func prepare(_ writer: any DatabaseWriter, path: String) throws {
        _ = try writer.read { db in try check(db, path: path) }
        try migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            // Every request the scheduler asked the center for, by request id.
            try db.execute(
                sql: """
                    CREATE TABLE ledger (
                        request_id TEXT PRIMARY KEY NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('adding', 'pending', 'removing', 'cancelled', 'failed', 'delivered', 'opened')),
                        reason TEXT,
                        rule_id TEXT,
                        group_id TEXT,
                        dedupe_key TEXT,
                        fire_kind TEXT NOT NULL CHECK (fire_kind IN ('wallClock', 'zoned')),
                        fire_local INTEGER,
                        fire_instant REAL,
                        fire_zone TEXT,
                        fire_date REAL NOT NULL,
                        fingerprint TEXT NOT NULL CHECK (length(fingerprint) = 16),
                        content TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        asked_at REAL NOT NULL,
                        updated_at REAL NOT NULL,
                        delivered_at REAL,
                        opened_at REAL,
                        CHECK ((fire_kind = 'wallClock' AND fire_local IS NOT NULL) OR (fire_kind = 'zoned' AND fire_instant IS NOT NULL AND fire_zone IS NOT NULL))
                    )
                    """)
            try db.execute(sql: "CREATE INDEX ledger_open ON ledger (state) WHERE state IN ('adding', 'pending', 'removing')")
            try db.execute(sql: "CREATE INDEX ledger_fire_date ON ledger (fire_date)")
            // What the system showed: what caps and the no-re-notification policy read.
            try db.execute(
                sql: """
                    CREATE TABLE delivery (
                        id INTEGER PRIMARY KEY,
                        request_id TEXT NOT NULL,
                        delivered_at REAL NOT NULL,
                        rule_id TEXT,
                        group_id TEXT,
                        dedupe_key TEXT,
                        content TEXT NOT NULL,
                        UNIQUE (request_id, delivered_at)
                    )
                    """)
            try db.execute(sql: "CREATE INDEX delivery_date ON delivery (delivered_at)")
            // Every scheduler event.
            try db.execute(
                sql: """
                    CREATE TABLE event (
                        id INTEGER PRIMARY KEY,
                        kind TEXT NOT NULL,
                        at REAL NOT NULL,
                        request_id TEXT,
                        summary TEXT NOT NULL,
                        detail TEXT NOT NULL
                    )
                    """)
            try db.execute(sql: "CREATE INDEX event_kind_at ON event (kind, at)")
            try db.execute(sql: "CREATE INDEX event_at ON event (at)")
            // Typed flags and preferences, as JSON.
            try db.execute(sql: "CREATE TABLE flag (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
            // Drip queues: one item a day, picked at random among the unscheduled.
            try db.execute(
                sql: """
                    CREATE TABLE drip_item (
                        id INTEGER PRIMARY KEY,
                        queue TEXT NOT NULL,
                        item_id TEXT NOT NULL,
                        language TEXT NOT NULL,
                        category TEXT,
                        difficulty TEXT,
                        title TEXT,
                        body TEXT NOT NULL,
                        payload TEXT,
                        scheduled_date TEXT,
                        notification_id TEXT,
                        UNIQUE (queue, item_id),
                        CHECK ((scheduled_date IS NULL) = (notification_id IS NULL))
                    )
                    """)
            try db.execute(sql: "CREATE INDEX drip_item_unscheduled ON drip_item (queue, language) WHERE scheduled_date IS NULL")
            try db.execute(sql: "CREATE INDEX drip_item_scheduled ON drip_item (queue, scheduled_date) WHERE scheduled_date IS NOT NULL")
            try db.execute(sql: "CREATE UNIQUE INDEX drip_item_notification ON drip_item (notification_id) WHERE notification_id IS NOT NULL")
        }
        // The occurrence a request shows, which the scheduler remembers once delivered so that
        // no plan holds it again; NULL for rows written before, where the request id stands for it.
        migrator.registerMigration("v2-occurrence") { db in
            try db.execute(sql: "ALTER TABLE ledger ADD COLUMN occurrence TEXT")
            try db.execute(sql: "ALTER TABLE delivery ADD COLUMN occurrence TEXT")
        }
        // The days the app marked completed, skipped or paused, by rule (NULL: every rule),
        // as day numbers (days since 1970-01-01); the scheduler forgets the old ones.
        migrator.registerMigration("v3-marks") { db in
            try db.execute(
                sql: """
                    CREATE TABLE occurrence_mark (
                        id INTEGER PRIMARY KEY,
                        kind TEXT NOT NULL CHECK (kind IN ('completed', 'skipped', 'paused')),
                        rule_id TEXT,
                        first_day INTEGER NOT NULL,
                        last_day INTEGER NOT NULL,
                        marked_at REAL NOT NULL,
                        CHECK (first_day <= last_day)
                    )
                    """)
            try db.execute(sql: "CREATE INDEX occurrence_mark_last_day ON occurrence_mark (last_day)")
            try db.execute(sql: "CREATE INDEX occurrence_mark_rule_day ON occurrence_mark (rule_id, first_day)")
        }
        // What rules that learn their send time learned (a `SendTimeState` as JSON, by rule),
        // and when the user opened each notification, which they count.
        migrator.registerMigration("v4-learning") { db in
            try db.execute(sql: "CREATE TABLE learning_state (rule_id TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at REAL NOT NULL)")
            try db.execute(sql: "CREATE TABLE notification_open (id TEXT PRIMARY KEY, opened_at REAL NOT NULL)")
            try db.execute(sql: "CREATE INDEX notification_open_at ON notification_open (opened_at)")
        }
        // Each time the user opened the app (a holdout counts them; v4 kept only the latest, in
        // notification_open under '@app'), what rules with several texts learned (a `CopyState`
        // as JSON), and the occurrences planned under a randomized holdout.
        migrator.registerMigration("v5-copy-holdout") { db in
            try db.execute(sql: "CREATE TABLE app_open (opened_at REAL NOT NULL)")
            try db.execute(sql: "CREATE INDEX app_open_at ON app_open (opened_at)")
            try db.execute(sql: "INSERT INTO app_open (opened_at) SELECT opened_at FROM notification_open WHERE id = '@app'")
            try db.execute(sql: "DELETE FROM notification_open WHERE id = '@app'")
            try db.execute(sql: "CREATE TABLE copy_state (rule_id TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at REAL NOT NULL)")
            try db.execute(
                sql: """
                    CREATE TABLE holdout_record (
                        occurrence TEXT PRIMARY KEY,
                        rule_id TEXT NOT NULL,
                        date REAL NOT NULL,
                        held_out INTEGER NOT NULL CHECK (held_out IN (0, 1)),
                        active INTEGER CHECK (active IN (0, 1))
                    )
                    """)
            try db.execute(sql: "CREATE INDEX holdout_record_date ON holdout_record (date)")
        }
        return migrator
    }
}
