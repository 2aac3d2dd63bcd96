import Bugle
import Foundation
import Testing

@Suite("Planner: budget, reserves, coverage, conditions, past, order, lookahead")
struct PlannerTests {
    let zoneID = "America/New_York"
    var calendar: Calendar { gregorian(zoneID) }
    /// Monday 2026-01-05 at 00:00 in New York.
    var now: Date { at(zoneID, 2026, 1, 5, 0, 0) }

    func input(state: AppState = AppState(), pending: Set<String> = []) -> PlanInput {
        PlanInput(now: now, calendar: calendar, state: state, pendingRequestIDs: pending)
    }

    // MARK: Budget

    @Test func theDefaultBudgetIsTheIOSLimitLessTheMargin() {
        let plan = Planner(rules: [daily("d", 8, 30)]).plan(input())
        #expect(plan.report.capacity == 60)
        #expect(plan.entries.count == 60)
        // The soonest 60: Jan 5 through Mar 5 (Jan 31 + Feb 28 days = 59 after Jan 5... ), in order.
        #expect(plan.entries.first?.candidate.id == "d@2026-01-05")
        #expect(plan.entries.last?.candidate.id == "d@\(day(2026, 1, 5).adding(days: 59))")
        #expect(zip(plan.entries, plan.entries.dropFirst()).allSatisfy { $0.candidate.fireDate < $1.candidate.fireDate })
    }

    @Test func othersPendingRequestsTakeRoom() {
        let foreign: Set<String> = ["other.1", "other.2", "other.3", "bugle.d@2026-01-05"]
        let plan = Planner(rules: [daily("d", 8, 30)]).plan(input(pending: foreign))
        // 64 - 4 margin - 3 foreign; our own pending request takes no extra room.
        #expect(plan.report.capacity == 57)
        #expect(plan.entries.count == 57)
    }

    @Test func capacityNeverGoesNegative() {
        let full = Set((0..<70).map { "someone.else.\($0)" })
        let plan = Planner(rules: [daily("d", 8, 30)]).plan(input(pending: full))
        #expect(plan.report.capacity == 0)
        #expect(plan.entries.isEmpty)
        #expect(plan.report.coverage.limit == .budget)
        #expect(Budget(platform: .custom(10), safetyMargin: 2).capacity(foreignPending: 3) == 5)
    }

    @Test func aFullBudgetDropsTheRestAndSaysWhereCoverageEnds() {
        let plan = Planner(rules: [daily("d", 8, 30)], budget: budget(5)).plan(input())
        #expect(plan.candidateIDs == ["d@2026-01-05", "d@2026-01-06", "d@2026-01-07", "d@2026-01-08", "d@2026-01-09"])
        #expect(plan.report.coverage.limit == .budget)
        // Complete up to the first candidate that did not fit: Jan 10 08:30 EST = 13:30Z.
        #expect(plan.report.coverage.horizon == utc(2026, 1, 10, 13, 30))
        #expect(plan.report.dropped(.budget).map(\.candidate.id) == ["d@2026-01-10"])
    }

    // MARK: Reserves

    /// Without a reserve, a daily rule fills the budget and a weekly one never gets in.
    @Test func withoutAReserveTheSoonerRuleTakesEverything() {
        let weekly = ScheduledRule(id: "w", schedule: .weekly([.sunday], time(9, 0)), content: content())
        let plan = Planner(rules: [daily("d", 8, 0), weekly], budget: budget(5)).plan(input())
        #expect(plan.entries.allSatisfy { $0.candidate.ruleID == "d" })
    }

    @Test func aReserveKeepsSlotsForItsRule() {
        let weekly = ScheduledRule(id: "w", schedule: .weekly([.sunday], time(9, 0)), content: content(), reserve: 2)
        let plan = Planner(rules: [daily("d", 8, 0), weekly], budget: budget(5)).plan(input())
        // Two Sundays (Jan 11, 18) kept by the reserve; the three other slots go to the soonest.
        #expect(plan.candidateIDs == ["d@2026-01-05", "d@2026-01-06", "d@2026-01-07", "w@2026-01-11", "w@2026-01-18"])
        // The plan is complete only up to the first daily candidate left out: Jan 8 08:00 EST = 13:00Z.
        #expect(plan.report.coverage.horizon == utc(2026, 1, 8, 13, 0))
        #expect(plan.report.coverage.limit == .budget)
        #expect(plan.drop("d@2026-01-08")?.reason == .budget)
    }

