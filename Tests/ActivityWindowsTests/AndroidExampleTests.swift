import ActivityWindows
import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// Examples/activity-windows-android.yaml: the recipe's Android flows on a simulated Android 14.
///
/// What is asserted was worked out from the seed's Android sections and the timeline by hand:
/// the recipe's four channels, created by the recipe; `POST_NOTIFICATIONS` asked once at
/// onboarding and denied, then the banner once per cold start and never another request; the
/// app's notification settings opened from the banner; the run_solo channel turned off in
/// the system settings on 03-24 08:00, so its notifications fire and are not shown, and the
/// app's Settings says so at each start; the reboot on 03-24 23:40, 4 hours after the
/// evening's forecast, after which the `BOOT_COMPLETED` receiver plans again what the app had
/// planned from that forecast; the periodic work, whose run after the spring-forward of 03-27
/// logs the DST reschedule.
@Suite struct ActivityWindowsAndroidExampleTests {
    static let path = packageRoot.appendingPathComponent("Examples/activity-windows-android.yaml").path

    func run() async throws -> (SimulationResult, ActivityWindowsScenario) {
        let scenario = try ScenarioParser.load(path: Self.path, recipes: RecipeCatalog.all)
        let recipe = try #require(scenario.recipe as? ActivityWindowsScenario)
        return (try await ScenarioRunner(scenario: scenario).run(), recipe)
    }

    func stamp(_ date: Date, _ zoneID: String) -> String {
        let local = ZoneRules(timeZone: TimeZone(identifier: zoneID)!, around: date).localDateTime(at: date)
        return String(local.description.dropFirst(5)).replacingOccurrences(of: "T", with: " ")
    }

    @Test func theRecipeCreatesOneChannelPerMode() async throws {
        let scenario = try ScenarioParser.load(path: Self.path, recipes: RecipeCatalog.all)
        let channels = try #require(scenario.android?.channels)
        #expect(channels.map(\.id) == AndroidChannel.all.map(\.id))
        #expect(channels.map(\.id) == ["swim_solo", "swim_dog", "run_solo", "run_dog"])
        #expect(channels.allSatisfy { $0.importance == .default && $0.rules == [$0.id] })
        // Every delivery went to its mode's channel.
        let (result, _) = try await run()
        #expect(!result.deliveries.isEmpty)
        #expect(result.deliveries.allSatisfy { $0.android?.channel == $0.rule })
    }

