import Bugle
import Foundation
import Testing

@Suite("ScheduledRule: one-shot, daily, weekly, every N days")
struct ScheduledRuleTests {
    /// A daily 08:30 wall-clock rule over 2026: exactly one candidate per local day, each at
    /// 08:30 on the local clock (read back with Foundation's Calendar), through both DST changes.
    @Test("Daily 08:30 is 08:30 local on every day of the year", arguments: dstZones)
    func dailyThroughAYear(_ zoneID: String) {
        let calendar = gregorian(zoneID)
        // Local midnight starting 2026, so the first candidate is 2026-01-01 08:30.
        let now = at(zoneID, 2026, 1, 1, 0, 0)
        let context = PlanningContext(now: now, calendar: calendar, lookahead: 400 * 86_400)
        let candidates = allCandidates(daily("coffee", 8, 30), context, limit: 400)
        let in2026 = candidates.filter { wallClock($0.fireDate, in: zoneID).year == 2026 }
        #expect(in2026.count == 365)
        var expectedDay = day(2026, 1, 1)
        for candidate in in2026 {
            let shown = wallClock(candidate.fireDate, in: zoneID)
            #expect(shown.hour == 8 && shown.minute == 30 && shown.second == 0, "\(candidate.id) fires at \(shown)")
            #expect(shown.month == expectedDay.month && shown.day == expectedDay.day, "\(candidate.id) expected on \(expectedDay)")
            #expect(candidate.id == "coffee@\(expectedDay)")
            #expect(candidate.fireTime == .wallClock(LocalDateTime(date: expectedDay, time: time(8, 30))))
            expectedDay = expectedDay.adding(days: 1)
        }
        // Fire dates strictly increase: no day twice.
        #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.fireDate < $1.fireDate })
    }

    /// The same requirement through the planner, refreshing once a day at 00:05 local with the
    /// default iOS budget: each refresh's soonest entry is that day's 08:30.
    @Test("Planning daily for a year gives 08:30 local each day", arguments: dstZones)
    func dailyThroughPlannerRefreshes(_ zoneID: String) {
        let calendar = gregorian(zoneID)
        let planner = Planner(rules: [daily("coffee", 8, 30)])
        var firsts: [Date] = []
        var refreshDay = day(2026, 1, 1)
        for _ in 0..<365 {
            let now = at(zoneID, refreshDay.year, refreshDay.month, refreshDay.day, 0, 5)
            let plan = planner.plan(PlanInput(now: now, calendar: calendar))
            #expect(plan.entries.count == 60)  // 64 less the default margin of 4
            if let first = plan.entries.first {
                let shown = wallClock(first.candidate.fireDate, in: zoneID)
                #expect(shown == Wall(year: refreshDay.year, month: refreshDay.month, day: refreshDay.day, hour: 8, minute: 30, second: 0))
                firsts.append(first.candidate.fireDate)
            }
            refreshDay = refreshDay.adding(days: 1)
        }
        #expect(Set(firsts).count == 365)
    }

    /// A daily 02:30 in New York: on 2026-03-08 02:30 does not exist and fires at 03:30 EDT
    /// (07:30Z); the days around it fire at 02:30 local (07:30Z in EST, 06:30Z in EDT). On the
    /// fall-back day, 01:30 happens twice and fires once, at the first (05:30Z).
    @Test func dailyInsideTheNewYorkGapAndRepeat() {
        let calendar = gregorian("America/New_York")
        let context = PlanningContext(now: utc(2026, 3, 7, 0, 0), calendar: calendar, lookahead: 4 * 86_400)
        let spring = allCandidates(daily("early", 2, 30), context).filter { $0.fireDate <= context.lookaheadEnd }
        #expect(spring.map(\.fireDate) == [utc(2026, 3, 7, 7, 30), utc(2026, 3, 8, 7, 30), utc(2026, 3, 9, 6, 30), utc(2026, 3, 10, 6, 30)])
        #expect(spring.map(\.id) == ["early@2026-03-07", "early@2026-03-08", "early@2026-03-09", "early@2026-03-10"])

        let fall = PlanningContext(now: utc(2026, 10, 31, 12, 0), calendar: calendar, lookahead: 3 * 86_400)
        let night = allCandidates(daily("night", 1, 30), fall).filter { $0.fireDate <= fall.lookaheadEnd }
        // Oct 31 01:30 has passed; Nov 1 01:30 EDT = 05:30Z (first); Nov 2, 3 01:30 EST = 06:30Z.
        #expect(night.map(\.fireDate) == [utc(2026, 11, 1, 5, 30), utc(2026, 11, 2, 6, 30), utc(2026, 11, 3, 6, 30)])
    }

