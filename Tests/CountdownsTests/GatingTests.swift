import Bugle
import Countdowns
import Foundation
import Testing

/// Presets, the Pro gate and the notes limits.
@Suite struct GatingTests {
    static let concert = event("concert", "2026-05-10T20:00-04:00")

    @Test func presetsHaveTheSeedsReminders() {
        #expect(ReminderPreset.off.offsets.isEmpty)
        #expect(ReminderPreset.simple.offsets.map(\.label) == ["At start"])
        #expect(ReminderPreset.standard.offsets.map(\.label) == ["1 day before", "At start"])
        #expect(ReminderPreset.intense.offsets.map(\.label) == ["7 days before", "1 day before", "1 hour before", "At start"])
        #expect(ReminderPreset.intense.offsets.map(\.seconds) == [604_800, 86_400, 3_600, 0])
    }

    @Test(arguments: [ReminderPreset.standard, .intense])
    func aFreeUserPickingAProPresetIsToldItNeedsPro(preset: ReminderPreset) throws {
        var app = Countdowns(events: [Self.concert], entitlements: .free)
        #expect(throws: CountdownError(.needsPro(.advancedReminders))) { try app.setPreset(preset, for: "concert") }
        // Nothing was downgraded: the event keeps its preset.
        #expect(app["concert"]?.reminderPlan.preset == .simple)
        do {
            try app.setPreset(preset, for: "concert")
        } catch {
            #expect(error.paywallFeature?.rawValue == "advanced_reminders")
            #expect(error.description == "needs Pro: advanced_reminders")
        }
    }

    @Test func aReminderTurnedOffIsNeverScheduledAndStaysOffAsTheEventRollsForward() throws {
        // A monthly rent on the 31st with a day-before reminder and one at the time.
        var app = Countdowns(events: [event("rent", "2026-01-31T09:00-05:00", preset: .standard, recurrence: .monthly)], entitlements: .pro)
        let now = instant("2026-01-20T12:00-05:00")
        app.rollForward(at: now)
        try app.setReminder(.dayBefore, enabled: false, for: "rent")
        app.rollForward(at: now)
        let rent = try #require(app["rent"])
        #expect(rent.reminders(at: now, entitlements: .pro).map(\.offset) == [.atStart])
        #expect(rent.reminders.map(\.typeLabel) == ["1 day before", "At start"])
        #expect(rent.reminders.map(\.enabled) == [false, true])
        // The stored shape keeps it: a new launch reads it back off.
        let reread = try CountdownImport.events(from: JSONEncoder().encode(app.events))
        #expect(reread[0].reminders(at: now, entitlements: .pro).map(\.offset) == [.atStart])
        // Two months later (the January and February occurrences passed), still off.
        app.rollForward(at: instant("2026-03-15T12:00-04:00"))
        let later = try #require(app["rent"])
        #expect(later.nextOccurrenceAt == instant("2026-03-31T09:00-04:00"))
        #expect(later.reminders(at: instant("2026-03-15T12:00-04:00"), entitlements: .pro).map(\.fireAt) == [instant("2026-03-31T09:00-04:00")])
        // Between its day-before time and the occurrence, the choice is kept.
        app.rollForward(at: instant("2026-03-30T12:00-04:00"))
        #expect(app["rent"]?.disabledOffsets == [.dayBefore])
        app.rollForward(at: instant("2026-04-15T12:00-04:00"))
        #expect(app["rent"]?.reminders(at: instant("2026-04-15T12:00-04:00"), entitlements: .pro).map(\.offset) == [.atStart])
        // On again: scheduled again.
        try app.setReminder(.dayBefore, enabled: true, for: "rent")
        #expect(app["rent"]?.reminders(at: instant("2026-04-15T12:00-04:00"), entitlements: .pro).map(\.offset) == [.dayBefore, .atStart])
    }

    @Test func aStoredReminderThatIsOffGivesNoCandidate() throws {
        let stored =
            #"[{"id":"e1","name":"Gym","date":"2026-05-10T13:00:00Z","reminderPlan":{"preset":"standard","timezone":"UTC"},"#
            + #""reminders":[{"id":"e1_reminder_1d_1778418000000","eventId":"e1","fireAtISO":"2026-05-09T13:00:00Z","typeLabel":"1 day before","enabled":false}]}]"#
        let app = Countdowns(events: try CountdownImport.events(from: Data(stored.utf8)), entitlements: .pro)
        let context = PlanningContext(now: instant("2026-05-01T00:00Z"), calendar: Calendar(identifier: .gregorian), state: try app.state())
        #expect(Array(CountdownsRule().candidates(in: context)).map(\.id) == ["countdowns@e1_reminder_0_1778418000000"])
    }

