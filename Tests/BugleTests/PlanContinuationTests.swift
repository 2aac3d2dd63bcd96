import Foundation
import Testing

@testable import Bugle

/// A plan that continues the previous refresh's (`Planner.plan(_:continuing:)`) is the plan
/// planned afresh: the same entries, drops, explanations, count and coverage, refresh after
/// refresh, as time passes, notifications are delivered or missed, and the history forgets.
@Suite struct PlanContinuationTests {
    /// Four repeating rules in a zone with daylight saving, some at the same time and with
    /// priorities drawn from `generator`, under a small budget.
    static func planner(_ generator: inout SeededGenerator) -> Planner {
        func someTime() -> LocalTime { time(Int.random(in: 0..<24, using: &generator), [0, 30][Int.random(in: 0..<2, using: &generator)]) }
        func priority() -> Int { Int.random(in: 0..<3, using: &generator) }
        let workoutBasis: TimeBasis = Bool.random(using: &generator) ? .wallClock : .zoned(zone("Europe/Paris"))
        let rules: [any Rule] = [
            ScheduledRule(id: "morning", schedule: .daily(someTime()), content: content("Morning"), priority: priority()),
            ScheduledRule(id: "evening", schedule: .daily(someTime()), content: content("Evening"), priority: priority()),
            ScheduledRule(
                id: "workout", schedule: .weekly([.monday, .wednesday, .friday], someTime()), basis: workoutBasis, content: content("Workout"),
                priority: priority()),
            ScheduledRule(
                id: "plants", schedule: .every(days: Int.random(in: 2...3, using: &generator), time: someTime(), anchor: day(2026, 3, 1)),
                content: content("Plants"), priority: priority(), end: Bool.random(using: &generator) ? day(2026, 5, 1) : nil),
        ]
        return Planner(
            rules: rules, budget: budget(Int.random(in: 1...24, using: &generator)), lookahead: TimeInterval(Int.random(in: 5...60, using: &generator)) * 86_400
        )
    }

    @Test(arguments: 0..<40) func aContinuedPlanIsThePlanPlannedAfresh(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let planner = Self.planner(&generator)
        let calendar = gregorian("America/New_York")
        var now = at("America/New_York", 2026, 3, 1, 7, 0)
        var history = DeliveryHistory()
        var previous: Plan?
        var revision: Int?
        for _ in 0..<120 {
            var input = PlanInput(now: now, calendar: calendar, history: history)
            input.pendingRequestIDs = Set(previous?.entries.map(\.request.id) ?? [])
            let fresh = planner.plan(input)
            let continued = planner.plan(input, continuing: previous)
            #expect(continued == fresh, "seed \(seed) at \(now)")
            #expect(continued.report.dropped.map(\.detail) == fresh.report.dropped.map(\.detail))
            // Told the history's revision then, it checks only what was delivered since.
            let revised = planner.plan(input, continuing: previous, revision: revision)
            #expect(revised == fresh, "seed \(seed) at \(now), revision \(revision ?? -1)")
            #expect(revised.report.dropped.map(\.detail) == fresh.report.dropped.map(\.detail))
            previous = continued
            revision = history.revision
            // Time passes: what it passes is delivered, but now and then missed.
            now = now.addingTimeInterval(TimeInterval(Int.random(in: 1...60, using: &generator)) * 1_800)
            let shown = continued.entries.filter { $0.candidate.fireDate <= now && Int.random(in: 0..<10, using: &generator) > 0 }
            history.record(shown.map { DeliveredNotification(request: $0.request, date: $0.candidate.fireDate) })
            // Now and then one still ahead is shown already (its time moved with the zone).
            if Int.random(in: 0..<4, using: &generator) == 0,
                let ahead = continued.entries.filter({ $0.candidate.fireDate > now }).randomElement(using: &generator)
            {
                history.record([DeliveredNotification(request: ahead.request, date: now)])
            }
            // Now and then the history forgets (and a plan may hold a forgotten occurrence again).
            if Int.random(in: 0..<15, using: &generator) == 0 { history.pruneOccurrences(before: now) }
        }
    }
}