    /// Lord Howe's 30-minute gap: a daily 02:15 fires at 02:45 local (15:45Z) on 2026-10-04.
    @Test func dailyInsideTheLordHoweGap() {
        let context = PlanningContext(now: utc(2026, 10, 2, 0, 0), calendar: gregorian("Australia/Lord_Howe"), lookahead: 3 * 86_400)
        let candidates = allCandidates(daily("r", 2, 15), context).filter { $0.fireDate <= context.lookaheadEnd }
        // Oct 3 02:15 +10:30 = 15:45Z Oct 2; Oct 4 02:45 +11 = 15:45Z Oct 3; Oct 5 02:15 +11 = 15:15Z Oct 4.
        #expect(candidates.map(\.fireDate) == [utc(2026, 10, 2, 15, 45), utc(2026, 10, 3, 15, 45), utc(2026, 10, 4, 15, 15)])
        #expect(candidates.map { wallClock($0.fireDate, in: "Australia/Lord_Howe").minute } == [15, 45, 15])
    }

    @Test func candidatesAreAfterNowAndInOrder() {
        let calendar = gregorian("Europe/London")
        // 09:00 on 2026-01-10: today's 08:30 has passed.
        let context = PlanningContext(now: at("Europe/London", 2026, 1, 10, 9, 0), calendar: calendar, lookahead: 5 * 86_400)
        let candidates = allCandidates(daily("r", 8, 30), context)
        #expect(candidates.first?.id == "r@2026-01-11")
        #expect(candidates.allSatisfy { $0.fireDate > context.now })
        // Lazy and bounded: it stops after the first occurrence past the lookahead.
        #expect(candidates.count == 6)
        #expect(candidates.last!.fireDate > context.lookaheadEnd)
    }

    @Test func idsAreStableAcrossRefreshes() {
        let calendar = gregorian("Asia/Jerusalem")
        let rule = daily("r", 20, 0)
        let morning = allCandidates(rule, PlanningContext(now: at("Asia/Jerusalem", 2026, 5, 1, 7, 0), calendar: calendar, lookahead: 3 * 86_400))
        let noon = allCandidates(rule, PlanningContext(now: at("Asia/Jerusalem", 2026, 5, 1, 12, 0), calendar: calendar, lookahead: 3 * 86_400))
        #expect(morning.map(\.id) == noon.map(\.id))
        #expect(morning.map(\.fireDate) == noon.map(\.fireDate))
    }

    @Test func weeklyOnChosenWeekdays() {
        let calendar = gregorian("Europe/London")
        let rule = ScheduledRule(id: "gym", schedule: .weekly([.monday, .wednesday, .friday], time(18, 0)), content: content())
        // Sunday 2026-01-04 noon; two weeks ahead.
        let context = PlanningContext(now: at("Europe/London", 2026, 1, 4, 12, 0), calendar: calendar, lookahead: 14 * 86_400)
        let ids = allCandidates(rule, context).filter { $0.fireDate <= context.lookaheadEnd }.map(\.id)
        #expect(ids == ["gym@2026-01-05", "gym@2026-01-07", "gym@2026-01-09", "gym@2026-01-12", "gym@2026-01-14", "gym@2026-01-16"])
    }

