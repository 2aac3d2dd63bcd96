import Bugle
import BugleSimulator
import Countdowns
import Foundation
import Testing

/// After a refresh, each stored reminder's `notificationId` names the pending request that
/// carries it, and is `null` when none does: what the app saves in its `countdowns` array.
@Suite struct LinkTests {
    static let now = instant("2026-01-20T12:00Z")

    /// A scheduler of the one rule over a simulated center in New York, at `now`.
    static func scheduler(faults: SimulatedCenter.Faults = .none) -> (Scheduler, SimulatedCenter) {
        let device = SimulatedDevice(now: now, timeZone: zone("America/New_York"))
        let center = SimulatedCenter(device: device, faults: faults)
        let scheduler = Scheduler(
            planner: Planner(rules: [CountdownsRule()]), center: center,
            environment: SchedulerEnvironment(now: { device.now }, calendar: { device.calendar }))
        return (scheduler, center)
    }

    /// What the app does after an edit: stores the state, refreshes, links. Returns what the
    /// link changed.
    static func refresh(_ app: inout Countdowns, _ scheduler: Scheduler) async throws -> [String] {
        await scheduler.setState(try app.state())
        try await scheduler.refresh(reason: .dataChanged)
        return try await app.linkNotifications(to: scheduler)
    }

    /// Reminder id → `notificationId` as the exported `countdowns` JSON says (`nil` for
    /// `null`); every reminder writes the key.
    static func exported(_ app: Countdowns) throws -> [String: String?] {
        let data = try JSONEncoder().encode(app.events)
        let events = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var links: [String: String?] = [:]
        for event in events {
            for reminder in try #require(event["reminders"] as? [[String: Any]]) {
                let id = try #require(reminder["id"] as? String)
                let value = try #require(reminder["notificationId"], "\(id) has no notificationId key")
                if value is NSNull { links[id] = .some(nil) } else { links[id] = try #require(value as? String) }
            }
        }
        #expect(try CountdownImport.events(from: data) == app.events)
        return links
    }

    /// Reminder id (from the payload) → request id, of the center's pending requests.
    static func pending(_ center: SimulatedCenter) async throws -> [String: String] {
        var ids: [String: String] = [:]
        for request in try await center.pendingRequests() {
            guard case .string(let reminderID)? = request.content.userInfo["reminderId"] else { continue }
            ids[reminderID] = request.id
        }
        return ids
    }

    @Test func afterARefreshScheduledRemindersCarryTheirRequestAndOthersNull() async throws {
        // Stored by the app on Jan 5, with the ids an older version wrote: the trip's four
        // reminders (the "7 days before" has passed since), a party that has passed, and a
        // gym class whose reminders the user then turned off.
        let earlier = instant("2026-01-05T12:00Z")
        var trip = event("trip", "2026-01-24T20:00-05:00", preset: .intense).rolledForward(at: earlier, entitlements: .pro)
        var party = event("party", "2026-01-10T18:00-05:00").rolledForward(at: earlier, entitlements: .pro)
        var gym = event("gym", "2026-02-01T07:00-05:00").rolledForward(at: earlier, entitlements: .pro)
        trip.reminders[0].notificationId = "EXPO-7D"
        party.reminders[0].notificationId = "EXPO-PARTY"
        gym.reminders[0].notificationId = "EXPO-GYM"
        gym.reminderPlan.enabled = false
        let stored = try JSONEncoder().encode([trip, party, gym])

        var app = Countdowns(events: try CountdownImport.events(from: stored), entitlements: .pro)
        let (scheduler, center) = Self.scheduler()
        let changed = try await Self.refresh(&app, scheduler)

        let pending = try await Self.pending(center)
        let tripIDs = trip.reminders.map(\.id)
        #expect(pending.keys.sorted() == tripIDs[1...].sorted())
        let expected: [String: String?] = [
            tripIDs[0]: nil, tripIDs[1]: pending[tripIDs[1]], tripIDs[2]: pending[tripIDs[2]], tripIDs[3]: pending[tripIDs[3]],
            party.reminders[0].id: nil, gym.reminders[0].id: nil,
        ]
        #expect(try Self.exported(app) == expected)
        #expect(changed == tripIDs + [party.reminders[0].id, gym.reminders[0].id])
        // Nothing moved: the next refresh has nothing to save.
        #expect(try await Self.refresh(&app, scheduler).isEmpty)
    }

