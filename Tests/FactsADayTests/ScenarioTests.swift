import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// `recipe: facts-a-day` in scenario files, and Examples/facts-a-day.yaml.
@Suite struct FactsScenarioTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func berlin(_ date: Date) -> LocalDateTime {
        ZoneRules(timeZone: TimeZone(identifier: "Europe/Berlin")!, around: date).localDateTime(at: date)
    }

    @Test func theExampleSchedulesSixtyFourTopsUpAndReschedules() async throws {
        let scenario = try ScenarioParser.load(path: Self.root.appendingPathComponent("Examples/facts-a-day.yaml").path, recipes: RecipeCatalog.all)
        let result = try await ScenarioRunner(scenario: scenario).run()
        let notes = result.appEvents.map(\.text)
        #expect(notes.contains("64 facts scheduled; 64 upcoming (2026-03-02 to 2026-05-04); 6 never shown"))
        #expect(notes.contains("app opened: topped up 6 facts; 59 upcoming (2026-03-13 to 2026-05-10); 0 never shown"))
        #expect(notes.contains("58 facts scheduled; 58 upcoming (2026-03-14 to 2026-05-10); 0 never shown"))
        // One fact a day, 16 days; at 09:00 until 03-13, at 20:30 from 03-14.
        let times = result.deliveries.map { Self.berlin($0.at) }
        #expect(times.map(\.date) == (0..<16).map { LocalDate(year: 2026, month: 3, day: 2)!.adding(days: $0) })
        #expect(times.prefix(12).allSatisfy { $0.time == LocalTime(hour: 9, minute: 0)! })
        #expect(times.dropFirst(12).allSatisfy { $0.time == LocalTime(hour: 20, minute: 30)! })
        #expect(Set(result.deliveries.map(\.body)).count == 16, "no fact twice")
    }

    @Test func inlineFactsAndFewerThanSixtyFour() async throws {
        let yaml = """
            name: inline
            start: 2026-03-02T10:00
            timeZone: Europe/Berlin
            days: 4
            safetyMargin: 0
            recipe: { name: facts-a-day, facts: ["Octopuses have three hearts.", "Honey keeps for thousands of years.", "Venus spins backwards."] }
            events:
              - { at: 2026-03-02T10:05, onboard: { time: "09:00" } }
            """
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
        #expect(result.appEvents.map(\.text).contains("3 facts scheduled; 3 upcoming (2026-03-03 to 2026-03-05); 0 never shown"), "09:00 has passed: from tomorrow")
        #expect(result.deliveries.count == 3)
        #expect(result.deliveries.allSatisfy { $0.title == "Fact of the day" })
    }

    @Test func aScenarioWithoutFactsIsRefusedWithItsLine() throws {
        let yaml = """
            name: no facts
            start: 2026-03-02T10:00
            timeZone: Europe/Berlin
            days: 1
            recipe: { name: facts-a-day }
            """
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all) }
    }
}
