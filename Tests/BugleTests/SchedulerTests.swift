import Bugle
import Foundation
import Testing

struct InjectedFailure: Error, CustomStringConvertible {
    var description: String { "injected failure" }
}

/// A small in-memory notification center that can fail adds and removes on demand and
/// counts every call.
actor FakeCenter: Center {
    private(set) var pending: [NotificationRequest] = []
    private(set) var delivered: [DeliveredNotification] = []
    var status: AuthorizationStatus = .authorized
    /// The next this many `add` calls throw.
    var failingAdds = 0
    /// The next this many `removePendingRequests` calls throw.
    var failingRemoves = 0
    private(set) var addCalls = 0
    private(set) var removeCalls = 0
    private(set) var readCalls = 0

    init(pending: [NotificationRequest] = []) { self.pending = pending }

    var mutatingCalls: Int { addCalls + removeCalls }
    var pendingIDs: Set<String> { Set(pending.map(\.id)) }

    func failNextAdds(_ count: Int) { failingAdds = count }
    func failNextRemoves(_ count: Int) { failingRemoves = count }
    func setStatus(_ status: AuthorizationStatus) { self.status = status }

    /// The system shows the pending request `id` at `date`.
    func deliver(_ id: String, at date: Date) {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return }
        delivered.append(DeliveredNotification(request: pending.remove(at: index), date: date))
    }

    func pendingRequests() async throws -> [NotificationRequest] {
        readCalls += 1
        return pending
    }

    func add(_ request: NotificationRequest) async throws {
        addCalls += 1
        if failingAdds > 0 {
            failingAdds -= 1
            throw InjectedFailure()
        }
        pending.removeAll { $0.id == request.id }
        pending.append(request)
    }

    func removePendingRequests(withIdentifiers ids: [String]) async throws {
        removeCalls += 1
        if failingRemoves > 0 {
            failingRemoves -= 1
            throw InjectedFailure()
        }
        let gone = Set(ids)
        pending.removeAll { gone.contains($0.id) }
    }

    func deliveredNotifications() async throws -> [DeliveredNotification] {
        readCalls += 1
        return delivered
    }

    func authorizationStatus() async -> AuthorizationStatus { status }
}

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }
    func set(_ date: Date) {
        lock.lock()
        current = date
        lock.unlock()
    }
    func advance(_ seconds: TimeInterval) { set(now.addingTimeInterval(seconds)) }
}

@Suite("Scheduler: plan, reconcile, apply, repair")
struct SchedulerTests {
    let zoneID = "America/New_York"

    func make(_ planner: Planner, center: FakeCenter, clock: ManualClock, state: AppState = AppState(), sink: EventRecorder = EventRecorder()) -> Scheduler {
        let calendar = gregorian(zoneID)
        return Scheduler(
            planner: planner, center: center, environment: SchedulerEnvironment(now: { clock.now }, calendar: { calendar }), state: state, sink: sink)
    }

    /// Today is the date on the device's wall clock: 23:30 in New York is already the next
    /// day in UTC, and the day follows the clock and a change of zone.
    @Test func todayIsTheDateTheDeviceShows() {
        let clock = ManualClock(utc(2026, 3, 2, 4, 30))  // 2026-03-01 23:30 in New York
        let zones = CalendarBox(gregorian(zoneID))
        let scheduler = Scheduler(
            planner: Planner(rules: []), center: FakeCenter(),
            environment: SchedulerEnvironment(now: { clock.now }, calendar: { zones.calendar }))
        #expect(scheduler.today() == day(2026, 3, 1))
        clock.advance(3600)
        #expect(scheduler.today() == day(2026, 3, 2))
        zones.calendar = gregorian("Pacific/Honolulu")  // 19:30 on 03-01 there
        #expect(scheduler.today() == day(2026, 3, 1))
    }

    func expectCenterMatchesPlan(_ center: FakeCenter, _ scheduler: Scheduler, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let plan = try await scheduler.currentPlan()
        let pending = await center.pending.filter { plan.namespace.owns($0.id) }
        #expect(Set(pending.map(\.id)) == Set(plan.requests.map(\.id)), sourceLocation: sourceLocation)
        #expect(Set(pending.map(\.fingerprint)) == Set(plan.requests.map(\.fingerprint)), sourceLocation: sourceLocation)
    }

