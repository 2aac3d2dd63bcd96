import Bugle
import BugleSimulator
import Countdowns
import Foundation
import Testing

/// A Pro subscription that lapses: entitlements are checked again at every build (roll
/// forward) and every sync (the rule), so Pro presets fall back to the free one and
/// recurring events stop repeating; what the user chose is kept for when Pro comes back.
@Suite struct LapseTests {
    /// The titles of the plan's requests, soonest first, with their fire times.
    static func planned(_ app: Countdowns, at now: Date) throws -> [String] {
        try PlanningTests.plan(app, at: now).entries.map { entry in
            let time = ZoneRules(timeZone: zone("America/New_York"), around: entry.candidate.fireDate).localDateTime(at: entry.candidate.fireDate)
            return "\(time) \(entry.candidate.content.title)"
        }
    }

    @Test func theSyncCancelsTheProRemindersOnceProLapses() async throws {
        var app = Countdowns(events: [event("trip", "2026-02-10T20:00-05:00", preset: .intense, name: "Trip")], entitlements: .pro)
        app.rollForward(at: LinkTests.now)
        let (scheduler, center) = LinkTests.scheduler()
        _ = try await LinkTests.refresh(&app, scheduler)
        #expect(
            try await center.pendingRequests().map(\.content.title).sorted()
                == ["Trip - 1 day before", "Trip - 1 hour before", "Trip - 7 days before", "Trip - At start"])

