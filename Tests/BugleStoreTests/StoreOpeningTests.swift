import Bugle
import BugleStore
import Foundation
import GRDB
import Testing

/// Opening files: a new one, a reopened one, and files that must be refused without harm.
@Suite struct StoreOpeningTests {
    @Test func aNewFileIsCreatedAndKeepsWhatWasWritten() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        try BugleDatabase.open(at: url).set(FlagKey<Bool>("permissionAsked"), to: true)
        let reopened = try BugleDatabase.open(at: url)
        #expect(try reopened.value(FlagKey<Bool>("permissionAsked")) == true)
    }

    @Test func randomBytesAreNotADatabase() throws {
        let url = try temporaryFolder().appendingPathComponent("notes.sqlite")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: url)
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        #expect(error.code == .notADatabase)
        #expect(error.description.hasPrefix(url.path + ": not a Bugle database"))
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test func anotherProgramsDatabaseIsLeftAlone() throws {
        let url = try temporaryFolder().appendingPathComponent("other.sqlite")
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
            try db.execute(sql: "INSERT INTO notes (text) VALUES ('keep me')")
        }
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        #expect(error.code == .foreign)
        #expect(error.message.contains("notes"))
        let tables = try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["notes"])
    }

    @Test func aDatabaseMarkedByAnotherApplicationIsRefused() throws {
        let url = try temporaryFolder().appendingPathComponent("other.sqlite")
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        #expect(error.code == .foreign)
        #expect(error.message.contains("1234"))
    }

    @Test func aSchemaNewerThanTheCodeIsRefusedAndNotOverwritten() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        try BugleDatabase.open(at: url).set(FlagKey<String>("name"), to: "from the future")
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-reminders')")
            try db.execute(sql: "CREATE TABLE reminder (id INTEGER PRIMARY KEY)")
        }
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        #expect(error.code == .newerSchema)
        #expect(error.message.contains("v9-reminders"))
        let (migrations, tableKept, flag) = try DatabaseQueue(path: url.path).read { db in
            (
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"), try db.tableExists("reminder"),
                try String.fetchOne(db, sql: "SELECT value FROM flag")
            )
        }
        #expect(migrations == ["v1", "v2-occurrence", "v3-marks", "v4-learning", "v5-copy-holdout", "v9-reminders"])
        #expect(tableKept)
        #expect(flag == "\"from the future\"")
    }

    @Test func aDamagedFileGetsAClearErrorNotACrash() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        // Closing the store folds its write-ahead log into the file.
        do { try BugleDatabase.open(at: url).importItems(facts(5_000), into: "facts") }
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        // Overwrite the middle of the file, past SQLite's header and schema page.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: 3 * 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 16 * 4096))
        try handle.close()
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        #expect(error.code == .corrupt)
        #expect(error.description.contains("damaged"))
    }

    @Test func aMissingFolderCannotBeOpened() throws {
        let url = try temporaryFolder().appendingPathComponent("missing/bugle.sqlite")
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        #expect(error.code == .cannotOpen)
    }

    #if os(Linux)
        @Test func theDefaultLocationFollowsTheXDGBaseDirectories() throws {
            #expect(try BugleDatabase.defaultLocation(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"]).path == "/data/bugle/bugle.sqlite")
            #expect(
                try BugleDatabase.defaultLocation(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"]).path
                    == "/home/ada/.local/share/bugle/bugle.sqlite")
            #expect(try BugleDatabase.defaultLocation(environment: ["HOME": "/home/ada"]).path == "/home/ada/.local/share/bugle/bugle.sqlite")
        }

        @Test func aDefaultFolderThatCannotBeMadeIsSaidInPlainWords() throws {
            let data = try temporaryFolder().appendingPathComponent("data")
            try Data("a file where the folder should be".utf8).write(to: data)
            let error = try #require(throws: StoreError.self) { try BugleDatabase.openDefault(environment: ["XDG_DATA_HOME": data.path]) }
            #expect(error.code == .cannotOpen)
            #expect(error.description == "\(data.path)/bugle/bugle.sqlite: cannot create the folder \(data.path)/bugle")
        }

        @Test func openingTheDefaultStoreCreatesItsFolder() throws {
            let data = try temporaryFolder()
            let store = try BugleDatabase.openDefault(environment: ["XDG_DATA_HOME": data.path])
            #expect(store.path == data.appendingPathComponent("bugle/bugle.sqlite").path)
            #expect(FileManager.default.fileExists(atPath: store.path))
        }
    #endif
}

/// A store written before occurrences were kept (schema v1) still opens: for writing it is
/// migrated, for reading it is read as it is, and its deliveries stand for their requests.
@Suite struct OccurrenceMigrationTests {
    static let v1Store = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HostileInputs/fixtures/good-store.sqlite")

    @Test func aStoreFromBeforeOccurrencesIsMigratedAndItsDeliveriesNameNone() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        try FileManager.default.copyItem(at: Self.v1Store, to: url)
        let before = try BugleDatabase.openReadOnly(at: url).deliveryHistory()
        #expect(before.deliveries.map(\.occurrence) == [nil])
        #expect(before.unnamedOccurrences.keys.sorted() == ["bugle.morning@2026-03-01"])
        let store = try BugleDatabase.open(at: url)
        let migrations = try store.reader.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        #expect(migrations == ["v1", "v2-occurrence", "v3-marks", "v4-learning", "v5-copy-holdout"])
        #expect(try store.deliveryHistory().deliveries.map(\.id) == before.deliveries.map(\.id))
    }

    @Test func aStoreFromBeforeMarksReadsNoneAndKeepsThemOnceMigrated() async throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        try FileManager.default.copyItem(at: Self.v1Store, to: url)
        let day = LocalDate("2026-03-05")
        #expect(try await BugleDatabase.openReadOnly(at: url).marks(endingOnOrAfter: day).isEmpty)
        let store = try BugleDatabase.open(at: url)
        let done = OccurrenceMark(.completed, "morning", on: day)
        try await store.commit([.mark(done)], at: Date(timeIntervalSince1970: 0))
        #expect(try await BugleDatabase.openReadOnly(at: url).marks(endingOnOrAfter: day) == [done])
    }
}
