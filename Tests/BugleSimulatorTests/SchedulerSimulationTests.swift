import Bugle
import BugleSimulator
import Foundation
import Testing

/// The scheduler against the simulated center: fewest calls, repair after faults.
@Suite struct SchedulerSimulationTests {
    func setUp(faults: SimulatedCenter.Faults = .none, limit: Int = 64) -> (SimulatedDevice, SimulatedCenter, Scheduler) {
        let device = SimulatedDevice(now: TimeParsing.instant("2026-03-01T07:00-05:00")!, timeZone: TimeZone(identifier: "America/New_York")!)
        let center = SimulatedCenter(device: device, pendingLimit: limit, faults: faults)
        let rules: [any Rule] = [
            ScheduledRule(id: "morning", schedule: .daily(LocalTime("08:30")), content: NotificationContent(title: "Morning", body: "")),
            ScheduledRule(
                id: "evening", schedule: .daily(LocalTime("19:00")), content: NotificationContent(title: "Evening", body: ""),
                condition: .equals(key: "playedToday", value: false)),
        ]
        let scheduler = Scheduler(
            planner: Planner(rules: rules, budget: Budget(platform: .custom(limit), safetyMargin: 0)),
            center: center, environment: device.environment, state: ["playedToday": false])
        return (device, center, scheduler)
    }

    @Test func unchangedStateMakesNoCallsAfterTheFirstRefresh() async throws {
        let (_, center, scheduler) = setUp()
        try await scheduler.refresh(reason: .launch)
        let afterFirst = await center.calls
        #expect(afterFirst.adds == 64)
        for _ in 0..<100 { try await scheduler.refresh(reason: .foreground) }
        let calls = await center.calls
        #expect(calls.adds == afterFirst.adds)
        #expect(calls.removes == 0)
    }

    @Test func twoRefreshesAtOnceGiveWhatOneGives() async throws {
        // A foreground open and a background task at the same moment: the second sees what
        // the first added and changes nothing, instead of adding everything a second time.
        let (_, center, scheduler) = setUp()
        async let foreground = scheduler.refresh(reason: .foreground)
        async let background = scheduler.refresh(reason: .backgroundTask)
        let results = try await [foreground, background]
        let calls = await center.calls
        #expect(calls.adds == 64)
        #expect(calls.removes == 0)
        #expect(results.map(\.changes.additions.count).sorted() == [0, 64])
        let pending = try await center.pendingRequests()
        #expect(Set(pending.map(\.id)) == Set(results[0].plan.requests.map(\.id)))
    }

    @Test func stateChangeRemovesWhatTheConditionNoLongerAllows() async throws {
        let (_, center, scheduler) = setUp()
        try await scheduler.refresh(reason: .launch)
        await scheduler.update("playedToday", to: true)
        let result = try await scheduler.refresh(reason: .dataChanged)
        let pending = try await center.pendingRequests()
        #expect(pending.allSatisfy { $0.ruleID == "morning" })
        // Every evening request goes, each with the condition as its reason.
        #expect(result.changes.removals.count == 32)
        #expect(result.changes.removals.allSatisfy { if case .dropped(.condition, _) = $0.reason { true } else { false } })
        #expect(result.plan.report.dropped.contains { $0.reason == .condition })
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func nextRefreshRepairsInjectedFailures(seed: UInt64) async throws {
        let (device, center, scheduler) = setUp(faults: .init(seed: seed, addFailureRate: 0.3, removeFailureRate: 0.3))
        try await scheduler.refresh(reason: .launch)
        await scheduler.update("playedToday", to: true)
        try await scheduler.refresh(reason: .dataChanged)
        await center.setFaults(.none)
        await center.advance(to: device.now.addingTimeInterval(60))
        try await scheduler.refresh(reason: .foreground)
        let plan = try await scheduler.currentPlan()
        let pending = try await center.pendingRequests()
        #expect(Set(pending.map(\.id)) == Set(plan.requests.map(\.id)))
        #expect(
            Dictionary(uniqueKeysWithValues: pending.map { ($0.id, $0.fingerprint) })
                == Dictionary(uniqueKeysWithValues: plan.requests.map { ($0.id, $0.fingerprint) }))
    }

    @Test func foreignRequestsAreNeverRemovedAndTakeRoomFromTheBudget() async throws {
        let (_, center, scheduler) = setUp(limit: 10)
        let foreign = NotificationRequest(
            id: "other.app.reminder", fireTime: .wallClock(LocalDateTime(date: LocalDate("2026-03-20"), time: .midnight)),
            content: NotificationContent(title: "Not ours", body: ""))
        try await center.addForeign(foreign)
        try await scheduler.refresh(reason: .launch)
        let pending = try await center.pendingRequests()
        #expect(pending.contains { $0.id == foreign.id })
        #expect(pending.count == 10)
    }

    @Test func keepLastAddedCenterKeepsTheSoonestBecauseTheyAreAddedLast() async throws {
        // A center smaller than the plan: it keeps only the last 5 added. Reconcile adds the
        // soonest last, so those are the ones that survive.
        let device = SimulatedDevice(now: TimeParsing.instant("2026-03-01T07:00-05:00")!, timeZone: TimeZone(identifier: "America/New_York")!)
        let center = SimulatedCenter(device: device, pendingLimit: 5, eviction: .keepLastAdded)
        let rule = ScheduledRule(id: "daily", schedule: .daily(LocalTime("09:00")), content: NotificationContent(title: "Daily", body: ""))
        let scheduler = Scheduler(
            planner: Planner(rules: [rule], budget: Budget(platform: .custom(10), safetyMargin: 0)), center: center, environment: device.environment)
        try await scheduler.refresh(reason: .launch)
        let pending = try await center.pendingRequests().map(\.id)
        #expect(pending == (1...5).map { "bugle.daily@2026-03-0\($0)" })
    }
}
