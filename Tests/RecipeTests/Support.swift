import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs `Examples/<name>` with the recipes the tool ships.
func runExample(_ name: String) async throws -> SimulationResult {
    let scenario = try ScenarioParser.load(path: packageRoot.appendingPathComponent("Examples/\(name)").path, recipes: RecipeCatalog.all)
    return try await ScenarioRunner(scenario: scenario).run()
}

/// Runs scenario text with the recipes the tool ships.
func simulate(_ yaml: String) async throws -> SimulationResult {
    try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
}

/// What the user saw: the device's wall-clock time and zone, the rule, the text.
struct Seen: Hashable, CustomStringConvertible {
    var at: String
    var zone: String
    var rule: String
    var title: String
    var body: String
    var level: String = "active"

    var description: String { "\(at) \(zone) \(rule) \(title): \(body) [\(level)]" }
}

extension SimulationResult {
    /// Every delivery as the user saw it, in order.
    var seen: [Seen] {
        deliveries.map { delivery in
            Seen(
                at: local(delivery.at, delivery.timeZone).description, zone: delivery.timeZone, rule: delivery.rule,
                title: delivery.title, body: delivery.body, level: delivery.interruptionLevel)
        }
    }

    /// The timeline's notes as `local time: text`, in the zone the device was in.
    var notes: [String] {
        appEvents.map { "\(local($0.at, $0.timeZone)): \($0.text)" }
    }
}

/// The wall-clock time at `date` in the zone named `zone`.
func local(_ date: Date, _ zone: String) -> LocalDateTime {
    ZoneRules(timeZone: TimeZone(identifier: zone)!, around: date).localDateTime(at: date)
}

/// A Gregorian calendar in `zone`.
func calendar(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
}

/// The instant written with an offset (`2026-03-10T09:00-04:00`).
func instant(_ text: String) -> Date { TimeParsing.instant(text)! }

/// An app state holding `values` (a `nil` value leaves its key out).
func state(_ values: [String: JSONValue?]) -> AppState {
    AppState(values.compactMapValues { $0 })
}
