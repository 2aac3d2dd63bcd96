import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// `recipe: countdowns` scenarios written inline: a lapsed subscription, the default plan,
/// and the clear-all actions, as the user sees them.
@Suite struct CountdownsScenarioTests {
    static func seen(_ at: String, _ name: String, _ label: String, repeats: String? = nil, in zone: String = "America/New_York") -> Seen {
        Seen(
            at: at, zone: zone, title: "\(name) - \(label)", subtitle: repeats.map { "↻ Repeats \($0)" },
            body: "\"\(name)\" \(label.lowercased())")
    }

    static let lapse = """
        name: lapse
        start: 2028-03-01T08:00
        timeZone: America/New_York
        days: 70
        recipe: { name: countdowns, pro: true }
        events:
          - { at: 2028-03-01T09:00, addEvent: { id: rent, name: Rent, date: 2028-03-31T09:00, timezone: America/New_York, preset: standard, recurrence: monthly } }
          - { at: 2028-03-01T09:05, addEvent: { id: trip, name: Trip, date: 2028-03-20T18:00, timezone: America/New_York, preset: intense } }
          - { at: 2028-03-01T09:10, addEvent: { id: standup, name: Standup, date: 2028-03-06T10:00, timezone: America/New_York, recurrence: weekly } }
          - { at: 2028-03-07T08:00, openApp: {} }
          - { at: 2028-03-14T08:00, openApp: {} }
          - { at: 2028-03-15T12:00, downgrade: {} }
          - { at: 2028-04-02T08:00, openApp: {} }
          - { at: 2028-04-03T09:00, setPreset: { event: rent, preset: intense } }
          - { at: 2028-04-03T09:05, addEvent: { id: yoga, name: Yoga, date: 2028-04-10T07:00, timezone: America/New_York, recurrence: weekly } }
        """

