import Bugle
import Foundation
import Testing

/// Caps count per *local* day on the device. The device is in New York (UTC-5 in January),
/// so deliveries in the evening fall on a different UTC day than local day.
@Suite("Caps per day and per group")
struct CapsTests {
    let ny = "America/New_York"
    var calendar: Calendar { gregorian(ny) }

    func plan(_ rules: [any Rule], _ caps: Caps, now: Date, history: [DeliveredNotification] = []) -> Plan {
        Planner(rules: rules, policies: [caps], budget: budget(50))
            .plan(PlanInput(now: now, calendar: calendar, history: DeliveryHistory(history)))
    }

    @Test func keptCandidatesCountTowardsTheDailyCap() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let rules: [any Rule] = [
            once("a", wall(2026, 1, 11, 9, 0)), once("b", wall(2026, 1, 11, 12, 0)), once("c", wall(2026, 1, 11, 18, 0)),
            once("tomorrow", wall(2026, 1, 12, 9, 0)),
        ]
        let plan = plan(rules, Caps(perDay: 2), now: now)
        #expect(plan.candidateIDs == ["a", "b", "tomorrow"])
        #expect(plan.drop("c")?.reason == .cap)
        #expect(plan.report.dropped.count == 1)
    }

    @Test func deliveriesEarlierTheSameLocalDayCount() {
        let now = at(ny, 2026, 1, 11, 10, 0)
        let history = [delivery("bugle.morning", at: at(ny, 2026, 1, 11, 8, 0))]
        let rules: [any Rule] = [once("noon", wall(2026, 1, 11, 12, 0)), once("evening", wall(2026, 1, 11, 18, 0)), once("next", wall(2026, 1, 12, 8, 0))]
        let plan = plan(rules, Caps(perDay: 2), now: now, history: history)
        #expect(plan.candidateIDs == ["noon", "next"])
        #expect(plan.drop("evening")?.reason == .cap)
        // Without the delivery, both fit.
        #expect(self.plan(rules, Caps(perDay: 2), now: now).candidateIDs == ["noon", "evening", "next"])
    }

    /// 22:00 EST on Jan 10 is 03:00Z on Jan 11: it belongs to Jan 10 on the device.
    @Test func aDeliveryLateYesterdayDoesNotCountToday() {
        let now = at(ny, 2026, 1, 11, 10, 0)
        let history = [delivery("bugle.x", at: utc(2026, 1, 11, 3, 0))]
        let plan = plan([once("noon", wall(2026, 1, 11, 12, 0))], Caps(perDay: 1), now: now, history: history)
        #expect(plan.candidateIDs == ["noon"])
    }

    /// 23:30 EST on Jan 11 is 04:30Z on Jan 12: it counts for Jan 11, not for Jan 12.
    @Test func aDeliveryLateTonightCountsTonightOnly() {
        let now = at(ny, 2026, 1, 11, 23, 40)
        let history = [delivery("bugle.x", at: utc(2026, 1, 12, 4, 30))]
        let plan = plan([once("tonight", wall(2026, 1, 11, 23, 50)), once("tomorrow", wall(2026, 1, 12, 9, 0))], Caps(perDay: 1), now: now, history: history)
        #expect(plan.candidateIDs == ["tomorrow"])
        #expect(plan.drop("tonight")?.reason == .cap)
    }

    @Test func groupCapsCountOnlyTheirGroup() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let rules: [any Rule] = [
            once("news1", wall(2026, 1, 11, 9, 0), group: "news"), once("news2", wall(2026, 1, 11, 10, 0), group: "news"),
            once("sport", wall(2026, 1, 11, 11, 0), group: "sport"), once("plain", wall(2026, 1, 11, 12, 0)),
            once("news3", wall(2026, 1, 12, 9, 0), group: "news"),
        ]
        let plan = plan(rules, Caps(perGroupPerDay: ["news": 1]), now: now)
        #expect(plan.candidateIDs == ["news1", "sport", "plain", "news3"])
        #expect(plan.drop("news2")?.reason == .cap)
    }

    @Test func groupDeliveriesFromHistoryCount() {
        let now = at(ny, 2026, 1, 11, 10, 0)
        let history = [
            delivery("bugle.news0", at: at(ny, 2026, 1, 11, 8, 0), group: "news"), delivery("bugle.s", at: at(ny, 2026, 1, 11, 9, 0), group: "sport"),
        ]
        let rules: [any Rule] = [once("news1", wall(2026, 1, 11, 12, 0), group: "news"), once("sport", wall(2026, 1, 11, 13, 0), group: "sport")]
        let plan = plan(rules, Caps(perGroupPerDay: ["news": 1, "sport": 2]), now: now, history: history)
        #expect(plan.candidateIDs == ["sport"])
        #expect(plan.drop("news1")?.reason == .cap)
    }

    @Test func totalAndGroupCapsTogether() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let rules: [any Rule] = [
            once("news1", wall(2026, 1, 11, 9, 0), group: "news"), once("news2", wall(2026, 1, 11, 10, 0), group: "news"),
            once("a", wall(2026, 1, 11, 11, 0)), once("b", wall(2026, 1, 11, 12, 0)), once("c", wall(2026, 1, 11, 13, 0)),
        ]
        let plan = plan(rules, Caps(perDay: 3, perGroupPerDay: ["news": 1]), now: now)
        #expect(plan.candidateIDs == ["news1", "a", "b"])
        #expect(plan.drop("news2")?.reason == .cap)
        #expect(plan.drop("c")?.reason == .cap)
    }

    /// Two daily rules under a cap of one a day: every day keeps the earlier one.
    @Test func capsApplyToEachDay() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let plan = plan([daily("first", 9, 0), daily("second", 10, 0)], Caps(perDay: 1), now: now)
        #expect(plan.entries.count == 50)
        #expect(plan.entries.allSatisfy { $0.candidate.ruleID == "first" })
        #expect(plan.report.dropped.allSatisfy { ($0.candidate.ruleID == "second" && $0.reason == .cap) || $0.reason == .budget })
        #expect(plan.report.dropped(.cap).count >= 49)
    }

    @Test func noCapsKeepEverything() {
        let now = at(ny, 2026, 1, 11, 7, 0)
        let plan = plan([daily("first", 9, 0), daily("second", 10, 0)], Caps(), now: now)
        #expect(plan.report.dropped(.cap).isEmpty)
        #expect(Set(plan.entries.map(\.candidate.ruleID)) == ["first", "second"])
    }
}
