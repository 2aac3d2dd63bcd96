import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// The same notification never arrives twice, whatever changes after it was shown: the
/// zone (a flight west brings the wall-clock hour round again), the clock (set back by
/// hand), the user's chosen time (later the same day).
@Suite struct NeverTwiceTests {
    /// How many times each occurrence was delivered, by the request's id (one id per
    /// occurrence for these rules).
    func deliveriesPerID(_ result: SimulationResult) -> [String: Int] {
        Dictionary(result.deliveries.map { ($0.id, 1) }, uniquingKeysWith: +)
    }

    @Test func aFlightWestDoesNotBringTodaysReminderBack() async throws {
        // 08:30 in Berlin is 02:30 in New York; landing at 04:00 there, 08:30 comes round again.
        let result = try await simulate(
            """
            start: 2026-03-01T07:00
            timeZone: Europe/Berlin
            days: 3
            rules: [{ id: morning, daily: "08:30", title: Morning }]
            events:
              - { at: 2026-03-01T07:30, open: {} }
              - { at: 2026-03-01T10:00, timeZone: America/New_York }
              - { at: 2026-03-01T05:00, open: {} }
            """)
        #expect(deliveriesPerID(result).values.allSatisfy { $0 == 1 })
        #expect(result.deliveries.map(\.id) == ["bugle.morning@2026-03-01", "bugle.morning@2026-03-02", "bugle.morning@2026-03-03"])
        #expect(result.deliveries.map(\.timeZone) == ["Europe/Berlin", "America/New_York", "America/New_York"])
    }

    @Test func aClockSetBackDoesNotShowTheSameReminderAgain() async throws {
        let result = try await simulate(
            """
            start: 2026-03-01T07:00
            timeZone: America/New_York
            days: 2
            rules: [{ id: morning, daily: "08:30", title: Morning }, { id: evening, daily: "19:00", title: Evening }]
            events:
              - { at: 2026-03-01T07:30, open: {} }
              - { at: 2026-03-01T09:00, clock: 2026-03-01T06:00 }
              - { at: 2026-03-01T06:05, open: {} }
            """)
        #expect(
            deliveriesPerID(result) == [
                "bugle.morning@2026-03-01": 1, "bugle.evening@2026-03-01": 1, "bugle.morning@2026-03-02": 1,
                "bugle.evening@2026-03-02": 1,
            ])
    }

    @Test func aDailyFactMovedLaterTheSameDayIsNotShownAgain() async throws {
        // Today's fact came at 08:00; at 09:00 the user moves the time to 20:30.
        let scenario = try ScenarioParser.parse(
            """
            start: 2026-03-01T07:00
            timeZone: America/New_York
            days: 2
            safetyMargin: 0
            recipe: { name: facts-a-day, facts: [One, Two, Three, Four, Five, Six] }
            events:
              - { at: 2026-03-01T07:00, onboard: { time: "08:00" } }
              - { at: 2026-03-01T09:00, setTime: "20:30" }
            """, recipes: RecipeCatalog.all)
        let result = try await ScenarioRunner(scenario: scenario).run()
        #expect(result.deliveries.map { localTime(of: $0).description } == ["2026-03-01T08:00", "2026-03-02T20:30"])
        #expect(Set(result.deliveries.map(\.body)).count == 2)
    }
}

/// What the app's process ending does, and what a center that refuses removals does.
@Suite struct RelaunchAndFullCenterTests {
    @Test func aRelaunchStartsAFreshSchedulerWhoseNextOpenIsALaunch() async throws {
        let result = try await simulate(
            """
            start: 2026-03-01T07:00
            timeZone: Europe/Berlin
            days: 3
            rules: [{ id: morning, daily: "08:30", title: Morning }]
            events:
              - { at: 2026-03-01T07:30, open: {} }
              - { at: 2026-03-01T12:00, relaunch: {} }
              - { at: 2026-03-01T13:00, background: {} }
              - { at: 2026-03-01T14:00, timeZone: America/New_York }
              - { at: 2026-03-01T08:10, open: {} }
            """)
        // Killed, the app does nothing on a background signal; opened, it launches again.
        #expect(result.refreshes.map(\.reason) == ["launch", "launch"])
        #expect(result.appEvents.map(\.text).contains("app relaunched"))
        // The new process knows from the store that today's 08:30 was shown in Berlin.
        #expect(result.deliveries.map(\.id) == ["bugle.morning@2026-03-01", "bugle.morning@2026-03-02", "bugle.morning@2026-03-03"])
    }

    @Test func aCenterThatRefusesRemovalsIsNotOverfilled() async throws {
        // Five pending; the user switches reminders from 08:00 to 09:00 while every removal
        // fails. Adding the five new ones would make ten: the system would drop five of its
        // own choosing. Bugle adds none until the old ones are gone.
        let yaml = """
            start: 2026-03-01T07:00
            timeZone: Europe/Berlin
            days: 4
            pendingLimit: 5
            eviction: keepSoonest
            faults: { seed: 3, removeFailureRate: 1 }
            state: { time: early }
            rules:
              - { id: early, daily: "08:00", title: Early, when: { key: time, equals: early } }
              - { id: late, daily: "09:00", title: Late, when: { key: time, equals: late } }
            events:
              - { at: 2026-03-01T07:10, open: {} }
              - { at: 2026-03-01T07:20, set: { time: late } }
            """
        let result = try await simulate(yaml)
        #expect(result.evicted == 0)
        #expect(result.peakPending == 5)
        #expect(result.refreshes.map(\.failures) == [0, 10])
        // The old ones were never removed, so they fire; nothing new was squeezed in.
        #expect(Set(result.deliveries.map(\.rule)) == ["early"])
    }
}
