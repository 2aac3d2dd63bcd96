import Bugle
import Foundation
import Testing

@Suite("No re-notification within a window")
struct NoRenotifyTests {
    let zoneID = "Asia/Jerusalem"
    var now: Date { at(zoneID, 2026, 1, 11, 12, 0) }

    func plan(_ rules: [any Rule], _ window: TimeInterval, history: [DeliveredNotification] = []) -> Plan {
        Planner(rules: rules, policies: [NoRenotify(within: window)], budget: budget(50))
            .plan(PlanInput(now: now, calendar: gregorian(zoneID), history: DeliveryHistory(history)))
    }

    @Test func aDeliveryWithTheSameKeyHoldsItBack() {
        // Delivered at 10:00; window 6 h, so until 16:00.
        let history = [delivery("bugle.streak-old", at: at(zoneID, 2026, 1, 11, 10, 0), dedupeKey: "streak")]
        let rules: [any Rule] = [
            once("same", wall(2026, 1, 11, 13, 0), dedupeKey: "streak"),
            once("sameLater", wall(2026, 1, 11, 17, 0), dedupeKey: "streak"),
            once("other", wall(2026, 1, 11, 13, 0), dedupeKey: "news"),
            once("noKey", wall(2026, 1, 11, 13, 30)),
        ]
        let plan = plan(rules, 6 * 3_600, history: history)
        #expect(Set(plan.candidateIDs) == ["sameLater", "other", "noKey"])
        #expect(plan.drop("same")?.reason == .renotify)
        #expect(plan.drop("same")?.detail.contains("streak") == true)
    }

    @Test func exactlyTheWindowLaterIsAllowed() {
        let history = [delivery("bugle.x", at: at(zoneID, 2026, 1, 11, 10, 0), dedupeKey: "k")]
        let plan = plan([once("edge", wall(2026, 1, 11, 16, 0), dedupeKey: "k")], 6 * 3_600, history: history)
        #expect(plan.candidateIDs == ["edge"])
    }

    /// Planned candidates count too: a daily rule with a 36 h window keeps every other day.
    @Test func keptCandidatesCount() {
        let rule = ScheduledRule(id: "tip", schedule: .daily(time(9, 0)), content: content(), dedupeKey: "tip")
        let plan = plan([rule], 36 * 3_600)
        let days = plan.entries.map { wallClock($0.candidate.fireDate, in: zoneID).day }
        #expect(Array(days.prefix(4)) == [12, 14, 16, 18])
        #expect(plan.report.dropped(.renotify).map(\.candidate.id).prefix(3) == ["tip@2026-01-13", "tip@2026-01-15", "tip@2026-01-17"])
    }

    @Test func twoRulesSharingAKey() {
        let rules: [any Rule] = [once("a", wall(2026, 1, 11, 14, 0), dedupeKey: "sale"), once("b", wall(2026, 1, 11, 15, 0), dedupeKey: "sale")]
        let plan = plan(rules, 3 * 3_600)
        #expect(plan.candidateIDs == ["a"])
        #expect(plan.drop("b")?.reason == .renotify)
    }

    @Test func oldDeliveriesDoNotHoldAnythingBack() {
        let history = [delivery("bugle.x", at: at(zoneID, 2026, 1, 10, 9, 0), dedupeKey: "k")]
        let plan = plan([once("a", wall(2026, 1, 11, 13, 0), dedupeKey: "k")], 6 * 3_600, history: history)
        #expect(plan.candidateIDs == ["a"])
    }
}
