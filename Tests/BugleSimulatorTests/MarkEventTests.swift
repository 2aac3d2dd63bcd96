import Bugle
import BugleSimulator
import Foundation
import Testing

/// A scenario drives what an app tells its scheduler: a rule re-timed or removed, a day done
/// or skipped (and taken back), a vacation paused and resumed. Each changes only what it
/// names; the timeline shows what the app did.
@Suite struct MarkEventTests {
    static let yaml = """
        start: 2026-03-02T07:00
        timeZone: America/New_York
        days: 12
        rules:
          - { id: habit, daily: "08:30", title: Habit }
          - { id: water, daily: "12:00", title: Water }
        events:
          - { at: 2026-03-02T07:00, open: {} }
          - { at: 2026-03-02T07:30, complete: { rule: habit, date: 2026-03-02 } }
          - { at: 2026-03-02T07:31, skip: { rule: habit, date: 2026-03-03 } }
          - { at: 2026-03-02T07:32, skip: { rule: water, date: 2026-03-04 } }
          - { at: 2026-03-02T07:33, undo: { rule: water, date: 2026-03-04 } }
          - { at: 2026-03-04T21:00, setRule: { id: habit, daily: "20:00", title: Habit (evening) } }
          - { at: 2026-03-05T09:00, pause: { from: 2026-03-07, through: 2026-03-08 } }
          - { at: 2026-03-05T09:01, pause: { rule: water, from: 2026-03-10, through: 2026-03-13 } }
          - { at: 2026-03-06T09:00, relaunch: {} }
          - { at: 2026-03-06T09:01, open: {} }
          - { at: 2026-03-09T09:00, resume: { rule: water, from: 2026-03-12 } }
          - { at: 2026-03-11T22:00, removeRule: habit }
        """

    func shown(_ result: SimulationResult) -> [String] {
        result.deliveries.map { "\($0.localTime) \($0.title)" }
    }

    @Test func eachEventChangesOnlyWhatItNames() async throws {
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(Self.yaml)).run()
        let shown = shown(result)
        // Done today, skipped tomorrow: the habit comes back on the 4th; water is untouched
        // (its skip on the 4th was taken back).
        #expect(!shown.contains("2026-03-02T08:30 Habit") && !shown.contains("2026-03-03T08:30 Habit"))
        #expect(shown.contains("2026-03-04T08:30 Habit"))
        #expect(["2026-03-02", "2026-03-03", "2026-03-04"].allSatisfy { shown.contains("\($0)T12:00 Water") })
        // Re-timed to 20:00 on the evening of the 4th: that day's 08:30 was shown already,
        // and from the 5th it comes at 20:00, also after the relaunch of the 6th.
        #expect(shown.contains("2026-03-05T20:00 Habit (evening)") && shown.contains("2026-03-06T20:00 Habit (evening)"))
        #expect(!shown.contains { $0.hasPrefix("2026-03-05T08:30") || $0.hasPrefix("2026-03-06T08:30") })
        // Every rule paused on the 7th and 8th; water from the 10th, resumed from the 12th;
        // the habit removed on the 11th after its evening reminder.
        #expect(!shown.contains { $0.hasPrefix("2026-03-07") || $0.hasPrefix("2026-03-08") })
        #expect(shown.contains("2026-03-09T12:00 Water") && shown.contains("2026-03-09T20:00 Habit (evening)"))
        #expect(!shown.contains("2026-03-10T12:00 Water") && !shown.contains("2026-03-11T12:00 Water"))
        #expect(shown.contains("2026-03-12T12:00 Water") && shown.contains("2026-03-13T12:00 Water"))
        #expect(shown.contains("2026-03-11T20:00 Habit (evening)"))
        #expect(!shown.contains { $0.hasPrefix("2026-03-12T20:00") || $0.hasPrefix("2026-03-13T20:00") })
        let said = result.appEvents.map(\.text)
        for line in [
            "habit on 2026-03-02 marked completed", "habit on 2026-03-03 marked skipped", "water on 2026-03-04: mark taken back",
            "rule habit changed", "every rule paused 2026-03-07 to 2026-03-08", "water resumed from 2026-03-12", "rule habit removed",
        ] {
            #expect(said.contains(line), "the timeline does not say: \(line)")
        }
        // Today's habit went because the app marked it done.
        #expect(result.dropped.contains { $0.rule == "habit" && $0.reason == "completed" })
    }

    @Test(arguments: [
        ("complete: { rule: nope, date: 2026-03-02 }", "events[1]: no rule has the id nope"),
        ("pause: { from: 2026-03-05, through: 2026-03-04 }", "from 2026-03-05 is after through 2026-03-04"),
        ("skip: { rule: habit }", "date"),
        ("setRule: { id: habit }", "habit"),
    ])
    func mistakesNameTheEvent(event: String, message: String) async throws {
        let yaml = """
            start: 2026-03-02T07:00
            timeZone: America/New_York
            days: 2
            rules:
              - { id: habit, daily: "08:30", title: Habit }
            events:
              - { at: 2026-03-02T07:00, open: {} }
              - { at: 2026-03-02T07:30, \(event) }
            """
        do {
            _ = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml)).run()
            Issue.record("accepted: \(event)")
        } catch let error as ScenarioError {
            #expect(error.line == 8)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// `SimulatedPhone.lastPlan` is the plan of the latest refresh, including one the app
    /// asked of its scheduler directly.
    @Test func thePhonesLastPlanFollowsTheSchedulersOwnRefreshes() async throws {
        let phone = try await SimulatedPhone(
            at: "2026-03-02T07:00", in: "America/New_York",
            rules: [
                .daily(id: "habit", at: "08:30", title: "Habit", body: "")
            ])
        try await phone.open()
        #expect(await phone.lastPlan?.report.dropped(.completed).isEmpty == true)
        try await phone.scheduler.complete("habit", on: "2026-03-02")
        let drops = await phone.lastPlan?.report.dropped(.completed) ?? []
        #expect(drops.map(\.candidate.occurrence) == ["habit@2026-03-02"])
    }
}
