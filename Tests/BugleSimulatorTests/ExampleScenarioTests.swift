import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// Every file in Examples/ parses and runs, and each shows what it says it shows.
@Suite struct ExampleScenarioTests {
    @Test(arguments: exampleFiles())
    func exampleRuns(path: String) async throws {
        // Recipe scenarios name their recipe: parse with the ones the tool ships.
        let scenario = try loadScenario(path)
        let result = try await ScenarioRunner(scenario: scenario).run()
        #expect(!result.deliveries.isEmpty)
        #expect(result.peakPending <= scenario.budget.platform.pendingLimit)
        #expect(!TextReport.render(result).isEmpty)
        let json = try JSONSerialization.jsonObject(with: Data(try JSONReport.render(result).utf8)) as? [String: Any]
        #expect((json?["deliveries"] as? [Any])?.count == result.deliveries.count)
    }

    @Test func exampleFolderHasAtLeastThreeScenarios() {
        #expect(exampleFiles().count >= 3)
    }

    func load(_ name: String) throws -> Scenario {
        try loadScenario(packageRoot.appendingPathComponent("Examples/\(name)").path)
    }

    @Test func morningAndEveningCrossesDSTAndFliesToTokyo() async throws {
        let result = try await ScenarioRunner(scenario: load("morning-and-evening.yaml")).run()
        let mornings = result.deliveries.filter { $0.rule == "morning" }
        #expect(mornings.allSatisfy { localTime(of: $0).time.description == "08:30" })
        // playedToday was true from 03-05 12:00 to 03-06 07:00: no morning on 03-06? No: it
        // was false again before 08:30 on 03-06, so only 03-05 stays without one.
        // (03-05's reminder at 08:30 was before the change at 12:00, so it was delivered.)
        #expect(Set(mornings.map { localTime(of: $0).date.day }).count == mornings.count)
        #expect(mornings.contains { $0.timeZone == "Asia/Tokyo" })
        let webinar = try #require(result.deliveries.first { $0.rule == "webinar" })
        #expect(webinar.at == TimeParsing.instant("2026-03-15T20:00-04:00"))
        #expect(result.dropped.allSatisfy { $0.rule == "night-owl" && $0.reason == "quietHours" })
    }

    @Test func quietHoursAndCapsExampleShowsEachPolicy() async throws {
        let result = try await ScenarioRunner(scenario: load("quiet-hours-and-caps.yaml")).run()
        let wake = result.deliveries.filter { $0.rule == "wake" }
        #expect(!wake.isEmpty && wake.allSatisfy { localTime(of: $0).time.description == "07:00" && !$0.adjustments.isEmpty })
        #expect(result.deliveries.allSatisfy { $0.rule != "stretch" && $0.rule != "promo-b" && $0.rule != "nudge-again" })
        #expect(Set(result.dropped.filter { $0.rule == "stretch" }.map(\.reason)) == ["spacing"])
        #expect(Set(result.dropped.filter { $0.rule == "promo-b" }.map(\.reason)) == ["cap"])
        #expect(Set(result.dropped.filter { $0.rule == "nudge-again" }.map(\.reason)) == ["renotify"])
        let digest = try #require(result.deliveries.first { $0.rule == "digest" })
        #expect(digest.interruptionLevel == "passive")
        let urgent = try #require(result.deliveries.first { $0.rule == "server-maintenance" })
        #expect(localTime(of: urgent).time.description == "23:30")
        // Never more than 4 a day.
        let perDay = Dictionary(grouping: result.deliveries, by: { localTime(of: $0).date }).mapValues(\.count)
        #expect(perDay.values.allSatisfy { $0 <= 4 })
    }

    @Test func budgetExampleKeepsTheReservedSlot() async throws {
        let result = try await ScenarioRunner(scenario: load("budget-competition.yaml")).run()
        #expect(result.peakPending == 8)
        #expect(result.deliveries.contains { $0.rule == "exam" })
        #expect(!result.dropped.isEmpty && result.dropped.allSatisfy { $0.reason == "budget" })
        // With the app closed from 05-06 20:00 to 05-13, the plan runs dry before 05-13.
        let days = Set(result.deliveries.map { localTime(of: $0).date.day })
        #expect(!days.contains(12))
    }
}