    /// A rule with a reserve whose only (or last) candidate comes after the others have filled
    /// the budget must still get its reserved slot: a one-shot countdown with reserve 1.
    @Test func aReservedOneShotAfterTheBudgetIsFullStillGetsItsSlot() {
        let countdown = once("newYear", wall(2026, 1, 20, 0, 0), reserve: 1)
        let plan = Planner(rules: [daily("d", 8, 0), countdown], budget: budget(5)).plan(input())
        #expect(plan.candidateIDs.contains("newYear"), "dropped as \(String(describing: plan.drop("newYear")))")
        #expect(plan.entries.count == 5)
        #expect(plan.candidateIDs.prefix(4) == ["d@2026-01-05", "d@2026-01-06", "d@2026-01-07", "d@2026-01-08"])
    }

    /// The same with a rule whose last candidate is reserved: a weekly rule that ends.
    @Test func theLastCandidateOfAReservedRuleIsNotLost() {
        let weekly = ScheduledRule(id: "w", schedule: .weekly([.sunday], time(9, 0)), content: content(), end: day(2026, 1, 18), reserve: 2)
        let plan = Planner(rules: [daily("d", 8, 0), weekly], budget: budget(5)).plan(input())
        #expect(plan.candidateIDs.filter { $0.hasPrefix("w@") } == ["w@2026-01-11", "w@2026-01-18"])
    }

    /// A reserve bigger than what the rule proposes does not waste slots.
    @Test func anUnusedReserveGoesToOthers() {
        let soon = once("soon", wall(2026, 1, 5, 7, 0), reserve: 3)
        let plan = Planner(rules: [daily("d", 8, 0), soon], budget: budget(5)).plan(input())
        #expect(plan.candidateIDs == ["soon", "d@2026-01-05", "d@2026-01-06", "d@2026-01-07", "d@2026-01-08"])
    }

    // MARK: Coverage and lookahead

    @Test func coverageIsExhaustedWhenEverythingIsPlanned() {
        let plan = Planner(rules: [once("a", wall(2026, 1, 6, 9, 0)), once("b", wall(2026, 2, 1, 9, 0))], budget: budget(10)).plan(input())
        #expect(plan.candidateIDs == ["a", "b"])
        #expect(plan.report.coverage.limit == .exhausted)
        #expect(plan.report.coverage.horizon == nil)
    }

    @Test func theLookaheadBoundsWhatIsAskedFor() {
        let planner = Planner(rules: [daily("d", 8, 30), once("far", wall(2026, 3, 1, 9, 0))], budget: budget(60), lookahead: 3 * 86_400)
        let plan = planner.plan(input())
        // Jan 5, 6, 7 at 08:30 are inside three days from Jan 5 00:00; Jan 8 08:30 is not.
        #expect(plan.candidateIDs == ["d@2026-01-05", "d@2026-01-06", "d@2026-01-07"])
        #expect(plan.report.coverage.limit == .lookahead)
        #expect(plan.report.coverage.horizon == now.addingTimeInterval(3 * 86_400))
        #expect(plan.report.dropped.isEmpty)
    }

    @Test func aShortBudgetBeatsALongLookahead() {
        let plan = Planner(rules: [daily("d", 8, 30)], budget: budget(3), lookahead: 30 * 86_400).plan(input())
        #expect(plan.report.coverage.limit == .budget)
    }

    // MARK: Conditions

    @Test func aFalseConditionPlansNothingForTheRuleAndSaysWhy() {
        let played = Condition.equals(key: "playedToday", value: false)
        let rules: [any Rule] = [daily("nudge", 19, 0, condition: played), daily("other", 9, 0)]
        let skipped = Planner(rules: rules, budget: budget(10)).plan(input(state: ["playedToday": true]))
        #expect(skipped.entries.allSatisfy { $0.candidate.ruleID == "other" })
        #expect(skipped.entries.count == 10)
        let drops = skipped.report.dropped(.condition)
        #expect(drops.map(\.candidate.id) == ["nudge@2026-01-05"])
        #expect(drops.first?.detail.contains("playedToday") == true)

        let active = Planner(rules: rules, budget: budget(10)).plan(input(state: ["playedToday": false]))
        #expect(active.candidateIDs.contains("nudge@2026-01-05"))
        #expect(active.report.dropped(.condition).isEmpty)
    }

    // MARK: Past

    @Test func aOneShotWhoseTimeHasPassedIsReportedPast() {
        let plan = Planner(rules: [once("gone", wall(2026, 1, 4, 9, 0)), once("exactlyNow", wall(2026, 1, 5, 0, 0)), once("next", wall(2026, 1, 5, 9, 0))])
            .plan(input())
        #expect(plan.candidateIDs == ["next"])
        #expect(plan.drop("gone")?.reason == .past)
        #expect(plan.drop("exactlyNow")?.reason == .past)
    }

    // MARK: Order

