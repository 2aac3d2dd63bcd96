import Bugle
import Foundation
import Testing

@Suite("Reconcile: the fewest calls that make pending equal the plan")
struct ReconcileTests {
    let zoneID = "Europe/London"
    var now: Date { at(zoneID, 2026, 1, 5, 0, 0) }

    func plan(_ rules: [any Rule], capacity: Int = 20, state: AppState = AppState(), namespace: Namespace = Namespace()) -> Plan {
        Planner(rules: rules, budget: budget(capacity), namespace: namespace).plan(PlanInput(now: now, calendar: gregorian(zoneID), state: state))
    }

    func request(_ id: String, title: String = "x", at local: LocalDateTime = wall(2026, 1, 6, 9, 0)) -> NotificationRequest {
        NotificationRequest(id: id, fireTime: .wallClock(local), content: content(title))
    }

    @Test func nothingChangedMeansNoCalls() {
        let plan = plan([daily("a", 9, 0), daily("b", 18, 0)])
        let changes = Reconcile.changes(plan: plan, pending: plan.requests)
        #expect(changes.isEmpty)
        #expect(changes.callCount == 0)
        #expect(changes.unchanged == 20)
        // The same plan computed again is still "nothing changed".
        #expect(Reconcile.changes(plan: self.plan([daily("a", 9, 0), daily("b", 18, 0)]), pending: plan.requests).isEmpty)
    }

    @Test func anEmptyCenterGetsEveryRequest() {
        let plan = plan([daily("a", 9, 0)], capacity: 5)
        let changes = Reconcile.changes(plan: plan, pending: [])
        #expect(changes.removals.isEmpty)
        #expect(Set(changes.additions.map(\.id)) == Set(plan.requests.map(\.id)))
        #expect(changes.additions.count == 5)
        #expect(changes.callCount == 5)
    }

    @Test func onlyTheMissingAreAdded() {
        let plan = plan([daily("a", 9, 0)], capacity: 5)
        let pending = Array(plan.requests.prefix(3))
        let changes = Reconcile.changes(plan: plan, pending: pending)
        #expect(changes.removals.isEmpty)
        #expect(Set(changes.additions.map(\.id)) == Set(plan.requests.suffix(2).map(\.id)))
        #expect(changes.unchanged == 3)
    }

    @Test func requestsOutsideTheNamespaceAreNeverRemoved() {
        let plan = plan([])  // nothing planned at all
        let foreign = [request("other.reminder"), request("reminder"), request("bugl.almost"), request("BUGLE.upper"), request("x.bugle.inner")]
        let ours = [request("bugle.old")]
        let changes = Reconcile.changes(plan: plan, pending: foreign + ours)
        #expect(changes.removals.map(\.id) == ["bugle.old"])
        #expect(changes.additions.isEmpty)
    }

    @Test func aCustomNamespaceIsRespected() {
        let plan = plan([once("a", wall(2026, 1, 6, 9, 0))], namespace: Namespace("app.notify."))
        let pending = [request("bugle.a"), request("app.notify.gone"), request("app.other")]
        let changes = Reconcile.changes(plan: plan, pending: pending)
        #expect(changes.removals.map(\.id) == ["app.notify.gone"])
        #expect(changes.additions.map(\.id) == ["app.notify.a"])
    }

    /// Same id, different content: added again (adding replaces), never removed.
    @Test func modifiedContentIsAddedAgain() {
        let old = plan([daily("a", 9, 0, title: "Old words")], capacity: 3)
        let new = plan([daily("a", 9, 0, title: "New words")], capacity: 3)
        #expect(old.requests.map(\.id) == new.requests.map(\.id))
        let changes = Reconcile.changes(plan: new, pending: old.requests)
        #expect(changes.removals.isEmpty)
        #expect(changes.unchanged == 0)
        #expect(changes.additions.map(\.content.title) == ["New words", "New words", "New words"])
        #expect(Set(changes.additions.map(\.id)) == Set(new.requests.map(\.id)))
    }

    /// A moved fire time with the same id is a change too.
    @Test func aMovedFireTimeIsAddedAgain() {
        let pending = [request("bugle.a", title: "a", at: wall(2026, 1, 6, 8, 0))]
        let plan = plan([once("a", wall(2026, 1, 6, 9, 0))])
        let changes = Reconcile.changes(plan: plan, pending: pending)
        #expect(changes.additions.map(\.id) == ["bugle.a"])
        #expect(changes.removals.isEmpty)
    }

