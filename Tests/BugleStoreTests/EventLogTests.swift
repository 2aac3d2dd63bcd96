import Bugle
import BugleSimulator
import BugleStore
import Foundation
import Testing

/// The event log: every scheduler event, queryable by kind and time.
@Suite struct EventLogTests {
    static let scenario = """
        name: Two days
        start: 2026-03-01T07:00
        timeZone: America/New_York
        days: 2
        rules:
          - id: morning
            daily: "08:30"
            title: Good morning
          - id: evening
            daily: "19:00"
            title: Evening review
            when: { key: playedToday, equals: false }
        state: { playedToday: false }
        events:
          - { at: 2026-03-01T07:30, open: {} }
          - { at: 2026-03-01T12:00, set: { playedToday: true } }
        """

    @Test func aSimulationLeavesEveryEventInTheLog() async throws {
        let store = try BugleDatabase.inMemory()
        let recorder = EventRecorder()
        _ = try await ScenarioRunner(scenario: ScenarioParser.parse(Self.scenario), sinks: [store.eventSink(), recorder], journal: store).run()
        let logged = try store.events()
        // The log is in time order; a delivery is dated when it was shown, not when the
        // scheduler learnt of it.
        #expect(logged.count == recorder.events.count)
        #expect(
            logged.map { "\($0.date.timeIntervalSince1970) \($0.kind)" }.sorted()
                == recorder.events.map { "\($0.date.timeIntervalSince1970) \($0.kind)" }.sorted())
        #expect(logged.map(\.date) == logged.map(\.date).sorted())
    }

    @Test func eventsAreFoundByKindAndTime() async throws {
        let store = try BugleDatabase.inMemory()
        _ = try await ScenarioRunner(scenario: ScenarioParser.parse(Self.scenario), sinks: [store.eventSink()], journal: store).run()
        let delivered = try store.events(kinds: ["delivered"])
        // Day one: morning and (before the game) nothing else; the 12:00 refresh removes the
        // evenings. Day two: the morning.
        #expect(delivered.map(\.requestID) == ["bugle.morning@2026-03-01", "bugle.morning@2026-03-02"])
        #expect(delivered.allSatisfy { $0.summary.hasPrefix("delivered bugle.morning@") })
        let cancelled = try store.events(kinds: ["cancelled"], from: instant("2026-03-01T11:00-05:00"), to: instant("2026-03-01T13:00-05:00"))
        #expect(!cancelled.isEmpty)
        #expect(cancelled.allSatisfy { $0.requestID?.hasPrefix("bugle.evening@") == true })
        #expect(
            cancelled.first?.detail
                == .object(["id": .string(cancelled[0].requestID!), "reason": .string("condition: condition playedToday == false does not hold")]))
        #expect(try store.events(kinds: ["scheduled", "cancelled"], from: instant("2026-03-02T00:00-05:00")).isEmpty)
    }
}
