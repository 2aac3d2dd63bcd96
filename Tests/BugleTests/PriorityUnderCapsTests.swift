import Bugle
import Foundation
import Testing

/// Under a cap, the day's slots go to the higher priorities, whenever in the day they fire;
/// at equal priority the sooner keeps its slot. Deliveries keep theirs.
@Suite("Priority under caps")
struct PriorityUnderCapsTests {
    let ny = "America/New_York"
    var calendar: Calendar { gregorian(ny) }

    func plan(_ rules: [any Rule], _ policies: [any Policy], now: Date, history: [DeliveredNotification] = [], capacity: Int = 50) -> Plan {
        Planner(rules: rules, policies: policies, budget: budget(capacity))
            .plan(PlanInput(now: now, calendar: calendar, history: DeliveryHistory(history)))
    }

    /// A morning tip (priority 0) and an evening streak rescue (priority 5), one a day: the
    /// rescue arrives every day, and the tip's drop names it.
    @Test func aLaterHigherPriorityTakesTheDaysSlot() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let plan = plan([daily("tip", 9, 0), daily("rescue", 19, 0, priority: 5)], [Caps(perDay: 1)], now: now, capacity: 10)
        #expect(plan.entries.count == 10)
        #expect(plan.entries.allSatisfy { $0.candidate.ruleID == "rescue" })
        #expect(plan.entries.map { wallClock($0.candidate.fireDate, in: ny).hour } == Array(repeating: 19, count: 10))
        let tip = plan.drop("tip@2026-01-11")
        #expect(tip?.reason == .cap)
        #expect(tip?.detail == "2026-01-11 already has 1 (cap 1 per day); the slot went to rescue@2026-01-11 (priority 5, 19:00), which ranks higher")
    }

    @Test func atEqualPriorityTheSoonerKeepsItsSlot() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let plan = plan([daily("tip", 9, 0, priority: 5), daily("rescue", 19, 0, priority: 5)], [Caps(perDay: 1)], now: now, capacity: 10)
        #expect(plan.entries.allSatisfy { $0.candidate.ruleID == "tip" })
        #expect(plan.drop("rescue@2026-01-11")?.detail == "2026-01-11 already has 1 (cap 1 per day); the slot went to tip@2026-01-11 (priority 5, 09:00)")
    }

    /// The tip was shown this morning: today's slot is spent, and the rescue comes tomorrow.
    @Test func aDeliveryKeepsItsSlot() {
        let now = at(ny, 2026, 1, 11, 10, 0)
        let history = [delivery("bugle.tip@2026-01-11", at: at(ny, 2026, 1, 11, 9, 0))]
        let plan = plan(
            [once("rescue", wall(2026, 1, 11, 19, 0), priority: 5), once("rescue2", wall(2026, 1, 12, 19, 0), priority: 5)],
            [Caps(perDay: 1)], now: now, history: history)
        #expect(plan.candidateIDs == ["rescue2"])
        #expect(plan.drop("rescue")?.detail == "2026-01-11 already has 1 (cap 1 per day); the slots went to the day's deliveries")
    }

    /// Of the day's lowest priorities, the latest gives up its slot.
    @Test func theLatestOfTheLowestGivesWay() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let rules: [any Rule] = [
            once("a", wall(2026, 1, 11, 8, 0), priority: 1), once("b", wall(2026, 1, 11, 9, 0)), once("c", wall(2026, 1, 11, 10, 0)),
            once("d", wall(2026, 1, 11, 20, 0), priority: 2), once("e", wall(2026, 1, 11, 21, 0), priority: 2),
        ]
        let plan = plan(rules, [Caps(perDay: 3)], now: now)
        #expect(plan.candidateIDs == ["a", "d", "e"])
        #expect(plan.drop("c")?.detail.hasSuffix("the slot went to d (priority 2, 20:00), which ranks higher") == true)
        #expect(plan.drop("b")?.detail.hasSuffix("the slot went to e (priority 2, 21:00), which ranks higher") == true)
    }

    /// A group's cap is made room for inside the group: another group's notification stays.
    @Test func aGroupsCapDisplacesInsideTheGroup() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let rules: [any Rule] = [
            once("news-low", wall(2026, 1, 11, 9, 0), group: "news"), once("sport", wall(2026, 1, 11, 10, 0), group: "sport"),
            once("news-high", wall(2026, 1, 11, 18, 0), priority: 3, group: "news"),
        ]
        let plan = plan(rules, [Caps(perDay: 3, perGroupPerDay: ["news": 1])], now: now)
        #expect(plan.candidateIDs == ["sport", "news-high"])
        #expect(plan.drop("news-low")?.reason == .cap)
    }

    /// With a minimum spacing after the cap, the displaced tip no longer holds the rescue
    /// back: it is gone from the day.
    @Test func theDisplacedOneNoLongerCountsForLaterPolicies() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let plan = plan(
            [once("tip", wall(2026, 1, 11, 9, 0)), once("rescue", wall(2026, 1, 11, 10, 0), priority: 5)],
            [Caps(perDay: 1), MinimumSpacing(2 * 3600)], now: now)
        #expect(plan.candidateIDs == ["rescue"])
        #expect(plan.drop("tip")?.reason == .cap)
    }

    /// The rescue was shown 23 hours ago and may not be repeated within a day: it could not
    /// use the slot, so the tip keeps it.
    @Test func aHigherPriorityThatAnotherPolicyDropsTakesNoSlot() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let history = [delivery("bugle.rescue-yesterday", at: at(ny, 2026, 1, 10, 20, 0), dedupeKey: "rescue")]
        let plan = plan(
            [once("tip", wall(2026, 1, 11, 9, 0)), once("rescue", wall(2026, 1, 11, 19, 0), priority: 5, dedupeKey: "rescue")],
            [Caps(perDay: 1), NoRenotify(within: 86_400)], now: now, history: history)
        #expect(plan.candidateIDs == ["tip"])
        #expect(plan.drop("rescue")?.reason == .cap)
    }

    @Test func theReportListsTheChecksInOrder() throws {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let quiet = QuietHours(start: try LocalTime(hour: 22, minute: 0), end: try LocalTime(hour: 7, minute: 0), mode: .defer, overrides: ["alarm": .exempt])
        let plan = plan([daily("tip", 9, 0)], [quiet, Caps(perDay: 2, perGroupPerDay: ["streak": 1]), MinimumSpacing(5400)], now: now, capacity: 12)
        #expect(
            plan.report.checks == [
                "delivered already", "time passed", "marks and conditions by day",
                "quiet hours 22:00–07:00 (defer; group alarm exempt)", "caps: 2 a day; group streak 1 a day", "spacing: at least 1 h 30 min apart",
                "budget: 12 requests, the soonest first, the higher priority first at equal times; reserves first",
            ])
    }

    /// Random days of one-shot notifications with random times (some equal) and priorities
    /// under a random cap: each day delivers exactly its `cap` highest priorities, the sooner
    /// at equal priority, computed here by sorting the day's notifications.
    @Test func eachDayKeepsItsHighestPrioritiesOverRandomDays() {
        var random = SplitMix64(seed: 17)
        let days = [11, 12, 13, 14]
        for _ in 0..<300 {
            let cap = Int(random.next() % 3) + 1
            let count = Int(random.next() % 12) + 1
            var rules: [ScheduledRule] = []
            for index in 0..<count {
                let day = days[Int(random.next() % 4)]
                let hour = 8 + Int(random.next() % 12)
                let minute = [0, 30][Int(random.next() % 2)]
                rules.append(once("n\(index)", wall(2026, 1, day, hour, minute), priority: Int(random.next() % 4)))
            }
            let now = at(ny, 2026, 1, 11, 7, 0)
            let plan = plan(rules, [Caps(perDay: cap)], now: now, capacity: 100)
            for dayOfMonth in days {
                let ofDay = rules.enumerated().filter { fire($0.element).date == day(2026, 1, dayOfMonth) }
                let expected = ofDay.sorted { lhs, rhs in
                    let (l, r) = (lhs.element, rhs.element)
                    if l.priority != r.priority { return l.priority > r.priority }
                    if fire(l) != fire(r) { return fire(l) < fire(r) }
                    return lhs.offset < rhs.offset
                }.prefix(cap).map(\.element.id)
                let kept = plan.entries.filter { wallClock($0.candidate.fireDate, in: ny).day == dayOfMonth }.map(\.candidate.ruleID)
                #expect(Set(kept) == Set(expected), "cap \(cap), day \(dayOfMonth): \(rules.map { "\($0.id) \(fire($0)) p\($0.priority)" })")
                #expect(kept.count == expected.count)
            }
        }
    }

    private func fire(_ rule: ScheduledRule) -> LocalDateTime {
        guard case .once(let local) = rule.schedule else { fatalError("one-shot rules only") }
        return local
    }

}

/// A small seeded generator, so that a failing world can be replayed.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
