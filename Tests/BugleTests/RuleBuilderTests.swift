import Bugle
import Foundation
import Testing

/// The one-line rule builders, planned by a `Planner` at a fixed `now` in a fixed zone. Fire
/// times are checked against Foundation's calendar, not Bugle's own zone code.
@Suite("Rule builders")
struct RuleBuilderTests {
    func planned(_ rules: [any Rule], at now: Date, in zoneID: String, capacity: Int, state: AppState = AppState()) -> Plan {
        Planner(rules: rules, budget: budget(capacity)).plan(PlanInput(now: now, calendar: gregorian(zoneID), state: state))
    }

    @Test func dailyPlansItsTimeAndContentEveryDay() {
        let plan = planned(
            [.daily(id: "morning", at: "08:30", title: "Good morning", body: "Time for today's puzzle", group: "wake", priority: 3)],
            at: at("Europe/London", 2026, 3, 1, 7, 0), in: "Europe/London", capacity: 4)
        #expect(plan.entries.map(\.candidate.id) == ["morning@2026-03-01", "morning@2026-03-02", "morning@2026-03-03", "morning@2026-03-04"])
        #expect(plan.entries.map(\.candidate.fireTime) == (1...4).map { .wallClock(wall(2026, 3, $0, 8, 30)) })
        #expect(plan.entries.map(\.candidate.fireDate) == (1...4).map { at("Europe/London", 2026, 3, $0, 8, 30) })
        for entry in plan.entries {
            #expect(entry.request.content.title == "Good morning")
            #expect(entry.request.content.body == "Time for today's puzzle")
            #expect(entry.candidate.group == "wake")
            #expect(entry.candidate.priority == 3)
            #expect(entry.request.ruleID == "morning")
        }
    }

    /// Monday and Thursday at 08:30, all year, in zones north and south, one with a
    /// 30-minute shift: every notification shows 08:30 on the local clock, on a Monday or a
    /// Thursday, whatever the offset that day.
    @Test(arguments: dstZones)
    func weeklyOnMondayAndThursdayFiresAt0830LocalAcrossDaylightSaving(zoneID: String) {
        let plan = planned(
            [.weekly(id: "gym", on: [.monday, .thursday], at: "08:30", title: "Gym", body: "Leg day")],
            at: at(zoneID, 2026, 1, 1), in: zoneID, capacity: 104)
        #expect(plan.entries.count == 104)
        let timeZone = zone(zoneID)
        var offsets = Set<Int>()
        for entry in plan.entries {
            let shown = wallClock(entry.candidate.fireDate, in: zoneID)
            let weekday = gregorian(zoneID).component(.weekday, from: entry.candidate.fireDate)
            #expect(shown.hour == 8 && shown.minute == 30 && shown.second == 0, "\(entry.candidate.id) shows \(shown)")
            #expect(weekday == 2 || weekday == 5, "\(entry.candidate.id) is on weekday \(weekday)")
            #expect(entry.candidate.id == String(format: "gym@%04d-%02d-%02d", shown.year, shown.month, shown.day))
            offsets.insert(timeZone.secondsFromGMT(for: entry.candidate.fireDate))
        }
        // The year crossed both changes of the zone's clocks.
        #expect(offsets.count == 2)
    }

