import Bugle
import BugleSimulator
import Foundation
import GRDB
import Testing

@testable import FactsADay

/// Every request is bounded. Against servers on loopback that never answer, drip, send
/// without end, fail or do not speak HTTP, onboarding fails within its budget, tells the
/// user what happened (only an unreachable server is "Check your internet connection"), and
/// leaves the database exactly as it was. These wait for real, on short limits.
@Suite(.ownThreads) struct BoundedNetworkTests {
    /// Short limits, so that each case waits a second or two: connect 1 s, idle 1.5 s (more
    /// than the drips' 0.5 s), total 2.5 s, 64 KiB.
    static func limits() throws -> NetworkLimits {
        try NetworkLimits(connect: .seconds(1), idle: .milliseconds(1500), total: .milliseconds(2500), maximumBodySize: 64 << 10)
    }

    /// 3 attempts, 0.1 s and 0.2 s apart, within 3 s.
    static func retry() throws -> RetryPolicy {
        try RetryPolicy(attempts: 3, initialDelay: .milliseconds(100), budget: .seconds(3))
    }

    static func downloader(_ server: HostileServer, _ database: FactsDatabase) throws -> FactsDownloader<ContinuousClock> {
        FactsDownloader(
            service: HTTPFactsService(baseURL: try server.baseURL, limits: try limits()), database: database,
            clock: ContinuousClock(), retry: try retry())
    }

    /// A hostile server and what the user must see.
    struct Case: Sendable, CustomTestStringConvertible {
        var behavior: HostileServer.Behavior
        var code: FactsError.Code
        /// How the message starts; `{server}` stands for `127.0.0.1:port`.
        var says: String
        /// The most the failure may take, in seconds: the 3 s budget or less, plus a margin.
        var atMost: Double
        /// How often the server is asked: once, since the user, not initialization, tries again.
        var connections: ClosedRange<Int> = 1...1

        var testDescription: String { "a server that \(behavior)" }
    }

    static let cases: [Case] = [
        Case(
            behavior: .silent, code: .timeout,
            says: "The server at {server} did not answer within 1 s", atMost: 2),
        Case(
            behavior: .dripAnswer(interval: .milliseconds(500)), code: .timeout,
            says: "The server at {server} did not answer within 1 s", atMost: 2),
        Case(
            behavior: .dripBody(interval: .milliseconds(500)), code: .timeout,
            says: "The server at {server} did not finish answering within 2.5 s", atMost: 4),
        Case(
            behavior: .endlessBody, code: .tooLarge,
            says: "The server at {server} sent more than 64 KiB for /api/devices/register; a facts page is far smaller", atMost: 2),
        Case(
            behavior: .declaredHugeBody, code: .tooLarge,
            says: "The server at {server} announced 10000000000 bytes for /api/devices/register, more than 64 KiB; a facts page is far smaller",
            atMost: 2),
        Case(
            behavior: .status(500), code: .serverError,
            says: "The server at {server} answered HTTP 500 to /api/devices/register (internal: something broke)", atMost: 2),
        Case(
            behavior: .notHTTP("SSH-2.0-OpenSSH_9.6\r\n"), code: .invalidResponse,
            says: "{server} is not the Facts A Day content service: it answered something that is not HTTP", atMost: 2),
        Case(
            behavior: .notJSON, code: .invalidResponse,
            says: "{server} is not the Facts A Day content service: it answered /api/devices/register with “<html><body>Welcome to nginx!</body></html>”",
            atMost: 2),
        Case(
            behavior: .closeAtOnce, code: .serverError,
            says: "The server at {server} closed the connection without answering", atMost: 2),
    ]

    @Test(arguments: cases)
    func onboardingFailsWithinItsBudgetAndSaysWhy(_ hostile: Case) async throws {
        let server = try HostileServer(hostile.behavior)
        defer { server.stop() }
        let database = try FactsDatabase.inMemory()
        let before = try DatabaseSnapshot(database)
        let downloader = try Self.downloader(server, database)
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        #expect(onboarding.handle(.continueTapped) == [.initialize(.en)])

        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: FactsError.self) { try await downloader.initialize(language: .en) }
        let elapsed = started.duration(to: clock.now)
        let failure = try #require(error)
        onboarding.handle(.initializationFailed(failure))

