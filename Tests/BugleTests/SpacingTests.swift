import Bugle
import Foundation
import Testing

@Suite("Minimum spacing")
struct SpacingTests {
    let zoneID = "Europe/London"
    var now: Date { at(zoneID, 2026, 1, 11, 8, 55) }

    func plan(_ rules: [any Rule], _ interval: TimeInterval, history: [DeliveredNotification] = []) -> Plan {
        Planner(rules: rules, policies: [MinimumSpacing(interval)], budget: budget(50))
            .plan(PlanInput(now: now, calendar: gregorian(zoneID), history: DeliveryHistory(history)))
    }

    @Test func tooCloseToTheLastKeptIsDropped() {
        let plan = plan([once("a", wall(2026, 1, 11, 9, 0)), once("b", wall(2026, 1, 11, 9, 10)), once("c", wall(2026, 1, 11, 9, 40))], 30 * 60)
        // b is 10 min after a; c is 40 min after a (b, dropped, does not count).
        #expect(plan.candidateIDs == ["a", "c"])
        #expect(plan.drop("b")?.reason == .spacing)
        #expect(plan.drop("b")?.detail.contains("10 min") == true)
    }

    @Test func exactlyTheIntervalApartIsEnough() {
        let plan = plan([once("a", wall(2026, 1, 11, 9, 0)), once("b", wall(2026, 1, 11, 9, 30))], 30 * 60)
        #expect(plan.candidateIDs == ["a", "b"])
    }

    @Test func atTheSameTimeTheMoreImportantWins() {
        let plan = plan([once("low", wall(2026, 1, 11, 9, 0), priority: 1), once("high", wall(2026, 1, 11, 9, 0), priority: 5)], 30 * 60)
        #expect(plan.candidateIDs == ["high"])
        #expect(plan.drop("low")?.reason == .spacing)
    }

    @Test func aRecentDeliveryCounts() {
        let history = [delivery("bugle.x", at: at(zoneID, 2026, 1, 11, 8, 50))]
        let plan = plan([once("soon", wall(2026, 1, 11, 9, 10)), once("later", wall(2026, 1, 11, 9, 20))], 30 * 60, history: history)
        // soon is 20 min after the delivery; later is 30 min after it.
        #expect(plan.candidateIDs == ["later"])
        #expect(plan.drop("soon")?.reason == .spacing)
    }

    @Test func aDailyRuleIsNotSpacedAgainstItself() {
        let plan = plan([daily("d", 9, 0)], 3_600)
        #expect(plan.entries.count == 50)
        #expect(plan.report.dropped(.spacing).isEmpty)
    }

    @Test func twoRulesCloseTogetherKeepTheSoonerEachDay() {
        let plan = plan([daily("a", 9, 0), daily("b", 9, 15)], 3_600)
        #expect(plan.entries.allSatisfy { $0.candidate.ruleID == "a" })
        #expect(plan.report.dropped(.spacing).allSatisfy { $0.candidate.ruleID == "b" })
        #expect(plan.report.dropped(.spacing).count >= 49)
    }
}