    @Test func everyThreeDaysFromTheAnchor() {
        let calendar = gregorian("America/New_York")
        let rule = ScheduledRule(id: "water", schedule: .every(days: 3, time: time(9, 0), anchor: day(2026, 1, 1)), content: content())
        let context = PlanningContext(now: at("America/New_York", 2026, 1, 5, 12, 0), calendar: calendar, lookahead: 10 * 86_400)
        let ids = allCandidates(rule, context).filter { $0.fireDate <= context.lookaheadEnd }.map(\.id)
        // Jan 1, 4, 7, 10, 13, ...: from Jan 5 noon the next are 7, 10, 13.
        #expect(ids == ["water@2026-01-07", "water@2026-01-10", "water@2026-01-13"])
    }

    @Test func startAndEndAreInclusive() {
        let calendar = gregorian("Europe/London")
        let rule = ScheduledRule(id: "trial", schedule: .daily(time(10, 0)), content: content(), start: day(2026, 2, 10), end: day(2026, 2, 12))
        let context = PlanningContext(now: utc(2026, 1, 1), calendar: calendar)
        #expect(allCandidates(rule, context).map(\.id) == ["trial@2026-02-10", "trial@2026-02-11", "trial@2026-02-12"])
    }

    /// A count includes occurrences that already happened.
    @Test func countIncludesPastOccurrences() {
        let calendar = gregorian("Europe/London")
        let rule = ScheduledRule(id: "course", schedule: .daily(time(8, 30)), content: content(), start: day(2026, 1, 1), count: 5)
        // Jan 3 at noon: Jan 1, 2, 3 happened; Jan 4 and 5 are left.
        let context = PlanningContext(now: at("Europe/London", 2026, 1, 3, 12, 0), calendar: calendar)
        #expect(allCandidates(rule, context).map(\.id) == ["course@2026-01-04", "course@2026-01-05"])
        let weekly = ScheduledRule(id: "w", schedule: .weekly([.monday, .thursday], time(8, 0)), content: content(), start: day(2026, 1, 1), count: 4)
        // Thu Jan 1, Mon Jan 5, Thu Jan 8, Mon Jan 12; from Jan 6 two are left.
        let later = PlanningContext(now: at("Europe/London", 2026, 1, 6, 12, 0), calendar: calendar)
        #expect(allCandidates(weekly, later).map(\.id) == ["w@2026-01-08", "w@2026-01-12"])
    }

    @Test func oneShot() {
        let calendar = gregorian("Europe/London")
        let rule = once("launch", wall(2026, 6, 1, 9, 0))
        let context = PlanningContext(now: utc(2026, 5, 1), calendar: calendar)
        let candidates = allCandidates(rule, context)
        #expect(candidates.count == 1)
        #expect(candidates.first?.id == "launch")
        // 09:00 BST = 08:00Z.
        #expect(candidates.first?.fireDate == utc(2026, 6, 1, 8, 0))
        let outside = ScheduledRule(id: "x", schedule: .once(wall(2026, 6, 1, 9, 0)), content: content(), end: day(2026, 5, 31))
        #expect(allCandidates(outside, context).isEmpty)
    }

    /// A one-shot at a fixed instant fires at that instant whatever the device zone.
    @Test func oneShotAtAnInstant() {
        let instant = utc(2027, 1, 1, 5, 0)  // midnight in New York
        let rule = ScheduledRule(id: "ny", schedule: .onceAt(instant), content: content())
        for zoneID in dstZones {
            let candidates = allCandidates(rule, PlanningContext(now: utc(2026, 12, 1), calendar: gregorian(zoneID)))
            #expect(candidates.map(\.fireDate) == [instant])
        }
    }

