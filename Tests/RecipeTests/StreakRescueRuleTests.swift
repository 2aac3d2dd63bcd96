import Bugle
import Foundation
import StreakRescue
import Testing

/// The kick-off and the streak saver, planned from the state's facts.
@Suite struct StreakRescueRuleTests {
    static let zone = "America/New_York"

    func plan(
        _ facts: StreakFacts, at now: String, zone: String = StreakRescueRuleTests.zone,
        configuration: StreakRescue.Configuration = .init(), history: DeliveryHistory = DeliveryHistory(), slots: Int = 6
    ) throws -> Plan {
        let recipe = try StreakRescue(configuration: configuration)
        let planner = Planner(rules: recipe.rules, policies: recipe.policies, budget: Budget(platform: .custom(slots), safetyMargin: 0))
        return planner.plan(PlanInput(now: instant(now), calendar: calendar(zone), state: state(facts.stateValues), history: history))
    }

    /// `id at local-time` of each planned request.
    func summary(_ plan: Plan, zone: String = StreakRescueRuleTests.zone) -> [String] {
        plan.entries.map { "\($0.candidate.id) \(local($0.candidate.fireDate, zone))" }
    }

    func day(_ text: String) -> LocalDate { TimeParsing.localDate(text)! }

    @Test func playedTodayStillPlansTomorrowsKickoff() throws {
        // Played on 03-10 with a streak of 5; the app refreshes at 09:00 and not again.
        let plan = try plan(StreakFacts(lastPlayedDate: day("2026-03-10"), streak: 5), at: "2026-03-10T09:00-04:00", slots: 4)
        #expect(
            summary(plan) == [
                "kickoff@2026-03-11 2026-03-11T08:30",
                "saver@2026-03-11 2026-03-11T20:00",
                "kickoff@2026-03-12 2026-03-12T08:30",
                "kickoff@2026-03-13 2026-03-13T08:30",
            ])
        let saver = try #require(plan.entries.first { $0.candidate.ruleID == "saver" })
        #expect(saver.request.content.body == "Your 5 day streak ends in 4 hours!")
        #expect(saver.request.content.interruptionLevel == .timeSensitive)
        #expect(saver.request.content.categoryID == "saver")
    }

    @Test func notPlayedYetTodayPlansTodaysKickoffAndSaver() throws {
        let plan = try plan(StreakFacts(lastPlayedDate: day("2026-03-09"), streak: 4), at: "2026-03-10T07:00-04:00", slots: 3)
        #expect(
            summary(plan) == [
                "kickoff@2026-03-10 2026-03-10T08:30",
                "saver@2026-03-10 2026-03-10T20:00",
                "kickoff@2026-03-11 2026-03-11T08:30",
            ])
    }

    @Test func noSaverWithoutALiveStreak() throws {
        // The last game was two days ago: the streak already ended at midnight.
        let broken = try plan(StreakFacts(lastPlayedDate: day("2026-03-08"), streak: 4), at: "2026-03-10T07:00-04:00")
        #expect(!broken.entries.contains { $0.candidate.ruleID == "saver" })
        let none = try plan(StreakFacts(lastPlayedDate: day("2026-03-09"), streak: 0), at: "2026-03-10T07:00-04:00")
        #expect(!none.entries.contains { $0.candidate.ruleID == "saver" })
        let never = try plan(StreakFacts(), at: "2026-03-10T07:00-04:00")
        #expect(!never.entries.contains { $0.candidate.ruleID == "saver" })
        #expect(never.entries.count == 6)
        // Past 20:00 the day's saver is gone.
        let late = try plan(StreakFacts(lastPlayedDate: day("2026-03-09"), streak: 4), at: "2026-03-10T20:30-04:00")
        #expect(!late.entries.contains { $0.candidate.ruleID == "saver" })
    }

    @Test(arguments: [
        ("23:00", "Your 4 day streak ends in 1 hour!"),
        ("22:30", "Your 4 day streak ends in 2 hours!"),
        ("20:00", "Your 4 day streak ends in 4 hours!"),
        ("12:00", "Your 4 day streak ends in 12 hours!"),
    ])
    func saverHoursArePluralCorrect(time: String, body: String) throws {
        var configuration = StreakRescue.Configuration()
        configuration.saverTime = TimeParsing.localTime(time)!
        let plan = try plan(StreakFacts(lastPlayedDate: day("2026-03-09"), streak: 4), at: "2026-03-10T07:00-04:00", configuration: configuration)
        #expect(plan.entries.first { $0.candidate.ruleID == "saver" }?.request.content.body == body)
    }

    @Test func saverCountsTheHoursTheDayReallyHasLeft() throws {
        // Santiago falls back at midnight on 2026-04-04: 23:00 comes twice, so 20:00 is five
        // hours before the day ends.
        let santiago = "America/Santiago"
        let plan = try plan(StreakFacts(lastPlayedDate: day("2026-04-03"), streak: 9), at: "2026-04-04T10:00-03:00", zone: santiago)
        #expect(plan.entries.first { $0.candidate.ruleID == "saver" }?.request.content.body == "Your 9 day streak ends in 5 hours!")
    }

    @Test func clockOffsetMovesTriggersOnTheDevicesClock() throws {
        // Device 90 s behind: 08:30 real time is 08:28:30 on its clock.
        let slow = try plan(StreakFacts(lastPlayedDate: day("2026-03-09"), streak: 2, clockOffset: 90), at: "2026-03-10T07:00-04:00", slots: 2)
        #expect(
            slow.entries.map(\.request.fireTime) == [
                .wallClock(LocalDateTime(date: day("2026-03-10"), time: LocalTime("08:28:30"))),
                .wallClock(LocalDateTime(date: day("2026-03-10"), time: LocalTime("19:58:30"))),
            ])
        // Device 30 s ahead: later on its clock. The copy still counts from 20:00.
        let fast = try plan(StreakFacts(lastPlayedDate: day("2026-03-09"), streak: 2, clockOffset: -30), at: "2026-03-10T07:00-04:00", slots: 2)
        #expect(fast.entries.map { local($0.candidate.fireDate, Self.zone).time.description } == ["08:30:30", "20:00:30"])
        #expect(fast.entries[1].request.content.body == "Your 2 day streak ends in 4 hours!")
    }

    @Test func kickoffMessagesRotateByDate() throws {
        let plan = try plan(StreakFacts(), at: "2026-03-02T09:00-05:00", slots: 30)
        let bodies = plan.entries.map(\.request.content.body)
        #expect(bodies.count == 30)
        #expect(zip(bodies, bodies.dropFirst()).allSatisfy { $0 != $1 })
        #expect(Set(bodies).count == 12)
        // 2026-03-03 is day 20515 since 1970; 20515 mod 12 = 7: the eighth message.
        #expect(plan.entries.first?.candidate.id == "kickoff@2026-03-03")
        #expect(bodies.first == "Coach says one more win keeps the season alive.")
        #expect(plan.entries.first?.request.content.title == "Daily Kick-off")
        // The same date gets the same message in another plan.
        let again = try self.plan(StreakFacts(), at: "2026-03-03T07:00-05:00", slots: 1)
        #expect(again.entries.first?.request.content.body == bodies.first)
    }

    @Test func aDeliveredOccurrenceIsNotPlannedAgainAfterTheClockGoesBack() throws {
        // kickoff@2026-03-10 fired at 08:30 while the clock was 12 h ahead; the clock is set
        // back to 03-09 21:05, when that kick-off looks ahead again.
        let fired = instant("2026-03-10T08:30-04:00")
        let request = "bugle.kickoff@2026-03-10"
        let history = DeliveryHistory([
            DeliveredNotification(
                id: request, date: fired, content: NotificationContent(title: "Daily Kick-off", body: ""),
                ruleID: "kickoff", group: "kickoff", dedupeKey: "kickoff@2026-03-10")
        ])
        let plan = try plan(StreakFacts(lastPlayedDate: day("2026-03-09"), streak: 3), at: "2026-03-09T21:05-04:00", history: history, slots: 2)
        #expect(summary(plan) == ["saver@2026-03-10 2026-03-10T20:00", "kickoff@2026-03-11 2026-03-11T08:30"])
        // The occurrence was delivered: it is never planned again, whatever the clock says.
        #expect(plan.report.dropped(.delivered).map(\.candidate.id) == ["kickoff@2026-03-10"])
        #expect(plan.report.dropped(.delivered).first?.detail == "kickoff@2026-03-10 was delivered at 2026-03-10T08:30:00-04:00")
    }

    @Test func wallClockTimesFollowTheDevice() throws {
        let plan = try plan(StreakFacts(lastPlayedDate: day("2026-03-11"), streak: 5), at: "2026-03-11T09:00-04:00", slots: 2)
        // Planned in New York, still 08:30 and 20:00 on the wall clock after a flight.
        let madrid = ZoneRules(timeZone: TimeZone(identifier: "Europe/Madrid")!, around: instant("2026-03-12T00:00Z"))
        #expect(plan.entries.map { madrid.localDateTime(at: $0.request.fireTime.resolve(in: madrid)).description } == ["2026-03-12T08:30", "2026-03-12T20:00"])
    }
}