    @Test func atEqualTimesTheMoreImportantComesFirst() {
        let rules: [any Rule] = [
            once("low", wall(2026, 1, 5, 9, 0), priority: 1), once("high", wall(2026, 1, 5, 9, 0), priority: 9),
            once("mid", wall(2026, 1, 5, 9, 0), priority: 5), once("early", wall(2026, 1, 5, 8, 0), priority: 0),
        ]
        let plan = Planner(rules: rules).plan(input())
        #expect(plan.candidateIDs == ["early", "high", "mid", "low"])
    }

    @Test func whenOnlyOneFitsTheMoreImportantWinsATie() {
        let rules: [any Rule] = [once("low", wall(2026, 1, 5, 9, 0), priority: 1), once("high", wall(2026, 1, 5, 9, 0), priority: 9)]
        let plan = Planner(rules: rules, budget: budget(1)).plan(input())
        #expect(plan.candidateIDs == ["high"])
        #expect(plan.drop("low")?.reason == .budget)
    }

    @Test func policiesRunInOrderAndTheFirstDropWins() {
        let rules: [any Rule] = [once("late", wall(2026, 1, 5, 23, 0), dedupeKey: "k")]
        let history = DeliveryHistory([delivery("bugle.x", at: now.addingTimeInterval(-60), dedupeKey: "k")])
        let quietFirst = Planner(rules: rules, policies: [QuietHours(start: time(22, 0), end: time(7, 0)), NoRenotify(within: 86_400)])
            .plan(PlanInput(now: now, calendar: calendar, history: history))
        #expect(quietFirst.drop("late")?.reason == .quietHours)
        let renotifyFirst = Planner(rules: rules, policies: [NoRenotify(within: 86_400), QuietHours(start: time(22, 0), end: time(7, 0))])
            .plan(PlanInput(now: now, calendar: calendar, history: history))
        #expect(renotifyFirst.drop("late")?.reason == .renotify)
    }

    // MARK: Every drop says why