    @Test func fingerprintsFollowWhatTheUserSees() {
        let base = request("bugle.a", title: "Hi")
        #expect(base.fingerprint == request("bugle.a", title: "Hi").fingerprint)
        #expect(base.fingerprint != request("bugle.a", title: "Hello").fingerprint)
        #expect(base.fingerprint != request("bugle.a", title: "Hi", at: wall(2026, 1, 6, 9, 1)).fingerprint)
        var quiet = content("Hi")
        quiet.sound = nil
        #expect(base.fingerprint != NotificationRequest(id: "bugle.a", fireTime: base.fireTime, content: quiet).fingerprint)
        var passive = content("Hi")
        passive.interruptionLevel = .passive
        #expect(base.fingerprint != NotificationRequest(id: "bugle.a", fireTime: base.fireTime, content: passive).fingerprint)
        var linked = content("Hi")
        linked.userInfo = ["screen": "today"]
        #expect(base.fingerprint != NotificationRequest(id: "bugle.a", fireTime: base.fireTime, content: linked).fingerprint)
        // A wall-clock time and a fixed instant are different triggers.
        let zoned = NotificationRequest(
            id: "bugle.a", fireTime: .zoned(ZonedInstant(date: utc(2026, 1, 6, 9, 0), timeZone: zone("UTC"))), content: content("Hi"))
        #expect(base.fingerprint != zoned.fingerprint)
        #expect(base.fingerprintHex.count == 16)
    }

    @Test func userInfoOrderDoesNotMatter() {
        var first = content("Hi")
        first.userInfo = ["a": 1, "b": "two", "c": .array([1, 2]), "d": .object(["x": true, "y": .null])]
        var second = content("Hi")
        second.userInfo = ["d": .object(["y": .null, "x": true]), "c": .array([1, 2]), "b": "two", "a": 1]
        let time = FireTime.wallClock(wall(2026, 1, 6, 9, 0))
        #expect(
            NotificationRequest(id: "i", fireTime: time, content: first).fingerprint
                == NotificationRequest(id: "i", fireTime: time, content: second).fingerprint)
    }

    @Test func staleRequestsAreRemovedWithTheirReason() {
        let nudge = daily("nudge", 19, 0, condition: .equals(key: "playedToday", value: false))
        let before = plan([nudge, daily("keep", 9, 0)], capacity: 6, state: ["playedToday": false])
        let after = plan([nudge, daily("keep", 9, 0)], capacity: 6, state: ["playedToday": true])
        let changes = Reconcile.changes(plan: after, pending: before.requests + [request("bugle.retired")])
        let removed = Dictionary(uniqueKeysWithValues: changes.removals.map { ($0.id, $0.reason) })
        // Every nudge goes, each with the condition as the reason.
        #expect(Set(removed.keys) == Set(before.requests.map(\.id).filter { $0.hasPrefix("bugle.nudge@") } + ["bugle.retired"]))
        for (id, reason) in removed where id.hasPrefix("bugle.nudge@") {
            if case .dropped(let dropReason, let detail) = reason {
                #expect(dropReason == .condition, "\(id)")
                #expect(detail.contains("playedToday"), "\(id)")
            } else {
                Issue.record("expected the condition as the reason for \(id), got \(reason)")
            }
        }
        #expect(removed["bugle.retired"] == .obsolete)
        // The 09:00 ones that no longer share the budget with nudges are added; those pending stay.
        #expect(changes.additions.allSatisfy { $0.id.hasPrefix("bugle.keep@") })
        #expect(changes.unchanged == before.requests.filter { $0.id.hasPrefix("bugle.keep@") }.count)
    }

    /// iOS keeps the last 64 added: the soonest and most important must be added last.
    @Test func additionsPutTheSoonestAndMostImportantLast() {
        let rules: [any Rule] = [
            once("later", wall(2026, 1, 9, 9, 0)),
            once("low", wall(2026, 1, 6, 9, 0), priority: 1),
            once("high", wall(2026, 1, 6, 9, 0), priority: 9),
            once("soonest", wall(2026, 1, 5, 9, 0)),
            once("middle", wall(2026, 1, 7, 9, 0), priority: 100),
        ]
        let changes = Reconcile.changes(plan: plan(rules), pending: [])
        #expect(changes.additions.map(\.id) == ["bugle.later", "bugle.middle", "bugle.low", "bugle.high", "bugle.soonest"])
    }

    @Test func additionsOfADailyRuleRunFromLatestToSoonest() {
        let plan = plan([daily("a", 9, 0)], capacity: 10)
        let changes = Reconcile.changes(plan: plan, pending: [])
        #expect(changes.additions.map(\.id) == plan.requests.reversed().map(\.id))
        #expect(changes.additions.last?.id == "bugle.a@2026-01-05")
    }
}