    @Test func weeklyInNewYorkKeeps0830WhenTheClocksSpringForward() {
        // New York moves from UTC-5 to UTC-4 at 02:00 on Sunday 2026-03-08.
        let plan = planned(
            [.weekly(id: "gym", on: [.monday, .thursday], at: "08:30", title: "Gym", body: "Leg day")],
            at: at("America/New_York", 2026, 3, 1, 12, 0), in: "America/New_York", capacity: 4)
        #expect(plan.entries.map(\.candidate.id) == ["gym@2026-03-02", "gym@2026-03-05", "gym@2026-03-09", "gym@2026-03-12"])
        #expect(
            plan.entries.map(\.candidate.fireDate) == [utc(2026, 3, 2, 13, 30), utc(2026, 3, 5, 13, 30), utc(2026, 3, 9, 12, 30), utc(2026, 3, 12, 12, 30)])
        #expect(plan.entries.map(\.candidate.fireTime) == [2, 5, 9, 12].map { .wallClock(wall(2026, 3, $0, 8, 30)) })
    }

    @Test func everyFewDaysCountsFromItsAnchor() {
        let plants = planned(
            [.every(id: "plants", days: 3, at: "19:00", from: "2026-03-01", title: "Water the plants", body: "The ficus too")],
            at: utc(2026, 3, 5, 12), in: "UTC", capacity: 3)
        #expect(plants.entries.map(\.candidate.id) == ["plants@2026-03-07", "plants@2026-03-10", "plants@2026-03-13"])
        #expect(plants.entries.map(\.candidate.fireDate) == [utc(2026, 3, 7, 19), utc(2026, 3, 10, 19), utc(2026, 3, 13, 19)])
        // Days before the anchor never fire; a step below 1 counts as 1.
        let early = planned(
            [.every(id: "plants", days: 0, at: "19:00", from: "2026-03-10", title: "Water", body: "")], at: utc(2026, 3, 5), in: "UTC", capacity: 2)
        #expect(early.entries.map(\.candidate.id) == ["plants@2026-03-10", "plants@2026-03-11"])
    }

    @Test func onceAtAWallClockTimeFollowsTheDevice() {
        for zoneID in ["America/New_York", "Asia/Tokyo"] {
            let plan = planned(
                [.once(id: "launch", at: "2026-03-01T09:00", title: "We're live", body: "See what's new")],
                at: utc(2026, 2, 27), in: zoneID, capacity: 4)
            #expect(plan.entries.map(\.candidate.id) == ["launch"])
            #expect(plan.entries.first?.candidate.fireTime == .wallClock(wall(2026, 3, 1, 9, 0)))
            #expect(plan.entries.first?.candidate.fireDate == at(zoneID, 2026, 3, 1, 9, 0))
        }
    }

    @Test func onceAtAnInstantIsTheSameEverywhere() {
        for zoneID in ["America/New_York", "Asia/Tokyo"] {
            let plan = planned(
                [.once(id: "kickoff", at: utc(2026, 3, 2, 18), title: "Kick-off", body: "The match starts")],
                at: utc(2026, 2, 27), in: zoneID, capacity: 4)
            #expect(plan.entries.map(\.candidate.id) == ["kickoff"])
            #expect(plan.entries.first?.candidate.fireDate == utc(2026, 3, 2, 18))
            #expect(plan.entries.first?.candidate.fireTime == .zoned(ZonedInstant(date: utc(2026, 3, 2, 18), timeZone: zone(zoneID))))
        }
    }

    /// Every builder shows its title and body, and nothing else: no subtitle, sound or
    /// thread the developer did not ask for.
    @Test func everyBuilderShowsItsTitleAndBody() {
        let rules: [any Rule] = [
            .daily(id: "a", at: "08:00", title: "A", body: "daily"),
            .weekly(id: "b", on: [.sunday], at: "08:00", title: "B", body: "weekly"),
            .every(id: "c", days: 2, at: "08:00", from: "2026-03-01", title: "C", body: "every"),
            .once(id: "d", at: "2026-03-01T08:00", title: "D", body: "once"),
            .once(id: "e", at: utc(2026, 3, 1, 8), title: "E", body: "at"),
        ]
        // 2026-03-01 is a Sunday: each rule's first notification is at 08:00 that day.
        let plan = planned(rules, at: utc(2026, 3, 1), in: "UTC", capacity: 5)
        let shown = plan.entries.map { "\($0.candidate.id) \($0.request.content.title) \($0.request.content.body)" }
        #expect(Set(shown) == ["a@2026-03-01 A daily", "b@2026-03-01 B weekly", "c@2026-03-01 C every", "d D once", "e E at"])
        #expect(plan.entries.allSatisfy { $0.candidate.fireDate == utc(2026, 3, 1, 8) })
        #expect(plan.entries.allSatisfy { $0.request.content == NotificationContent(title: $0.request.content.title, body: $0.request.content.body) })
    }

    @Test func aConditionThatDoesNotHoldPlansNothing() {
        let rule = ScheduledRule.daily(id: "evening", at: "19:00", title: "Play", body: "", condition: .equals(key: "playedToday", value: false))
        let played = planned([rule], at: utc(2026, 3, 1), in: "UTC", capacity: 4, state: ["playedToday": true])
        #expect(played.entries.isEmpty)
        #expect(played.report.inactiveRules["evening"] != nil)
        let notPlayed = planned([rule], at: utc(2026, 3, 1), in: "UTC", capacity: 1, state: ["playedToday": false])
        #expect(notPlayed.entries.map(\.candidate.id) == ["evening@2026-03-01"])
    }

    @Test func aZonedBasisKeepsTheTimeInItsZone() {
        let rule = ScheduledRule.daily(id: "market", at: "09:00", title: "Tokyo opens", body: "", basis: .zoned(zone("Asia/Tokyo")))
        let plan = planned([rule], at: utc(2026, 3, 1), in: "Europe/London", capacity: 2)
        #expect(plan.entries.map(\.candidate.fireDate) == [utc(2026, 3, 2, 0), utc(2026, 3, 3, 0)])
        #expect(plan.entries.map(\.candidate.id) == ["market@2026-03-02", "market@2026-03-03"])
    }

    /// A builder makes the rule the initializer would, with the documented defaults.
    @Test func buildersMakeTheRuleTheInitializerMakes() {
        let rule = ScheduledRule.weekly(id: "gym", on: [.thursday, .monday], at: "08:30", title: "Gym", body: "Leg day")
        let written = ScheduledRule(
            id: "gym", schedule: .weekly([.monday, .thursday], time(8, 30)), content: NotificationContent(title: "Gym", body: "Leg day"))
        #expect(rule.id == written.id)
        #expect(rule.schedule == written.schedule)
        #expect(rule.content == written.content)
        #expect(rule.basis == .wallClock)
        #expect(rule.priority == 0)
        #expect(rule.group == nil)
        #expect(rule.condition == nil)
        #expect(rule.reserve == 0)
        #expect([rule.start, rule.end] == [nil, nil])
        #expect(rule.count == nil)
        #expect(
            ScheduledRule.every(id: "p", days: 3, at: "19:00", from: "2026-03-01", title: "", body: "").schedule
                == .every(days: 3, time: time(19, 0), anchor: day(2026, 3, 1)))
        #expect(ScheduledRule.once(id: "l", at: "2026-03-01T09:00", title: "", body: "").schedule == .once(wall(2026, 3, 1, 9, 0)))
        #expect(ScheduledRule.once(id: "k", at: utc(2026, 3, 2, 18), title: "", body: "").schedule == .onceAt(utc(2026, 3, 2, 18)))
    }
}