        let says = hostile.says.replacingOccurrences(of: "{server}", with: server.name)
        #expect(failure.code == hostile.code)
        #expect(failure.message == says)
        #expect(onboarding.initializationError == "\(failure.message). Tap Continue to try again.")
        #expect(onboarding.initializationError?.contains("internet") == false)
        #expect(onboarding.step == .language)
        #expect(!onboarding.isInitializing)
        #expect(elapsed <= .seconds(hostile.atMost), "took \(elapsed)")
        #expect(hostile.connections.contains(server.connections), "asked \(server.connections) times")
        #expect(try DatabaseSnapshot(database) == before)
    }

    @Test func anUnreachableServerAloneAsksToCheckTheConnection() async throws {
        let server = try HostileServer(.silent)
        server.stop()
        let database = try FactsDatabase.inMemory()
        let error = await #expect(throws: FactsError.self) { try await Self.downloader(server, database).initialize(language: .en) }
        let failure = try #require(error)
        #expect(failure.code == .network)
        #expect(failure.message.hasPrefix("Cannot connect to the server at \(server.name)"), "\(failure.message)")
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initializationFailed(failure))
        #expect(onboarding.initializationError == Onboarding.connectionError)
    }

    /// The registration succeeds and the metadata never comes: the device key is not kept,
    /// so the database is exactly as before.
    @Test func aServerThatRegistersButNeverSendsTheMetadataLeavesTheDatabaseAsItWas() async throws {
        let server = try HostileServer(.registersThenSilent)
        defer { server.stop() }
        let database = try FactsDatabase.inMemory()
        let before = try DatabaseSnapshot(database)
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: FactsError.self) { try await Self.downloader(server, database).initialize(language: .en) }
        #expect(started.duration(to: clock.now) <= .seconds(4))
        #expect(error?.code == .timeout)
        #expect(server.requests.map { $0.split(separator: "?")[0] } == ["POST /api/devices/register HTTP/1.1", "GET /api/metadata"], "asked once each")
        #expect(try database.deviceKey() == nil)
        #expect(try DatabaseSnapshot(database) == before)
    }

    /// The download's pages are bounded the same way, each page within the budget.
    @Test(arguments: [HostileServer.Behavior.endlessBody, .dripBody(interval: .milliseconds(500))])
    func aHostileDownloadFailsWithinItsBudgetAndStoresNothing(_ behavior: HostileServer.Behavior) async throws {
        let server = try HostileServer(behavior)
        defer { server.stop() }
        let database = try FactsDatabase.inMemory()
        try database.saveDeviceKey("a-key")
        let before = try DatabaseSnapshot(database)
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: FactsError.self) {
            try await Self.downloader(server, database).download(FactsQuery(language: .en, categories: [], difficulty: .all))
        }
        #expect(started.duration(to: clock.now) <= .seconds(4))
        #expect([.tooLarge, .timeout].contains(error?.code))
        #expect(error?.message.contains("/api/facts") == true || error?.code == .timeout, "\(String(describing: error))")
        #expect(try DatabaseSnapshot(database) == before)

        var onboarding = OnboardingTests.atNotifications()
        onboarding.handle(.downloadFailed(try #require(error)))
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.authorized))
        onboarding.handle(.downloadFailed(try #require(error)))
        let alert = try #require(onboarding.alert)
        #expect(alert.title == "Download Failed")
        #expect(!alert.message.contains("internet"), "\(alert.message)")
    }

    /// A request made directly, without the downloader, is bounded by its own limits.
    @Test func aRequestOnItsOwnEndsWithinItsTotal() async throws {
        let server = try HostileServer(.dripBody(interval: .milliseconds(500)))
        defer { server.stop() }
        let service = HTTPFactsService(baseURL: try server.baseURL, limits: try Self.limits())
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: FactsError.self) { try await service.metadata(language: .en, deviceKey: "k") }
        #expect(started.duration(to: clock.now) <= .seconds(3.5))
        #expect(error?.message == "The server at \(server.name) did not finish answering within 2.5 s")
    }

    /// A URL that is not http or https is a mistake in the app, not a server that speaks
    /// something else.
    @Test func aURLThatIsNotHTTPIsAConfigurationError() async throws {
        let service = HTTPFactsService(baseURL: try #require(URL(string: "ftp://127.0.0.1:21")))
        let error = await #expect(throws: FactsError.self) { try await service.metadata(language: .en, deviceKey: "k") }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message == "the content service's URL must start with http:// or https://, found ftp://127.0.0.1:21/api/metadata?language=en")
    }

    /// Cancelling the task that waits ends the request at once.
    @Test func cancellingEndsTheRequestAtOnce() async throws {
        let server = try HostileServer(.silent)
        defer { server.stop() }
        let service = HTTPFactsService(baseURL: try server.baseURL, limits: try NetworkLimits(connect: .seconds(30), total: .seconds(60)))
        let clock = ContinuousClock()
        let started = clock.now
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await service.register(DeviceInfo(platform: "linux", model: "bugle", osVersion: "1"), language: .en) }
            try await Task.sleep(for: .milliseconds(200))
            group.cancelAll()
            await #expect(throws: CancellationError.self) { _ = try await group.next() }
        }
        #expect(started.duration(to: clock.now) <= .seconds(2))
    }
}

