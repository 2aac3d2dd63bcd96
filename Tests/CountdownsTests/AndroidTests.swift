import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// Examples/countdowns.yaml on Android 14, with exact alarms granted and denied.
///
/// The app asks for `POST_NOTIFICATIONS` at its first launch and the user allows. Granted, every reminder is an exact alarm shown at the moment iOS shows it. Denied (the
/// default for a new install on Android 14), each is a window alarm: the same reminders with
/// the same texts, each up to 10 minutes late, and the plan's report says so (the timeline's
/// "may arrive up to 10 min late" line comes from ``PlanReport/mayArriveLate``). The Chronox
/// seed says nothing about telling the user, so the recipe shows nothing more.
@Suite struct CountdownsAndroidTests {
    static let path = packageRoot.appendingPathComponent("Examples/countdowns.yaml").path

    static func onAndroid(exactAlarms: String) throws -> Scenario {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Android 13 and later: the app asks for POST_NOTIFICATIONS at its first launch; allowed.
        let android = text.replacingOccurrences(of: "\ndays: 70\n", with: "\ndays: 70\nplatform: android\nexactAlarms: \(exactAlarms)\n")
            .replacingOccurrences(
                of: "  - { at: 2028-01-25T09:00, openApp: {} }\n",
                with: "  - { at: 2028-01-25T09:00, openApp: {} }\n  - { at: 2028-01-25T09:01, permission: request }\n")
        #expect(android.contains("exactAlarms") && android.contains("permission: request"))
        return try ScenarioParser.parse(android, file: path, recipes: RecipeCatalog.all)
    }

    func texts(_ result: SimulationResult) -> [String] {
        result.deliveries.map { "\($0.id) | \($0.title) | \($0.body)" }
    }

    @Test func withExactAlarmsEachReminderComesOnTime() async throws {
        let ios = try await runExample("countdowns.yaml")
        let android = try await ScenarioRunner(scenario: Self.onAndroid(exactAlarms: "granted")).run()
        #expect(!ios.deliveries.isEmpty)
        #expect(texts(android) == texts(ios))
        #expect(android.deliveries.map(\.at) == ios.deliveries.map(\.at))
        #expect(android.deliveries.allSatisfy { $0.android?.exact == true && $0.android?.lateBy == 0 })
        #expect(!android.appEvents.contains { $0.text.contains("may arrive up to") })
    }

    @Test func withoutExactAlarmsEachComesInItsWindowAndThePlanSaysSo() async throws {
        let ios = try await runExample("countdowns.yaml")
        let android = try await ScenarioRunner(scenario: Self.onAndroid(exactAlarms: "denied")).run()
        #expect(texts(android) == texts(ios))
        for (late, onTime) in zip(android.deliveries, ios.deliveries) {
            let delay = late.at.timeIntervalSince(onTime.at)
            #expect(delay >= 0 && delay <= AndroidProfile.inexactWindow, "\(late.id) came \(delay) s late")
            #expect(late.android?.exact == false)
            #expect(abs((late.android?.lateBy ?? -1) - delay) < 0.001)
        }
        #expect(android.deliveries.contains { ($0.android?.lateBy ?? 0) > 60 })
        // The first plan with reminders says they may come late, and why.
        let line = try #require(android.appEvents.first { $0.text.contains("may arrive up to") })
        #expect(line.text.hasSuffix("notifications may arrive up to 10 min late: exact alarms are not allowed"))
        #expect(android.exactAlarmsAtEnd == false)
    }
}
