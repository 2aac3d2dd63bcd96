import Bugle
import BugleSimulator
import Foundation

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every scenario in Examples/ that runs without a recipe (the recipes' tests run the others).
func exampleFiles() -> [String] {
    let folder = packageRoot.appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }.filter { path in
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return !text.split(separator: "\n").contains { $0.hasPrefix("recipe:") }
    }
}

/// Runs scenario text.
func simulate(_ yaml: String) async throws -> SimulationResult {
    try await ScenarioRunner(scenario: ScenarioParser.parse(yaml)).run()
}

/// The wall-clock time a delivery showed on the device.
func localTime(of delivery: SimulationResult.Delivery) -> LocalDateTime {
    ZoneRules(timeZone: TimeZone(identifier: delivery.timeZone)!, around: delivery.at).localDateTime(at: delivery.at)
}
