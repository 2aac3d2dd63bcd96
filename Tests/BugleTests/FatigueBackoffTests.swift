import Foundation
import Testing

@testable import Bugle

/// The fatigue back-off through the planner: which days a daily reminder keeps, with what
/// text, as a user who ignores more and more would see them.
@Suite struct FatigueBackoffTests {
    let london = "Europe/London"

    func plan(ignored: Int, backoff: FatigueBackoff) -> Plan {
        let rules: [any Rule] = [
            ScheduledRule(id: "streak", schedule: .daily(time(9, 0)), content: NotificationContent(title: "Keep your streak", body: "")),
            ScheduledRule(id: "digest", schedule: .daily(time(18, 0)), content: NotificationContent(title: "Digest", body: "")),
        ]
        var input = PlanInput(now: at(london, 2026, 3, 1, 12, 0), calendar: gregorian(london))
        input.engagement = ["streak": RuleEngagement(ignoredInARow: ignored, lastDelivery: at(london, 2026, 3, 1, 9, 0))]
        return Planner(rules: rules, policies: [backoff], budget: Budget(platform: .custom(40), safetyMargin: 0), lookahead: 14 * 86_400).plan(input)
    }

    func streakDays(_ plan: Plan) -> [String] {
        plan.entries.filter { $0.candidate.ruleID == "streak" }.map {
            ZoneRules(timeZone: TimeZone(identifier: london)!, around: $0.candidate.fireDate).localDate(at: $0.candidate.fireDate).description
        }
    }

    @Test func aUserWhoIgnoresGetsFewerThenALastNoticeThenNothing() throws {
        let backoff = try FatigueBackoff(rules: ["streak"])
        // Two ignored: every day.
        #expect(streakDays(plan(ignored: 2, backoff: backoff)) == (2...15).map { "2026-03-\(String(format: "%02d", $0))" })
        // Three: every other day from the last delivery (03-01).
        let reduced = plan(ignored: 3, backoff: backoff)
        #expect(streakDays(reduced) == ["2026-03-03", "2026-03-05", "2026-03-07", "2026-03-09", "2026-03-11", "2026-03-13", "2026-03-15"])
        #expect(
            reduced.entries.first { $0.candidate.ruleID == "streak" }?.candidate.adjustments.map(\.description) == [
                "fatigue: every 2 days after 3 ignored in a row"
            ])
        #expect(reduced.report.dropped(.fatigue).first?.detail == "every 2 days after 3 ignored in a row")
        // Seven: one last notice, in its own words, then nothing until it is answered.
        let notice = plan(ignored: 7, backoff: backoff)
        #expect(streakDays(notice) == ["2026-03-03"])
        let last = try #require(notice.entries.first { $0.candidate.ruleID == "streak" })
        #expect(last.request.content.title == "We'll pause these reminders")
        #expect(notice.report.dropped(.fatigue).contains { $0.detail.hasPrefix("waits for the answer to the last notice") })
        // Eight: paused.
        let paused = plan(ignored: 8, backoff: backoff)
        #expect(streakDays(paused).isEmpty)
        let pause = try #require(paused.report.dropped(.fatigue).first)
        #expect(paused.report.dropped(.fatigue).count == 1)
        #expect(pause.detail.hasPrefix("paused: 8 ignored in a row; back when the user opens the app or one of them"))
        // The rule it does not cover goes on every day.
        #expect(paused.entries.filter { $0.candidate.ruleID == "digest" }.count == 14)
    }

    /// The day-by-day decision the policy applies, and the lab runs: a week of a user who
    /// ignores everything, one delivery kept each time the stage allows it.
    @Test func theStageOfEachDayFollowsTheIgnoredRun() throws {
        let backoff = try FatigueBackoff(reduceAfter: 3, pauseAfter: 7)
        #expect(backoff.stage(ignoredInARow: 2, daysSinceLastDelivery: 1) == .normal)
        #expect(backoff.stage(ignoredInARow: 3, daysSinceLastDelivery: 1) == .waiting(days: 1))
        #expect(backoff.stage(ignoredInARow: 3, daysSinceLastDelivery: 2) == .reduced)
        #expect(backoff.stage(ignoredInARow: 3, daysSinceLastDelivery: 3) == .waiting(days: 1))
        #expect(backoff.stage(ignoredInARow: 4, daysSinceLastDelivery: nil) == .reduced)
        #expect(backoff.stage(ignoredInARow: 7, daysSinceLastDelivery: 1) == .waiting(days: 1))
        #expect(backoff.stage(ignoredInARow: 7, daysSinceLastDelivery: 2) == .lastNotice)
        #expect(backoff.stage(ignoredInARow: 8, daysSinceLastDelivery: 2) == .paused)
        // A delivery later than the day (a clock set back) waits for the next day of the cycle.
        #expect(backoff.stage(ignoredInARow: 4, daysSinceLastDelivery: -1) == .waiting(days: 3))
    }

    @Test func settingsOutOfRangeSayWhich() {
        #expect(throws: FatigueError.self) { try FatigueBackoff(reduceAfter: 0) }
        do {
            _ = try FatigueBackoff(reduceAfter: 5, pauseAfter: 5)
            Issue.record("a pause no later than the reduction was accepted")
        } catch {
            #expect(error.description == "fatigue back-off: pauseAfter: 5 is outside 6…30 (more than reduceAfter, 5)")
        }
        #expect(throws: FatigueError.self) { try FatigueBackoff(reducedEvery: 1) }
        #expect(throws: FatigueError.self) { try FatigueBackoff(attribution: 10) }
    }
}