    @Test func theFirstRefreshSchedulesThePlan() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let scheduler = make(Planner(rules: [daily("a", 9, 0), daily("b", 20, 0)], budget: budget(10)), center: center, clock: clock)
        let result = try await scheduler.refresh(reason: .launch)
        #expect(result.failures == 0)
        #expect(result.changes.additions.count == 10)
        #expect(await center.addCalls == 10)
        #expect(await center.removeCalls == 0)
        #expect(await center.pending.count == 10)
        try await expectCenterMatchesPlan(center, scheduler)
        // The soonest was added last (iOS keeps the last added).
        #expect(await center.pending.last?.id == "bugle.a@2026-01-05")
    }

    @Test func aHundredRefreshesWithoutChangeMakeNoCallsAfterTheFirst() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 0, 0))
        let scheduler = make(Planner(rules: [daily("a", 9, 0), daily("b", 20, 0), once("c", wall(2026, 1, 7, 12, 0))]), center: center, clock: clock)
        try await scheduler.refresh(reason: .launch)
        let afterFirst = await center.mutatingCalls
        #expect(afterFirst == 60)
        for index in 0..<100 {
            // Time moves on (a minute per refresh, still before 09:00) and every reason is tried.
            clock.advance(60)
            let reason = RefreshReason.allCases[index % RefreshReason.allCases.count]
            let result = try await scheduler.refresh(reason: reason)
            #expect(result.changes.isEmpty)
        }
        #expect(await center.mutatingCalls == afterFirst)
    }

    @Test func afterFailedAddsTheNextRefreshRepairsTheCenter() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let events = EventRecorder()
        let scheduler = make(Planner(rules: [daily("a", 9, 0)], budget: budget(6)), center: center, clock: clock, sink: events)
        await center.failNextAdds(2)
        let first = try await scheduler.refresh(reason: .launch)
        #expect(first.failures == 2)
        #expect(await center.pending.count == 4)
        #expect(events.events.filter { $0.kind == "failed" }.count == 2)

        let second = try await scheduler.refresh(reason: .foreground)
        #expect(second.failures == 0)
        #expect(second.changes.additions.count == 2)
        #expect(second.changes.removals.isEmpty)
        try await expectCenterMatchesPlan(center, scheduler)

        let third = try await scheduler.refresh(reason: .foreground)
        #expect(third.changes.isEmpty)
    }

    @Test func aStateChangeThatFailsAConditionRemovesThePendingRequest() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let nudge = once("nudge", wall(2026, 1, 5, 19, 0), condition: .equals(key: "playedToday", value: false))
        let scheduler = make(Planner(rules: [nudge, daily("tip", 9, 0)], budget: budget(4)), center: center, clock: clock, state: ["playedToday": false])
        try await scheduler.refresh(reason: .launch)
        #expect(await center.pendingIDs.contains("bugle.nudge"))

        await scheduler.update("playedToday", to: true)
        clock.advance(3_600)
        let result = try await scheduler.refresh(reason: .dataChanged)
        #expect(!(await center.pendingIDs.contains("bugle.nudge")))
        #expect(result.changes.removals.map(\.id) == ["bugle.nudge"])
        if case .dropped(let reason, _)? = result.changes.removals.first?.reason {
            #expect(reason == .condition)
        } else {
            Issue.record("the removal should say the condition dropped it")
        }
        try await expectCenterMatchesPlan(center, scheduler)
    }

    @Test func afterAFailedRemoveTheNextRefreshRepairsTheCenter() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let nudge = daily("nudge", 19, 0, condition: .equals(key: "playedToday", value: false))
        let scheduler = make(Planner(rules: [nudge], budget: budget(3)), center: center, clock: clock, state: ["playedToday": false])
        try await scheduler.refresh(reason: .launch)
        #expect(await center.pending.count == 3)

        await scheduler.setState(["playedToday": true])
        await center.failNextRemoves(1)
        let failed = try await scheduler.refresh(reason: .dataChanged)
        #expect(failed.failures == 3)
        #expect(await center.pending.count == 3)

        let repaired = try await scheduler.refresh(reason: .foreground)
        #expect(repaired.failures == 0)
        #expect(await center.pending.isEmpty)
        #expect(try await scheduler.refresh(reason: .foreground).changes.isEmpty)
    }

    @Test func otherCodesRequestsAreLeftAlone() async throws {
        let foreign = [
            NotificationRequest(id: "calendar.meeting", fireTime: .wallClock(wall(2026, 1, 6, 10, 0)), content: content("Meeting")),
            NotificationRequest(id: "timer", fireTime: .wallClock(wall(2026, 1, 5, 8, 0)), content: content("Timer")),
        ]
        let center = FakeCenter(pending: foreign)
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let scheduler = make(Planner(rules: [daily("a", 9, 0)], budget: Budget(platform: .custom(10), safetyMargin: 1)), center: center, clock: clock)
        let result = try await scheduler.refresh(reason: .launch)
        #expect(await center.pendingIDs.isSuperset(of: ["calendar.meeting", "timer"]))
        // 10 - 1 margin - 2 foreign.
        #expect(result.plan.entries.count == 7)
        #expect(await center.pending.count == 9)
        #expect(result.changes.removals.isEmpty)
    }

    @Test func withoutPermissionNothingIsPendingAndWithItEverythingComesBack() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let events = EventRecorder()
        let scheduler = make(Planner(rules: [daily("a", 9, 0)], budget: budget(5)), center: center, clock: clock, sink: events)
        try await scheduler.refresh(reason: .launch)
        #expect(await center.pending.count == 5)

        await center.setStatus(.denied)
        try await scheduler.refresh(reason: .permissionChanged)
        #expect(await center.pending.isEmpty)
        #expect(events.events.contains { $0.kind == "skipped" })

        await center.setStatus(.provisional)
        try await scheduler.refresh(reason: .permissionChanged)
        #expect(await center.pending.count == 5)
    }

    /// Deliveries the center reports become history, which caps count.
    @Test func deliveriesAreRecordedAndCounted() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let events = EventRecorder()
        let planner = Planner(rules: [daily("a", 9, 0), daily("b", 18, 0)], policies: [Caps(perDay: 1)], budget: budget(4))
        let scheduler = make(planner, center: center, clock: clock, sink: events)
        try await scheduler.refresh(reason: .launch)
        #expect(await center.pendingIDs.contains("bugle.a@2026-01-05"))
        #expect(!(await center.pendingIDs.contains("bugle.b@2026-01-05")))

        // 09:00 EST passes and the center shows it; at 10:00 the app refreshes.
        await center.deliver("bugle.a@2026-01-05", at: at(zoneID, 2026, 1, 5, 9, 0))
        clock.set(at(zoneID, 2026, 1, 5, 10, 0))
        let result = try await scheduler.refresh(reason: .foreground)
        #expect(await scheduler.history.contains(id: "bugle.a@2026-01-05"))
        #expect(events.events.contains { if case .delivered(let d) = $0 { d.id == "bugle.a@2026-01-05" } else { false } })
        // Today's 18:00 stays out: today already had its one.
        #expect(!(await center.pendingIDs.contains("bugle.b@2026-01-05")))
        #expect(result.plan.drop("b@2026-01-05")?.reason == .cap)
        // A second refresh records the same delivery only once.
        try await scheduler.refresh(reason: .foreground)
        #expect(await scheduler.history.deliveries.filter { $0.id == "bugle.a@2026-01-05" }.count == 1)
    }

    @Test func eventsTellWhatHappened() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let events = EventRecorder()
        let planner = Planner(
            rules: [once("late", wall(2026, 1, 5, 23, 0)), once("day", wall(2026, 1, 5, 12, 0))], policies: [QuietHours(start: time(22, 0), end: time(7, 0))])
        let scheduler = make(planner, center: center, clock: clock, sink: events)
        try await scheduler.refresh(reason: .launch)
        let kinds = events.events.map(\.kind)
        #expect(kinds.first == "refreshed")
        #expect(kinds.filter { $0 == "scheduled" }.count == 1)
        #expect(events.events.contains { if case .dropped(let drop, _) = $0 { drop.candidate.id == "late" && drop.reason == .quietHours } else { false } })
        #expect(
            events.events.contains {
                if case .scheduled(let request, let fireDate, _) = $0 { request.id == "bugle.day" && fireDate == utc(2026, 1, 5, 17, 0) } else { false }
            })
        try await scheduler.opened(id: "bugle.day")
        #expect(events.events.last?.kind == "opened")
    }

    /// Flying from New York to London: wall-clock requests follow the device on their own
    /// (the trigger is a wall-clock time), so the move costs no calls; a zoned one stays put.
    @Test func aTimeZoneChangeCostsNoCallsForWallClockRules() async throws {
        let center = FakeCenter()
        // 20:00 EST on Jan 5 = 01:00Z Jan 6 = 01:00 in London on Jan 6.
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 20, 0))
        let device = CalendarBox(gregorian(zoneID))
        let countdown = ScheduledRule(id: "ny", schedule: .once(wall(2026, 1, 10, 12, 0)), basis: .zoned(zone(zoneID)), content: content())
        let scheduler = Scheduler(
            planner: Planner(rules: [daily("coffee", 8, 30), countdown], budget: budget(10)), center: center,
            environment: SchedulerEnvironment(now: { clock.now }, calendar: { device.calendar }))
        try await scheduler.refresh(reason: .launch)
        let before = await center.pending
        #expect(before.contains { $0.id == "bugle.coffee@2026-01-06" })

        clock.advance(5 * 60)
        device.calendar = gregorian("Europe/London")
        let result = try await scheduler.refresh(reason: .timeZoneChanged)
        #expect(result.changes.isEmpty)
        #expect(await center.pending == before)
        // In London the plan's coffee is 08:30 GMT = 08:30Z; the countdown is still 12:00 EST = 17:00Z.
        #expect(result.plan.entry("coffee@2026-01-06")?.candidate.fireDate == utc(2026, 1, 6, 8, 30))
        #expect(result.plan.entry("ny")?.candidate.fireDate == utc(2026, 1, 10, 17, 0))
    }

    @Test func fanOutSendsEveryEventToEverySink() {
        let first = EventRecorder()
        let second = EventRecorder()
        let sink = FanOutSink([first, second])
        sink.record(.opened(id: "x", at: utc(2026, 1, 1)))
        sink.record(.skipped(reason: "denied", at: utc(2026, 1, 1)))
        #expect(first.events == second.events)
        #expect(first.events.map(\.kind) == ["opened", "skipped"])
    }
}

final class CalendarBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Calendar
    init(_ calendar: Calendar) { stored = calendar }
    var calendar: Calendar {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}