    @Test func eachDropCarriesTheRightReason() throws {
        let london = "Europe/London"
        let now = at(london, 2026, 1, 5, 12, 0)
        let rules: [any Rule] = [
            once("old", wall(2026, 1, 5, 9, 0)),  // before now
            once("cond", wall(2026, 1, 5, 14, 0), condition: .exists(key: "never")),  // condition false
            once("news", wall(2026, 1, 5, 15, 0)),  // its data was never fetched
            once("night", wall(2026, 1, 5, 23, 0)),  // quiet hours
            once("promo1", wall(2026, 1, 6, 10, 0), group: "promo"),  // kept
            once("close", wall(2026, 1, 6, 10, 5)),  // 5 min after promo1
            once("promo2", wall(2026, 1, 6, 12, 0), group: "promo"),  // second promo that day
            once("again", wall(2026, 1, 6, 15, 0), dedupeKey: "k"),  // "k" was delivered yesterday
            once("tail1", wall(2026, 1, 7, 9, 0)),  // kept
            once("tail2", wall(2026, 1, 8, 9, 0)),  // no room left
            once("seen", wall(2026, 1, 6, 8, 0)),  // shown already, moved later since
            once("done", wall(2026, 1, 6, 9, 0)),  // the app marked the day done
            once("notToday", wall(2026, 1, 6, 9, 30)),  // the app skipped the day
            once("away", wall(2026, 1, 6, 11, 0)),  // every rule paused that day
            once("muted", wall(2026, 1, 6, 9, 45)),  // its Android channel is off
            once("tired", wall(2026, 1, 6, 9, 50)),  // its user ignored the last eight
            once("heldBack", wall(2026, 1, 6, 13, 0)),  // drawn into a randomized holdout
        ]
        let policies: [any Policy] = [
            Staleness(timestampKey: "fetchedAt", holdAfter: 3_600, cancelAfter: 86_400, rules: ["news"]),
            QuietHours(start: time(22, 0), end: time(7, 0)),
            Caps(perGroupPerDay: ["promo": 1]),
            MinimumSpacing(10 * 60),
            NoRenotify(within: 48 * 3_600),
            try FatigueBackoff(rules: ["tired"]),
            try RandomizedHoldout(rules: ["heldBack"], fraction: 0.5),
        ]
        let history = DeliveryHistory([
            delivery("bugle.k-old", at: at(london, 2026, 1, 5, 11, 0), dedupeKey: "k"),
            delivery("bugle.seen", at: at(london, 2026, 1, 5, 7, 30)),
        ])
        let day = LocalDate("2026-01-06")
        let marks = OccurrenceMarks([
            OccurrenceMark(.completed, "done", on: day), OccurrenceMark(.skipped, "notToday", on: day),
            OccurrenceMark(.paused, "away", from: day, through: day),
        ])
        var input = PlanInput(now: now, calendar: gregorian(london), history: history, marks: marks, silencedRules: ["muted": "channel tips is off"])
        input.engagement = ["tired": RuleEngagement(ignoredInARow: 8, lastDelivery: at(london, 2026, 1, 4, 9, 50))]
        // An install whose draw holds "heldBack" out.
        input.learningSeed = try #require((0..<64 as Range<UInt64>).first { RandomizedHoldout.draw(occurrence: "heldBack", seed: $0) < 0.5 })
        let plan = Planner(rules: rules, policies: policies, budget: budget(2)).plan(input)
        #expect(plan.candidateIDs == ["promo1", "tail1"])
        let reasons = Dictionary(uniqueKeysWithValues: plan.report.dropped.map { ($0.candidate.id, $0.reason) })
        #expect(
            reasons == [
                "old": .past, "cond": .condition, "news": .stale, "night": .quietHours,
                "close": .spacing, "promo2": .cap, "again": .renotify, "tail2": .budget, "seen": .delivered,
                "done": .completed, "notToday": .skipped, "away": .paused, "muted": .silenced, "tired": .fatigue, "heldBack": .holdout,
            ])
        #expect(Set(reasons.values) == Set(DropReason.allCases))
        #expect(plan.report.dropped.allSatisfy { !$0.detail.isEmpty })
    }

    // MARK: Occurrences

    @Test func anOccurrenceIsRememberedLongerThanTheDeliveriesPoliciesRead() {
        let shown = DeliveredNotification(
            id: "bugle.w.0", date: utc(2026, 1, 5, 7), content: NotificationContent(title: "W", body: ""), ruleID: "w",
            occurrence: "w@2026-01-05T08:00")
        var history = DeliveryHistory([shown])
        history.prune(before: utc(2026, 1, 6))
        #expect(history.deliveries.isEmpty)
        #expect(history.delivered(occurrence: "w@2026-01-05T08:00") == utc(2026, 1, 5, 7))
        history.pruneOccurrences(before: utc(2026, 1, 6))
        #expect(history.delivered(occurrence: "w@2026-01-05T08:00") == nil)
    }

    @Test func aDeliveryThatNamesNoOccurrenceStandsForItsRequestsCandidate() {
        // Delivered by a version that kept no occurrences: its request id says which.
        let london = "Europe/London"
        let history = DeliveryHistory([
            DeliveredNotification(id: "bugle.late", date: at(london, 2026, 1, 5, 8, 0), content: NotificationContent(title: "Late", body: ""))
        ])
        #expect(history.unnamedOccurrences.keys.sorted() == ["bugle.late"])
        let plan = Planner(rules: [once("late", wall(2026, 1, 5, 20, 0))]).plan(
            PlanInput(now: at(london, 2026, 1, 5, 12, 0), calendar: gregorian(london), history: history))
        #expect(plan.entries.isEmpty)
        #expect(plan.report.dropped.map(\.detail) == ["late was delivered at 2026-01-05T08:00:00Z"])
    }

    @Test func aPlannedRequestCarriesItsOccurrence() {
        let london = "Europe/London"
        let plan = Planner(rules: [once("late", wall(2026, 1, 5, 20, 0))]).plan(PlanInput(now: at(london, 2026, 1, 5, 12, 0), calendar: gregorian(london)))
        #expect(plan.requests.map(\.occurrence) == ["late"])
    }

    // MARK: Requests

    @Test func requestsCarryTheNamespaceAndTheCandidate() throws {
        let rule = ScheduledRule(id: "r", schedule: .daily(time(9, 0)), content: content("Hello"), group: "g", dedupeKey: "k")
        let plan = Planner(rules: [rule], budget: budget(2), namespace: Namespace("app.")).plan(input())
        let first = try #require(plan.entries.first)
        #expect(first.request.id == "app.r@2026-01-05")
        #expect(first.request.ruleID == "r")
        #expect(first.request.group == "g")
        #expect(first.request.dedupeKey == "k")
        #expect(first.request.content.title == "Hello")
        #expect(first.request.fireTime == .wallClock(wall(2026, 1, 5, 9, 0)))
        #expect(plan.requests.map(\.id) == ["app.r@2026-01-05", "app.r@2026-01-06"])
    }

    @Test func planningIsDeterministic() {
        let planner = Planner(
            rules: [daily("a", 9, 0), daily("b", 9, 0, priority: 2), once("c", wall(2026, 1, 7, 9, 0))],
            policies: [Caps(perDay: 2), QuietHours(start: time(22, 0), end: time(7, 0), mode: .defer)])
        #expect(planner.plan(input()) == planner.plan(input()))
    }

    @Test func theReportCountsWhatWasConsidered() {
        let plan = Planner(rules: [once("a", wall(2026, 1, 4, 9, 0)), once("b", wall(2026, 1, 6, 9, 0)), once("c", wall(2026, 1, 7, 9, 0))]).plan(input())
        #expect(plan.report.considered == 3)
        #expect(plan.report.now == now)
    }
}