    /// Wall-clock rules follow the device; zoned rules stay fixed moments.
    @Test func wallClockFollowsTheDeviceZonedDoesNot() {
        let now = utc(2026, 7, 1, 0, 0)
        let wallRule = ScheduledRule(id: "w", schedule: .daily(time(8, 30)), content: content())
        let zonedRule = ScheduledRule(id: "z", schedule: .daily(time(8, 30)), basis: .zoned(zone("America/New_York")), content: content())
        let tokyo = PlanningContext(now: now, calendar: gregorian("Asia/Tokyo"), lookahead: 86_400)
        let newYork = PlanningContext(now: now, calendar: gregorian("America/New_York"), lookahead: 86_400)
        // 08:30 in Tokyo (+9) on Jul 1 = 23:30Z Jun 30 has passed at 00:00Z Jul 1; next is Jul 2 08:30 = 23:30Z Jul 1.
        #expect(allCandidates(wallRule, tokyo).first?.fireDate == utc(2026, 7, 1, 23, 30))
        // 08:30 EDT (-4) on Jul 1 = 12:30Z, on whichever device.
        #expect(allCandidates(zonedRule, tokyo).first?.fireDate == utc(2026, 7, 1, 12, 30))
        #expect(allCandidates(zonedRule, newYork).first?.fireDate == utc(2026, 7, 1, 12, 30))
        guard case .zoned(let instant)? = allCandidates(zonedRule, tokyo).first?.fireTime else {
            Issue.record("a zoned rule must give a zoned fire time")
            return
        }
        #expect(instant.timeZone.identifier == "America/New_York")
        #expect(instant.date == utc(2026, 7, 1, 12, 30))
    }

    @Test func candidatesCarryTheRuleSettings() {
        let rule = ScheduledRule(id: "r", schedule: .daily(time(9, 0)), content: content("Hi"), priority: 7, group: "g", dedupeKey: "k", relevance: 3_600)
        let candidate = allCandidates(rule, PlanningContext(now: utc(2026, 1, 1), calendar: gregorian("UTC")), limit: 1).first
        #expect(candidate?.ruleID == "r")
        #expect(candidate?.priority == 7)
        #expect(candidate?.group == "g")
        #expect(candidate?.dedupeKey == "k")
        #expect(candidate?.relevance == 3_600)
        #expect(candidate?.content.title == "Hi")
    }

    /// "Remind me 3 times": however often the app refreshes, no more than three occurrences
    /// may ever be proposed. Here the rule has no start, and the app refreshes each morning.
    @Test func aCountIsNeverExceededAcrossRefreshes() {
        let calendar = gregorian("Europe/London")
        let rule = ScheduledRule(id: "thrice", schedule: .daily(time(9, 0)), content: content(), count: 3)
        var seen = Set<String>()
        for dayIndex in 0..<7 {
            let today = day(2026, 1, 5).adding(days: dayIndex)
            let now = at("Europe/London", today.year, today.month, today.day, 7, 0)
            for candidate in allCandidates(rule, PlanningContext(now: now, calendar: calendar)) { seen.insert(candidate.id) }
        }
        #expect(seen.count <= 3, "proposed \(seen.sorted())")
    }

    /// A weekly rule with no weekdays (the user unticked them all) proposes nothing, and
    /// promptly: it must not spin looking for a matching day.
    @Test func aWeeklyRuleWithNoWeekdaysProposesNothing() {
        let rule = ScheduledRule(id: "none", schedule: .weekly([], time(9, 0)), content: content())
        let context = PlanningContext(now: utc(2026, 1, 5), calendar: gregorian("Europe/London"), lookahead: 30 * 86_400)
        let result = runWithDeadline(seconds: 5) { allCandidates(rule, context, limit: 10).count }
        #expect(result == 0, "nil means it did not finish within 5 s")
    }
}

/// Runs `body` on its own thread and returns its result, or `nil` if it has not finished
/// by the deadline (the thread is then left running: the code under test never returns).
func runWithDeadline(seconds: Double, _ body: @escaping @Sendable () -> Int) -> Int? {
    let box = IntBox()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.value
}

final class IntBox: @unchecked Sendable {
    var value: Int?
}
