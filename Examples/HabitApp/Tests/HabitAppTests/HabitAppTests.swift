import Bugle
import BugleSimulator
import HabitApp
import Testing

/// The habit app on a simulated phone: a user in New York picks a time, re-picks it, does the
/// habit before the reminder, goes on vacation to Tokyo, across the switch to daylight time.
@Suite struct HabitAppTests {
    @Test func aWeekOfHabitsThroughDaylightSavingAndATripEast() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-06T07:00", in: "America/New_York", rules: [HabitReminders.rule(at: "20:00")])
        try await phone.open()
        try await HabitReminders(scheduler: phone.scheduler).remind(at: "08:30")
        try await phone.advance(to: "2026-03-07T07:00")
        // Done before breakfast: no reminder today, tomorrow's stays.
        try await HabitReminders(scheduler: phone.scheduler).done(on: "2026-03-07")
        #expect(await phone.pending.first?.description == "2026-03-08T08:30 America/New_York Time for your habit")
        #expect(try await phone.scheduler.currentPlan().report.dropped.contains { $0.reason == .completed })
        // Sunday the clocks spring forward; 08:30 stays 08:30. Later that day, the evening suits better.
        try await phone.advance(to: "2026-03-08T10:00")
        try await HabitReminders(scheduler: phone.scheduler).remind(at: "20:00")
        try await phone.advance(to: "2026-03-09T23:00")
        // A vacation, and a flight to Tokyo: the reminder follows the wall clock when it resumes.
        try await HabitReminders(scheduler: phone.scheduler).vacation(from: "2026-03-10", through: "2026-03-12")
        try await phone.fly(to: "Asia/Tokyo")
        try await phone.open()
        try await phone.advance(to: "2026-03-14T09:00")
        #expect(
            await phone.delivered.map(\.description) == [
                "2026-03-06T08:30 America/New_York Time for your habit",
                "2026-03-08T08:30 America/New_York Time for your habit",
                "2026-03-09T20:00 America/New_York Time for your habit",
                "2026-03-13T20:00 Asia/Tokyo Time for your habit",
            ])
        #expect(await phone.delivered.allSatisfy { $0.body == "Two minutes keeps the streak going." })
    }
}
