import Bugle
import BugleSimulator
import Foundation
import Testing

/// Examples/countdowns.yaml: ten weeks of the countdown app, delivery by delivery.
@Suite struct ExampleTests {
    static let newYork = "America/New_York"
    static let tokyo = "Asia/Tokyo"

    static func seen(_ at: String, _ name: String, _ label: String, repeats: String? = nil, in zone: String = newYork) -> Seen {
        CountdownsScenarioTests.seen(at, name, label, repeats: repeats, in: zone)
    }

    @Test func deliveriesAreExactlyThese() async throws {
        let result = try await runExample("countdowns.yaml")
        let garden = "Concert at the Garden"
        let expected: [Seen] = [
            // Rent's Jan 31 09:00 EST: the older version's notification, adopted at launch.
            // The user is free: Rent does not repeat, so its reminder does not say so.
            Self.seen("2028-01-31T09:00", "Rent", "At start"),
            // Pro from 02-03 12:00; intense at 12:05 for Feb 10 20:00: 7 days before is 20:00 today.
            Self.seen("2028-02-03T20:00", "Concert", "7 days before"),
            // Moved on 02-05 09:00 to Feb 12 19:30 and renamed: every reminder follows.
            Self.seen("2028-02-05T19:30", garden, "7 days before"),
            Self.seen("2028-02-11T19:30", garden, "1 day before"),
            Self.seen("2028-02-12T18:30", garden, "1 hour before"),
            Self.seen("2028-02-12T19:30", garden, "At start"),
            // Feb 29 2028 10:00 in London (GMT) is 05:00 in New York (EST); standard from 02-06.
            Self.seen("2028-02-28T05:00", "Mia's birthday", "1 day before", repeats: "yearly"),
            Self.seen("2028-02-29T05:00", "Mia's birthday", "At start", repeats: "yearly"),
            // Monthly from Jan 31: the leap day.
            Self.seen("2028-02-29T09:00", "Rent", "At start", repeats: "monthly"),
            // Added in Tokyo for Mar 20 18:00 Tokyo time, standard.
            Self.seen("2028-03-19T18:00", "Flight home", "1 day before", in: Self.tokyo),
            Self.seen("2028-03-20T18:00", "Flight home", "At start", in: Self.tokyo),
            // Added after the lapse without a plan: the default one, at the start, in Tokyo.
            Self.seen("2028-03-25T19:00", "Dinner with Aki", "At start", in: Self.tokyo),
            // Rent stays 09:00 in New York (EDT since Mar 12): 22:00 in Tokyo. Pro lapsed on
            // 03-21: the occurrence it shows still reminds, and no longer says it repeats.
            Self.seen("2028-03-31T22:00", "Rent", "At start", in: Self.tokyo),
        ]
        #expect(result.seen == expected)
        #expect(result.deliveries.allSatisfy { $0.rule == "countdowns" })
        #expect(result.dropped.isEmpty && result.missed.isEmpty)
    }

    @Test func refusalsRecoveryAndRollForward() async throws {
        let notes = try await runExample("countdowns.yaml").notes
        #expect(notes.contains("2028-01-26T10:00: refused, needs Pro: paywall for advanced_reminders"))
        #expect(notes.contains("2028-01-26T10:05: refused: notes are 121 characters; the limit is 100 (5,000 with Pro); paywall for long_notes"))
        // Recovery once, at launch: the Dentist's old "1 day before" and the deleted trip's go.
        let recoveries = notes.filter { $0.contains("recovery:") }
        #expect(recoveries == ["2028-01-25T09:00: recovery: adopted 7F3A2C1E-rent; removed 9B77D0A4-trip, dentist_reminder_0_1706600000000"])
        // Free, nothing repeats; with Pro, Rent goes on to the leap day, and the birthday,
        // stored at Feb 28 2027, rolls to it in one step.
        let rolls = notes.filter { $0.contains("rolls forward") }
        #expect(
            rolls == [
                "2028-02-03T12:00: Rent rolls forward to 2028-02-29T09:00 America/New_York",
                "2028-02-03T12:00: Mia's birthday rolls forward to 2028-02-29T10:00 Europe/London",
                // The flight alone does not wake the app; adding the flight home in Tokyo does: Rent
                // back to the 31st, the birthday clamped to Feb 28 in 2029. After the lapse, nothing.
                "2028-03-06T10:00: Rent rolls forward to 2028-03-31T09:00 America/New_York",
                "2028-03-06T10:00: Mia's birthday rolls forward to 2029-02-28T10:00 Europe/London",
            ])
        // The lapse, for the events still ahead.
        #expect(
            notes.filter { $0.hasPrefix("2028-03-21T09:00") } == [
                "2028-03-21T09:00: Pro ended",
                "2028-03-21T09:00: Rent: stops repeating monthly after 2028-03-31T09:00 America/New_York",
                "2028-03-21T09:00: Mia's birthday: standard locked, reminds at start only; stops repeating yearly after 2029-02-28T10:00 Europe/London",
            ])
        #expect(notes.contains("2028-03-22T12:00: add 🍜 Dinner with Aki: 2028-03-25T19:00 Asia/Tokyo, simple"))
    }

    @Test func theAppStoresEachRemindersNotificationIdAfterARefresh() async throws {
        let notes = try await runExample("countdowns.yaml").notes.filter { $0.contains("notificationId") }
        #expect(
            notes == [
                // Launch: one reminder for each event still ahead (the free user's birthday has passed).
                "2028-01-25T09:00: stored 3 notificationIds",
                // Pro: Rent's and the birthday's Feb 29.
                "2028-02-03T12:00: stored 2 notificationIds",
                // Intense for the Concert: its "At start" was already linked.
                "2028-02-03T12:05: stored 3 notificationIds",
                // The Concert moves: four new reminders, four new requests.
                "2028-02-05T09:00: stored 4 notificationIds",
                // Standard for the birthday: its "1 day before"; "At start" keeps its id.
                "2028-02-06T10:00: stored 1 notificationId",
                // The flight's two, Rent's Mar 31, and the birthday's two of 2029.
                "2028-03-06T10:00: stored 5 notificationIds",
                // The dinner's. (At the lapse the birthday's "1 day before" is no longer stored, and
                // Rent's Mar 31 keeps its request id.)
                "2028-03-22T12:00: stored 1 notificationId",
            ])
    }

    @Test func unchangedRemindersAreLeftAlone() async throws {
        let result = try await runExample("countdowns.yaml")
        // Opening the app on 02-02 changes nothing: no call to the center.
        let reopen = try #require(result.refreshes.first { $0.at == instant("2028-02-02T08:00-05:00") })
        #expect(reopen.added == 0 && reopen.removed == 0)
        // Deleting the Dentist removes its one reminder and adds nothing (the free user's Rent
        // does not roll forward).
        let delete = try #require(result.refreshes.first { $0.at == instant("2028-02-01T12:00-05:00") })
        #expect(delete.removed == 1 && delete.added == 0)
        // The lapse cancels the birthday's "1 day before", and replaces the birthday's and
        // Rent's pending reminders with ones that no longer say they repeat.
        let lapse = try #require(result.refreshes.first { $0.at == instant("2028-03-21T09:00+09:00") })
        #expect(lapse.removed == 1 && lapse.added == 2)
    }
}
