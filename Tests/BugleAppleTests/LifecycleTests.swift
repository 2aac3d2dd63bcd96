import Bugle
import BugleApple
import Foundation
import Testing

/// Lifecycle signals, their reasons, and how bursts of them become refreshes.
@Suite struct LifecycleTests {
    @Test func signalsMapToReasons() {
        let expected: [LifecycleSignal: RefreshReason] = [
            .launch: .launch, .foreground: .foreground, .background: .background,
            .significantTimeChange: .clockChanged, .timeZoneChange: .timeZoneChanged, .dayChange: .dayChanged,
            .clockChange: .clockChanged, .backgroundRefresh: .backgroundTask, .localeChange: .timeZoneChanged,
        ]
        for signal in LifecycleSignal.allCases { #expect(signal.reason == expected[signal], "\(signal)") }
        #expect(LifecycleSignal.allCases.filter(\.isUrgent) == [.background, .backgroundRefresh])
    }

    @Test func theMostTellingReasonWins() {
        #expect(RefreshReason.clockChanged.merged(with: .dayChanged) == .dayChanged)
        #expect(RefreshReason.dayChanged.merged(with: .clockChanged) == .dayChanged)
        #expect(RefreshReason.clockChanged.merged(with: .timeZoneChanged) == .timeZoneChanged)
        #expect(RefreshReason.foreground.merged(with: .launch) == .launch)
        #expect(RefreshReason.foreground.merged(with: .background) == .foreground)
        // Every reason has a rank, so merging is the same in both orders.
        for a in RefreshReason.allCases {
            for b in RefreshReason.allCases { #expect(a.merged(with: b) == b.merged(with: a)) }
        }
    }

    typealias Coalescer = RefreshCoalescer<ManualClock.Instant>
    let zero = ManualClock.Instant(offset: .zero)
    func at(_ milliseconds: Int) -> ManualClock.Instant { zero.advanced(by: .milliseconds(milliseconds)) }

    @Test func burstBecomesOneRefresh() {
        var coalescer = Coalescer(quietPeriod: .milliseconds(500))
        #expect(coalescer.request(.foreground, at: at(0)) == .wake(at: at(500)))
        #expect(coalescer.request(.launch, at: at(10)) == .none)
        #expect(coalescer.request(.foreground, at: at(400)) == .none)
        #expect(coalescer.deadlineReached(at: at(499)) == .none)
        #expect(coalescer.deadlineReached(at: at(500)) == .refresh(.launch))
        #expect(coalescer.refreshFinished(at: at(700)) == .none)
        #expect(coalescer.isIdle)
    }

    @Test func signalsDuringARefreshMakeOneMoreAfterIt() {
        var coalescer = Coalescer(quietPeriod: .milliseconds(500))
        _ = coalescer.request(.dayChanged, at: at(0))
        #expect(coalescer.deadlineReached(at: at(500)) == .refresh(.dayChanged))
        #expect(coalescer.request(.clockChanged, at: at(600)) == .none)
        #expect(coalescer.request(.timeZoneChanged, at: at(610)) == .none)
        #expect(coalescer.refreshFinished(at: at(800)) == .wake(at: at(1300)))
        #expect(coalescer.deadlineReached(at: at(1300)) == .refresh(.timeZoneChanged))
        #expect(coalescer.refreshFinished(at: at(1400)) == .none)
        #expect(coalescer.isIdle)
    }

    @Test func urgentSignalsDoNotWait() {
        var coalescer = Coalescer(quietPeriod: .milliseconds(500))
        #expect(coalescer.request(.background, urgent: true, at: at(0)) == .refresh(.background))
        var waiting = Coalescer(quietPeriod: .milliseconds(500))
        _ = waiting.request(.dayChanged, at: at(0))
        #expect(waiting.request(.background, urgent: true, at: at(100)) == .refresh(.dayChanged))
        // The wake-up of the wait that was cut short does nothing.
        #expect(waiting.deadlineReached(at: at(500)) == .none)
        _ = waiting.request(.backgroundTask, urgent: true, at: at(200))
        #expect(waiting.refreshFinished(at: at(300)) == .refresh(.backgroundTask))
    }

    @Test func refresherRunsOneRefreshForABurstAfterTheQuietPeriod() async {
        let clock = ManualClock()
        let log = RefreshLog()
        let refresher = LifecycleRefresher(clock: clock, quietPeriod: .milliseconds(500), refresh: log.refresh)
        refresher.send(.launch)
        refresher.send(.foreground)
        refresher.send(.dayChange)
        clock.advance(by: .milliseconds(499))
        await yieldMany()
        #expect(log.reasons.isEmpty)
        clock.advance(by: .milliseconds(1))
        await refresher.settle()
        #expect(log.reasons == [.launch])
    }

    @Test func refresherNeverOverlapsRefreshes() async {
        let clock = ManualClock()
        let log = RefreshLog()
        let refresher = LifecycleRefresher(clock: clock, quietPeriod: .milliseconds(100), refresh: log.refresh)
        for signal in [LifecycleSignal.background, .backgroundRefresh, .background, .backgroundRefresh] {
            refresher.send(signal)
        }
        await refresher.settle()
        #expect(log.reasons == [.background, .backgroundTask])
        #expect(log.maxConcurrent == 1)
    }

    @Test func refreshWaitsForItsOwnRefresh() async {
        let clock = ManualClock()
        let log = RefreshLog()
        let refresher = LifecycleRefresher(clock: clock, refresh: log.refresh)
        await refresher.refresh(.permissionChanged)
        #expect(log.reasons == [.permissionChanged])
    }

    @Test func schedulerRefresherRecordsAFailedRefresh() async throws {
        let recorder = EventRecorder()
        let scheduler = Scheduler(planner: Planner(rules: []), center: FailingCenter(), environment: .system, sink: recorder)
        let refresher = LifecycleRefresher(scheduler: scheduler, quietPeriod: .zero)
        await refresher.refresh(.launch)
        let failures = recorder.events.compactMap { event -> String? in
            if case .failed(let operation, _, _, _) = event { operation } else { nil }
        }
        #expect(failures == ["refresh"])
    }

    @Test @MainActor func observerSendsTimeSignals() async {
        let center = NotificationCenter()
        let sent = SignalLog()
        let observer = LifecycleObserver(notificationCenter: center, send: sent.append)
        observer.start()
        observer.start()
        center.post(name: .NSSystemTimeZoneDidChange, object: nil)
        center.post(name: .NSCalendarDayChanged, object: nil)
        observer.stop()
        center.post(name: .NSCalendarDayChanged, object: nil)
        #expect(sent.signals == [.launch, .timeZoneChange, .dayChange])
    }

    @Test func backgroundRefreshAsksBeforeThePlanRunsDry() {
        let schedule = BackgroundRefreshSchedule(interval: 12 * 3600, lead: 24 * 3600, minimumDelay: 900)
        let now = instant("2026-03-10T12:00Z")
        let farHorizon = Coverage(horizon: now.addingTimeInterval(30 * 86_400), limit: .budget)
        let nearHorizon = Coverage(horizon: now.addingTimeInterval(30 * 3600), limit: .budget)
        let imminent = Coverage(horizon: now.addingTimeInterval(3600), limit: .lookahead)
        #expect(schedule.earliestBeginDate(now: now, coverage: farHorizon) == now.addingTimeInterval(12 * 3600))
        #expect(schedule.earliestBeginDate(now: now, coverage: nearHorizon) == now.addingTimeInterval(6 * 3600))
        #expect(schedule.earliestBeginDate(now: now, coverage: imminent) == now.addingTimeInterval(900))
        #expect(schedule.earliestBeginDate(now: now, coverage: Coverage(horizon: nil, limit: .exhausted)) == nil)
    }

}

/// A center whose reads fail.
struct FailingCenter: Center {
    struct Failure: Error {}
    func pendingRequests() async throws -> [NotificationRequest] { throw Failure() }
    func add(_ request: NotificationRequest) async throws { throw Failure() }
    func removePendingRequests(withIdentifiers ids: [String]) async throws { throw Failure() }
    func deliveredNotifications() async throws -> [DeliveredNotification] { throw Failure() }
    func authorizationStatus() async -> AuthorizationStatus { .authorized }
}

final class SignalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LifecycleSignal] = []
    var signals: [LifecycleSignal] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func append(_ signal: LifecycleSignal) {
        lock.lock()
        stored.append(signal)
        lock.unlock()
    }
}
