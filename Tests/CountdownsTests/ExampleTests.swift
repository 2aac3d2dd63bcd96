import Bugle
import BugleSimulator
import Foundation
import Testing

/// Examples/countdowns.yaml: ten weeks of the countdown app, delivery by delivery.
@Suite struct ExampleTests {
    static let newYork = "America/New_York"
    static let tokyo = "Asia/Tokyo"

    static func seen(_ at: String, _ name: String, _ label: String, in zone: String = newYork) -> Seen {
        Seen(at: at, zone: zone, title: "\(name) - \(label)", body: "\"\(name)\" \(label.lowercased())")
    }

    @Test func deliveriesAreExactlyThese() async throws {
        let result = try await runExample("countdowns.yaml")
        let garden = "Concert at the Garden"
        let expected: [Seen] = [
            // Rent's Jan 31 09:00 EST: the older version's notification, adopted at launch.
            Self.seen("2028-01-31T09:00", "Rent", "At start"),
            // Pro from 02-03 12:00; intense at 12:05 for Feb 10 20:00: 7 days before is 20:00 today.
            Self.seen("2028-02-03T20:00", "Concert", "7 days before"),
            // Moved on 02-05 09:00 to Feb 12 19:30 and renamed: every reminder follows.
            Self.seen("2028-02-05T19:30", garden, "7 days before"),
            Self.seen("2028-02-11T19:30", garden, "1 day before"),
            Self.seen("2028-02-12T18:30", garden, "1 hour before"),
            Self.seen("2028-02-12T19:30", garden, "At start"),
            // Feb 29 2028 10:00 in London (GMT) is 05:00 in New York (EST); standard from 02-06.
            Self.seen("2028-02-28T05:00", "Mia's birthday", "1 day before"),
            Self.seen("2028-02-29T05:00", "Mia's birthday", "At start"),
            // Monthly from Jan 31: the leap day.
            Self.seen("2028-02-29T09:00", "Rent", "At start"),
            // Added in Tokyo for Mar 20 18:00 Tokyo time, standard.
            Self.seen("2028-03-19T18:00", "Flight home", "1 day before", in: Self.tokyo),
            Self.seen("2028-03-20T18:00", "Flight home", "At start", in: Self.tokyo),
            // Rent stays 09:00 in New York (EDT since Mar 12): 22:00 in Tokyo.
            Self.seen("2028-03-31T22:00", "Rent", "At start", in: Self.tokyo),
        ]
        #expect(result.seen == expected)
        #expect(result.deliveries.allSatisfy { $0.rule == "countdowns" })
        #expect(result.dropped.isEmpty && result.missed.isEmpty)
    }

    @Test func refusalsRecoveryAndRollForward() async throws {
        let notes = try await runExample("countdowns.yaml").notes
        #expect(notes.contains("2028-01-26T10:00: refused, needs Pro: paywall for advanced_reminders"))
        #expect(notes.contains("2028-01-26T10:05: refused: notes are 121 characters; the limit is 100 (5,000 with Pro)"))
        // Recovery once, at launch: the Dentist's old "1 day before" and the deleted trip's go.
        let recoveries = notes.filter { $0.contains("recovery:") }
        #expect(recoveries == ["2028-01-25T09:00: recovery: adopted 7F3A2C1E-rent; removed 9B77D0A4-trip, dentist_reminder_0_1706600000000"])
        #expect(notes.contains("2028-02-01T12:00: Rent rolls forward to 2028-02-29T09:00 America/New_York"))
        // The stored birthday still said Feb 28 2027: launch rolls it to the leap day.
        #expect(notes.contains("2028-01-25T09:00: Mia's birthday rolls forward to 2028-02-29T10:00 Europe/London"))
        // The flight alone does not wake the app; adding the flight home in Tokyo does: Rent
        // back to the 31st, the birthday clamped to Feb 28 in 2029.
        #expect(notes.contains("2028-03-06T10:00: Rent rolls forward to 2028-03-31T09:00 America/New_York"))
        #expect(notes.contains("2028-03-06T10:00: Mia's birthday rolls forward to 2029-02-28T10:00 Europe/London"))
    }

    @Test func theAppStoresEachRemindersNotificationIdAfterARefresh() async throws {
        let notes = try await runExample("countdowns.yaml").notes.filter { $0.contains("notificationId") }
        #expect(notes == [
            // Launch: one reminder for each of the four events.
            "2028-01-25T09:00: stored 4 notificationIds",
            // Rent's Feb 29 after the Dentist is deleted.
            "2028-02-01T12:00: stored 1 notificationId",
            // Intense for the Concert: its "At start" was already linked.
            "2028-02-03T12:05: stored 3 notificationIds",
            // The Concert moves: four new reminders, four new requests.
            "2028-02-05T09:00: stored 4 notificationIds",
            // Standard for the birthday: its "1 day before"; "At start" keeps its id.
            "2028-02-06T10:00: stored 1 notificationId",
            // The flight's two, Rent's Mar 31, and the birthday's two of 2029.
            "2028-03-06T10:00: stored 5 notificationIds",
        ])
    }

    @Test func unchangedRemindersAreLeftAlone() async throws {
        let result = try await runExample("countdowns.yaml")
        // Opening the app on 02-02 changes nothing: no call to the center.
        let reopen = try #require(result.refreshes.first { $0.at == instant("2028-02-02T08:00-05:00") })
        #expect(reopen.added == 0 && reopen.removed == 0)
        // Deleting the Dentist removes its one reminder; the only addition is Rent's Feb 29.
        let delete = try #require(result.refreshes.first { $0.at == instant("2028-02-01T12:00-05:00") })
        #expect(delete.removed == 1 && delete.added == 1)
    }
}
