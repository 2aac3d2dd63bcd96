import Bugle
import Foundation
import Testing

/// Data is fetched at `fetchedAt`; after 6 h nothing new is planned, after 24 h nothing is.
@Suite("Staleness of the data notifications are built on")
struct StalenessTests {
    let zoneID = "Australia/Sydney"
    var now: Date { at(zoneID, 2026, 1, 11, 12, 0) }
    let policy = Staleness(timestampKey: "fetchedAt", holdAfter: 6 * 3_600, cancelAfter: 24 * 3_600)

    func plan(_ state: AppState, pending: Set<String> = [], policy: Staleness? = nil, rules: [any Rule]? = nil) -> Plan {
        let rules = rules ?? [once("a", wall(2026, 1, 11, 18, 0)), once("b", wall(2026, 1, 11, 19, 0))]
        return Planner(rules: rules, policies: [policy ?? self.policy], budget: budget(50))
            .plan(PlanInput(now: now, calendar: gregorian(zoneID), state: state, pendingRequestIDs: pending))
    }

    func fetched(hoursAgo: Double) -> AppState {
        ["fetchedAt": .int(Int(now.timeIntervalSince1970 - hoursAgo * 3_600))]
    }

    @Test func freshDataPlansEverything() {
        #expect(plan(fetched(hoursAgo: 1)).candidateIDs == ["a", "b"])
    }

    @Test func missingDataIsStale() {
        let plan = plan(AppState())
        #expect(plan.entries.isEmpty)
        #expect(plan.report.dropped.map(\.reason) == [.stale, .stale])
        #expect(plan.drop("a")?.detail.contains("fetchedAt") == true)
    }

    /// Past the hold age, what is already pending stays and nothing new is added.
    @Test func heldDataKeepsOnlyWhatIsPending() {
        let plan = plan(fetched(hoursAgo: 10), pending: ["bugle.a"])
        #expect(plan.candidateIDs == ["a"])
        #expect(plan.drop("b")?.reason == .stale)
    }

    @Test func pastTheCancelAgeEverythingGoes() {
        let plan = plan(fetched(hoursAgo: 30), pending: ["bugle.a", "bugle.b"])
        #expect(plan.entries.isEmpty)
        #expect(plan.report.dropped.map(\.reason) == [.stale, .stale])
    }

    @Test func onlyTheCoveredRulesAreHeld() {
        let scoped = Staleness(timestampKey: "fetchedAt", holdAfter: 6 * 3_600, cancelAfter: 24 * 3_600, rules: ["a"])
        let plan = plan(AppState(), policy: scoped)
        #expect(plan.candidateIDs == ["b"])
        #expect(plan.drop("a")?.reason == .stale)
    }

    /// The timestamp may be an ISO 8601 string with an offset, or seconds as a double.
    @Test func timestampFormats() {
        // 11:00 AEDT (+11) on Jan 11 = 00:00Z: one hour before now.
        #expect(plan(["fetchedAt": "2026-01-11T11:00:00+11:00"]).candidateIDs == ["a", "b"])
        #expect(plan(["fetchedAt": .double(now.timeIntervalSince1970 - 3_600)]).candidateIDs == ["a", "b"])
        // The same instant written in UTC, and a day earlier (stale, cancelled).
        #expect(plan(["fetchedAt": "2026-01-11T00:00Z"]).candidateIDs == ["a", "b"])
        #expect(plan(["fetchedAt": "2026-01-10T00:00Z"]).entries.isEmpty)
        // Text without an offset is not a timestamp.
        #expect(plan(["fetchedAt": "2026-01-11T11:00"]).entries.isEmpty)
    }
}