    @Test func askedOnceThenTheBannerWithTheSettingsLink() async throws {
        let (result, recipe) = try await run()
        let notes = result.appEvents.map { "\(stamp($0.at, $0.timeZone)) \($0.text)" }
        #expect(notes.filter { $0.contains("permission requested") } == ["03-22 06:05 permission requested: the user denied (once)"])
        // Once in onboarding's session, once at the next cold start; not after notifications
        // were allowed in the settings.
        #expect(
            notes.filter { $0.hasSuffix("banner: Enable notifications to get swim/run alerts [Open Settings]") } == [
                "03-22 06:05 banner: Enable notifications to get swim/run alerts [Open Settings]",
                "03-23 07:45 banner: Enable notifications to get swim/run alerts [Open Settings]",
            ])
        #expect(notes.contains("03-23 07:46 opened the app's notification settings (android.settings.APP_NOTIFICATION_SETTINGS)"))
        #expect(notes.contains("03-23 07:47 notifications allowed in the app's settings"))
        let log = recipe.log.events
        #expect(log.filter { $0.name == .permissionDenied }.map { $0.fields["platform"] } == ["android"])
        #expect(log.filter { $0.name == .settingsDeepLink }.count == 1)
        // Nothing was shown before notifications were allowed.
        #expect(result.deliveries.allSatisfy { $0.at > instant("2026-03-23T07:47+02:00") })
    }

    @Test func aChannelTurnedOffStopsItsModeAndTheAppSaysSo() async throws {
        let (result, _) = try await run()
        let off = instant("2026-03-24T08:00+02:00")
        // Android tells the app (API 28+), which plans no more run windows: none is set, so
        // none fires unseen.
        #expect(result.notShown.isEmpty)
        #expect(result.appEvents.contains { $0.text == "channel run_solo turned off by the user (NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED)" })
        let silenced = result.dropped.filter { $0.reason == "silenced" }
        #expect(!silenced.isEmpty && silenced.allSatisfy { $0.rule == "run_solo" && $0.detail == "channel run_solo is off" && $0.at > off })
        #expect(result.deliveries.filter { $0.rule == "run_solo" }.allSatisfy { $0.at < off })
        #expect(result.deliveries.contains { $0.rule == "run_solo" })
        // The other modes go on.
        #expect(Set(result.deliveries.filter { $0.at > off }.map(\.rule)) == ["run_dog", "swim_dog", "swim_solo"])
        // The app reads its channels at each start and shows the one that is off.
        let notes = result.appEvents.map { "\(stamp($0.at, $0.timeZone)) \($0.text)" }
        #expect(
            notes.filter { $0.hasSuffix("Settings: Run alerts: off in system settings") }.map { $0.prefix(11) } == [
                "03-24 20:00", "03-25 09:00", "03-26 18:00", "03-27 09:00",
            ])
    }

    @Test func aRebootAndThePeriodicWorkPlanAgain() async throws {
        let (result, recipe) = try await run()
        let notes = result.appEvents.map { "\(stamp($0.at, $0.timeZone)) \($0.text)" }
        #expect(notes.contains("03-24 23:40 BOOT_COMPLETED: the app plans again"))
        #expect(notes.contains { $0.hasPrefix("03-24 23:40 device restarted:") && $0.hasSuffix("alarms cleared") })
        // The receiver ran the restart check, which planned the next morning again.
        let reboot = instant("2026-03-24T23:40+02:00")
        #expect(result.refreshes.contains { $0.at == reboot && $0.reason == "backgroundTask" && $0.added > 0 })
        #expect(result.deliveries.contains { $0.id == "bugle.swim_solo.2026-03-26.0" })
        // Periodic work ran twice a day; its run after the spring-forward logged the DST reschedule.
        #expect(notes.filter { $0.hasSuffix("periodic work ran") }.count >= 12)
        let dst = try #require(recipe.log.events.first { $0.name == .dstReschedule })
        #expect(recipe.log.events.filter { $0.name == .dstReschedule }.count == 1)
        #expect(dst.fields["old_offset"] == "+02:00" && dst.fields["new_offset"] == "+03:00")
        #expect(stamp(dst.timestamp, "Asia/Jerusalem").hasPrefix("03-27 05:"))
    }

    /// The seed: past 3 hours "do not schedule new notifications — keep existing ones". The
    /// restart at 23:40 comes 4 hours after the 19:40 forecast and clears every alarm; the
    /// receiver plans again exactly the ones the app had planned from that forecast, so the
    /// morning of 03-25 shows what it would have shown without the restart, and nothing else.
    @Test func afterARebootWithAForecastFourHoursOldTheMorningsNotificationsStillCome() async throws {
        let (result, _) = try await run()
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let withoutReboot = text.replacingOccurrences(of: "  - { at: 2026-03-24T23:40, reboot: {} }\n", with: "")
        #expect(withoutReboot != text)
        let plain = try await ScenarioRunner(scenario: ScenarioParser.parse(withoutReboot, file: Self.path, recipes: RecipeCatalog.all)).run()

        func morning(_ result: SimulationResult) -> [String] {
            // In the order the ten-minute windows drew: the same notifications, compared as a set.
            result.deliveries.filter { stamp($0.at, "Asia/Jerusalem").hasPrefix("03-25") }.map { "\($0.rule) | \($0.title) | \($0.body)" }.sorted()
        }
        #expect(!morning(plain).isEmpty)
        #expect(morning(result) == morning(plain))
        // What the restart cleared is what the receiver planned again: nothing new.
        let notes = result.appEvents.map { "\(stamp($0.at, $0.timeZone)) \($0.text)" }
        let cleared = try #require(notes.first { $0.hasPrefix("03-24 23:40 device restarted:") })
        let reboot = instant("2026-03-24T23:40+02:00")
        let replan = try #require(result.refreshes.first { $0.at == reboot && $0.reason == "backgroundTask" })
        #expect(cleared.contains(" \(replan.added) alarms cleared"), "\(cleared)")
        #expect(replan.removed == 0)
        // The run_solo channel is off since 03-24: its morning alarm fires and is not shown, as without the restart.
        #expect(result.notShown.map(\.id).sorted() == plain.notShown.map(\.id).sorted())
    }

    @Test func withoutExactAlarmsEachComesInItsWindow() async throws {
        let (result, _) = try await run()
        for delivery in result.deliveries {
            let android = try #require(delivery.android)
            #expect(!android.exact)
            #expect(android.lateBy >= 0 && android.lateBy <= AndroidProfile.inexactWindow)
            // Every announcement is planned for 06:30: it comes in the ten minutes after.
            #expect(delivery.localTime.time >= LocalTime("06:30") && delivery.localTime.time <= LocalTime("06:40"))
        }
        #expect(result.exactAlarmsAtEnd == false)
    }

    /// Android has no provisional notifications: a declined explanation is final, and a
    /// status read back from the settings ends the banner.
    @Test func onAndroidADeclinedExplanationIsFinalAndAGrantEndsTheBanner() {
        let now = instant("2026-03-22T06:05+02:00")
        var controller = ActivityController(platform: "android")
        _ = controller.handle(.onboardingCompleted(luna, version: "1.0.0", offset: 7200), now: now)
        #expect(controller.handle(.explanationAnswered(accepted: false), now: now) == [])
        #expect(!controller.permission.mayAsk)

        var denied = ActivityController(platform: "android")
        _ = denied.handle(.onboardingCompleted(luna, version: "1.0.0", offset: 7200), now: now)
        _ = denied.handle(.explanationAnswered(accepted: true), now: now)
        #expect(denied.handle(.authorizationAnswered(.denied), now: now).contains(.showBanner(.enableNotifications)))
        let later = now.addingTimeInterval(86_400)
        #expect(denied.handle(.appOpened(version: "1.0.0", offset: 7200), now: later).contains(.showBanner(.enableNotifications)))
        _ = denied.handle(.authorizationRead(.authorized), now: later)
        #expect(!denied.handle(.appOpened(version: "1.0.0", offset: 7200), now: later).contains(.showBanner(.enableNotifications)))
    }

    @Test func theScenarioMayNotListTheRecipesChannels() throws {
        let yaml = """
            start: 2026-03-22T06:00
            timeZone: Asia/Jerusalem
            platform: android
            channels: [{ id: alerts }]
            recipe: activity-windows
            """
        #expect {
            try ScenarioParser.parse(yaml, file: "aw.yaml", recipes: RecipeCatalog.all)
        } throws: { error in
            "\(error)".contains("aw.yaml:4")
                && "\(error)".contains("the recipe activity-windows creates its own channels (swim_solo, swim_dog, run_solo, run_dog); leave channels out")
        }
        // On Apple's systems the recipe's platform only labels its events; on Android it must agree.
        let clash = yaml.replacingOccurrences(of: "channels: [{ id: alerts }]\n", with: "").replacingOccurrences(
            of: "recipe: activity-windows", with: "recipe: { name: activity-windows, platform: ios }")
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(clash, recipes: RecipeCatalog.all) }
    }
}
