import BugleStore
import Foundation
import GRDB
import Testing

/// Files the store refuses are byte for byte as they were afterwards, with nothing beside
/// them, and the error says what is wrong in plain words.
@Suite struct RefusedFileTests {
    /// A kind of file the store must refuse, made in `folder`.
    struct Refused: CustomTestStringConvertible, Sendable {
        var name: String
        var code: StoreError.Code
        var message: String
        var make: @Sendable (URL) throws -> Void

        var testDescription: String { name }
    }

    static let kinds: [Refused] = [
        Refused(name: "another program's tables", code: .foreign, message: "not a Bugle database: it holds other tables (notes); it was left as it is") { url in
            try DatabaseQueue(path: url.path).write { db in
                try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
                try db.execute(sql: "INSERT INTO notes (text) VALUES ('keep me')")
            }
        },
        Refused(
            name: "another program's tables in WAL mode", code: .foreign, message: "not a Bugle database: it holds other tables (scores); it was left as it is"
        ) { url in
            // Closing the pool folds the log into the file; the header still says WAL.
            try DatabasePool(path: url.path).write { db in try db.execute(sql: "CREATE TABLE scores (name TEXT, score INTEGER)") }
        },
        Refused(
            name: "another application id", code: .foreign,
            message: "not a Bugle database: it belongs to another program (application id 1234); it was left as it is"
        ) { url in
            try DatabaseQueue(path: url.path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        },
        Refused(
            name: "a newer schema", code: .newerSchema,
            message: "written by a newer version of Bugle (schema v9-reminders is unknown here); it was left as it is"
        ) { url in
            try storeInRollbackMode(at: url) { _ in }
            try DatabaseQueue(path: url.path).write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-reminders')")
                try db.execute(sql: "CREATE TABLE reminder (id INTEGER PRIMARY KEY)")
            }
        },
        Refused(name: "a damaged store", code: .corrupt, message: "the database is damaged; move it aside and start a new one") { url in
            try storeInRollbackMode(at: url) { store in try store.importItems(facts(2_000), into: "facts") }
            let handle = try FileHandle(forWritingTo: url)
            try handle.seek(toOffset: 3 * 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 16 * 4096))
            try handle.close()
        },
        Refused(name: "a text file", code: .notADatabase, message: "not a Bugle database: the file is not an SQLite database; it was left as it is") { url in
            try Data("name,score\nada,3\n".utf8).write(to: url)
        },
        Refused(
            name: "SQLite's header and nothing else", code: .notADatabase,
            message: "not a Bugle database: the file is not an SQLite database; it was left as it is"
        ) { url in
            try Data("SQLite format 3\u{0}".utf8).write(to: url)
        },
    ]

    /// A Bugle store at `url` after `fill`, switched from WAL mode to a rollback journal, as
    /// a store saved by ``BugleDatabase/save(to:)`` or copied by another tool is.
    static func storeInRollbackMode(at url: URL, fill: (BugleDatabase) throws -> Void) throws {
        try fill(try BugleDatabase.open(at: url))
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
    }

    /// The file's bytes and the names in its folder.
    func snapshot(_ url: URL) throws -> (Data, [String]) {
        (try Data(contentsOf: url), try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted())
    }

    /// Makes a `kind` file, opens it with `open`, and checks the refusal and that neither the
    /// file nor its folder changed.
    func expectRefusedAndUnchanged(_ kind: Refused, opening open: (URL) throws -> BugleDatabase) throws {
        let url = try temporaryFolder().appendingPathComponent("store.sqlite")
        try kind.make(url)
        let before = try snapshot(url)
        let error = try #require(throws: StoreError.self) { try open(url) }
        #expect(error.code == kind.code)
        #expect(error.description == "\(url.path): \(kind.message)")
        let after = try snapshot(url)
        #expect(after.0 == before.0, "the file's bytes changed")
        #expect(after.1 == before.1, "the folder changed: \(after.1)")
    }

    @Test(arguments: kinds)
    func openingForWritingLeavesTheFileAsItWas(_ kind: Refused) throws {
        try expectRefusedAndUnchanged(kind) { try BugleDatabase.open(at: $0) }
    }

    @Test(arguments: kinds)
    func openingForReadingLeavesTheFileAsItWas(_ kind: Refused) throws {
        try expectRefusedAndUnchanged(kind) { try BugleDatabase.openReadOnly(at: $0) }
    }

    @Test func aFolderIsNotADatabaseFile() throws {
        let folder = try temporaryFolder()
        for open in [{ try BugleDatabase.open(at: folder) }, { try BugleDatabase.openReadOnly(at: folder) }] {
            let error = try #require(throws: StoreError.self) { _ = try open() }
            #expect(error.code == .cannotOpen)
            #expect(error.description == "\(folder.path): is a folder, not a database file")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aDeviceIsNotADatabaseFile() throws {
        let null = URL(fileURLWithPath: "/dev/null")
        for open in [{ try BugleDatabase.open(at: null) }, { try BugleDatabase.openReadOnly(at: null) }] {
            let error = try #require(throws: StoreError.self) { _ = try open() }
            #expect(error.code == .notADatabase)
            #expect(error.description == "/dev/null: not a Bugle database: not a regular file (a device, a pipe or a socket); it was left as it is")
        }
    }

    @Test func aMissingFolderIsSaidInPlainWords() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("missing/bugle.sqlite")
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        #expect(error.code == .cannotOpen)
        #expect(error.description == "\(url.path): cannot create the store: the folder \(folder.path)/missing does not exist")
    }

    @Test func anAppsOwnCheckRunsBeforeAnythingIsWritten() throws {
        let url = try temporaryFolder().appendingPathComponent("store.sqlite")
        try Self.storeInRollbackMode(at: url) { _ in }
        let before = try snapshot(url)
        struct TooNew: Error {}
        #expect(throws: TooNew.self) { try BugleDatabase.openWriter(at: url, checking: { _ in throw TooNew() }) }
        let after = try snapshot(url)
        #expect(after.0 == before.0)
        #expect(after.1 == before.1)
    }

    @Test(arguments: kinds)
    func errorsDoNotShowSQLitesOwnWords(_ kind: Refused) throws {
        let url = try temporaryFolder().appendingPathComponent("store.sqlite")
        try kind.make(url)
        let error = try #require(throws: StoreError.self) { try BugleDatabase.open(at: url) }
        for words in ["SQLite error", "PRAGMA", "malformed", "file is not a database", "unable to open", "error 11", "error 26", "NSCocoaErrorDomain"] {
            #expect(!error.description.contains(words), "\(error.description)")
        }
    }
}
