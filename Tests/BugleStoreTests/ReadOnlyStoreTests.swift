import Bugle
import BugleStore
import Foundation
import GRDB
import Testing

/// Reading a store without writing to it, and saving a store built in memory in one step.
@Suite struct ReadOnlyStoreTests {
    func snapshot(_ url: URL) throws -> (Data, [String]) {
        (try Data(contentsOf: url), try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted())
    }

    @Test(arguments: [false, true])
    func aGoodStoreIsReadAndLeftAsItWas(inRollbackMode: Bool) throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        if inRollbackMode {
            try RefusedFileTests.storeInRollbackMode(at: url) { store in try store.set(FlagKey<String>("name"), to: "Ada") }
        } else {
            try BugleDatabase.open(at: url).set(FlagKey<String>("name"), to: "Ada")
        }
        let before = try snapshot(url)
        do {
            let store = try BugleDatabase.openReadOnly(at: url)
            #expect(try store.value(FlagKey<String>("name")) == "Ada")
            #expect(try store.ledger().isEmpty)
            let error = try #require(throws: StoreError.self) { try store.set(FlagKey<String>("name"), to: "Grace") }
            #expect(error.code == .readOnly)
            #expect(error.description == "\(url.path): the store was opened read-only; nothing was written")
        }
        let after = try snapshot(url)
        #expect(after.0 == before.0, "the file's bytes changed")
        #expect(after.1 == ["bugle.sqlite"], "no -wal, -shm or -journal is left: \(after.1)")
    }

    @Test func aStoreAnotherConnectionIsWritingIsReadWithItsLog() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let writer = try BugleDatabase.open(at: url)
        try writer.set(FlagKey<Int>("count"), to: 3)
        #expect(FileManager.default.fileExists(atPath: url.path + "-wal"), "the write is still in the log")
        #expect(try BugleDatabase.openReadOnly(at: url).value(FlagKey<Int>("count")) == 3)
    }

    @Test func aMissingOrEmptyFileIsNoStoreToRead() throws {
        let folder = try temporaryFolder()
        let missing = folder.appendingPathComponent("missing.sqlite")
        let error = try #require(throws: StoreError.self) { try BugleDatabase.openReadOnly(at: missing) }
        #expect(error.description == "\(missing.path): no such store")
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        let empty = folder.appendingPathComponent("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: nil))
        let refused = try #require(throws: StoreError.self) { try BugleDatabase.openReadOnly(at: empty) }
        #expect(refused.code == .notADatabase)
        #expect(refused.description == "\(empty.path): not a Bugle database: the file is empty; it was left as it is")
        #expect(try snapshot(empty) == (Data(), ["empty.sqlite"]))
    }

    @Test func anEmptySQLiteDatabaseIsNoStoreToRead() throws {
        let url = try temporaryFolder().appendingPathComponent("blank.sqlite")
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 0; VACUUM") }
        let before = try snapshot(url)
        let error = try #require(throws: StoreError.self) { try BugleDatabase.openReadOnly(at: url) }
        #expect(error.description == "\(url.path): not a Bugle database: an SQLite database without tables; it was left as it is")
        #expect(try snapshot(url) == before)
    }

    @Test func aStoreBuiltInMemoryIsSavedWhole() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("run.sqlite")
        let store = try BugleDatabase.inMemory()
        #expect(try store.isEmpty())
        try store.set(FlagKey<Bool>("saved"), to: true)
        #expect(try !store.isEmpty())
        try store.save(to: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.sqlite"])
        #expect(try BugleDatabase.openReadOnly(at: url).value(FlagKey<Bool>("saved")) == true)
        #expect(try BugleDatabase.open(at: url).value(FlagKey<Bool>("saved")) == true, "a saved store opens for writing too")
    }

    @Test func savingReplacesAnEmptyFile() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("run.sqlite")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let store = try BugleDatabase.inMemory()
        try store.set(FlagKey<Int>("runs"), to: 1)
        try store.save(to: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.sqlite"])
        #expect(try BugleDatabase.openReadOnly(at: url).value(FlagKey<Int>("runs")) == 1)
    }

    @Test func aSaveThatCannotBeDoneLeavesNothing() throws {
        let folder = try temporaryFolder()
        let store = try BugleDatabase.inMemory()
        let missing = folder.appendingPathComponent("missing/run.sqlite")
        let error = try #require(throws: StoreError.self) { try store.save(to: missing) }
        #expect(error.description == "\(missing.path): cannot create the store: the folder \(folder.path)/missing does not exist")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let folderAsFile = try #require(throws: StoreError.self) { try store.save(to: folder) }
        #expect(folderAsFile.description == "\(folder.path): is a folder, not a database file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aStoreWithALogBesideItIsNotReplaced() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("bugle.sqlite")
        let open = try BugleDatabase.open(at: url)
        try open.set(FlagKey<Int>("count"), to: 3)
        let before = try snapshot(url)
        let error = try #require(throws: StoreError.self) { try BugleDatabase.inMemory().save(to: url) }
        #expect(error.code == .conflict)
        #expect(
            error.description == "\(url.path): is open in another program, or one stopped while writing it (\(url.path)-wal is beside it); nothing was written")
        #expect(try snapshot(url) == before)
        #expect(try open.value(FlagKey<Int>("count")) == 3)
    }
}
