import Bugle
import BugleSimulator
import FactsADay
import FactsServer
import Foundation
import Testing

/// The Facts A Day app (its onboarding, HTTP client, SQLite database and Bugle scheduler)
/// against this server, started by each test on loopback over the corpus the project ships.
/// The client's own tests use a stub; these check that the two sides agree on the contract.
@Suite struct AppAgainstServerTests {
    /// The six categories most onboardings here choose: 84 facts in each language.
    static let chosen = ["space", "animals", "history", "science", "oceans", "plants"]

    @Test(arguments: Backend.all)
    func onboardingDownloadsTheChosenFactsAndSchedules64Days(backend: Backend) async throws {
        try await TestServer.with(backend, corpus: Fixture.shipped) { server in
            var app = try FactsApp(server: server)
            try await app.onboard(language: .en, categories: Self.chosen, difficulty: .all)

            let expected = try ShippedCorpus.facts(language: "en", categories: Self.chosen, difficulty: nil)
            #expect(expected.count >= 64, "the shipped corpus has \(expected.count) matching facts")
            #expect(app.onboarding.step == .success)
            #expect(app.progress.last == DownloadProgress(downloaded: expected.count, total: expected.count))
            #expect(app.progress.count == (expected.count + 49) / 50, "one progress report per page of 50")
            #expect(try app.database.factCount(language: .en) == expected.count)
            #expect(try app.database.categories().count == 12)

            let scheduled = try app.database.scheduledFacts()
            #expect(scheduled.count == 64)
            // 08:00 in Berlin, before 09:00: the first fact is today's.
            #expect(scheduled.map(\.date) == (0..<64).map { FactsApp.today.adding(days: $0) })
            #expect(Set(scheduled.map(\.fact.id)).count == 64)
            for item in scheduled {
                #expect(item.fact.language == "en")
                #expect(Self.chosen.contains(item.fact.category ?? ""), "fact \(item.fact.id) is in \(item.fact.category ?? "no category")")
                #expect(expected.contains(item.fact.title ?? ""), "fact \(item.fact.id) is not in the shipped corpus")
            }

            let pending = try await app.center.pendingRequests()
            #expect(Set(pending.map(\.id)) == Set(scheduled.map(\.notificationID)))
            let bodies = Dictionary(uniqueKeysWithValues: scheduled.map { ($0.notificationID, FactSchedule.notificationBody($0.fact)) })
            for request in pending {
                guard case .wallClock(let local) = request.fireTime else {
                    Issue.record("\(request.id) fires at a fixed instant, not at 09:00 on the wall clock")
                    continue
                }
                #expect(local.time == "09:00")
                #expect(request.content.body == bodies[request.id])
            }
            #expect(try app.database.isOnboardingComplete())
            #expect(try app.database.preferences()?.categories == Self.chosen.sorted())
        }
    }

    @Test(arguments: FactsLanguage.allCases)
    func everyLanguageOnboardsWithItsOwnFacts(language: FactsLanguage) async throws {
        try await TestServer.with(.sqlite, corpus: Fixture.shipped) { server in
            var app = try FactsApp(server: server)
            try await app.onboard(language: language, categories: Self.chosen, difficulty: .all)

            let expected = try ShippedCorpus.facts(language: language.rawValue, categories: Self.chosen, difficulty: nil)
            #expect(try app.database.factCount(language: language) == expected.count)
            let scheduled = try app.database.scheduledFacts()
            #expect(scheduled.count == min(64, expected.count))
            #expect(scheduled.allSatisfy { $0.fact.language == language.rawValue && expected.contains($0.fact.title ?? "") })
            // The categories are stored with their names in the chosen language.
            let names = try app.database.categories().map(\.name)
            #expect(names.contains(try ShippedCorpus.categoryName("space", language: language.rawValue)))
        }
    }

    /// The seed's edge case: fewer facts than 64 match, so all of them are scheduled.
    @Test(arguments: Backend.all)
    func aNarrowChoiceSchedulesEveryMatchingFact(backend: Backend) async throws {
        try await TestServer.with(backend, corpus: Fixture.shipped) { server in
            var app = try FactsApp(server: server)
            let five = Array(Self.chosen.prefix(5))
            try await app.onboard(language: .de, categories: five, difficulty: .advanced)

            let expected = try ShippedCorpus.facts(language: "de", categories: five, difficulty: "advanced")
            #expect((1..<64).contains(expected.count), "the shipped corpus has \(expected.count) advanced German facts in the five categories")
            let scheduled = try app.database.scheduledFacts()
            #expect(scheduled.count == expected.count)
            #expect(scheduled.allSatisfy { $0.fact.difficulty == "advanced" })
            #expect(try await app.center.pendingRequests().count == expected.count)
            #expect(app.onboarding.step == .success)
        }
    }

