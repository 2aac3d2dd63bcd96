import ActivityWindows
import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// Examples/activity-windows.yaml, delivery by delivery.
///
/// The expected notifications were worked out from the scoring spec, not read from a run:
/// the windows and texts of each day by an independent implementation of the spec
/// (`Scripts/activity-windows-oracle.py`, from the *Scoring* article), and which of them
/// reach the phone by following the timeline by hand: run_solo off from 03-23 08:00; quiet
/// hours 22:00–07:00 from 03-24 20:00 to 03-29 09:00 (the 06:30 slot, announcements and
/// heads-ups alike, at 07:00); the evening forecast of 03-24 kept through the 04:00
/// background task of 03-25; preset cautious from 03-25 13:00 (held until the 03-26 18:00
/// forecast for new ids, applied to the pending ones, which are the same ids); three modes
/// on from 03-23, so 6 a day at most; nothing on 03-28 (the app, opened at 06:00 on a
/// forecast 25 hours old, paused notifications until the 10:00 one); swims have no window
/// on 03-24, 03-25 (balanced) or 03-29 and 03-31 (cautious).
@Suite struct ActivityWindowsExampleTests {
    static let path = packageRoot.appendingPathComponent("Examples/activity-windows.yaml").path

    static let expected: [(at: String, id: String, title: String, body: String)] = [
        ("03-22 06:30", "run_dog.2026-03-23.0.heads-up", "Run with Luna", "Luna would approve of tomorrow morning. 07:00-10:00."),
        ("03-22 06:30", "run_solo.2026-03-23.0.heads-up", "Run window", "Tomorrow evening looks solid for a run. 18:00-21:00."),
        ("03-22 06:30", "swim_dog.2026-03-23.0.heads-up", "Swim with Luna", "Tomorrow's looking good for Luna. Morning swim, calm sea."),
        ("03-22 06:30", "swim_solo.2026-03-23.0.heads-up", "Swim window", "Tomorrow morning looks good for a swim. 07:00-10:00."),
        (
            "03-22 06:30", "run_dog.2026-03-22.0", "Run with Luna",
            "Morning run with Luna? 07:00-10:00 before the heat kicks in. Backup option: 18:00-21:00. Still comfortable for paws."
        ),
        ("03-22 06:30", "run_solo.2026-03-22.0", "Run window", "Lace up. 18:00-21:00 is perfect — cool, calm, clean air."),
        ("03-22 06:30", "swim_dog.2026-03-22.0", "Swim with Luna", "Luna approved. 15:00-18:00 — calm waves, good temps."),
        ("03-22 06:30", "swim_solo.2026-03-22.0", "Swim window", "The sea is calling. 15:00-18:00 looks perfect."),
        ("03-23 06:30", "run_dog.2026-03-24.0.heads-up", "Run with Luna", "Luna would approve of tomorrow evening. 18:00-21:00."),
        ("03-23 06:30", "run_solo.2026-03-24.0.heads-up", "Run window", "Tomorrow evening looks solid for a run. 18:00-21:00."),
        (
            "03-23 06:30", "run_dog.2026-03-23.0", "Run with Luna",
            "07:00-10:00 is safe for Luna. Cooler temps, clean air. Backup option: 18:00-21:00. Still comfortable for paws."
        ),
        (
            "03-23 06:30", "run_solo.2026-03-23.0", "Run window",
            "Lace up. 18:00-21:00 is perfect — cool, calm, clean air. Backup plan: 07:00-10:00 if evening doesn't work."
        ),
        ("03-23 06:30", "swim_dog.2026-03-23.0", "Swim with Luna", "08:00-11:00 looks good for a swim with Luna. Waves calm."),
        ("03-23 06:30", "swim_solo.2026-03-23.0", "Swim window", "Best time: 07:00-10:00. Waves calm."),
        ("03-24 06:30", "run_dog.2026-03-25.0.heads-up", "Run with Luna", "Luna would approve of tomorrow morning. 07:00-10:00."),
        ("03-24 06:30", "run_dog.2026-03-24.0", "Run with Luna", "Evening run with Luna? 18:00-21:00 once the heat eases."),
        ("03-25 07:00", "run_dog.2026-03-26.0.heads-up", "Run with Luna", "Luna would approve of tomorrow morning. 07:00-10:00."),
        ("03-25 07:00", "swim_dog.2026-03-26.0.heads-up", "Swim with Luna", "Tomorrow's looking good for Luna. Afternoon swim, calm sea."),
        ("03-25 07:00", "swim_solo.2026-03-26.0.heads-up", "Swim window", "Tomorrow morning looks good for a swim. 07:00-10:00."),
        (
            "03-25 07:00", "run_dog.2026-03-25.0", "Run with Luna",
            "Morning run with Luna? 07:00-10:00 before the heat kicks in. Backup option: 18:00-21:00. Still comfortable for paws."
        ),
        ("03-26 07:00", "run_dog.2026-03-27.0.heads-up", "Run with Luna", "Luna would approve of tomorrow morning. 07:00-10:00."),
        ("03-26 07:00", "swim_dog.2026-03-27.0.heads-up", "Swim with Luna", "Tomorrow's looking good for Luna. Morning swim, calm sea."),
        ("03-26 07:00", "swim_solo.2026-03-27.0.heads-up", "Swim window", "Tomorrow morning looks good for a swim. 07:00-10:00."),
        (
            "03-26 07:00", "run_dog.2026-03-26.0", "Run with Luna",
            "18:00-21:00 is safe for Luna. Lower UV, clean air. Backup option: 07:00-10:00. Still comfortable for paws."
        ),
        (
            "03-26 07:00", "swim_dog.2026-03-26.0", "Swim with Luna",
            "07:00-10:00 looks good for a swim with Luna. Waves calm. Afternoon backup: 15:00-18:00 works for Luna too."
        ),
        ("03-26 07:00", "swim_solo.2026-03-26.0", "Swim window", "Best time: 07:00-10:00. Waves calm. Backup plan: 17:00-18:00 if morning doesn't work."),
        ("03-27 07:00", "run_dog.2026-03-28.0.heads-up", "Run with Luna", "Luna would approve of tomorrow morning. 07:00-10:00."),
        ("03-27 07:00", "swim_dog.2026-03-28.0.heads-up", "Swim with Luna", "Tomorrow's looking good for Luna. Morning swim, calm sea."),
        ("03-27 07:00", "swim_solo.2026-03-28.0.heads-up", "Swim window", "Tomorrow morning looks good for a swim. 07:00-10:00."),
        ("03-27 07:00", "run_dog.2026-03-27.0", "Run with Luna", "07:00-10:00 is safe for Luna. Lower UV, clean air."),
        (
            "03-27 07:00", "swim_dog.2026-03-27.0", "Swim with Luna",
            "09:00-12:00 looks good for a swim with Luna. Waves calm. Afternoon backup: 15:00-18:00 works for Luna too."
        ),
        ("03-27 07:00", "swim_solo.2026-03-27.0", "Swim window", "Best time: 07:00-10:00. Waves calm. Backup plan: 17:00-18:00 if morning doesn't work."),
        ("03-29 07:00", "run_dog.2026-03-30.0.heads-up", "Run with Luna", "Luna would approve of tomorrow morning. 07:00-09:00."),
        ("03-29 07:00", "swim_dog.2026-03-30.0.heads-up", "Swim with Luna", "Tomorrow's looking good for Luna. Morning swim, calm sea."),
        ("03-29 07:00", "swim_solo.2026-03-30.0.heads-up", "Swim window", "Tomorrow morning looks good for a swim. 07:00-10:00."),
        (
            "03-29 07:00", "run_dog.2026-03-29.0", "Run with Luna",
            "07:00-10:00 is safe for Luna. Lower UV, clean air. Backup option: 18:00-21:00. Still comfortable for paws."
        ),
        ("03-30 06:30", "run_dog.2026-03-30.0", "Run with Luna", "07:00-09:00 is safe for Luna. Lower UV, clean air."),
        ("03-30 06:30", "swim_dog.2026-03-30.0", "Swim with Luna", "07:00-10:00 looks good for a swim with Luna. Waves calm."),
        ("03-30 06:30", "swim_solo.2026-03-30.0", "Swim window", "Best time: 07:00-10:00. Waves calm. Backup plan: 17:00-18:00 if morning doesn't work."),
        ("03-31 06:30", "run_dog.2026-04-01.0.heads-up", "Run with Luna", "Luna would approve of tomorrow morning. 07:00-09:00."),
        ("03-31 06:30", "swim_dog.2026-04-01.0.heads-up", "Swim with Luna", "Tomorrow's looking good for Luna. Morning swim, calm sea."),
        ("03-31 06:30", "swim_solo.2026-04-01.0.heads-up", "Swim window", "Tomorrow morning looks good for a swim. 07:00-10:00."),
        ("03-31 06:30", "run_dog.2026-03-31.0", "Run with Luna", "No good run windows for Luna today. Too warm."),
    ]