    @Test func aNewEventNeedsAnIdOfItsOwn() throws {
        var app = Countdowns(events: [Self.concert], entitlements: .pro)
        #expect(throws: CountdownError(.idInUse("concert"))) { try app.add(event("concert", "2026-06-01T20:00-04:00")) }
        #expect(app.events.count == 1)
        #expect(CountdownError(.idInUse("concert")).description == "a countdown with the id \"concert\" exists already")
    }

    @Test func proUnlocksEveryPreset() throws {
        var app = Countdowns(events: [Self.concert], entitlements: .free)
        try app.setPreset(.off, for: "concert")
        try app.setPreset(.simple, for: "concert")
        app.entitlements = .pro
        try app.setPreset(.intense, for: "concert")
        #expect(app["concert"]?.reminderPlan.preset == .intense)
    }

    @Test func recurrenceNeedsPro() throws {
        var app = Countdowns(entitlements: .free)
        #expect(throws: CountdownError(.needsPro(.recurringCountdowns))) {
            try app.add(event("rent", "2026-01-31T09:00-05:00", recurrence: .monthly))
        }
        #expect(app.events.isEmpty)
        app.entitlements = .pro
        try app.add(event("rent", "2026-01-31T09:00-05:00", recurrence: .monthly))
        #expect(app.events.map(\.id) == ["rent"])
    }

    @Test func anEventKeptFromAProPeriodCanStillBeRenamed() throws {
        var app = Countdowns(events: [event("trip", "2026-05-10T20:00-04:00", preset: .intense)], entitlements: .free)
        try app.edit("trip") { $0.name = "Trip to Rome" }
        #expect(app["trip"]?.name == "Trip to Rome" && app["trip"]?.reminderPlan.preset == .intense)
    }

    @Test func entitlementsUseTheSeedsConstants() {
        #expect(
            ProFeature.allCases.map(\.rawValue) == [
                "advanced_reminders", "power_notes", "notes_search", "notes_overview", "long_notes",
                "unit_controls", "advanced_analytics", "no_ads", "recurring_countdowns",
            ])
        #expect(Entitlements.free.hasFeature(.longNotes) == false && Entitlements.pro.hasFeature(.longNotes))
    }

    @Test(arguments: [(false, 100), (true, 5_000)])
    func notesUpToTheLimitAreKept(isPro: Bool, limit: Int) throws {
        var app = Countdowns(events: [Self.concert], entitlements: Entitlements(isPro: isPro))
        try app.setNotes(String(repeating: "é", count: limit), for: "concert")
        #expect(app["concert"]?.notes.count == limit)
        #expect(throws: CountdownError(.notesTooLong(length: limit + 1, limit: limit))) {
            try app.setNotes(String(repeating: "n", count: limit + 1), for: "concert")
        }
        #expect(app["concert"]?.notes.count == limit)
    }

    @Test func theNotesErrorSaysTheLimits() {
        #expect(CountdownError(.notesTooLong(length: 101, limit: 100)).description == "notes are 101 characters; the limit is 100 (5,000 with Pro)")
        #expect(CountdownError(.notesTooLong(length: 5_001, limit: 5_000)).description == "notes are 5,001 characters; the limit is 5,000")
    }

    @Test func aFreeUserOverTheNotesLimitIsShownTheLongNotesPaywall() {
        var app = Countdowns(events: [Self.concert], entitlements: .free)
        do {
            try app.setNotes(String(repeating: "n", count: 101), for: "concert")
            Issue.record("a free user kept 101 characters of notes")
        } catch {
            #expect(error.paywallFeature == .longNotes)
            #expect(error.description == "notes are 101 characters; the limit is 100 (5,000 with Pro)")
        }
        // Beyond what Pro allows, the paywall would not help: a message only.
        #expect(CountdownError(.notesTooLong(length: 5_001, limit: 100)).paywallFeature == nil)
        #expect(CountdownError(.notesTooLong(length: 5_001, limit: 5_000)).paywallFeature == nil)
    }

    @Test func notesAreCountedInCharactersAsTheUserSeesThem() throws {
        // 100 thumbs up with a skin tone: 100 characters, 400 UTF-16 code units.
        var app = Countdowns(events: [Self.concert], entitlements: .free)
        let thumbs = String(repeating: "👍🏽", count: 100)
        #expect(thumbs.utf16.count == 400)
        try app.setNotes(thumbs, for: "concert")
        #expect(app["concert"]?.notes == thumbs)
        #expect(throws: CountdownError(.notesTooLong(length: 101, limit: 100))) { try app.setNotes(thumbs + "!", for: "concert") }
    }

    @Test func editingAnUnknownEventIsAnError() {
        var app = Countdowns()
        #expect(throws: CountdownError(.unknownEvent("nope"))) { try app.delete("nope") }
    }
}