/// How the budget composes with retries, on a clock that does not wait.
@Suite struct RetryBudgetTests {
    /// Each call takes `takes` on `clock` (or the time it was given, if less), then fails
    /// with `failure`; it records the time limit it was given.
    struct SlowService: FactsService {
        let clock: RecordingClock
        let takes: Duration
        let failure: FactsError
        let limits = Recorder<Duration>()

        func fail(_ limit: Duration) async throws -> Never {
            limits.append(limit)
            try await clock.sleep(for: min(takes, limit))
            throw failure
        }

        func register(_ device: DeviceInfo, language: FactsLanguage, within timeLimit: Duration) async throws -> String { try await fail(timeLimit) }
        func metadata(language: FactsLanguage, deviceKey: String, within timeLimit: Duration) async throws -> FactsMetadata { try await fail(timeLimit) }
        func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String, within timeLimit: Duration) async throws -> FactsPage {
            try await fail(timeLimit)
        }
    }

    /// A downloader of `service` for a registered device, on `clock`.
    static func downloader(_ service: SlowService, retry: RetryPolicy = RetryPolicy()) throws -> FactsDownloader<RecordingClock> {
        let database = try FactsDatabase.inMemory()
        try database.saveDeviceKey("a-key")
        return FactsDownloader(service: service, database: database, clock: service.clock, retry: retry)
    }

    static let everything = FactsQuery(language: .en, categories: [], difficulty: .all)

    /// With the defaults (budget 14 s, waits 1 s and 2 s) and a server that never answers
    /// (each attempt ends at `connect`, 5 s): a page is asked at 0 s and 6 s, and given up on
    /// at 11 s, because after the 2 s wait only 1 s would be left for a 5 s attempt.
    @Test func aTimeoutIsRetriedOnlyWhileTheBudgetHoldsAnotherAsLong() async throws {
        let clock = RecordingClock()
        let service = SlowService(clock: clock, takes: .seconds(5), failure: FactsError(.timeout, "The server at x did not answer within 5 s"))
        let downloader = try Self.downloader(service)
        let error = await #expect(throws: FactsError.self) { try await downloader.download(Self.everything) }
        #expect(error?.message == "The server at x did not answer within 5 s (2 tries)")
        #expect(service.limits.values == [.seconds(14), .seconds(8)])
        #expect(clock.sleeps == [.seconds(5), .seconds(1), .seconds(5)])
        #expect(clock.now.offset == .seconds(11))
    }

    /// A failure that comes at once is retried with the seed's waits while the budget lasts,
    /// even when more attempts are allowed; each attempt is given what is left of it.
    @Test func quickFailuresAreRetriedUntilTheBudgetIsSpent() async throws {
        let clock = RecordingClock()
        let service = SlowService(clock: clock, takes: .zero, failure: FactsError(.network, "Cannot connect to the server at x"))
        let downloader = try Self.downloader(service, retry: try RetryPolicy(attempts: 4, initialDelay: .seconds(1), budget: .seconds(5)))
        let error = await #expect(throws: FactsError.self) { try await downloader.download(Self.everything) }
        #expect(error?.code == .network)
        #expect(error?.message == "Cannot connect to the server at x (3 tries)")
        #expect(service.limits.values == [.seconds(5), .seconds(4), .seconds(2)])
        #expect(clock.sleeps.filter { $0 > .zero } == [.seconds(1), .seconds(2)])
    }

    /// Initialization is one step: registration and metadata share one budget.
    @Test func registrationAndMetadataShareOneBudget() async throws {
        let clock = RecordingClock()
        let inner = SlowService(clock: clock, takes: .seconds(5), failure: FactsError(.timeout, "late"))
        struct RegistersInFourSeconds: FactsService {
            let inner: SlowService
            func register(_ device: DeviceInfo, language: FactsLanguage, within timeLimit: Duration) async throws -> String {
                try await inner.clock.sleep(for: .seconds(4))
                return "key"
            }
            func metadata(language: FactsLanguage, deviceKey: String, within timeLimit: Duration) async throws -> FactsMetadata {
                try await inner.fail(timeLimit)
            }
            func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String, within timeLimit: Duration) async throws -> FactsPage {
                try await inner.fail(timeLimit)
            }
        }
        let database = try FactsDatabase.inMemory()
        let downloader = FactsDownloader(service: RegistersInFourSeconds(inner: inner), database: database, clock: clock)
        await #expect(throws: FactsError.self) { try await downloader.initialize(language: .en) }
        #expect(inner.limits.values == [.seconds(10)])
        #expect(try database.deviceKey() == nil)
    }

    @Test func aNonHTTPAnswerIsNotRetried() async throws {
        let clock = RecordingClock()
        let service = SlowService(clock: clock, takes: .zero, failure: FactsError(.invalidResponse, "x is not the Facts A Day content service"))
        await #expect(throws: FactsError.self) { try await Self.downloader(service).download(Self.everything) }
        #expect(service.limits.values.count == 1)
        #expect(clock.sleeps.filter { $0 > .zero }.isEmpty)
    }

    /// The seed's download tries a page 3 times, waiting 1 s, then 2 s, and says so.
    @Test func theDownloadTriesAPageThreeTimes() async throws {
        let clock = RecordingClock()
        let service = SlowService(clock: clock, takes: .zero, failure: FactsError(.serverError, "The server at x answered HTTP 503 to /api/facts"))
        let error = await #expect(throws: FactsError.self) { try await Self.downloader(service).download(Self.everything) }
        #expect(error?.message == "The server at x answered HTTP 503 to /api/facts (3 tries)")
        #expect(service.limits.values.count == 3)
        #expect(clock.sleeps.filter { $0 > .zero } == [.seconds(1), .seconds(2)])
    }

    /// Initialization does not try again on its own: the language step shows the failure at
    /// once, and the user's Continue is the retry.
    @Test(arguments: [FactsError.Code.network, .timeout, .serverError])
    func initializationAsksOnceAndFailsAtOnce(_ code: FactsError.Code) async throws {
        let clock = RecordingClock()
        let service = SlowService(clock: clock, takes: .zero, failure: FactsError(code, "The server at x failed"))
        let downloader = FactsDownloader(service: service, database: try FactsDatabase.inMemory(), clock: clock)
        let error = await #expect(throws: FactsError.self) { try await downloader.initialize(language: .en) }
        #expect(error?.message == "The server at x failed")
        #expect(service.limits.values == [.seconds(14)], "one request, given the whole budget")
        #expect(clock.now.offset == .zero, "no wait before the error shows")
    }
}

