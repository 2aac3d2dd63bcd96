import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every scenario in Examples/, recipes' included (``loadScenario(_:)`` reads them all).
func exampleFiles() -> [String] {
    let folder = packageRoot.appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
}

/// Runs scenario text.
func simulate(_ yaml: String) async throws -> SimulationResult {
    try await ScenarioRunner(scenario: ScenarioParser.parse(yaml)).run()
}

/// The wall-clock time a delivery showed on the device.
func localTime(of delivery: SimulationResult.Delivery) -> LocalDateTime {
    delivery.localTime
}

/// Reads a scenario file as the `bugle` tool does, with every recipe it ships.
func loadScenario(_ path: String) throws -> Scenario {
    try ScenarioParser.load(path: path, recipes: RecipeCatalog.all)
}
