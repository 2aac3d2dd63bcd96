import ActivityWindows
import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// The app's lifecycle through scenario files: what the user sees (deliveries, the timeline's
/// warnings) and what the app logs, around stale forecasts, DST and updates.
///
/// Windows and texts are the *Scoring* spec's for the example forecast
/// (`Scripts/activity-windows-oracle.py`): swim_solo on 2026-03-23 has one good stretch from
/// 07:00 to 18:00, announced as "Best time: 07:00-10:00. Waves calm."; 2026-03-24 has none
/// (waves); 03-28 is "The sea is calling. 07:00-10:00 looks perfect.", 03-29 "Best time:
/// 08:00-11:00 …" with a backup at 16:00, 03-30 a morning window.
@Suite struct LifecycleTests {
    static let forecast = packageRoot.appendingPathComponent("Examples/activity-windows/forecast-2026-03-22.json").path

    /// A swimmer without a dog (swim_solo only), with `events` after onboarding.
    func run(start: String, onboardAt: String, fetchedAt: String, days: Int = 1, _ events: String) async throws -> (SimulationResult, ActivityWindowsScenario) {
        let yaml = """
            start: \(start)
            timeZone: Asia/Jerusalem
            days: \(days)
            recipe: activity-windows
            events:
              - at: \(onboardAt)
                onboard: { activities: [swim], permission: allow }
                newForecast: { file: \(Self.forecast), fetchedAt: "\(fetchedAt)" }
            \(events)
            """
        let scenario = try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)
        let recipe = try #require(scenario.recipe as? ActivityWindowsScenario)
        return (try await ScenarioRunner(scenario: scenario).run(), recipe)
    }

    func stamp(_ date: Date) -> String {
        String(zone.localDateTime(at: date).description.dropFirst(5)).replacingOccurrences(of: "T", with: " ")
    }

    func notes(_ result: SimulationResult) -> [String] {
        result.appEvents.map { "\(stamp($0.at)) \($0.text)" }
    }

    /// `03-23 06:30 id | body`, sorted.
    func deliveries(_ result: SimulationResult) -> [String] {
        result.deliveries.map { "\(stamp($0.at)) \($0.id) | \($0.body)" }.sorted()
    }

    static let warning = "warning: Forecast data is stale. Notifications paused until data refreshes."

    @Test func anEveningForecastStillAnnouncesTheMorningAfterANightInTheBackground() async throws {
        // Fetched at 19:40, the evening before; nobody opens the app. The 05:00 background
        // task finds it 9 hours old: it schedules nothing new, keeps what is pending, and
        // cancels nothing behind the user's back.
        let (result, _) = try await run(
            start: "2026-03-22T19:00", onboardAt: "2026-03-22T20:00", fetchedAt: "2026-03-22T19:40+02:00",
            """
              - { at: 2026-03-23T05:00, backgroundTask: {} }
            """)
        #expect(deliveries(result) == ["03-23 06:30 bugle.swim_solo.2026-03-23.0 | Best time: 07:00-10:00. Waves calm."])
        #expect(!notes(result).contains { $0.hasSuffix(Self.warning) })
        #expect(!result.dropped.contains { $0.reason == "stale" })
    }

    @Test func theAppPausesAStaleForecastWhereTheUserSeesItAndWarnsAtEveryOpen() async throws {
        // The same night, but the user opens the app at 06:00 without getting a new forecast
        // (offline): 10 hours old, notifications are paused (the 06:30 one is cancelled) and
        // the warning shows; opened again at 06:10, it shows again. A fresh forecast at 07:30
        // lifts the pause.
        let (result, recipe) = try await run(
            start: "2026-03-22T19:00", onboardAt: "2026-03-22T20:00", fetchedAt: "2026-03-22T19:40+02:00",
            """
              - { at: 2026-03-23T05:00, backgroundTask: {} }
              - { at: 2026-03-23T06:00, openApp: {} }
              - { at: 2026-03-23T06:10, openApp: {} }
              - at: 2026-03-23T07:30
                newForecast: { file: \(Self.forecast), fetchedAt: "2026-03-23T07:20+02:00" }
                openApp: {}
            """)
        #expect(result.deliveries.isEmpty)
        #expect(notes(result).filter { $0.hasSuffix(Self.warning) } == ["03-23 06:00 \(Self.warning)", "03-23 06:10 \(Self.warning)"])
        #expect(notes(result).contains("03-23 06:00 cancelled 1 (stale_data)"))
        let drop = try #require(result.dropped.first { $0.id == "bugle.swim_solo.2026-03-23.0" })
        #expect(drop.reason == "stale")
        #expect(drop.detail == "data is 10 h 30 min old (cancel after 6 h)")
        #expect(recipe.log.events.filter { $0.name == .cancelled }.map { $0.fields["reason"] } == ["stale_data"])
    }

    @Test func theDSTLogCountsWhatTheRescheduleChanged() async throws {
        // Israel springs forward at 02:00 on 03-27. At 05:00 a new forecast is planned, then
        // the background task sees +03:00. The 06:30 notifications are wall-clock times and
        // their words are the same: nothing has to be scheduled again.
        let (result, recipe) = try await run(
            start: "2026-03-26T07:00", onboardAt: "2026-03-26T08:00", fetchedAt: "2026-03-26T07:50+02:00", days: 2,
            """
              - at: 2026-03-27T05:00
                newForecast: { file: \(Self.forecast), fetchedAt: "2026-03-27T04:50+03:00" }
                backgroundTask: {}
            """)
        #expect(notes(result).contains("03-27 05:00 notif_dst_reschedule: +02:00 → +03:00, 0 rescheduled"))
        let dst = recipe.log.events.filter { $0.name == .dstReschedule }
        #expect(dst.map { $0.fields["count_rescheduled"] } == [0])
        // The plan at that moment held four (03-27 and 03-28, each with a heads-up), all delivered on the wall clock.
        #expect(
            deliveries(result) == [
                "03-27 06:30 bugle.swim_solo.2026-03-27.0 | The sea is calling. 07:00-10:00 looks perfect.",
                "03-27 06:30 bugle.swim_solo.2026-03-28.0.heads-up | Tomorrow morning looks good for a swim. 07:00-10:00.",
                "03-28 06:30 bugle.swim_solo.2026-03-28.0 | The sea is calling. 07:00-10:00 looks perfect.",
                "03-28 06:30 bugle.swim_solo.2026-03-29.0.heads-up | Tomorrow morning looks good for a swim. 08:00-11:00.",
            ])
    }

    @Test func anUpdateInstalledAcrossDSTLogsTheRescheduleToo() async throws {
        // Last opened in winter time; the first launch of 1.1.0 is after the spring-forward.
        // The update cancels the four pending (03-28 and 03-29, each with a heads-up) and
        // schedules them all again: that reschedule is under the new offset, and logged so.
        let (result, recipe) = try await run(
            start: "2026-03-26T07:00", onboardAt: "2026-03-26T08:00", fetchedAt: "2026-03-26T07:50+02:00", days: 2,
            """
              - at: 2026-03-27T08:00
                newForecast: { file: \(Self.forecast), fetchedAt: "2026-03-27T07:50+03:00" }
                appUpdate: "1.1.0"
            """)
        #expect(notes(result).contains("03-27 08:00 cancelled all 4 pending"))
        #expect(notes(result).contains("03-27 08:00 notif_dst_reschedule: +02:00 → +03:00, 4 rescheduled"))
        let dst = recipe.log.events.filter { $0.name == .dstReschedule }
        #expect(dst.map { [$0.fields["old_offset"], $0.fields["new_offset"], $0.fields["count_rescheduled"]] } == [["+02:00", "+03:00", 4]])
    }
}
