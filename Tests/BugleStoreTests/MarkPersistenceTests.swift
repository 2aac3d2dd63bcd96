import Bugle
import BugleSimulator
import BugleStore
import Foundation
import Testing

/// Completions, skips and pauses are kept in the store: a new process plans with them, and
/// old ones are forgotten.
@Suite struct MarkPersistenceTests {
    static func date(_ month: Int, _ day: Int, year: Int = 2026) -> LocalDate { try! LocalDate(year: year, month: month, day: day) }

    func planner() -> Planner {
        let practice = ScheduledRule(id: "practice", schedule: .daily("20:00"), content: NotificationContent(title: "Practice", body: ""))
        let water = ScheduledRule(id: "water", schedule: .daily("12:00"), content: NotificationContent(title: "Water", body: ""))
        return Planner(rules: [practice, water], budget: Budget(platform: .custom(20), safetyMargin: 0), lookahead: 10 * 86_400)
    }

    @Test func completionsAndPausesSurviveARestart() async throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let device = SimulatedDevice(now: instant("2026-03-05T07:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        do {
            let scheduler = Scheduler(planner: planner(), center: center, environment: device.environment, journal: try BugleDatabase.open(at: url))
            try await scheduler.refresh(reason: .launch)
            try await scheduler.complete("practice", on: Self.date(3, 5))
            try await scheduler.pause("water", from: Self.date(3, 6), through: Self.date(3, 7))
        }
        // The next process: a new scheduler over the store, launched the next morning.
        await center.advance(to: instant("2026-03-06T07:00-05:00"))
        let store = try BugleDatabase.open(at: url)
        let scheduler = Scheduler(planner: planner(), center: center, environment: device.environment, journal: store)
        try await scheduler.recover()
        let result = try await scheduler.refresh(reason: .launch)
        #expect(
            try await scheduler.marks() == [
                OccurrenceMark(.completed, "practice", on: Self.date(3, 5)),
                OccurrenceMark(.paused, "water", from: Self.date(3, 6), through: Self.date(3, 7)),
            ])
        #expect(result.plan.report.dropped(.paused).map(\.candidate.id) == ["water@2026-03-06", "water@2026-03-07"])
        let pending = try await center.pendingRequests().map(\.id)
        #expect(pending.contains("bugle.practice@2026-03-06") && !pending.contains("bugle.water@2026-03-06") && pending.contains("bugle.water@2026-03-08"))
        // Yesterday: water at noon, no practice in the evening.
        #expect(await center.deliveries.map(\.notification.id) == ["bugle.water@2026-03-05"])
    }

    @Test func marksOlderThanTheOccurrenceWindowAreForgotten() async throws {
        let store = try BugleDatabase.inMemory()
        let device = SimulatedDevice(now: instant("2026-03-05T07:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        let scheduler = Scheduler(planner: planner(), center: center, environment: device.environment, journal: store)
        try await scheduler.complete("practice", on: Self.date(3, 5), refresh: false)
        try await scheduler.pause(.all, from: Self.date(3, 10), through: Self.date(3, 20), refresh: false)
        #expect(try await store.marks(endingOnOrAfter: Self.date(1, 1)).count == 2)

        // 401 days later the completion of 2026-03-05 is forgotten, the pause that ended on
        // the 20th is kept until then.
        await center.advance(to: instant("2027-04-10T07:00-04:00"))
        try await scheduler.skip("water", on: Self.date(4, 10, year: 2027), refresh: false)
        #expect(
            try await store.marks(endingOnOrAfter: Self.date(1, 1)) == [
                OccurrenceMark(.paused, .all, from: Self.date(3, 10), through: Self.date(3, 20)),
                OccurrenceMark(.skipped, "water", on: Self.date(4, 10, year: 2027)),
            ])
        await center.advance(to: instant("2027-04-30T07:00-04:00"))
        try await scheduler.refresh(reason: .launch)
        #expect(try await scheduler.marks() == [OccurrenceMark(.skipped, "water", on: Self.date(4, 10, year: 2027))])
    }

    @Test func theStoreKeepsOneCompletionOrSkipADayAndForgetsWhatIsUndone() async throws {
        let store = try BugleDatabase.inMemory()
        let day = Self.date(3, 5)
        let at = Date(timeIntervalSince1970: 0)
        try await store.commit(
            [
                .mark(OccurrenceMark(.skipped, "practice", on: day)), .mark(OccurrenceMark(.completed, "practice", on: day)),
                .mark(OccurrenceMark(.completed, "practice", on: day)), .mark(OccurrenceMark(.paused, "practice", on: day)),
            ], at: at)
        #expect(
            Set(try await store.marks(endingOnOrAfter: day)) == [OccurrenceMark(.completed, "practice", on: day), OccurrenceMark(.paused, "practice", on: day)])
        try await store.commit([.unmark(OccurrenceMark(.completed, "practice", on: day)), .unmark(OccurrenceMark(.skipped, "water", on: day))], at: at)
        #expect(try await store.marks(endingOnOrAfter: day) == [OccurrenceMark(.paused, "practice", on: day)])
        #expect(try await store.marks(endingOnOrAfter: day.adding(days: 1)).isEmpty)
    }
}
