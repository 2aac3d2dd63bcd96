import Bugle
import BugleSimulator
import Foundation
import Testing

/// Recovery at launch over a journal that outlived the process: what it repairs and how.
@Suite struct SchedulerRecoveryTests {
    let device = SimulatedDevice(now: TimeParsing.instant("2026-03-01T07:00-05:00")!, timeZone: TimeZone(identifier: "America/New_York")!)

    func planner() -> Planner {
        let rule = ScheduledRule(id: "morning", schedule: .daily("08:30"), content: NotificationContent(title: "Morning", body: "Puzzle"))
        return Planner(rules: [rule], budget: Budget(platform: .custom(5), safetyMargin: 0))
    }

    /// A scheduler of a new process over `journal` and `center`.
    func relaunch(_ center: SimulatedCenter, _ journal: InMemoryJournal) -> Scheduler {
        Scheduler(planner: planner(), center: center, environment: device.environment, journal: journal)
    }

    @Test func requestsTheCenterLostAreAddedAgain() async throws {
        let center = SimulatedCenter(device: device)
        let journal = InMemoryJournal()
        try await relaunch(center, journal).refresh(reason: .launch)
        try await center.removePendingRequests(withIdentifiers: ["bugle.morning@2026-03-02", "bugle.morning@2026-03-04"])
        let result = try await relaunch(center, journal).recover()
        #expect(Set(result.added) == ["bugle.morning@2026-03-02", "bugle.morning@2026-03-04"])
        #expect(try await center.pendingRequests().count == 5)
        #expect(await journal.openEntries().allSatisfy { $0.state == .pending })
    }

    @Test func requestsOfTheNamespaceTheJournalNeverAskedForAreRemoved() async throws {
        let center = SimulatedCenter(device: device)
        let journal = InMemoryJournal()
        try await relaunch(center, journal).refresh(reason: .launch)
        let stray = NotificationRequest(
            id: "bugle.stray", fireTime: .wallClock(LocalDateTime(date: LocalDate("2026-03-09"), time: .midnight)),
            content: NotificationContent(title: "Stray", body: ""))
        let foreign = NotificationRequest(id: "other.reminder", fireTime: stray.fireTime, content: NotificationContent(title: "Other", body: ""))
        try await center.add(stray)
        try await center.addForeign(foreign)
        let result = try await relaunch(center, journal).recover()
        #expect(result.removed == ["bugle.stray"])
        let pending = try await center.pendingRequests().map(\.id)
        #expect(!pending.contains("bugle.stray"))
        #expect(pending.contains("other.reminder"))
        #expect(await journal.entries.first { $0.request.id == "bugle.stray" }?.state == .cancelled)
    }

    @Test func legacyRequestsAreAdoptedUnderTheirNewIds() async throws {
        let center = SimulatedCenter(device: device)
        let content = NotificationContent(title: "Morning", body: "Puzzle")
        for day in 2...3 {
            try await center.addForeign(
                NotificationRequest(
                    id: "daily-2026-03-0\(day)",
                    fireTime: .wallClock(LocalDateTime(date: try! LocalDate(year: 2026, month: 3, day: day), time: LocalTime("08:30"))),
                    content: content))
        }
        let matcher = LegacyMatcher { old in
            guard old.id.hasPrefix("daily-") else { return nil }
            return NotificationRequest(id: "bugle.morning@" + old.id.dropFirst(6), fireTime: old.fireTime, content: old.content, ruleID: "morning")
        }
        let journal = InMemoryJournal()
        let scheduler = relaunch(center, journal)
        let result = try await scheduler.recover(adopting: matcher)
        #expect(result.adoptions == ["daily-2026-03-02": "bugle.morning@2026-03-02", "daily-2026-03-03": "bugle.morning@2026-03-03"])
        #expect(try await center.pendingRequests().map(\.id) == ["bugle.morning@2026-03-02", "bugle.morning@2026-03-03"])
        // The adopted requests are the plan's: the refresh adds only the other days.
        let refresh = try await scheduler.refresh(reason: .launch)
        #expect(refresh.changes.unchanged == 2)
        #expect(refresh.changes.additions.count == 3)
    }

    @Test func aRequestDeliveredWhileTheAppWasAwayIsNotAddedAgain() async throws {
        // The process stopped after journaling an add and making it; the request fired
        // before the next launch.
        let center = SimulatedCenter(device: device)
        let journal = InMemoryJournal()
        let request = NotificationRequest(
            id: "bugle.morning@2026-03-01", fireTime: .wallClock(LocalDateTime(date: LocalDate("2026-03-01"), time: LocalTime("08:30"))),
            content: NotificationContent(title: "Morning", body: "Puzzle"), ruleID: "morning")
        await journal.commit(
            [.entry(JournalEntry(request: request, fireDate: device.now.addingTimeInterval(5400), state: .adding, askedAt: device.now))], at: device.now)
        try await center.add(request)
        await center.advance(to: TimeParsing.instant("2026-03-01T09:00-05:00")!)
        let scheduler = relaunch(center, journal)
        let result = try await scheduler.recover()
        #expect(result.added.isEmpty)
        #expect(await journal.entries.first?.state == .delivered)
        #expect(await scheduler.history.contains(id: request.id))
        #expect(await center.deliveries.count == 1)
    }

    @Test func aRemovalAStopInterruptedIsFinished() async throws {
        let center = SimulatedCenter(device: device)
        let journal = InMemoryJournal()
        try await relaunch(center, journal).refresh(reason: .launch)
        await journal.commit([.state(id: "bugle.morning@2026-03-05", .removing, reason: "no longer planned")], at: device.now)
        let result = try await relaunch(center, journal).recover()
        #expect(result.removed == ["bugle.morning@2026-03-05"])
        #expect(try await !center.pendingRequests().map(\.id).contains("bugle.morning@2026-03-05"))
        #expect(await journal.entries.first { $0.request.id == "bugle.morning@2026-03-05" }?.reason == "no longer planned (finished after a stop)")
    }

    @Test func aRecoveryWithNothingToRepairMakesNoCall() async throws {
        let center = SimulatedCenter(device: device)
        let journal = InMemoryJournal()
        try await relaunch(center, journal).refresh(reason: .launch)
        let before = await center.calls
        let result = try await relaunch(center, journal).recover()
        #expect(result.added.isEmpty && result.removed.isEmpty && result.adoptions.isEmpty && result.failures == 0)
        #expect(await center.calls == before)
    }

    @Test func openingANotificationIsJournaled() async throws {
        let center = SimulatedCenter(device: device)
        let journal = InMemoryJournal()
        let scheduler = relaunch(center, journal)
        try await scheduler.refresh(reason: .launch)
        await center.advance(to: TimeParsing.instant("2026-03-01T08:31-05:00")!)
        try await scheduler.refresh(reason: .foreground)
        try await scheduler.opened(id: "bugle.morning@2026-03-01")
        #expect(await journal.entries.first { $0.request.id == "bugle.morning@2026-03-01" }?.state == .opened)
    }
}
