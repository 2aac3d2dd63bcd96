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
        #expect(times.map(\.date) == (0..<16).map { LocalDate("2026-03-02").adding(days: $0) })
        #expect(times.prefix(12).allSatisfy { $0.time == LocalTime("09:00") })
        #expect(times.dropFirst(12).allSatisfy { $0.time == LocalTime("20:30") })
        #expect(Set(result.deliveries.map(\.body)).count == 16, "no fact twice")
    }

    static func androidExample() throws -> Scenario {
        try ScenarioParser.load(path: root.appendingPathComponent("Examples/facts-a-day-android.yaml").path, recipes: RecipeCatalog.all)
    }

    /// The seed: "Limited to 64 on iOS, higher on Android". Examples/facts-a-day-android.yaml,
    /// with 500 facts and no `lookahead:`, schedules 450 at onboarding (500 alarms less Bugle's
    /// margin of 50): 450 days, to 2027-05-25, where the iOS example covers 64.
    @Test func onAndroidOnboardingPlansFourHundredFiftyWithoutALookahead() async throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Examples/facts-a-day-android.yaml"), encoding: .utf8)
        #expect(!text.contains("lookahead"))
        let scenario = try Self.androidExample()
        let result = try await ScenarioRunner(scenario: scenario).run()
        let notes = result.appEvents.map(\.text)
        #expect(notes.contains("450 facts scheduled; 450 upcoming (2026-03-02 to 2027-05-25); 50 never shown"))
        let onboarding = try #require(result.refreshes.first { $0.planned > 0 })
        #expect(onboarding.planned == 450 && onboarding.added == 450)
        #expect(result.peakPending == 450)
        // The app opened on 03-12 after 11 facts: back to 450 ahead; the new time keeps 450.
        #expect(notes.contains("app opened: topped up 11 facts; 450 upcoming (2026-03-13 to 2027-06-05); 39 never shown"))
        #expect(notes.contains("450 facts scheduled; 450 upcoming (2026-03-14 to 2027-06-06); 38 never shown"))
        // Nothing waits past the planner's lookahead.
        #expect(!notes.contains { $0.contains("lookahead") })

        let ios = try await ScenarioRunner(
            scenario: ScenarioParser.load(path: Self.root.appendingPathComponent("Examples/facts-a-day.yaml").path, recipes: RecipeCatalog.all)
        ).run()
        #expect(ios.refreshes.first { $0.planned > 0 }?.planned == 64)
    }

    /// Android 13 and later: Enable Notifications asks for POST_NOTIFICATIONS. Two denials, and
    /// Android shows the dialog no more; each time the alert keeps onboarding on its screen,
    /// until the user allows notifications in the app's settings.
    @Test func onAndroidThePermissionIsRequiredAndAskedAtMostTwice() async throws {
        let result = try await ScenarioRunner(scenario: Self.androidExample()).run()
        let notes = result.appEvents.map { "\(Self.berlin($0.at).time) \($0.text)" }
        let alert =
            "alert \"Notification Permission Required\": Facts A Day sends one fact a day as a notification. "
            + "Allow notifications in Settings > Facts A Day > Notifications, then tap Enable Notifications again."
        #expect(
            Array(notes.prefix(10)) == [
                "08:30 app opened",
                "08:35 permission requested: the user denied (once)",
                "08:35 \(alert)",
                "08:36 permission requested: the user denied (twice: the dialog will not appear again)",
                "08:36 \(alert)",
                "08:37 permission requested: no dialog (denied twice before); the app must open its notification settings",
                "08:37 \(alert)",
                "08:39 notifications allowed in the app's settings",
                "08:40 onboarding: the user allows notifications; daily fact at 09:00",
                "08:40 the plan's 450 notifications may arrive up to 10 min late: exact alarms are not allowed",
            ])
        // Nothing was scheduled before the user allowed notifications.
        #expect(result.refreshes.allSatisfy { $0.at >= TimeParsing.instant("2026-03-02T08:40+01:00")! })
    }

    /// One fact a day on the app's default channel, each a window alarm up to 10 minutes after
    /// the time (exact alarms are denied by default on Android 14); the restart on 03-05 loses none.
    @Test func onAndroidEachFactComesInItsWindowOnTheDefaultChannel() async throws {
        let result = try await ScenarioRunner(scenario: Self.androidExample()).run()
        let times = result.deliveries.map { Self.berlin($0.at) }
        #expect(times.map(\.date) == (0..<16).map { LocalDate("2026-03-02").adding(days: $0) })
        for (time, delivery) in zip(times, result.deliveries) {
            let due = time.date < LocalDate("2026-03-14") ? LocalTime("09:00") : LocalTime("20:30")
            #expect(time.time >= due && time.time.secondOfDay <= due.secondOfDay + 600, "\(time)")
            #expect(delivery.android?.channel == "default" && delivery.android?.exact == false)
        }
        #expect(Set(result.deliveries.map(\.body)).count == 16, "no fact twice")
        #expect(result.deliveries.first?.title == "The number 1389")
        #expect(result.deliveries.first?.body == "1389 = 3 × 463.")
        let notes = result.appEvents.map(\.text)
        #expect(notes.contains("device restarted: 447 alarms cleared"))
        #expect(result.refreshes.contains { $0.reason == "boot" && $0.added == 447 })
    }

    /// A scenario's own lookahead wins, even one too short for the schedule: the plan stops at
    /// its end, and the timeline says how many facts wait for later days.
    @Test func aShorterLookaheadIsHonouredAndSaidSo() async throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Examples/facts-a-day-android.yaml"), encoding: .utf8)
        let short = text.replacingOccurrences(of: "\ndays: 16\n", with: "\ndays: 16\nlookahead: 400d\n")
        #expect(short != text)
        let path = Self.root.appendingPathComponent("Examples/facts-a-day-android.yaml").path
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(short, file: path, recipes: RecipeCatalog.all)).run()
        #expect(result.refreshes.first { $0.planned > 0 }?.planned == 401)
        #expect(
            result.appEvents.map(\.text).contains(
                "49 of them (from 2027-04-07) are past the planner's lookahead, which ends 2027-04-06: not pending until the days come nearer"))
        #expect(TextReport.render(result).contains("(the planner's lookahead)"))
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
        #expect(
            result.appEvents.map(\.text).contains("3 facts scheduled; 3 upcoming (2026-03-03 to 2026-03-05); 0 never shown"), "09:00 has passed: from tomorrow")
        #expect(result.deliveries.count == 3)
        #expect(result.deliveries.allSatisfy { $0.title == "Fact of the day" })
    }

    /// Deleted and installed again after 3 facts: the system keeps the 61 still to come, and
    /// onboarding again keeps them, so each day shows the fact it was going to show.
    @Test func aReinstallKeepsTheFactsStillPending() async throws {
        let yaml = """
            name: reinstall
            start: 2026-03-02T08:00
            timeZone: Europe/Berlin
            days: 8
            safetyMargin: 0
            recipe: { name: facts-a-day, corpus: \(Self.root.appendingPathComponent("Examples/facts-a-day/facts-en.jsonl").path), seed: 3 }
            events:
              - { at: 2026-03-02T08:30, onboard: { time: "09:00" } }
              - { at: 2026-03-04T12:00, reinstall: {} }
              - { at: 2026-03-04T12:01, open: {} }
              - { at: 2026-03-04T12:05, onboard: { time: "09:00" } }
            """
        let kept = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
        let notes = kept.appEvents.map(\.text)
        #expect(notes.contains("reinstall: the app's storage is gone; 61 fact notifications still pending in the system"))
        // 61 kept, 3 new after them; the 3 shown before are not known any more, so 6 never shown.
        #expect(notes.contains("64 facts scheduled; 64 upcoming (2026-03-05 to 2026-05-07); 6 never shown"))
        // Without the reinstall (and its second onboarding), the same days show the same facts.
        let withoutReinstall = yaml.split(separator: "\n").filter { !$0.contains("reinstall") && !$0.contains("12:05") }.joined(separator: "\n")
        let plain = try await ScenarioRunner(scenario: ScenarioParser.parse(withoutReinstall, recipes: RecipeCatalog.all)).run()
        #expect(kept.deliveries.count == 8)
        #expect(kept.deliveries.map(\.body) == plain.deliveries.map(\.body))
        #expect(Set(kept.deliveries.map(\.body)).count == 8, "no fact twice")
    }

    /// No fact to schedule: the user is told, onboarding stays incomplete, and the app goes on.
    @Test func noFactsToScheduleIsToldAndTheRunGoesOn() async throws {
        let yaml = """
            name: no facts for the language
            start: 2026-03-02T08:00
            timeZone: Europe/Berlin
            days: 2
            recipe: { name: facts-a-day, facts: [] }
            events:
              - { at: 2026-03-02T08:30, onboard: { time: "09:00" } }
              - { at: 2026-03-02T10:00, open: {} }
            """
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
        let notes = result.appEvents.map(\.text)
        #expect(
            notes.contains(
                "alert \"No Facts Available\": There are no facts for the categories and difficulty you chose, so there is nothing to send. Choose other categories or another difficulty."
            ))
        #expect(notes.contains("app opened"))
        #expect(result.deliveries.isEmpty)
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