    @Test func aLapsedSubscriptionKeepsTheFreeRemindersAndStopsRepeating() async throws {
        let result = try await runScenario(Self.lapse)
        #expect(
            result.seen == [
                // Pro: the weekly standup says it repeats; the trip's "7 days before" (EDT from 03-12).
                Self.seen("2028-03-06T10:00", "Standup", "At start", repeats: "weekly"),
                Self.seen("2028-03-13T10:00", "Standup", "At start", repeats: "weekly"),
                Self.seen("2028-03-13T18:00", "Trip", "7 days before"),
                // Pro lapsed on 03-15: the occurrences shown still remind, at the start only, and
                // no longer say they repeat; the trip's and Rent's "1 day before" are cancelled.
                Self.seen("2028-03-20T10:00", "Standup", "At start"),
                Self.seen("2028-03-20T18:00", "Trip", "At start"),
                Self.seen("2028-03-31T09:00", "Rent", "At start"),
                // No standup on 03-27, no Rent on 04-30: the events stopped repeating.
            ])
        let notes = result.notes
        #expect(notes.contains("2028-03-01T09:00: add 📅 Rent: 2028-03-31T09:00 America/New_York, standard, ↻ Repeats monthly"))
        let lapse = notes.filter { $0.hasPrefix("2028-03-15T12:00") }
        #expect(
            lapse.prefix(4) == [
                "2028-03-15T12:00: Pro ended",
                "2028-03-15T12:00: Rent: standard locked, reminds at start only; stops repeating monthly after 2028-03-31T09:00 America/New_York",
                "2028-03-15T12:00: Trip: intense locked, reminds at start only",
                "2028-03-15T12:00: Standup: stops repeating weekly after 2028-03-20T10:00 America/New_York",
            ])
        // Nothing rolls forward once Pro has lapsed.
        #expect(!notes.contains { $0.contains("rolls forward") && $0 > "2028-03-15" })
        // Free again: the paywall, for a Pro preset and for a new recurring event.
        #expect(notes.contains("2028-04-03T09:00: refused, needs Pro: paywall for advanced_reminders"))
        #expect(notes.contains("2028-04-03T09:05: refused, needs Pro: paywall for recurring_countdowns"))
    }

    @Test func proAgainBringsBackThePresetAndTheRepeats() async throws {
        let result = try await runScenario(Self.lapse + "\n  - { at: 2028-04-20T08:00, upgrade: {} }\n")
        // Rent rolls forward from its anchor to 04-30 (Mar 31 clamped), standard again, and
        // says it repeats; the standup to the next Monday.
        #expect(result.notes.contains("2028-04-20T08:00: Rent rolls forward to 2028-04-30T09:00 America/New_York"))
        #expect(result.notes.contains("2028-04-20T08:00: Standup rolls forward to 2028-04-24T10:00 America/New_York"))
        #expect(
            Array(result.seen.dropFirst(6)) == [
                Self.seen("2028-04-24T10:00", "Standup", "At start", repeats: "weekly"),
                Self.seen("2028-04-29T09:00", "Rent", "1 day before", repeats: "monthly"),
                Self.seen("2028-04-30T09:00", "Rent", "At start", repeats: "monthly"),
            ])
    }

    @Test func aNewEventWithoutAPlanGetsTheDefaultOneInTheDevicesZone() async throws {
        let result = try await runScenario(
            """
            name: default plan
            start: 2028-05-01T08:00
            timeZone: Europe/Paris
            days: 5
            recipe: { name: countdowns }
            events:
              - { at: 2028-05-01T09:00, addEvent: { id: dinner, name: Dinner, date: 2028-05-02T20:00 } }
              - { at: 2028-05-01T12:00, timeZone: America/New_York }
            """)
        // 20:00 in Paris (CEST), where the event was added, is 14:00 in New York (EDT).
        #expect(result.seen == [Self.seen("2028-05-02T14:00", "Dinner", "At start")])
    }

    static let clearing = """
        name: clearing
        start: 2028-05-01T08:00
        timeZone: America/New_York
        days: 20
        recipe: { name: countdowns }
        events:
          - { at: 2028-05-01T09:00, addEvent: { id: concert, name: Concert, date: 2028-05-10T20:00, timezone: America/New_York } }
          - { at: 2028-05-01T09:01, addEvent: { id: dentist, name: Dentist, date: 2028-05-05T15:00, timezone: America/New_York } }
          - { at: 2028-05-01T09:02, addEvent: { id: gym, name: Gym, date: 2028-05-03T07:00, timezone: America/New_York } }
          - { at: 2028-05-01T09:03, addEvent: { id: party, name: Party, date: 2028-05-15T21:00, timezone: America/New_York } }
          - { at: 2028-05-01T10:00, setRemindersEnabled: { event: dentist, enabled: false } }
          - { at: 2028-05-04T09:00, clearAllReminders: {} }
          - { at: 2028-05-06T09:00, setRemindersEnabled: { event: concert, enabled: true } }
          - { at: 2028-05-06T09:05, setRemindersEnabled: { event: nope, enabled: true } }
          - { at: 2028-05-08T09:00, setRemindersEnabled: { event: party, enabled: true } }
          - { at: 2028-05-11T09:00, deleteAllEvents: {} }
        """

    @Test func remindersTurnedOffClearedAndDeletedAreNeverDelivered() async throws {
        let result = try await runScenario(Self.clearing)
        // The dentist's were turned off; clearing all took the concert's and the party's; both
        // came back on; deleting all took the party's with it.
        #expect(result.seen == [Self.seen("2028-05-03T07:00", "Gym", "At start"), Self.seen("2028-05-10T20:00", "Concert", "At start")])
        let clearAll = try #require(result.refreshes.first { $0.at == instant("2028-05-04T09:00-04:00") })
        #expect(clearAll.removed == 2 && clearAll.added == 0)
        let deleteAll = try #require(result.refreshes.first { $0.at == instant("2028-05-11T09:00-04:00") })
        #expect(deleteAll.removed == 1 && deleteAll.added == 0)
        let notes = result.notes
        #expect(notes.contains("2028-05-01T10:00: Dentist: reminders off"))
        // The gym's switch was on too, though its event had passed.
        #expect(notes.contains("2028-05-04T09:00: all reminders cleared: Concert, Gym, Party"))
        #expect(notes.contains("2028-05-06T09:05: refused: no countdown has the id \"nope\""))
        #expect(notes.contains("2028-05-11T09:00: delete all: Concert, Dentist, Gym, Party"))
    }

    @Test(arguments: [
        ("{ at: 2028-05-01T10:00, setRemindersEnabled: { event: gym } }", #"events[0].setRemindersEnabled: missing required key "enabled""#),
        ("{ at: 2028-05-01T10:00, setRemindersEnabled: { event: gym, enabled: maybe } }", "events[0].setRemindersEnabled.enabled"),
        ("{ at: 2028-05-01T10:00, clearAllReminders: false }", "events[0].clearAllReminders"),
        ("{ at: 2028-05-01T10:00, deleteAllEvents: { now: true } }", "events[0].deleteAllEvents"),
        ("{ at: 2028-05-01T10:00, downgrade: false }", "events[0].downgrade"),
        ("{ at: 2028-05-01T10:00, addEvent: { id: a, name: A, date: 2028-05-02T10:00, timezone: Mars/Base } }", "events[0].addEvent.timezone"),
    ])
    func aMistakeInTheNewEventsNamesItsPlace(event: String, message: String) {
        let yaml = """
            name: mistakes
            start: 2028-05-01T08:00
            timeZone: America/New_York
            days: 2
            recipe: { name: countdowns }
            events:
              - \(event)
            """
        do {
            _ = try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)
            Issue.record("accepted \(event)")
        } catch {
            #expect("\(error)".contains("<scenario>:7:"), "\(error)")
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