    /// A server whose database was reset no longer knows the stored device key: the app
    /// registers again, on the server's `invalid_device_key` answer, instead of failing.
    @Test func aForgottenDeviceKeyIsReplacedByANewRegistration() async throws {
        let app = try FactsApp(serverURL: nil)
        var firstKey: String?
        try await TestServer.with(.sqlite, corpus: Fixture.shipped) { server in
            let downloader = app.downloader(for: server)
            _ = try await downloader.initialize(language: .en)
            firstKey = try app.database.deviceKey()
        }
        try await TestServer.with(.sqlite, corpus: Fixture.shipped) { server in
            let downloader = app.downloader(for: server)
            let categories = try await downloader.initialize(language: .fr)
            #expect(categories.count == 12)
            let secondKey = try #require(try app.database.deviceKey())
            #expect(secondKey != firstKey)
            #expect(try await server.get("/api/metadata?language=fr", key: secondKey).status == 200)
            try await downloader.download(FactsQuery(language: .fr, categories: ["art-music"], difficulty: .all))
            #expect(try app.database.factCount(language: .fr) == ShippedCorpus.facts(language: "fr", categories: ["art-music"], difficulty: nil).count)
        }
    }

    /// The app's page size and filters are ones the server accepts: a query the server
    /// refuses reaches the app as a refusal with the server's code, not as a network error
    /// to retry.
    @Test func aRefusedQueryIsNotRetried() async throws {
        try await TestServer.with(.sqlite, corpus: Fixture.shipped) { server in
            let app = try FactsApp(serverURL: nil)
            var downloader = app.downloader(for: server)
            _ = try await downloader.initialize(language: .en)
            downloader.pageSize = 500
            let error = try await #require(throws: FactsError.self) {
                try await downloader.download(FactsQuery(language: .en, categories: [], difficulty: .all))
            }
            #expect(error.code == .rejected)
            #expect(error.serviceCode == "invalid_parameter")
            #expect(app.clock.sleeps.isEmpty)
        }
    }

    /// With the server gone, the language step shows the seed's retryable error at once,
    /// without trying again on its own (the user's Continue does), and Continue works once a
    /// server answers again.
    @Test func anUnreachableServerShowsTheConnectionErrorAndContinueRetries() async throws {
        var app = try FactsApp(serverURL: nil)
        var port = 0
        try await TestServer.with(.sqlite, corpus: Fixture.shipped) { server in port = server.port }
        app.serverURL = URL(string: "http://127.0.0.1:\(port)")!
        try await app.send(.continueTapped)
        #expect(app.onboarding.step == .language)
        #expect(app.onboarding.initializationError == Onboarding.connectionError)
        #expect(app.clock.sleeps.isEmpty)

        try await TestServer.with(.sqlite, corpus: Fixture.shipped) { server in
            app.serverURL = URL(string: "http://127.0.0.1:\(server.port)")!
            try await app.send(.continueTapped)
            #expect(app.onboarding.step == .categories)
            #expect(app.onboarding.initializationError == nil)
            #expect(app.onboarding.categories.count == 12)
        }
    }
}

/// The app on a simulated device (Europe/Berlin, 2026-03-02 08:00) and center, with its own
/// in-memory database, talking to a test server over HTTP. Performs the onboarding's
/// actions as the app's shell does; the permission prompt is answered "Allow", and the
/// background download runs to its end before the notifications step goes on.
struct FactsApp {
    static let today: LocalDate = "2026-03-02"
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    var serverURL: URL?
    let database: FactsADay.FactsDatabase
    let device: SimulatedDevice
    let center: SimulatedCenter
    let scheduler: Scheduler
    let clock = RecordingClock()
    var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
    var progress: [DownloadProgress] = []
    var random = SystemRandomNumberGenerator()

