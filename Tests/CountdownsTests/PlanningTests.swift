import Bugle
import BugleSimulator
import Countdowns
import Foundation
import Testing

/// The one rule in the planner: the budget with many events, and legacy recovery.
@Suite struct PlanningTests {
    static let now = instant("2026-01-01T12:00Z")

    static func plan(_ app: Countdowns, at now: Date = now) throws -> Plan {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone("America/New_York")
        return Planner(rules: [CountdownsRule()]).plan(PlanInput(now: now, calendar: calendar, state: try app.state()))
    }

    @Test func aThousandIntenseEventsKeepTheSoonestAndReportTheHorizon() throws {
        // Event i at 2026-01-05T00:00Z + i × 7 h, in one of three zones: 4,000 reminders
        // (fewer: the "7 days before" of the first events has passed).
        let zones = ["America/New_York", "Europe/Paris", "Asia/Tokyo"]
        let start = instant("2026-01-05T00:00Z")
        let events = (0..<1_000).map { index in
            Countdown(
                id: "e\(index)", name: "Event \(index)", date: start.addingTimeInterval(Double(index) * 7 * 3_600), createdAt: Self.now,
                reminderPlan: ReminderPlan(preset: .intense, timezone: zone(zones[index % 3])))
        }
        let plan = try Self.plan(Countdowns(events: events, entitlements: .pro))
        // Worked out apart from the planner: every reminder time ahead of now, soonest first.
        var times: [Date] = []
        for event in events {
            for offset in [604_800.0, 86_400, 3_600, 0] {
                let time = event.date.addingTimeInterval(-offset)
                if time > Self.now { times.append(time) }
            }
        }
        times.sort()
        #expect(plan.report.capacity == 60)
        #expect(plan.entries.count == 60)
        #expect(plan.entries.map(\.candidate.fireDate).sorted() == Array(times.prefix(60)))
        #expect(plan.report.coverage == Coverage(horizon: times[60], limit: .budget))
        // Worked out apart from Swift (Python, same formula): 3,987 reminders are ahead (the "7 days before"
        // of events 0 to 12 have passed) and the 61st is at 2026-01-08T05:00Z.
        #expect(times.count == 3_987)
        #expect(times[60] == instant("2026-01-08T05:00Z"))
        // The first reminder left out is reported, with the budget as the reason.
        #expect(plan.report.dropped(.budget).first?.candidate.fireDate == times[60])
    }

    @Test func anUnchangedPlanCostsNoCall() throws {
        let app = Countdowns(events: [event("a", "2026-02-01T09:00-05:00", preset: .intense)], entitlements: .pro)
        let first = try Self.plan(app)
        let pending = first.requests
        let later = try Self.plan(app, at: Self.now.addingTimeInterval(3_600))
        let changes = Reconcile.changes(plan: later, pending: pending)
        #expect(changes.additions.isEmpty && changes.removals.isEmpty)
    }

    @Test func recoveryAdoptsWhatMatchesAndRemovesTheRest() {
        let rent = event("rent", "2026-01-31T09:00-05:00", recurrence: .monthly)
        let recovery = CountdownRecovery(events: [rent], entitlements: .pro, at: Self.now)
        func legacy(_ id: String, _ at: String, eventId: String?) -> NotificationRequest {
            var userInfo: [String: JSONValue] = [:]
            if let eventId { userInfo = ["eventId": .string(eventId), "reminderId": "old", "type": "reminder"] }
            return NotificationRequest(
                id: id, fireTime: .zoned(ZonedInstant(date: instant(at), timeZone: zone("UTC"))),
                content: NotificationContent(title: "Rent - At start", body: "", userInfo: userInfo))
        }
        let expected = rent.reminders(at: Self.now, entitlements: .pro)[0].request(in: Namespace())
        // By payload, 20 s off (scheduled as seconds from now): adopted as Bugle's request.
        #expect(recovery.decision(for: legacy("A1B2", "2026-01-31T14:00:20Z", eventId: "rent")) == .adopt(expected))
        // By the seed's id format, without a payload.
        #expect(recovery.decision(for: legacy("rent_reminder_0_1769868000000", "2026-01-31T14:00Z", eventId: nil)) == .adopt(expected))
        // A reminder the event no longer has, and one of a deleted event: removed.
        #expect(recovery.decision(for: legacy("C3", "2026-01-30T14:00Z", eventId: "rent")) == .remove)
        #expect(recovery.decision(for: legacy("D4", "2026-01-30T14:00Z", eventId: "gone")) == .remove)
        // Someone else's request, and Bugle's own: left alone.
        #expect(recovery.decision(for: legacy("promo", "2026-01-30T14:00Z", eventId: nil)) == .notLegacy)
        #expect(recovery.decision(for: legacy("bugle.countdowns@x", "2026-01-30T14:00Z", eventId: "rent")) == .notLegacy)
        #expect(
            recovery.removals(in: [
                legacy("D4", "2026-01-30T14:00Z", eventId: "gone"), legacy("promo", "2026-01-30T14:00Z", eventId: nil),
                legacy("C3", "2026-01-30T14:00Z", eventId: "rent"),
            ]) == ["C3", "D4"])
    }
}

/// Recovery against a simulated center, through the scheduler.
@Suite struct RecoveryRunTests {
    @Test func recoveryAdoptsAndRemovesOnceThenTheRefreshLeavesTheAdoptedAlone() async throws {
        let now = instant("2026-01-20T12:00Z")
        let device = SimulatedDevice(now: now, timeZone: zone("America/New_York"))
        let center = SimulatedCenter(device: device)
        let app = Countdowns(events: [event("rent", "2026-01-31T09:00-05:00", recurrence: .monthly)])
        let scheduler = Scheduler(
            planner: Planner(rules: [CountdownsRule()]), center: center,
            environment: SchedulerEnvironment(now: { device.now }, calendar: { device.calendar }),
            state: try app.state())
        let payload: [String: JSONValue] = ["eventId": "rent", "reminderId": "old", "type": "reminder"]
        for (id, at) in [("OLD-1", "2026-01-31T14:00Z"), ("OLD-2", "2026-01-30T14:00Z")] {
            try await center.addForeign(
                NotificationRequest(
                    id: id, fireTime: .zoned(ZonedInstant(date: instant(at), timeZone: zone("UTC"))),
                    content: NotificationContent(title: "Rent", body: "", userInfo: payload)))
        }
        let outcome = try #require(
            try await CountdownRecovery.run(events: app.events, entitlements: app.entitlements, scheduler: scheduler, alreadyDone: false))
        let adopted = "bugle.countdowns@rent_reminder_0_1769868000000"
        #expect(outcome == RecoveryOutcome(adopted: ["OLD-1": adopted], removed: ["OLD-2"]))
        #expect(try await center.pendingRequests().map(\.id) == [adopted])
        let refresh = try await scheduler.refresh(reason: .launch)
        #expect(refresh.changes.isEmpty)
        // Remembered: a second run touches nothing.
        #expect(try await CountdownRecovery.run(events: app.events, entitlements: app.entitlements, scheduler: scheduler, alreadyDone: true) == nil)
    }
}