        // The subscription lapses; the app syncs before it rebuilds anything.
        app.entitlements = .free
        _ = try await LinkTests.refresh(&app, scheduler)
        let pending = try await center.pendingRequests()
        #expect(pending.map(\.content.title) == ["Trip - At start"])
        #expect(pending.map { $0.fireTime.resolve(in: ZoneRules(timeZone: zone("UTC"), around: LinkTests.now)) } == [instant("2026-02-10T20:00-05:00")])
        // The choice is kept for when Pro comes back; the stored reminders follow the next build.
        #expect(app["trip"]?.reminderPlan.preset == .intense)
        app.rollForward(at: LinkTests.now)
        #expect(app["trip"]?.reminders.map(\.typeLabel) == ["At start"])
    }

    @Test func aLapsedRecurringEventRemindsOfTheOccurrenceItShowsThenStops() throws {
        // Monthly rent on the 31st at 09:00 in New York, a day before and at the time.
        var app = Countdowns(
            events: [event("rent", "2026-01-31T09:00-05:00", preset: .standard, recurrence: .monthly, name: "Rent")],
            entitlements: .pro)
        app.rollForward(at: instant("2026-02-10T12:00-05:00"))
        #expect(app["rent"]?.nextOccurrenceAt == instant("2026-02-28T09:00-05:00"))

        app.entitlements = .free
        // Before its time the shown occurrence still reminds, at the start only (standard is Pro).
        #expect(try Self.planned(app, at: instant("2026-02-20T12:00-05:00")) == ["2026-02-28T09:00 Rent - At start"])
        // After it, nothing: the sync does not move it, and neither does the next build.
        let march = instant("2026-03-05T12:00-05:00")
        #expect(try Self.planned(app, at: march).isEmpty)
        #expect(app.rollForward(at: march).isEmpty)
        #expect(app["rent"]?.nextOccurrenceAt == instant("2026-02-28T09:00-05:00"))
        #expect(app["rent"]?.reminders.isEmpty == true)
        #expect(app["rent"]?.status(at: march, entitlements: app.entitlements) == .past(instant("2026-02-28T09:00-05:00")))
        // Kept, and shown locked.
        #expect(app["rent"]?.recurrence == .monthly && app["rent"]?.reminderPlan.preset == .standard)
        #expect(app["rent"]?.lockedFeatures(for: app.entitlements) == [.advancedReminders, .recurringCountdowns])

        // Pro again: the next occurrence from its anchor, with the standard preset.
        app.entitlements = .pro
        #expect(app.rollForward(at: march) == ["rent"])
        #expect(app["rent"]?.nextOccurrenceAt == instant("2026-03-31T09:00-04:00"))
        #expect(try Self.planned(app, at: march) == ["2026-03-30T09:00 Rent - 1 day before", "2026-03-31T09:00 Rent - At start"])
        #expect(app["rent"]?.lockedFeatures(for: app.entitlements) == [])
    }

    @Test func aStateWithoutEntitlementsPlansForAFreeUser() throws {
        // The rule schedules Pro reminders only on the state's word that the user has Pro.
        let app = Countdowns(events: [event("trip", "2026-02-10T20:00-05:00", preset: .intense, name: "Trip")], entitlements: .pro)
        var state = try app.state()
        #expect(Countdowns.entitlements(in: state) == .pro)
        state[Countdowns.entitlementsKey] = nil
        #expect(Countdowns.entitlements(in: state) == .free)
        state[Countdowns.entitlementsKey] = .object(["isPro": "yes"])
        #expect(Countdowns.entitlements(in: state) == .free)
        let context = PlanningContext(now: LinkTests.now, calendar: Calendar(identifier: .gregorian), state: state)
        #expect(Array(CountdownsRule().candidates(in: context)).map(\.content.title) == ["Trip - At start"])
    }

    @Test(arguments: [ReminderPreset.off, .simple, .standard, .intense])
    func aLapsedPresetKeepsTheFreeReminderItHas(preset: ReminderPreset) {
        #expect(preset.effective(for: .pro) == preset)
        let free = preset.effective(for: .free)
        #expect(free.requiredFeature == nil)
        // What the free preset keeps is what the chosen one had: at the start, or nothing for off.
        #expect(free.offsets == preset.offsets.filter { ReminderPreset.simple.offsets.contains($0) })
    }

    @Test func aReminderTurnedOffUnderProStaysOffAfterTheLapseAndBack() throws {
        var app = Countdowns(events: [event("gym", "2026-03-01T07:00-05:00", preset: .intense, name: "Gym")], entitlements: .pro)
        let now = instant("2026-02-01T12:00-05:00")
        app.rollForward(at: now)
        try app.setReminder(.atStart, enabled: false, for: "gym")
        app.entitlements = .free
        app.rollForward(at: now)
        // Free, the one reminder left is the one the user turned off.
        #expect(try Self.planned(app, at: now).isEmpty)
        app.entitlements = .pro
        app.rollForward(at: now)
        #expect(
            try Self.planned(app, at: now) == [
                "2026-02-22T07:00 Gym - 7 days before", "2026-02-28T07:00 Gym - 1 day before",
                "2026-03-01T06:00 Gym - 1 hour before",
            ])
    }

    @Test func notesKeptFromAProPeriodCanBeShortenedButNotLengthened() throws {
        var trip = event("trip", "2026-05-10T20:00-04:00")
        trip.notes = String(repeating: "n", count: 300)
        var app = Countdowns(events: [trip], entitlements: .free)
        // Another field is edited freely; the notes are never cut.
        try app.edit("trip") { $0.name = "Trip to Rome" }
        #expect(app["trip"]?.notes.count == 300)
        // A typo fixed, then a paragraph cut: never longer than they were.
        try app.setNotes(String(repeating: "n", count: 299) + "m", for: "trip")
        try app.setNotes(String(repeating: "n", count: 250), for: "trip")
        #expect(app["trip"]?.notes.count == 250)
        #expect(throws: CountdownError(.notesTooLong(length: 251, limit: 100))) {
            try app.setNotes(String(repeating: "n", count: 251), for: "trip")
        }
        #expect(app["trip"]?.notes.count == 250)
        #expect(app["trip"]?.lockedFeatures(for: .free) == [.longNotes])
        #expect(app["trip"]?.lockedFeatures(for: .pro) == [])
    }
}