    func run() async throws -> (SimulationResult, ActivityWindowsScenario) {
        let scenario = try ScenarioParser.load(path: Self.path, recipes: RecipeCatalog.all)
        let recipe = try #require(scenario.recipe as? ActivityWindowsScenario)
        return (try await ScenarioRunner(scenario: scenario).run(), recipe)
    }

    func stamp(_ date: Date, _ zoneID: String) -> String {
        let local = ZoneRules(timeZone: TimeZone(identifier: zoneID)!, around: date).localDateTime(at: date)
        return String(local.description.dropFirst(5)).replacingOccurrences(of: "T", with: " ")
    }

    @Test func deliversExactlyTheReasonedNotifications() async throws {
        let (result, _) = try await run()
        let delivered = result.deliveries.map { delivery in
            "\(stamp(delivery.at, delivery.timeZone)) \(delivery.id) | \(delivery.title) | \(delivery.body)"
        }.sorted()
        let expected = Self.expected.map { "\($0.at) bugle.\($0.id) | \($0.title) | \($0.body)" }.sorted()
        #expect(delivered == expected)
        #expect(result.deliveries.count == 43)
    }

    @Test func dropsExplainStalenessAndTheModeTurnedOff() async throws {
        let (result, _) = try await run()
        let drops = Dictionary(grouping: result.dropped, by: \.reason).mapValues { $0.map { "\(stamp($0.at, $0.timeZone)) \($0.id)" }.sorted() }
        // Quiet hours moved every 06:30 notification to 07:00 and suppressed none.
        #expect(drops["quietHours"] == nil)
        // 03-28 06:00: the app finds the forecast 25 hours old; everything pending is cancelled.
        #expect(
            drops["stale"] == [
                "03-28 07:00 bugle.run_dog.2026-03-28.0", "03-28 07:00 bugle.run_dog.2026-03-29.0.heads-up",
                "03-28 07:00 bugle.swim_dog.2026-03-28.0", "03-28 07:00 bugle.swim_solo.2026-03-28.0",
            ])
        #expect(result.dropped.first { $0.id == "bugle.swim_solo.2026-03-28.0" }?.detail == "data is 25 h 30 min old (cancel after 6 h)")
        // run_solo is off from 03-23 08:00 and never delivered after.
        #expect(result.deliveries.filter { $0.rule == "run_solo" }.allSatisfy { $0.at < instant("2026-03-23T08:00+02:00") })
        #expect(Set(result.dropped.filter { $0.reason == "condition" }.map(\.rule)) == ["run_solo"])
        #expect(result.deliveries.allSatisfy { $0.timeZone == "Asia/Jerusalem" })
    }

    @Test func logsTheNineEventsAndPassesThemOnWithOptIn() async throws {
        let (result, recipe) = try await run()
        let log = recipe.log.events
        func named(_ name: AnalyticsEvent.Name) -> [AnalyticsEvent] { log.filter { $0.name == name } }
        #expect(named(.fired).count == 43)
        #expect(named(.scheduled).count == result.calls.adds)
        #expect(named(.permissionGranted).map { $0.fields["provisional"] } == [false])
        let dst = try #require(named(.dstReschedule).first)
        #expect(named(.dstReschedule).count == 1)
        #expect(dst.fields["old_offset"] == "+02:00" && dst.fields["new_offset"] == "+03:00")
        // The new forecast at 05:00 was planned a moment before, under the new offset: the
        // notifications are wall-clock times with the same words, so none changed.
        #expect(dst.fields["count_rescheduled"] == 0)
        #expect(dst.timestamp == instant("2026-03-27T05:00+03:00"))
        // run_solo off (4), stale (the 4 pending on 03-28 at 06:00), the update (all 10 pending).
        let reasons = Dictionary(grouping: named(.cancelled), by: { $0.fields["reason"]!.description }).mapValues(\.count)
        #expect(reasons == ["\"user_disabled\"": 4, "\"reschedule\"": 10, "\"stale_data\"": 4])
        #expect(named(.cancelled).filter { $0.fields["reason"] == "user_disabled" }.allSatisfy { $0.fields["mode"] == "run_solo" })
        let opened = try #require(named(.opened).first)
        #expect(opened.fields["deep_link"] == "gonow://today?hour=2026-03-30T07:00&mode=swim_dog")
        #expect(opened.fields["notification_id"] == "bugle.swim_dog.2026-03-30.0")
        #expect(log.allSatisfy { $0.fields["scoring_version"] == "v1" && $0.fields["timestamp"] != nil })
        // Noa opted in: the backend got every event.
        #expect(recipe.backend.events == log)

    }

    @Test func theTimelineShowsWhatTheUserSaw() async throws {
        let (result, _) = try await run()
        let notes = result.appEvents.map { "\(stamp($0.at, $0.timeZone)) \($0.text)" }
        // The background task at 05:00 shows nothing; each time Noa comes to the app, the warning.
        #expect(
            notes.filter { $0.hasSuffix("warning: Forecast data is stale. Notifications paused until data refreshes.") }.map { $0.prefix(11) } == [
                "03-28 06:00", "03-28 06:20",
            ])
        #expect(notes.contains("03-28 06:00 cancelled 4 (stale_data)"))
        #expect(notes.contains("03-27 05:00 notif_dst_reschedule: +02:00 → +03:00, 0 rescheduled"))
        #expect(notes.contains("03-30 11:00 Today tab: swim_dog at 07:00 (past)"))
        #expect(notes.contains("03-30 07:30 cancelled all 10 pending"))
        #expect(notes.contains("03-23 08:00 cancelled 4 (user_disabled)"))
    }

    /// The excerpt in the recipe's article (`ActivityWindowsExample.md`) is what the run prints.
    @Test func theArticleExcerptIsWhatTheRunPrints() async throws {
        let (result, _) = try await run()
        let printed = Set(TextReport.render(result).split(separator: "\n"))
        #expect(printed.contains("  06:30  run_dog    Run with Luna: No good run windows for Luna today. Too warm."))
        let article = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/Recipes/ActivityWindows/ActivityWindows.docc/ActivityWindowsExample.md"), encoding: .utf8)
        let command = try #require(article.range(of: "swift run bugle simulate Examples/activity-windows.yaml"))
        let start = try #require(article.range(of: "```text\n", range: command.upperBound..<article.endIndex))
        let end = try #require(article.range(of: "```", range: start.upperBound..<article.endIndex))
        let sample = article[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0 != "…" }
        #expect(sample.count > 8)
        for line in sample {
            #expect(printed.contains(line), "article line not printed: \(line)")
        }
    }

    func scenario(permission: String, platform: String = "android") -> String {
        let forecast = packageRoot.appendingPathComponent("Examples/activity-windows/forecast-2026-03-22.json").path
        return """
            start: 2026-03-22T06:00
            timeZone: Asia/Jerusalem
            days: 2
            authorization: notDetermined
            recipe: { name: activity-windows, platform: \(platform) }
            events:
              - at: 2026-03-22T06:05
                onboard: { activities: [run], permission: \(permission) }
                newForecast: { file: \(forecast), fetchedAt: "2026-03-22T05:40+02:00" }
              - { at: 2026-03-22T09:00, openApp: {} }
              - { at: 2026-03-22T09:05, openSettings: {} }
              - { at: 2026-03-22T09:10, toggleMode: { run_solo: true } }
              - { at: 2026-03-22T09:30, resumeApp: {} }
              - { at: 2026-03-23T08:00, openApp: {}, dismiss: run_solo.2026-03-23.0 }
            """
    }

    @Test func aDenialIsFinalAndTheBannerComesOncePerSession() async throws {
        let parsed = try ScenarioParser.parse(scenario(permission: "deny"), recipes: RecipeCatalog.all)
        let recipe = try #require(parsed.recipe as? ActivityWindowsScenario)
        let result = try await ScenarioRunner(scenario: parsed).run()
        #expect(result.deliveries.isEmpty)
        let notes = result.appEvents.map { "\(stamp($0.at, $0.timeZone)) \($0.text)" }
        // Onboarding's session, then one per cold start; the toggle in the same session and
        // the warm start at 09:30 add none.
        #expect(
            notes.filter { $0.hasSuffix("banner: Enable notifications to get swim/run alerts [Open Settings]") }
                == [
                    "03-22 06:05 banner: Enable notifications to get swim/run alerts [Open Settings]",
                    "03-22 09:00 banner: Enable notifications to get swim/run alerts [Open Settings]",
                    "03-23 08:00 banner: Enable notifications to get swim/run alerts [Open Settings]",
                ])
        #expect(notes.filter { $0.contains("system prompt") } == ["03-22 06:05 system prompt: don't allow"])
        #expect(notes.contains("03-22 09:05 opened the system's notification settings"))
        let names = recipe.log.events.map(\.name)
        #expect(names.filter { $0 == .permissionDenied }.count == 1)
        #expect(recipe.log.events.first { $0.name == .permissionDenied }?.fields["platform"] == "android")
        #expect(names.filter { $0 == .settingsDeepLink }.count == 1)
        // Nothing was delivered, so there is nothing to dismiss; and no opt-in, no backend.
        #expect(notes.contains("03-23 08:00 dismiss: run_solo.2026-03-23.0 was never delivered"))
        #expect(recipe.backend.events.isEmpty)
    }

    /// On iOS: Android has no provisional notifications (a declined explanation is final there).
    @Test func decliningTheExplanationDeliversProvisionally() async throws {
        let parsed = try ScenarioParser.parse(scenario(permission: "notNow", platform: "ios"), recipes: RecipeCatalog.all)
        let recipe = try #require(parsed.recipe as? ActivityWindowsScenario)
        let result = try await ScenarioRunner(scenario: parsed).run()
        #expect(result.appEvents.contains { $0.text == "provisional notifications (quiet delivery)" })
        #expect(recipe.log.events.first { $0.name == .permissionGranted }?.fields["provisional"] == true)
        // Run only, no dog: run_solo at 06:30 on 03-23 (planned the day before) is delivered and
        // then dismissed.
        #expect(result.deliveries.map(\.rule).allSatisfy { $0 == "run_solo" })
        #expect(result.deliveries.contains { $0.id == "bugle.run_solo.2026-03-23.0" })
        #expect(recipe.log.events.contains { $0.name == .dismissed && $0.fields["notification_id"] == "bugle.run_solo.2026-03-23.0" })
    }

    @Test func badEventsAreReportedWithTheirLine() throws {
        let yaml = """
            start: 2026-03-22T06:00
            timeZone: Asia/Jerusalem
            recipe: activity-windows
            events:
              - { at: 2026-03-22T06:05, setPreset: sporty }
            """
        do {
            _ = try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)
            Issue.record("an unknown preset was accepted")
        } catch let error as ScenarioError {
            #expect(error.line == 5)
            #expect(error.message.contains("unknown preset \"sporty\"; expected one of: cautious, balanced, hardy"))
        }
        let missing = yaml.replacingOccurrences(of: "setPreset: sporty", with: "newForecast: nowhere.json")
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(missing, recipes: RecipeCatalog.all) }
    }
}
