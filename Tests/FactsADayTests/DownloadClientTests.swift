import Bugle
import BugleSimulator
import Foundation
import GRDB
import Testing

@testable import FactsADay

/// The download client against a real HTTP server on loopback (``StubFactsServer``).
@Suite(.serialized) struct DownloadClientTests {
    let server: StubFactsServer
    let database: FactsDatabase
    let clock = RecordingClock()

    init() throws {
        server = try StubFactsServer()
        database = try FactsDatabase.inMemory()
    }

    func downloader(pageSize: Int = 50) -> FactsDownloader<RecordingClock> {
        FactsDownloader(service: HTTPFactsService(baseURL: server.baseURL), database: database, clock: clock, pageSize: pageSize)
    }

    @Test func initializationRegistersTheDeviceAndStoresTheCategories() async throws {
        let categories = try await downloader().initialize(language: .en)
        #expect(categories.map(\.slug).sorted() == StubFactsServer.fixtureCategories.map(\.slug).sorted())
        #expect(try database.categories().count == 8)
        #expect(try database.contentTypes().map(\.slug) == ["fact"])
        #expect(try database.deviceKey() != nil)
        #expect(
            server.requestLog.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == ["POST /api/devices/register", "GET /api/metadata?language=en"])
    }

    @Test func aSecondInitializationReusesTheDeviceKey() async throws {
        _ = try await downloader().initialize(language: .en)
        _ = try await downloader().initialize(language: .en)
        #expect(server.requestLog.filter { $0.contains("register") }.count == 1)
    }

    @Test func aKeyTheServerForgotIsReplaced() async throws {
        _ = try await downloader().initialize(language: .en)
        let first = try database.deviceKey()
        server.forgetKeys()
        let categories = try await downloader().initialize(language: .de)
        #expect(categories.count == 8)
        #expect(try database.deviceKey() != first)
        #expect(server.requestLog.filter { $0.contains("register") }.count == 2)
    }

    @Test func downloadsEveryPageWithProgress() async throws {
        _ = try await downloader().initialize(language: .en)
        let seen = Recorder<DownloadProgress>()
        let count = try await downloader().download(FactsQuery(language: .en, categories: [], difficulty: .all)) { seen.append($0) }
        #expect(count == 150)
        #expect(try database.factCount(language: .en) == 150)
        #expect(
            seen.values == [
                DownloadProgress(downloaded: 50, total: 150), DownloadProgress(downloaded: 100, total: 150), DownloadProgress(downloaded: 150, total: 150),
            ])
        #expect(seen.values.map(\.percentage) == [33, 66, 100])
        #expect(server.requestLog.filter { $0.contains("/api/facts") }.count == 3)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func downloadsOnlyTheChosenCategoriesAndDifficulty() async throws {
        _ = try await downloader().initialize(language: .en)
        let query = FactsQuery(language: .en, categories: ["space", "history", "animals", "science", "art"], difficulty: .beginner)
        let count = try await downloader(pageSize: 7).download(query)
        let expected = server.facts.filter { ["space", "history", "animals", "science", "art"].contains($0.category!) && $0.difficulty == "beginner" }
        #expect(count == expected.count)
        #expect(try database.factCount() == expected.count)
    }

    @Test func aPageFailingTwiceIsTriedAgainWithExponentialBackoff() async throws {
        _ = try await downloader().initialize(language: .en)
        server.failNext(2)
        let count = try await downloader().download(FactsQuery(language: .en, categories: [], difficulty: .all))
        #expect(count == 150)
        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
    }

    /// The seed's `getAllFactsWithRetry(maxRetries = 3)`: three attempts in all.
    @Test func givesUpAfterThreeAttempts() async throws {
        _ = try await downloader().initialize(language: .en)
        server.failNext(3)
        let error = await #expect(throws: FactsError.self) {
            try await downloader().download(FactsQuery(language: .en, categories: [], difficulty: .all))
        }
        #expect(error?.message == "The server at 127.0.0.1:\(server.port) answered HTTP 503 to /api/facts (unavailable: injected failure) (3 tries)")
        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
        #expect(server.requestLog.filter { $0.contains("/api/facts") }.count == 3)
        #expect(try database.factCount() == 0)
    }

    @Test func aRefusalIsNotRetried() async throws {
        _ = try await downloader().initialize(language: .en)
        let error = await #expect(throws: FactsError.self) {
            try await downloader(pageSize: 500).download(FactsQuery(language: .en, categories: [], difficulty: .all))
        }
        #expect(error?.code == .rejected)
        #expect(error?.message.contains("page_size must be between 1 and 200") == true)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aFailedPageKeepsTheWholePagesBeforeIt() async throws {
        _ = try await downloader().initialize(language: .en)
        // The first page succeeds; the second fails every time, past the attempts.
        let service = FailingAfterFirstPage(inner: HTTPFactsService(baseURL: server.baseURL), server: server)
        let downloader = FactsDownloader(service: service, database: database, clock: clock)
        await #expect(throws: FactsError.self) { try await downloader.download(FactsQuery(language: .en, categories: [], difficulty: .all)) }
        #expect(try database.factCount() == 50)
    }

    @Test func aDatabaseWriteFailureRollsThePageBack() async throws {
        _ = try await downloader().initialize(language: .en)
        try await #require(database.writer).write { db in
            try db.execute(sql: "CREATE TRIGGER refuse_75 BEFORE INSERT ON facts WHEN NEW.id = 75 BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        let error = await #expect(throws: FactsError.self) {
            try await downloader().download(FactsQuery(language: .en, categories: [], difficulty: .all))
        }
        #expect(error?.code == .storage)
        #expect(try database.factCount() == 50)
    }

    @Test func noServerIsANetworkFailureAtOnce() async throws {
        server.stop()
        let error = await #expect(throws: FactsError.self) { try await downloader().initialize(language: .en) }
        #expect(error?.code == .network)
        #expect(error?.message == "Cannot connect to the server at 127.0.0.1:\(server.port)")
        #expect(clock.sleeps.isEmpty, "initialization does not try again on its own: Continue does")
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initializationFailed(try #require(error)))
        #expect(onboarding.initializationError == "Check your internet connection")
    }

    @Test func metadataWithoutADeviceKeyIsRefused() async throws {
        let error = await #expect(throws: FactsError.self) {
            try await HTTPFactsService(baseURL: server.baseURL).metadata(language: .en, deviceKey: "nope")
        }
        #expect(error?.code == .rejected)
        #expect(error?.message.contains("invalid_device_key") == true)
    }
}

/// Passes the first facts page through, then makes the server fail every later request.
struct FailingAfterFirstPage: FactsService {
    let inner: HTTPFactsService
    let server: StubFactsServer

    func register(_ device: DeviceInfo, language: FactsLanguage, within timeLimit: Duration) async throws -> String {
        try await inner.register(device, language: language, within: timeLimit)
    }
    func metadata(language: FactsLanguage, deviceKey: String, within timeLimit: Duration) async throws -> FactsMetadata {
        try await inner.metadata(language: language, deviceKey: deviceKey, within: timeLimit)
    }
    func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String, within timeLimit: Duration) async throws -> FactsPage {
        if page == 2 { server.failNext(1) }
        return try await inner.facts(query, page: page, pageSize: pageSize, deviceKey: deviceKey, within: timeLimit)
    }
}

/// Collects values from a `@Sendable` callback.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    var values: [Value] { lock.withLock { stored } }
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
}
