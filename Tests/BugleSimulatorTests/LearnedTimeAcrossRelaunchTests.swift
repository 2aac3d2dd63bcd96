import Bugle
import BugleSimulator
import Foundation
import Testing

/// What a rule learned about its send time outlives the app's process: after a relaunch the
/// phone still shows the rule near the hour the user opens it, where a phone that had
/// forgotten would start again from the configured time.
@Suite struct LearnedTimeAcrossRelaunchTests {
    /// A daily rule that learns its time between 07:00 and 10:00, configured at 09:00.
    static func rule() throws -> ScheduledRule {
        let timing = try LearnedTiming(
            windowStart: LocalTime(parsing: "07:00"), windowEnd: LocalTime(parsing: "10:00"), configured: LocalTime(parsing: "09:00"))
        return ScheduledRule(
            id: "practice", schedule: .daily(try LocalTime(parsing: "09:00")), content: NotificationContent(title: "Practice", body: ""),
            learning: timing)
    }

    /// Plays `days` days on `phone`: through the morning a quarter of an hour at a time, the
    /// user opens at once what comes before 08:00 and never what comes later; the app
    /// refreshes once a day, in the afternoon.
    static func play(_ phone: SimulatedPhone, days: Int) async throws {
        let eight = try LocalTime(parsing: "08:00")
        var seen = await phone.delivered.count
        for _ in 0..<days {
            for _ in 0..<20 {
                try await phone.advance(by: .seconds(15 * 60))
                let delivered = await phone.delivered
                for notification in delivered.dropFirst(seen) where notification.localTime.time < eight {
                    try await phone.scheduler.opened(id: notification.id)
                }
                seen = delivered.count
            }
            try await phone.advance(by: .seconds(19 * 3600))
            try await phone.backgroundRefresh()
        }
    }

    @Test func aRelaunchedAppKeepsSendingNearTheLearnedHour() async throws {
        let eight = try LocalTime(parsing: "08:00")
        // Sixty days of learning, then the app is killed and started again in the afternoon.
        let phone = try await SimulatedPhone(at: "2026-03-02T06:00", in: "Europe/London", rules: [try Self.rule()], authorization: .authorized)
        try await phone.open()
        try await Self.play(phone, days: 60)
        // One a day (a last one may come at 07:00 as the sixtieth day ends).
        let before = await phone.delivered
        #expect((60...61).contains(before.count))
        #expect(before.suffix(20).filter { $0.localTime.time < eight }.count > 14)
        try await phone.relaunch()
        try await phone.open()
        try await Self.play(phone, days: 10)
        let after = Array(await phone.delivered.dropFirst(before.count).prefix(10))
        #expect(after.count == 10)
        // The user still sees the rule early, as before the relaunch.
        let earlyAfter = after.filter { $0.localTime.time < eight }.count
        #expect(earlyAfter >= 8, "after the relaunch: \(after.map(\.localTime.time.description))")
        let learned = try #require(await phone.lastPlan?.entries.last?.candidate.learnedTime)
        #expect(learned.choice.bestMean < eight)

        // A phone that starts from nothing, for the same ten days, starts at the configured
        // time and has not learned the early hour yet.
        let fresh = try await SimulatedPhone(at: "2026-05-01T06:00", in: "Europe/London", rules: [try Self.rule()], authorization: .authorized)
        try await fresh.open()
        try await Self.play(fresh, days: 10)
        let freshDays = Array(await fresh.delivered.prefix(10))
        #expect(freshDays.count == 10)
        #expect(freshDays.first?.localTime.time.description == "09:00")
        #expect(freshDays.filter { $0.localTime.time < eight }.count < earlyAfter)
    }
}
