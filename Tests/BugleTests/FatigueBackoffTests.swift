import Foundation
import Testing

@testable import Bugle

/// The fatigue back-off through the planner: which days a daily reminder keeps, with what
/// text, as a user who ignores more and more would see them.
@Suite struct FatigueBackoffTests {
    let london = "Europe/London"

    /// A plan on 03-01 at 12:00 for a user who ignored the latest `ignored` streak reminders in
    /// a row (the latest that morning) and opened `opened` of the last `sent`.
    func plan(ignored: Int, sent: Int = 20, opened: Int = 1, backoff: FatigueBackoff) -> Plan {
        let rules: [any Rule] = [
            ScheduledRule(id: "streak", schedule: .daily(time(9, 0)), content: NotificationContent(title: "Keep your streak", body: "")),
            ScheduledRule(id: "digest", schedule: .daily(time(18, 0)), content: NotificationContent(title: "Digest", body: "")),
        ]
        var input = PlanInput(now: at(london, 2026, 3, 1, 12, 0), calendar: gregorian(london))
        input.engagement = ["streak": RuleEngagement(ignoredInARow: ignored, lastDelivery: at(london, 2026, 3, 1, 9, 0), sent: sent, opened: opened)]
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
        // Three, of a user who opened 1 of the last 20: every third day from the last delivery (03-01).
        let reduced = plan(ignored: 3, backoff: backoff)
        #expect(streakDays(reduced) == ["2026-03-04", "2026-03-07", "2026-03-10", "2026-03-13"])
        #expect(
            reduced.entries.first { $0.candidate.ruleID == "streak" }?.candidate.adjustments.map(\.description) == [
                "fatigue: every 3 days after 3 ignored in a row, opened 1 of 20"
            ])
        #expect(reduced.report.dropped(.fatigue).first?.detail.hasPrefix("every 3 days after 3 ignored in a row, opened 1 of 20") == true)
        // Seven: one last notice, in its own words, then nothing until it is answered.
        let notice = plan(ignored: 7, backoff: backoff)
        #expect(streakDays(notice) == ["2026-03-04"])
        let last = try #require(notice.entries.first { $0.candidate.ruleID == "streak" })
        #expect(last.request.content.title == "We'll pause these reminders")
        #expect(notice.report.dropped(.fatigue).contains { $0.detail.hasPrefix("waits for the answer to the last notice") })
        // Eight: paused.
        let paused = plan(ignored: 8, backoff: backoff)
        #expect(streakDays(paused).isEmpty)
        let pause = try #require(paused.report.dropped(.fatigue).first)
        #expect(paused.report.dropped(.fatigue).count == 1)
        #expect(pause.detail.hasPrefix("paused: 8 ignored in a row, opened 1 of 20; back when the user opens the app or one of them"))
        // The rule it does not cover goes on every day.
        #expect(paused.entries.filter { $0.candidate.ruleID == "digest" }.count == 14)
    }

    /// A run of ignored reminders from a user who opens them often is a bad week: the
    /// reminder keeps coming every day.
    @Test func aUserWhoUsuallyAnswersIsNotBackedOff() throws {
        let backoff = try FatigueBackoff(rules: ["streak"])
        let everyDay = (2...15).map { "2026-03-\(String(format: "%02d", $0))" }
        // 9 of the last 30 opened, then 4 ignored: (9 + 1) / 32 = 31 %, and 4 in a row at the
        // 36 % before them happens 17 % of the time.
        #expect(streakDays(plan(ignored: 4, sent: 30, opened: 9, backoff: backoff)) == everyDay)
        // 2 of 20: (2 + 1) / 22 = 13.6 %, below 15 %: every third day.
        #expect(streakDays(plan(ignored: 4, sent: 20, opened: 2, backoff: backoff)).count == 4)
        // A new rule ignored from the start: 3 of 3 reads (0 + 1) / 5 = 20 %, still every day;
        // 5 of 5 reads 1 / 7 = 14 %: backed off.
        #expect(streakDays(plan(ignored: 3, sent: 3, opened: 0, backoff: backoff)) == everyDay)
        #expect(streakDays(plan(ignored: 5, sent: 5, opened: 0, backoff: backoff)).count == 4)
        // With a rate of 1, the run alone decides, as the seeds' ladders do.
        let ladder = try FatigueBackoff(rules: ["streak"], settings: .escalationLadder)
        #expect(streakDays(plan(ignored: 3, sent: 20, opened: 6, backoff: ladder)).count == 7)
    }

    /// The day-by-day decision the policy applies, and the lab runs: a week of a user who
    /// ignores everything, one delivery kept each time the stage allows it.
    @Test func theStageOfEachDayFollowsTheIgnoredRun() throws {
        let backoff = try FatigueBackoff(reduceAfter: 3, pauseAfter: 7, reducedEvery: 2)
        // Opened 1 of 40: (1 + 1) / 42 < 15 %. Opened 12 of 40, the run within the 40: a bad week.
        func rarely(_ run: Int) -> RuleEngagement { RuleEngagement(ignoredInARow: run, lastDelivery: nil, sent: 40, opened: 1) }
        func often(_ run: Int) -> RuleEngagement { RuleEngagement(ignoredInARow: run, lastDelivery: nil, sent: 40, opened: 12) }
        #expect(backoff.stage(rarely(2), daysSinceLastDelivery: 1) == .normal)
        #expect(backoff.stage(rarely(3), daysSinceLastDelivery: 1) == .waiting(days: 1))
        #expect(backoff.stage(rarely(3), daysSinceLastDelivery: 2) == .reduced)
        #expect(backoff.stage(rarely(3), daysSinceLastDelivery: 3) == .waiting(days: 1))
        #expect(backoff.stage(rarely(4), daysSinceLastDelivery: nil) == .reduced)
        #expect(backoff.stage(rarely(7), daysSinceLastDelivery: 1) == .waiting(days: 1))
        #expect(backoff.stage(rarely(7), daysSinceLastDelivery: 2) == .lastNotice)
        #expect(backoff.stage(rarely(8), daysSinceLastDelivery: 2) == .paused)
        // A delivery later than the day (a clock set back) waits for the next day of the cycle.
        #expect(backoff.stage(rarely(4), daysSinceLastDelivery: -1) == .waiting(days: 3))
        // At about 38 % before the run, a run of 8 had a 2 % chance: nothing changes. Ten in a
        // row had 0.8 %: that user stopped answering.
        #expect(backoff.stage(often(8), daysSinceLastDelivery: 1) == .normal)
        #expect(backoff.stage(often(10), daysSinceLastDelivery: 2) == .paused)
        // A user who opened 20 of 23 and then ignored 3 stopped answering: 0.16³ is 0.4 %.
        let stopped = RuleEngagement(ignoredInARow: 3, lastDelivery: nil, sent: 26, opened: 20)
        #expect(stopped.openRate > 0.7 && stopped.runChance < 0.005)
        #expect(backoff.stage(stopped, daysSinceLastDelivery: 2) == .reduced)
    }

    /// A daily 09:00 reminder from 03-01, and how the scheduler reads the user's answers.
    func deliveries(_ days: Int) -> [DeliveredNotification] {
        (0..<days).map { day in
            DeliveredNotification(
                id: "streak-\(day)", date: at(london, 2026, 3, 1 + day, 9, 0), content: NotificationContent(title: "Keep your streak", body: ""),
                ruleID: "streak")
        }
    }

    @Test func opensEndARunButAVisitEndsOnlyThePause() throws {
        let backoff = try FatigueBackoff(rules: ["streak"])
        let now = at(london, 2026, 3, 12, 12, 0)
        // Ten reminders 03-01…03-10 and one this morning, whose window closes at 11:00; the
        // user tapped the one of 03-03 at 09:30.
        let sent = deliveries(12)
        let opens = ["streak-2": at(london, 2026, 3, 3, 9, 30)]
        let answers = backoff.engagement(of: sent, opens: opens, appOpens: [], now: now)
        #expect(answers == RuleEngagement(ignoredInARow: 9, lastDelivery: sent[11].date, sent: 12, opened: 1))
        // A tap after the two hours does not count for it.
        let late = backoff.engagement(of: sent, opens: ["streak-2": at(london, 2026, 3, 3, 11, 30)], appOpens: [], now: now)
        #expect(late.opened == 0 && late.ignoredInARow == 12)
        // This morning's window still open at 10:00: not counted either way.
        let early = backoff.engagement(of: sent, opens: opens, appOpens: [], now: at(london, 2026, 3, 12, 10, 0))
        #expect(early.ignoredInARow == 8 && early.sent == 11)
        // Visiting the app on 03-05 (4 ignored since the tap, fewer than 7) does not end the run.
        let visit = backoff.engagement(of: sent, opens: opens, appOpens: [at(london, 2026, 3, 5, 20, 0)], now: now)
        #expect(visit.ignoredInARow == 9)
        // Visiting on 03-11, after the 7th ignored (03-10), ends it: one since, this morning's.
        let back = backoff.engagement(of: sent, opens: opens, appOpens: [at(london, 2026, 3, 11, 20, 0)], now: now)
        #expect(back.ignoredInARow == 1 && back.sent == 12 && back.opened == 1)
        // A ladder whose goal is the visit ends the run at any app open.
        let ladder = try FatigueBackoff(rules: ["streak"], settings: .escalationLadder)
        #expect(ladder.engagement(of: sent, opens: opens, appOpens: [at(london, 2026, 3, 5, 20, 0)], now: now).ignoredInARow == 7)
    }

    @Test func oldSettingsReadAsTheBackOffTheyDescribed() throws {
        let old = Data(#"{"reduceAfter": 3, "pauseAfter": 7, "reducedEvery": 2, "attribution": 7200}"#.utf8)
        #expect(try JSONDecoder().decode(FatigueSettings.self, from: old) == .escalationLadder)
        let new = try JSONEncoder().encode(FatigueSettings())
        #expect(try JSONDecoder().decode(FatigueSettings.self, from: new) == FatigueSettings())
    }

    /// The last notice of a reminder that comes inside quiet hours in `quiet` mode comes
    /// quietly too: it takes the notice's words, not its interruption level (random world 138
    /// found the notice delivered active at 02:30).
    @Test func theLastNoticeKeepsWhatQuietHoursDecided() throws {
        let rules: [any Rule] = [
            ScheduledRule(id: "streak", schedule: .daily(time(2, 30)), content: NotificationContent(title: "Keep your streak", body: ""))
        ]
        var input = PlanInput(now: at(london, 2026, 3, 1, 12, 0), calendar: gregorian(london))
        input.engagement = ["streak": RuleEngagement(ignoredInARow: 7, lastDelivery: at(london, 2026, 3, 1, 2, 30), sent: 20, opened: 1)]
        let policies: [any Policy] = [QuietHours(start: time(1, 0), end: time(8, 0), mode: .quiet), try FatigueBackoff(reducedEvery: 2)]
        let plan = Planner(rules: rules, policies: policies, budget: Budget(platform: .custom(40), safetyMargin: 0), lookahead: 7 * 86_400).plan(input)
        let notice = try #require(plan.entries.first)
        #expect(plan.entries.count == 1)
        #expect(notice.request.content.title == "We'll pause these reminders")
        #expect(notice.request.content.interruptionLevel == .passive)
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
        do {
            _ = try FatigueBackoff(minimumOpenRate: 0)
            Issue.record("a minimum open rate of 0 was accepted")
        } catch {
            #expect(error.description == "fatigue back-off: minimumOpenRate: 0.0 is outside 0.01…1")
        }
    }
}
