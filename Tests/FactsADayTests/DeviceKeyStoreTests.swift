import Bugle
import BugleSimulator
import Foundation
import Testing

@testable import FactsADay

/// The device key goes through the app's `DeviceKeyStore` (the Keychain on a phone), never
/// into the SQLite file; a key an earlier version kept in the file moves into the store once.
@Suite(.serialized) struct DeviceKeyStoreTests {
    let server: StubFactsServer
    let directory: URL
    let database: FactsDatabase
    let clock = RecordingClock()

    init() throws {
        server = try StubFactsServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try FactsDatabase.open(at: directory.appendingPathComponent("facts.sqlite"))
    }

    func downloader(_ keys: (any DeviceKeyStore)?) -> FactsDownloader<RecordingClock> {
        FactsDownloader(service: HTTPFactsService(baseURL: server.baseURL), database: database, clock: clock, deviceKeys: keys)
    }

    var registrations: Int { server.requestLog.filter { $0.contains("register") }.count }

    /// Every byte of the SQLite file and its journal, as text.
    func fileContents() throws -> String {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        return try files.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }.joined()
    }

    @Test func theRegisteredKeyIsKeptInTheStoreAndNowhereInTheFile() async throws {
        let keychain = MemoryKeyStore()
        let categories = try await downloader(keychain).initialize(language: .en)
        #expect(categories.count == 8)
        let key = try #require(keychain.key)
        #expect(try database.deviceKey() == nil)
        #expect(!(try fileContents().contains(key)))
        // The download presents the store's key, and the service accepts it.
        let count = try await downloader(keychain).download(FactsQuery(language: .en, categories: [], difficulty: .all))
        #expect(count == 150)
        #expect(!(try fileContents().contains(key)))
    }

    @Test func aKeyInTheStoreIsReusedAcrossLaunches() async throws {
        let keychain = MemoryKeyStore()
        _ = try await downloader(keychain).initialize(language: .en)
        _ = try await downloader(keychain).initialize(language: .de)
        #expect(registrations == 1)
        #expect(keychain.saves == 1)
    }

    @Test func aKeyTheServiceForgotIsReplacedInTheStore() async throws {
        let keychain = MemoryKeyStore()
        _ = try await downloader(keychain).initialize(language: .en)
        let first = keychain.key
        server.forgetKeys()
        _ = try await downloader(keychain).initialize(language: .en)
        #expect(registrations == 2)
        #expect(keychain.key != nil && keychain.key != first)
        #expect(try database.deviceKey() == nil)
    }

    @Test func aKeyAnEarlierVersionLeftInTheFileMovesIntoTheStoreOnce() async throws {
        // An earlier version registered and kept the key in the database.
        _ = try await downloader(nil).initialize(language: .en)
        let earlier = try #require(try database.deviceKey())
        let keychain = MemoryKeyStore()
        _ = try await downloader(keychain).initialize(language: .en)
        _ = try await downloader(keychain).initialize(language: .en)
        #expect(registrations == 1)  // Still registered: the key was kept.
        #expect(keychain.key == earlier)
        #expect(keychain.saves == 1)
        #expect(try database.deviceKey() == nil)
    }

    @Test func aStoreThatFailsFailsTheStepAndWritesNothing() async throws {
        let keychain = MemoryKeyStore(failsToSave: true)
        await #expect(throws: MemoryKeyStore.Refused.self) { try await downloader(keychain).initialize(language: .en) }
        // No fallback into the file, and no metadata either: the step wrote nothing.
        #expect(try database.deviceKey() == nil)
        #expect(try database.categories().isEmpty)
    }

    @Test func withoutAStoreTheKeyStaysInTheDatabaseAsBefore() async throws {
        _ = try await downloader(nil).initialize(language: .en)
        let key = try #require(try database.deviceKey())
        #expect(try DatabaseDeviceKeyStore(database: database).load() == key)
        try DatabaseDeviceKeyStore(database: database).delete()
        #expect(try database.deviceKey() == nil)
        try DatabaseDeviceKeyStore(database: database).delete()
    }
}

/// A Keychain stand-in: one key in memory, counting saves.
final class MemoryKeyStore: DeviceKeyStore, @unchecked Sendable {
    struct Refused: Error {}

    private let lock = NSLock()
    private let failsToSave: Bool
    private var stored: String?
    private var saveCount = 0

    init(failsToSave: Bool = false) { self.failsToSave = failsToSave }

    var key: String? { lock.withLock { stored } }
    var saves: Int { lock.withLock { saveCount } }

    func load() throws -> String? { key }

    func save(_ key: String) throws {
        if failsToSave { throw Refused() }
        lock.withLock {
            stored = key
            saveCount += 1
        }
    }

    func delete() throws { lock.withLock { stored = nil } }
}
