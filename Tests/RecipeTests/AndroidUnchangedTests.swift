import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// Streak Rescue and Study Reminders, and the engine's own examples, are unchanged on Android:
/// run again with `platform: android`, they show the same notifications at the same times
/// with the same texts.
///
/// Exact alarms are granted for a fair comparison (without them each notification comes up to
/// 10 minutes late, in its window). The one edit besides the platform: Android has no
/// `authorization:` event, so Study Reminders' "allowed in Settings" is `permission: granted`.
@Suite struct AndroidUnchangedTests {
    /// The example's text, on Android 14 with exact alarms allowed.
    static func onAndroid(_ name: String) throws -> String {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
        let android = text.replacingOccurrences(of: "\nauthorization: notDetermined\n", with: "\nplatform: android\nexactAlarms: granted\n")
            .replacingOccurrences(of: "authorization: authorized }", with: "permission: granted }")
        #expect(android != text)
        return android
    }

    func compare(_ name: String) async throws {
        let ios = try await runExample(name)
        let android = try await simulate(try Self.onAndroid(name))
        #expect(!ios.deliveries.isEmpty)
        #expect(android.seen.map(\.description) == ios.seen.map(\.description))
        #expect(android.deliveries.map(\.at) == ios.deliveries.map(\.at))
        // Each one was an exact alarm, shown on time on the app's default channel; none was held back.
        #expect(android.deliveries.allSatisfy { $0.android?.exact == true && $0.android?.lateBy == 0 && $0.android?.channel == "default" })
        #expect(android.notShown.isEmpty)
        #expect(android.android?.version == 34)
    }

    @Test func streakRescueIsUnchanged() async throws { try await compare("streak-rescue.yaml") }

    @Test func studyRemindersAreUnchanged() async throws { try await compare("study-reminders.yaml") }

    /// The engine's examples, on Android 14 with exact alarms and notifications allowed from
    /// the start (an Android 13+ app must ask; these examples are about the engine, not the
    /// permission flow). `budget-competition.yaml` is left out: it is about an 8-slot budget
    /// (`pendingLimit: 8`), which is not Android's.
    @Test(arguments: ["morning-and-evening.yaml", "quiet-hours-and-caps.yaml", "recurring-rules.yaml"])
    func theEnginesExamplesAreUnchanged(name: String) async throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
        let header = "platform: android\nexactAlarms: granted\nauthorization: authorized\n"
        let android =
            text.contains("\nplatform: ios\n")
            ? text.replacingOccurrences(of: "\nplatform: ios\n", with: "\n" + header)
            : text.replacingOccurrences(of: "\nevents:", with: "\n" + header + "events:")
        #expect(android != text)
        let ios = try await runExample(name)
        let run = try await simulate(android)
        #expect(!ios.deliveries.isEmpty)
        #expect(run.android?.version == 34)
        #expect(run.seen.map(\.description) == ios.seen.map(\.description))
        #expect(run.deliveries.map(\.at) == ios.deliveries.map(\.at))
        #expect(run.deliveries.allSatisfy { $0.android?.exact == true && $0.android?.lateBy == 0 })
        #expect(run.notShown.isEmpty)
        // Without the permission an Android 13+ app asks for, nothing is scheduled, and the
        // timeline says why, once.
        let unasked = try await simulate(android.replacingOccurrences(of: "authorization: authorized\n", with: ""))
        #expect(unasked.deliveries.isEmpty)
        #expect(unasked.appEvents.map(\.text).filter { $0.hasPrefix("nothing is scheduled") } == ["nothing is scheduled: notifications are notDetermined"])
    }
}