/// The limits' ranges: a value outside is refused with a message, never a trap.
@Suite struct NetworkLimitsTests {
    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let limits = NetworkLimits()
        #expect(limits == (try NetworkLimits(connect: .seconds(5))))
        #expect([limits.connect, limits.idle, limits.total] == [.seconds(5), .seconds(10), .seconds(14)])
        #expect(limits.maximumBodySize == 4 << 20)
        let retry = RetryPolicy()
        #expect(retry == (try RetryPolicy(attempts: 3)))
        #expect(retry.attempts == 3 && retry.initialDelay == .seconds(1) && retry.budget == .seconds(14))
        #expect((1...2).map(retry.delay(beforeRetry:)) == [.seconds(1), .seconds(2)])
    }

    /// A value out of range and the message it gets.
    struct BadValue: Sendable, CustomTestStringConvertible {
        let make: @Sendable () throws -> Void
        let message: String
        var testDescription: String { message }

        init(_ message: String, _ make: @escaping @Sendable () throws -> Void) {
            self.make = make
            self.message = message
        }
    }

    static let badValues = [
        BadValue("connect must be between 0.1 s and 60 s, found 0 s") { _ = try NetworkLimits(connect: .zero) },
        BadValue("connect must be between 0.1 s and 60 s, found 61 s") { _ = try NetworkLimits(connect: .seconds(61)) },
        BadValue("idle must be between 0.1 s and 300 s, found -0.005 s") { _ = try NetworkLimits(idle: .milliseconds(-5)) },
        BadValue("total must be between 0.1 s and 600 s, found 9223372036854775807 s") { _ = try NetworkLimits(total: .seconds(Int64.max)) },
        BadValue("maximumBodySize must be between 1024 and 67108864 bytes (1 KiB to 64 MiB), found 0") { _ = try NetworkLimits(maximumBodySize: 0) },
        BadValue("maximumBodySize must be between 1024 and 67108864 bytes (1 KiB to 64 MiB), found 9223372036854775807") {
            _ = try NetworkLimits(maximumBodySize: .max)
        },
        BadValue("attempts must be between 1 and 10, found 0") { _ = try RetryPolicy(attempts: 0) },
        BadValue("attempts must be between 1 and 10, found 9223372036854775807") { _ = try RetryPolicy(attempts: .max) },
        BadValue("initialDelay must be between 0 s and 60 s, found -1 s") { _ = try RetryPolicy(initialDelay: .seconds(-1)) },
        BadValue("budget must be between 0.1 s and 600 s, found 601 s") { _ = try RetryPolicy(budget: .seconds(601)) },
    ]

    @Test(arguments: badValues)
    func aValueOutsideItsRangeIsRefused(_ bad: BadValue) {
        let error = #expect(throws: FactsError.self) { try bad.make() }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message == bad.message)
    }
}