    @Test func disablingDeletingOrMovingAnEventTakesItsLinkAway() async throws {
        var app = Countdowns(
            events: [
                event("a", "2026-02-01T09:00-05:00"), event("b", "2026-02-03T09:00-05:00", preset: .standard),
                event("c", "2026-02-05T09:00-05:00"),
            ], entitlements: .pro)
        app.rollForward(at: Self.now)
        let (scheduler, center) = Self.scheduler()
        #expect(try await Self.refresh(&app, scheduler).count == 4)
        let first = try Self.exported(app)
        #expect(first.values.allSatisfy { $0 != nil } && first.count == 4)
        #expect(Set(first.values.compactMap { $0 }) == Set(try await Self.pending(center).values))
        let (a, b, c) = (app["a"]!.reminders[0], app["b"]!.reminders, app["c"]!.reminders[0])

        // Rolling forward when nothing moved keeps the links: nothing to save.
        app.rollForward(at: Self.now)
        #expect(try Self.exported(app) == first)
        #expect(try await Self.refresh(&app, scheduler).isEmpty)

        // b's reminders are turned off: cancelled, and null in the stored JSON.
        try app.edit("b") { $0.reminderPlan.enabled = false }
        #expect(try await Self.refresh(&app, scheduler) == b.map(\.id))
        var links = try Self.exported(app)
        #expect(links[b[0].id] == .some(nil) && links[b[1].id] == .some(nil))
        #expect(links[a.id] == first[a.id] && links[c.id] == first[c.id])
        #expect(try await Self.pending(center).keys.sorted() == [a.id, c.id])

        // a is deleted: its request is cancelled and no stored reminder names it any more.
        try app.delete("a")
        #expect(try await Self.refresh(&app, scheduler).isEmpty)
        links = try Self.exported(app)
        #expect(links[a.id] == nil && !links.values.contains(first[a.id]!))
        #expect(try await Self.pending(center).keys.sorted() == [c.id])

        // c moves a day later: the old reminder's link is gone, the new one carries its own.
        try app.edit("c") {
            $0.date = instant("2026-02-06T09:00-05:00")
            $0.nextOccurrenceAt = $0.date
            $0.originalDateAt = $0.date
        }
        app.rollForward(at: Self.now)
        let moved = try #require(app["c"]?.reminders.first)
        #expect(moved.id != c.id)
        #expect(try await Self.refresh(&app, scheduler) == [moved.id])
        links = try Self.exported(app)
        let pending = try await Self.pending(center)
        #expect(pending.keys.sorted() == [moved.id])
        #expect(links[moved.id] == .some(pending[moved.id]) && links[c.id] == nil)
    }

    @Test func overTheBudgetOnlyThePendingRemindersCarryAnID() async throws {
        // 1,000 intense events, one every 7 hours from Jan 25: 3,9xx reminders for 60 requests.
        let start = instant("2026-01-25T00:00Z")
        let events = (0..<1_000).map { index in
            Countdown(
                id: "e\(index)", name: "Event \(index)", date: start.addingTimeInterval(Double(index) * 7 * 3_600), createdAt: Self.now,
                reminderPlan: ReminderPlan(preset: .intense, timezone: zone("America/New_York")))
        }
        var app = Countdowns(events: events, entitlements: .pro)
        app.rollForward(at: Self.now)
        let (scheduler, center) = Self.scheduler()
        let changed = try await Self.refresh(&app, scheduler)

        let pendingIDs = try await center.pendingRequests().map(\.id)
        #expect(pendingIDs.count == 60)
        let links = try Self.exported(app)
        let linked = links.filter { $0.value != nil }
        #expect(links.count > 3_900)
        #expect(linked.count == pendingIDs.count && changed.count == pendingIDs.count)
        #expect(Set(linked.values.compactMap { $0 }) == Set(pendingIDs))
        // The linked ones are the soonest 60.
        let reminders = app.events.flatMap(\.reminders)
        let soonest = reminders.map(\.fireAt).sorted().prefix(60)
        #expect(reminders.filter { $0.notificationId != nil }.map(\.fireAt).sorted() == Array(soonest))
    }

    @Test func aFailedAdditionLeavesItsReminderUnlinked() async throws {
        // Half the adds fail: the link follows the center, not the plan.
        var app = Countdowns(events: (0..<20).map { event("e\($0)", "2026-02-\(String(format: "%02d", $0 + 1))T09:00-05:00") })
        app.rollForward(at: Self.now)
        let (scheduler, center) = Self.scheduler(faults: .init(seed: 7, addFailureRate: 0.5))
        await scheduler.setState(try app.state())
        let result = try await scheduler.refresh(reason: .dataChanged)
        #expect(result.failures > 0 && result.plan.entries.count == 20)
        app.linkNotifications(pending: try await center.pendingRequests(), namespace: scheduler.planner.namespace)
        let pending = try await Self.pending(center)
        #expect(pending.count == 20 - result.failures)
        let links = try Self.exported(app)
        #expect(links.filter { $0.value != nil }.count == pending.count)
        for (reminder, link) in links { #expect(link == pending[reminder]) }
    }
}
