import Bugle
import BugleSimulator
import Foundation
import Testing

/// Rules from the one-line builders, run on the simulated device over two weeks in New York
/// across the spring-forward change (02:00 on Sunday 2026-03-08): what the user sees.
@Suite struct RuleBuilderScenarioTests {
    static let rules: [any Rule] = [
        .weekly(id: "gym", on: [.monday, .thursday], at: "08:30", title: "Gym", body: "Leg day"),
        .every(id: "plants", days: 5, at: "19:00", from: "2026-03-01", title: "Water the plants", body: "The ficus too"),
        .once(id: "launch", at: "2026-03-07T09:00", title: "We're live", body: "See what's new"),
    ]

    func run() async throws -> SimulationResult {
        let start = try #require(TimeParsing.dateTime("2026-03-01T07:00"))
        let scenario = Scenario(
            name: "Builders in New York", start: start, timeZone: TimeZone(identifier: "America/New_York")!, days: 14,
            rules: Self.rules, events: [ScenarioEvent(at: start, actions: [.open])])
        return try await ScenarioRunner(scenario: scenario).run()
    }

    @Test func deliveriesShowTheirLocalTimesAcrossTheChange() async throws {
        let result = try await run()
        let shown = result.deliveries.map { "\($0.id) \(localTime(of: $0)) \($0.title)" }
        #expect(
            shown == [
                "bugle.plants@2026-03-01 2026-03-01T19:00 Water the plants",
                "bugle.gym@2026-03-02 2026-03-02T08:30 Gym",
                "bugle.gym@2026-03-05 2026-03-05T08:30 Gym",
                "bugle.plants@2026-03-06 2026-03-06T19:00 Water the plants",
                "bugle.launch 2026-03-07T09:00 We're live",
                "bugle.gym@2026-03-09 2026-03-09T08:30 Gym",
                "bugle.plants@2026-03-11 2026-03-11T19:00 Water the plants",
                "bugle.gym@2026-03-12 2026-03-12T08:30 Gym",
            ])
        // 08:30 was 13:30 UTC before the change and 12:30 UTC after it.
        let gym = result.deliveries.filter { $0.rule == "gym" }.map(\.at)
        #expect(gym.map { $0.timeIntervalSince1970 } == [1_772_458_200, 1_772_717_400, 1_773_059_400, 1_773_318_600])
        #expect(result.deliveries.allSatisfy { !$0.body.isEmpty })
        #expect(result.dropped.isEmpty)
        #expect(result.missed.isEmpty)
    }
}
