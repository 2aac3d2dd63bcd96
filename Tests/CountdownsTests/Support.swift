import Bugle
import BugleSimulator
import Countdowns
import Foundation
import RecipeScenarios

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs `Examples/<name>` with the recipes the tool ships.
func runExample(_ name: String) async throws -> SimulationResult {
    let scenario = try ScenarioParser.load(path: packageRoot.appendingPathComponent("Examples/\(name)").path, recipes: RecipeCatalog.all)
    return try await ScenarioRunner(scenario: scenario).run()
}

/// Runs a scenario written inline, with the recipes the tool ships.
func runScenario(_ yaml: String) async throws -> SimulationResult {
    try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
}

/// What the user saw: the device's wall-clock time and zone, and the text.
struct Seen: Hashable, CustomStringConvertible {
    var at: String
    var zone: String
    var title: String
    /// The line under the title: "↻ Repeats monthly" for a recurring event.
    var subtitle: String?
    var body: String

    var description: String { "\(at) \(zone) \(title)" + (subtitle.map { " (\($0))" } ?? "") + ": \(body)" }
}

extension SimulationResult {
    /// Every delivery as the user saw it, in order.
    var seen: [Seen] {
        deliveries.map { Seen(at: local($0.at, $0.timeZone).description, zone: $0.timeZone, title: $0.title, subtitle: $0.subtitle, body: $0.body) }
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

/// The instant written with an offset (`2028-01-31T09:00-05:00`).
func instant(_ text: String) -> Date { TimeParsing.instant(text)! }

/// A zone by name.
func zone(_ name: String) -> TimeZone { TimeZone(identifier: name)! }

/// An event at `date` (written with an offset) in `zoneName`.
func event(
    _ id: String, _ date: String, zone zoneName: String = "America/New_York", preset: ReminderPreset = .simple,
    recurrence: CountdownRecurrence = .none, name: String? = nil
) -> Countdown {
    Countdown(
        id: id, name: name ?? id, icon: "⏳", date: instant(date), createdAt: instant("2026-01-01T00:00Z"),
        reminderPlan: ReminderPlan(preset: preset, timezone: zone(zoneName)), recurrence: recurrence)
}
