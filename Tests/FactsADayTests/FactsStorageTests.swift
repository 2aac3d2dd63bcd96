import BugleStore
import Foundation
import GRDB
import Testing

@testable import FactsADay

/// The app's file: opened through the store's checks, read without writing.
@Suite struct FactsStorageTests {
    func newFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite")
    }

    @Test func readingAnOnboardedFileWritesNothing() throws {
        let url = newFile()
        try FactsDatabase.open(at: url).saveFacts(StubFactsServer.fixture(count: 3))
        let before = try Data(contentsOf: url)
        do {
            let database = try FactsDatabase.openReadOnly(at: url)
            #expect(try database.factCount() == 3)
            let error = try #require(throws: FactsError.self) { try database.saveFacts(StubFactsServer.fixture(count: 1)) }
            #expect(error.message == "the database was opened read-only; nothing was written")
        }
        #expect(try Data(contentsOf: url) == before)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal") && !FileManager.default.fileExists(atPath: url.path + "-shm"))
    }

    @Test func aBugleStoreWithoutTheAppsTablesIsNotReadAsOne() throws {
        let url = newFile()
        try BugleDatabase.open(at: url).set(FlagKey<Bool>("other"), to: true)
        let before = try Data(contentsOf: url)
        let error = try #require(throws: FactsError.self) { try FactsDatabase.openReadOnly(at: url) }
        #expect(error.message == "holds no Facts A Day data (a Bugle store the app never onboarded into); it was left as it is")
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func anotherProgramsFileIsRefusedBeforeAnythingIsWritten() throws {
        let url = newFile()
        try DatabaseQueue(path: url.path).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        let before = try Data(contentsOf: url)
        let error = try #require(throws: StoreError.self) { try FactsDatabase.open(at: url) }
        #expect(error.code == .foreign)
        #expect(try Data(contentsOf: url) == before)
        #expect(throws: StoreError.self) { try FactsDatabase.openReadOnly(at: url) }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func newerFactsTablesAreRefusedBeforeAnythingIsWritten() throws {
        let url = newFile()
        try FactsDatabase.open(at: url).saveFacts(StubFactsServer.fixture(count: 3))
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = 7")
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        let before = try Data(contentsOf: url)
        let error = try #require(throws: FactsError.self) { try FactsDatabase.open(at: url) }
        #expect(error.message == "the facts tables are at version 7, newer than this app knows (1); it was left as it is")
        #expect(try Data(contentsOf: url) == before, "the file was switched to WAL mode before the facts tables were checked")
    }
}
