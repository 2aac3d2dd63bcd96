import Countdowns
import Foundation
import Testing

/// The app's stored `countdowns` array imports as is; bad fields are named.
@Suite struct ImportTests {
    static let stored = """
        [{"id":"a1b2","name":"Trip to Lisbon","icon":"✈️","date":"2026-06-01T07:30:00.000Z","createdAt":"2026-01-05T10:00:00.000Z",
          "notes":"Pack light","reminderPlan":{"preset":"intense","enabled":true,"timezone":"Europe/Lisbon"},
          "reminders":[{"id":"a1b2_reminder_0_1736071200000","eventId":"a1b2","fireAtISO":"2026-05-25T07:30:00.000Z",
                        "typeLabel":"7 days before","enabled":true,"notificationId":"0F1E2D3C"}],
          "recurrence":"none","nextOccurrenceAt":"2026-06-01T07:30:00.000Z","originalDateAt":"2026-06-01T07:30:00.000Z"},
         {"id":"c3","name":"Pay day","icon":"💸","date":"2026-01-31T17:00:00Z","createdAt":"2026-01-01T00:00:00Z",
          "reminderPlan":{"preset":"simple","enabled":false,"timezone":"America/Chicago"},"recurrence":"monthly"}]
        """

    @Test func readsTheStoredShape() throws {
        let events = try CountdownImport.events(from: Data(Self.stored.utf8))
        #expect(events.count == 2)
        let trip = events[0]
        #expect(trip.name == "Trip to Lisbon" && trip.icon == "✈️" && trip.notes == "Pack light")
        #expect(trip.date == instant("2026-06-01T07:30Z"))
        #expect(trip.reminderPlan == ReminderPlan(preset: .intense, enabled: true, timezone: zone("Europe/Lisbon")))
        #expect(
            trip.reminders == [
                CountdownReminder(
                    id: "a1b2_reminder_0_1736071200000", eventId: "a1b2", fireAt: instant("2026-05-25T07:30Z"),
                    typeLabel: "7 days before", notificationId: "0F1E2D3C")
            ])
        // Missing fields take the app's defensive defaults.
        let payDay = events[1]
        #expect(payDay.recurrence == .monthly && payDay.notes == "" && payDay.reminders.isEmpty)
        #expect(payDay.nextOccurrenceAt == instant("2026-01-31T17:00Z") && payDay.originalDateAt == payDay.date)
        #expect(!payDay.reminderPlan.enabled)
    }

    @Test func writesTheSameShapeBack() throws {
        let events = try CountdownImport.events(from: Data(Self.stored.utf8))
        let data = try JSONEncoder().encode(events)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(object[0]["date"] as? String == "2026-06-01T07:30:00.000Z")
        #expect((object[0]["reminderPlan"] as? [String: Any])?["timezone"] as? String == "Europe/Lisbon")
        #expect((object[0]["reminders"] as? [[String: Any]])?.first?["fireAtISO"] as? String == "2026-05-25T07:30:00.000Z")
        #expect(try CountdownImport.events(from: data) == events)
    }

    @Test(arguments: [
        (
            #"[{"id":"e1","name":"Rent","date":"2026-01-31","reminderPlan":{"preset":"simple","timezone":"UTC"}}]"#,
            #"countdowns[0] "Rent" (id e1): date: expected an ISO 8601 date-time, found "2026-01-31""#
        ),
        (
            #"[{"id":"e0","name":"A","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"}},{"id":"e2","name":"Mars","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"Mars/Base"}}]"#,
            #"countdowns[1] "Mars" (id e2): reminderPlan.timezone: unknown time zone "Mars/Base""#
        ),
        (
            #"[{"id":"e3","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"}}]"#,
            #"countdowns[0] (id e3): name: missing"#
        ),
        (
            #"[{"id":"e4","name":"Gym","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"custom","timezone":"UTC"}}]"#,
            #"countdowns[0] "Gym" (id e4): reminderPlan.preset: expected one of off, simple, standard, intense; found "custom""#
        ),
        (
            #"[{"id":"e5","name":"Gym","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"},"recurrence":"hourly"}]"#,
            #"countdowns[0] "Gym" (id e5): recurrence: expected one of none, daily, weekly, monthly, yearly; found "hourly""#
        ),
        (
            #"[{"id":"e6","name":"Gym","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"},"reminders":[{"id":"r","eventId":"e6","fireAtISO":"soon"}]}]"#,
            #"countdowns[0] "Gym" (id e6): reminders[0].fireAtISO: expected an ISO 8601 date-time, found "soon""#
        ),
        (
            #"[{"id":"e7","name":"Gym","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"}},{"id":"e7","name":"Rent","date":"2026-02-01T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"}}]"#,
            #"countdowns[1] "Rent" (id e7): id: the id is used by countdowns[0] too; every countdown needs its own"#
        ),
        (
            #"[{"id":"e8","name":"Far","date":"9999-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"}}]"#,
            #"countdowns[0] "Far" (id e8): date: the year 9999 is outside the supported years, 1900 to 2999"#
        ),
        (#"{"id":"e9"}"#, "countdowns: expected an array"),
        ("<html>", "countdowns: not valid JSON"),
    ])
    func namesTheEventAndTheField(json: String, message: String) {
        do {
            _ = try CountdownImport.events(from: Data(json.utf8))
            Issue.record("imported \(json)")
        } catch {
            #expect(error.description == message)
        }
    }
}