    init(serverURL: URL?) throws {
        self.serverURL = serverURL
        database = try FactsADay.FactsDatabase.inMemory()
        let now = ZoneRules(timeZone: Self.zone, around: Date(timeIntervalSince1970: 1_772_434_800))
            .date(for: LocalDateTime(date: Self.today, time: "08:00"))
        device = SimulatedDevice(now: now, timeZone: Self.zone)
        center = SimulatedCenter(device: device, authorization: .notDetermined)
        scheduler = Scheduler(planner: FactsNotifier.planner(), center: center, environment: device.environment, journal: database.store)
    }

    init(server: TestServer) throws {
        try self.init(serverURL: URL(string: "http://127.0.0.1:\(server.port)")!)
    }

    func downloader(for server: TestServer) -> FactsDownloader<RecordingClock> {
        downloader(URL(string: "http://127.0.0.1:\(server.port)")!)
    }

    private func downloader(_ url: URL) -> FactsDownloader<RecordingClock> {
        FactsDownloader(
            service: HTTPFactsService(baseURL: url), database: database, clock: clock,
            device: DeviceInfo(platform: "ios", model: "iPhone15,2", osVersion: "17.4"))
    }

    /// Every step with these answers, from the language screen to the success screen.
    mutating func onboard(language: FactsLanguage, categories: [String], difficulty: Difficulty) async throws {
        try await send(.languageSelected(language))
        try await send(.continueTapped)
        try #require(onboarding.step == .categories, "initialization failed: \(onboarding.initializationError ?? "?")")
        for slug in categories { try await send(.categoryToggled(slug)) }
        try await send(.continueTapped)
        try #require(onboarding.step == .difficulty, "\(onboarding.selectedCategories) are not enough categories")
        try await send(.difficultySelected(difficulty))
        try await send(.continueTapped)
        try await send(.enableNotificationsTapped)
        try #require(onboarding.alert == nil, "onboarding stopped at the alert \(String(describing: onboarding.alert))")
    }

    mutating func send(_ input: Onboarding.Input) async throws {
        for action in onboarding.handle(input) {
            try await perform(action)
        }
    }

    private mutating func perform(_ action: Onboarding.Action) async throws {
        let client = downloader(try #require(serverURL))
        switch action {
        case .initialize(let language):
            do {
                try await send(.initialized(try await client.initialize(language: language)))
            } catch let error as FactsError {
                try await send(.initializationFailed(error))
            }
        case .startDownload(let query):
            let reports = Reports()
            do {
                try await client.download(query) { reports.append($0) }
                progress = reports.values
                for step in progress { try await send(.downloadProgressed(step)) }
                try await send(.downloadFinished(facts: try database.factCount(language: query.language)))
            } catch let error as FactsError {
                try await send(.downloadFailed(error))
            }
        case .requestPermission:
            await center.setAuthorization(.authorized)
            try await send(.permissionAnswered(.authorized))
        case .schedule(let time, let language):
            let notifier = FactsNotifier(database: database, scheduler: scheduler)
            do {
                try await send(.schedulingSucceeded(try await notifier.scheduleAll(time: time, language: language, using: &random)))
            } catch let error as FactsError {
                try await send(.schedulingFailed(error))
            }
        case .completeOnboarding(let preferences):
            try database.completeOnboarding(preferences)
        case .setLocale, .startSuccessTimer, .showMainApp:
            break
        }
    }
}

/// Values appended from a `@Sendable` closure.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [DownloadProgress] = []
    func append(_ value: DownloadProgress) { lock.withLock { stored.append(value) } }
    var values: [DownloadProgress] { lock.withLock { stored } }
}

/// The shipped corpus read straight from its files, to know what the server should serve
/// without asking the server.
enum ShippedCorpus {
    /// The titles of the facts in `language` whose category is one of `categories` and
    /// whose difficulty is `difficulty` (any when `nil`).
    static func facts(language: String, categories: [String], difficulty: String?) throws -> [String] {
        let file = Fixture.shipped.appendingPathComponent("facts").appendingPathComponent("\(language).jsonl")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        return try lines.compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let category = object["category"] as? String, categories.contains(category) else { return nil }
            if let difficulty, object["difficulty"] as? String != difficulty { return nil }
            return try #require(object["title"] as? String)
        }
    }

    /// The name of the category `slug` in `language`.
    static func categoryName(_ slug: String, language: String) throws -> String {
        let data = try Data(contentsOf: Fixture.shipped.appendingPathComponent("categories.json"))
        let categories = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let category = try #require(categories.first { $0["slug"] as? String == slug })
        return try #require((category["name"] as? [String: String])?[language])
    }
}
