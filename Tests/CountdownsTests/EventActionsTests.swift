import Bugle
import BugleSimulator
import Countdowns
import Foundation
import Testing

/// Deleting events and turning their reminders off, through the scheduler: what stays
/// pending in the center.
@Suite struct EventActionsTests {
    /// The app's pending requests as `title @ fire time`, sorted, and the other requests' ids.
    static func pending(_ center: SimulatedCenter) async throws -> (ours: [String], others: [String]) {
        let requests = try await center.pendingRequests()
        let ours = requests.filter { $0.ruleID == CountdownsRule.ruleID }
            .map { "\($0.content.title) @ \($0.fireTime.resolve(in: ZoneRules(timeZone: zone("UTC"), around: LinkTests.now)).formatted(.iso8601))" }
        return (ours.sorted(), requests.filter { $0.ruleID != CountdownsRule.ruleID }.map(\.id).sorted())
    }

    /// A Pro app with an intense monthly rent (four reminders pending), a party, and a
    /// request another part of the app scheduled, synced once.
    static func synced() async throws -> (Countdowns, Scheduler, SimulatedCenter) {
        var app = Countdowns(
            events: [
                event("rent", "2026-01-31T09:00-05:00", preset: .intense, recurrence: .monthly, name: "Rent"),
                event("party", "2026-02-05T18:00-05:00", name: "Party"),
            ], entitlements: .pro)
        app.rollForward(at: LinkTests.now)
        let (scheduler, center) = LinkTests.scheduler()
        try await center.addForeign(
            NotificationRequest(
                id: "promo", fireTime: .zoned(ZonedInstant(date: instant("2026-02-01T12:00Z"), timeZone: zone("UTC"))),
                content: NotificationContent(title: "Sale", body: "")))
        _ = try await LinkTests.refresh(&app, scheduler)
        return (app, scheduler, center)
    }

    @Test func deletingAnEventRemovesEveryRequestItOwns() async throws {
        var (app, scheduler, center) = try await Self.synced()
        #expect(
            try await Self.pending(center).ours == [
                "Party - At start @ 2026-02-05T23:00:00Z", "Rent - 1 day before @ 2026-01-30T14:00:00Z", "Rent - 1 hour before @ 2026-01-31T13:00:00Z",
                "Rent - 7 days before @ 2026-01-24T14:00:00Z", "Rent - At start @ 2026-01-31T14:00:00Z",
            ])
        try app.delete("rent")
        await scheduler.setState(try app.state())
        let refresh = try await scheduler.refresh(reason: .dataChanged)
        #expect(refresh.changes.removals.count == 4 && refresh.changes.additions.isEmpty)
        let (ours, others) = try await Self.pending(center)
        #expect(ours == ["Party - At start @ 2026-02-05T23:00:00Z"])
        #expect(others == ["promo"])
        #expect(try await center.pendingRequests().allSatisfy { $0.content.userInfo["eventId"] != "rent" })
    }

    @Test func deletingAllEventsRemovesEveryRequestTheyOwnAndNoOther() async throws {
        var (app, scheduler, center) = try await Self.synced()
        #expect(app.deleteAllEvents() == ["rent", "party"])
        #expect(app.events.isEmpty)
        await scheduler.setState(try app.state())
        let refresh = try await scheduler.refresh(reason: .dataChanged)
        #expect(refresh.changes.removals.count == 5)
        let (ours, others) = try await Self.pending(center)
        #expect(ours.isEmpty && others == ["promo"])
        #expect(app.deleteAllEvents().isEmpty)
    }

    @Test func clearingAllRemindersCancelsThemAndAnEventTurnedBackOnGetsItsOwn() async throws {
        var (app, scheduler, center) = try await Self.synced()
        try app.setReminder(.hourBefore, enabled: false, for: "rent")
        #expect(app.clearAllReminders() == ["rent", "party"])
        #expect(app.clearAllReminders().isEmpty, "nothing was on")
        _ = try await LinkTests.refresh(&app, scheduler)
        #expect(try await Self.pending(center) == ([], ["promo"]))
        // The events, presets and the reminder turned off on its own are kept.
        #expect(app.events.map(\.reminderPlan.preset) == [.intense, .simple])
        try app.setRemindersEnabled(true, for: "rent")
        _ = try await LinkTests.refresh(&app, scheduler)
        #expect(
            try await Self.pending(center).ours == [
                "Rent - 1 day before @ 2026-01-30T14:00:00Z", "Rent - 7 days before @ 2026-01-24T14:00:00Z", "Rent - At start @ 2026-01-31T14:00:00Z",
            ])
        #expect(throws: CountdownError(.unknownEvent("nope"))) { try app.setRemindersEnabled(true, for: "nope") }
    }
}

/// The plan a new event gets when the user picks none.
@Suite struct DefaultPlanTests {
    @Test func theDefaultPlanRemindsAtTheStartInTheDevicesZoneForEveryUser() throws {
        let paris = zone("Europe/Paris")
        let plan = ReminderPlan.defaultPlan(in: paris)
        #expect(plan.enabled && plan.timezone == paris && plan.preset.requiredFeature == nil)
        // A free user may add an event with it; its one reminder is at the start, in Paris.
        var app = Countdowns(entitlements: .free)
        try app.add(Countdown(id: "dinner", name: "Dinner", date: instant("2026-05-02T20:00+02:00"), createdAt: LinkTests.now, reminderPlan: plan))
        let reminders = try #require(app["dinner"]).reminders(at: LinkTests.now, entitlements: app.entitlements)
        #expect(reminders.map(\.title) == ["Dinner - At start"])
        #expect(reminders.map(\.candidate.fireTime) == [.zoned(ZonedInstant(date: instant("2026-05-02T20:00+02:00"), timeZone: paris))])
    }
}
