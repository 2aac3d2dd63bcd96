import Bugle
import BugleSimulator
import Foundation
import Testing

/// Examples/streak-rescue.yaml: two weeks of the puzzle game, delivery by delivery.
@Suite struct StreakRescueExampleTests {
    static let newYork = "America/New_York"
    static let madrid = "Europe/Madrid"
    static let kickoff = "Daily Kick-off"
    static let saver = "Streak Saver"

    /// The twelve kick-off messages in catalog order: day number since 1970 modulo 12 picks
    /// one (2026-03-03 is day 20515, 20515 mod 12 = 7: the eighth).
    static let messages = [
        "The whistle has blown! Today's puzzles are ready.",
        "Lace up your boots: a new set of puzzles is waiting.",
        "The stadium is full and the fans want a goal. Play today's puzzles!",
        "Warm-up's over. Time to take the pitch.",
        "Your team needs you in the starting eleven today.",
        "Kick-off is in your hands: solve today's puzzles.",
        "No extra time for yesterday. Today's match starts now!",
        "Coach says one more win keeps the season alive.",
        "It's matchday! Fresh puzzles just came out of the tunnel.",
        "Aim for the top corner: today's puzzles are live.",
        "VAR has checked it: yes, there are new puzzles.",
        "Tactics board ready. Let's play today's puzzles!",
    ]

    static func kick(_ at: String, _ zone: String, message: Int) -> Seen {
        Seen(at: at, zone: zone, rule: "kickoff", title: kickoff, body: messages[message - 1])
    }

    static func save(_ at: String, _ zone: String, streak: Int) -> Seen {
        Seen(at: at, zone: zone, rule: "saver", title: saver, body: "Your \(streak) day streak ends in 4 hours!", level: "timeSensitive")
    }

    @Test func deliveriesAreExactlyThese() async throws {
        let result = try await runExample("streak-rescue.yaml")
        let expected: [Seen] = [
            // 03-02: permission granted at 12:15; nothing left that day.
            Self.kick("2026-03-03T08:30", Self.newYork, message: 8),
            // 03-03 played at 08:50; 03-04 played at 07:45, before the kick-off.
            // 03-05: the device is 90 s slow from 07:00: triggers 90 s earlier. No game.
            Self.kick("2026-03-05T08:28:30", Self.newYork, message: 10),
            Self.save("2026-03-05T19:58:30", Self.newYork, streak: 3),
            Self.kick("2026-03-06T08:28:30", Self.newYork, message: 11),
            // 03-06 played at 12:35 (a new streak of 1); 03-07 played at 08:10.
            Self.kick("2026-03-08T08:28:30", Self.newYork, message: 1),
            Self.save("2026-03-08T19:58:30", Self.newYork, streak: 2),
            Self.kick("2026-03-09T08:28:30", Self.newYork, message: 2),
            // 03-09 12:00: the clock is right again. At 21:00 the clock jumps to 03-10 09:00:
            // the 08:30 kick-off of 03-10 fires then, and not again after the clock is set back.
            Self.kick("2026-03-10T08:30", Self.newYork, message: 3),
            Self.kick("2026-03-11T08:30", Self.newYork, message: 4),
            // The flight to Madrid: wall-clock times follow the device.
            Self.kick("2026-03-12T08:30", Self.madrid, message: 5),
            Self.kick("2026-03-13T08:30", Self.madrid, message: 6),
            Self.save("2026-03-13T20:00", Self.madrid, streak: 7),
            Self.kick("2026-03-14T08:30", Self.madrid, message: 7),
            Self.save("2026-03-14T20:00", Self.madrid, streak: 8),
            Self.kick("2026-03-15T08:30", Self.madrid, message: 8),
            Self.kick("2026-03-16T08:30", Self.madrid, message: 9),
        ]
        #expect(result.seen == expected)
        #expect(result.dropped.isEmpty && result.missed.isEmpty)
        #expect(Set(result.deliveries.map(\.id)).count == result.deliveries.count)
    }

    @Test func theTimelineShowsWhyAndWhen() async throws {
        let notes = try await runExample("streak-rescue.yaml").notes
        let expected = [
            // The explanation two seconds after the first result, then the system prompt.
            "2026-03-02T12:14: puzzle result: 1 of 5 solved",
            "2026-03-02T12:14:02: explanation shown: Don't lose your streak! Turn on notifications and we'll remind you before your streak ends.",
            "2026-03-02T12:15: explanation accepted",
            "2026-03-02T12:15: system permission prompt: authorized",
            "2026-03-03T08:45: analytics: notification_opened bugle.kickoff@2026-03-03",
            "2026-03-04T07:58: Perfect day! confetti (160 pieces), haptic \"goal\"; share card: Perfect day! I solved all 3 puzzles on March 4, 2026. Streak: 3 days ⚽",
            "2026-03-05T07:00: trusted time: the device clock is 1 min 30 s behind (3 sources)",
            "2026-03-06T12:30: streak of 3 days lost",
            "2026-03-08T19:58:30: analytics: notification_received bugle.saver@2026-03-08",
            "2026-03-09T12:00: trusted time: the device clock is right (2 sources)",
            "2026-03-10T09:00: scheduling skipped: the wall clock moved 12 h ahead of the monotonic clock; not scheduling (clockChanged) until the clock is trusted again",
            "2026-03-10T09:02: scheduling skipped: the wall clock moved 12 h ahead of the monotonic clock; not scheduling (foreground) until the clock is trusted again",
            "2026-03-10T09:04: scheduling skipped: the wall clock moved 12 h ahead of the monotonic clock; not scheduling (background) until the clock is trusted again",
            "2026-03-09T21:05: clock trusted again",
            "2026-03-14T00:00: new day: rescheduling",
            "2026-03-15T10:00: streak of 8 days lost",
        ]
        for line in expected {
            #expect(notes.contains(line), "\(line)")
        }
        // Celebrated once, asked once.
        #expect(notes.filter { $0.contains("Perfect day!") }.count == 1)
        #expect(notes.filter { $0.contains("system permission prompt") }.count == 1)
    }

    @Test func nothingIsScheduledBeforePermissionNorWhileTheClockIsWrong() async throws {
        let result = try await runExample("streak-rescue.yaml")
        let granted = instant("2026-03-02T12:15-05:00")
        let first = try #require(result.refreshes.first { $0.added > 0 })
        #expect(first.at == granted)
        // The jump to 03-10 09:00 happened at 03-09 21:00; until the clock was set back, no refresh.
        let jumped = instant("2026-03-10T09:00-04:00")
        let setBack = instant("2026-03-10T09:05-04:00")
        #expect(!result.refreshes.contains { $0.at >= jumped && $0.at < setBack })
        #expect(result.refreshes.contains { $0.at == instant("2026-03-09T21:05-04:00") && $0.reason == "clockChanged" })
    }
}
