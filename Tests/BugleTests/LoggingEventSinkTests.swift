import Bugle
import BugleLogging
import Foundation
import Logging
import Testing

/// What a `LogHandler` received.
struct CapturedLog: Sendable {
    var level: Logger.Level
    var message: String
    var metadata: Logger.Metadata
}

final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [CapturedLog] = []
    func append(_ log: CapturedLog) {
        lock.lock()
        stored.append(log)
        lock.unlock()
    }
    var logs: [CapturedLog] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// A handler that keeps every record in memory, for assertions.
struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        for (key, value) in event.metadata ?? [:] { merged[key] = value }
        capture.append(CapturedLog(level: event.level, message: event.message.description, metadata: merged))
    }
}

@Suite("LoggingEventSink writes scheduler events through swift-log")
struct LoggingEventSinkTests {
    func makeSink(level: Logger.Level = .trace, metadata: Logger.Metadata = [:]) -> (LoggingEventSink, LogCapture) {
        let capture = LogCapture()
        var logger = Logger(label: "bugle.tests", factory: { _ in CapturingLogHandler(capture: capture) })
        logger.logLevel = level
        for (key, value) in metadata { logger[metadataKey: key] = value }
        return (LoggingEventSink(logger: logger), capture)
    }

    func string(_ value: Logger.Metadata.Value?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    let at = utc(2026, 3, 8, 12, 0)

    /// A real drop, from a plan (`DroppedCandidate` has no public initializer).
    func quietHoursDrop() throws -> DroppedCandidate {
        let plan = Planner(rules: [once("late", wall(2026, 3, 8, 23, 0))], policies: [QuietHours(start: time(22, 0), end: time(7, 0))])
            .plan(PlanInput(now: utc(2026, 3, 8, 12, 0), calendar: gregorian("UTC")))
        return try #require(plan.report.dropped.first)
    }

    @Test func scheduledRequestsAreLoggedWithIdRuleAndFireDate() throws {
        let (sink, capture) = makeSink()
        let request = NotificationRequest(id: "bugle.coffee@2026-03-08", fireTime: .wallClock(wall(2026, 3, 8, 8, 30)), content: content(), ruleID: "coffee")
        sink.record(.scheduled(request, fireDate: utc(2026, 3, 8, 12, 30), at: at))
        let log = try #require(capture.logs.first)
        #expect(capture.logs.count == 1)
        #expect(log.level == .info)
        #expect(log.message == "scheduled")
        #expect(string(log.metadata["event"]) == "scheduled")
        #expect(string(log.metadata["id"]) == "bugle.coffee@2026-03-08")
        #expect(string(log.metadata["rule"]) == "coffee")
        #expect(string(log.metadata["fireDate"]) == "2026-03-08T12:30:00Z")
        #expect(string(log.metadata["at"]) == "2026-03-08T12:00:00Z")
    }

    @Test func dropsCarryTheReasonAndTheDetail() throws {
        let (sink, capture) = makeSink()
        let drop = try quietHoursDrop()
        sink.record(.dropped(drop, at: at))
        let log = try #require(capture.logs.first)
        #expect(log.level == .debug)
        #expect(log.message == "dropped")
        #expect(string(log.metadata["id"]) == "late")
        #expect(string(log.metadata["rule"]) == "late")
        #expect(string(log.metadata["reason"]) == "quietHours")
        #expect(string(log.metadata["detail"]) == drop.detail)
        #expect(drop.detail.contains("23:00"))
    }

    @Test func failuresAreWarnings() throws {
        let (sink, capture) = makeSink()
        sink.record(.failed(operation: "add", id: "bugle.x", message: "injected failure", at: at))
        let log = try #require(capture.logs.first)
        #expect(log.level == .warning)
        #expect(string(log.metadata["operation"]) == "add")
        #expect(string(log.metadata["id"]) == "bugle.x")
        #expect(string(log.metadata["error"]) == "injected failure")
    }

    @Test func everyKindOfEventIsLoggedOnceWithItsKind() throws {
        let (sink, capture) = makeSink()
        let request = NotificationRequest(id: "bugle.a", fireTime: .wallClock(wall(2026, 3, 8, 9, 0)), content: content(), ruleID: "a")
        let drop = try quietHoursDrop()
        let events: [SchedulerEvent] = [
            .refreshed(reason: .timeZoneChanged, at: at),
            .scheduled(request, fireDate: utc(2026, 3, 8, 13, 0), at: at),
            .cancelled(id: "bugle.a", reason: .obsolete, at: at),
            .dropped(drop, at: at),
            .delivered(DeliveredNotification(request: request, date: utc(2026, 3, 8, 13, 0))),
            .opened(id: "bugle.a", at: at),
            .failed(operation: "remove", id: nil, message: "boom", at: at),
            .skipped(reason: "notifications are denied", at: at),
        ]
        for event in events { sink.record(event) }
        let logs = capture.logs
        #expect(logs.count == events.count)
        #expect(logs.map { string($0.metadata["event"]) } == events.map(\.kind))
        #expect(logs.map(\.level) == [.debug, .info, .info, .debug, .info, .info, .warning, .notice])
        #expect(string(logs[0].metadata["reason"]) == "timeZoneChanged")
        #expect(string(logs[2].metadata["reason"]) == "no longer planned")
        #expect(string(logs[4].metadata["at"]) == "2026-03-08T13:00:00Z")
        #expect(string(logs[7].metadata["reason"]) == "notifications are denied")
        #expect(logs[6].metadata["id"] == nil)
    }

    @Test func theLoggersLevelAndMetadataApply() {
        let (sink, capture) = makeSink(level: .info, metadata: ["app": "tests"])
        sink.record(.refreshed(reason: .launch, at: at))  // debug: filtered out
        sink.record(.opened(id: "bugle.a", at: at))
        #expect(capture.logs.map(\.message) == ["opened"])
        #expect(string(capture.logs.first?.metadata["app"]) == "tests")
    }

    /// End to end: a scheduler logging through the sink logs each request it adds.
    @Test func aSchedulerLogsWhatItSchedules() async throws {
        let (sink, capture) = makeSink()
        let center = FakeCenter()
        let calendar = gregorian("Europe/London")
        let now = utc(2026, 1, 5, 7, 0)
        let scheduler = Scheduler(
            planner: Planner(rules: [daily("a", 9, 0)], budget: budget(3)), center: center,
            environment: SchedulerEnvironment(now: { now }, calendar: { calendar }), sink: sink)
        try await scheduler.refresh(reason: .launch)
        let scheduled = capture.logs.filter { $0.message == "scheduled" }
        #expect(Set(scheduled.compactMap { string($0.metadata["id"]) }) == ["bugle.a@2026-01-05", "bugle.a@2026-01-06", "bugle.a@2026-01-07"])
        #expect(capture.logs.first?.message == "refresh")
    }
}
