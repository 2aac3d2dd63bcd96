import Bugle
import BugleSimulator
import Foundation
import Testing

/// The simulated Android: its alarms, exactness, Doze, channels, permission and periodic
/// work, the scenario events that drive them, the example, and random worlds on it.
@Suite struct SimulatedAndroidTests {
    func parseError(_ yaml: String) -> String? {
        do {
            _ = try ScenarioParser.parse(yaml)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let header = """
        start: 2026-03-02T07:00
        timeZone: America/New_York
        days: 2
        platform: android
        rules:
          - { id: morning, daily: "08:00", title: Morning }

        """

    // MARK: The example

    @Test func androidBasicsExampleShowsChannelsExactnessAndReboots() async throws {
        let scenario = try loadScenario(packageRoot.appendingPathComponent("Examples/android-basics.yaml").path)
        let result = try await ScenarioRunner(scenario: scenario).run()
        let text = TextReport.render(result)
        #expect(text.contains("Android 14 (API 34): 500 alarms, plans up to 450 · channels reminders (high), tips (low)"))
        #expect(text.contains("the plan's 450 notifications may arrive up to 10 min late: exact alarms are not allowed"))
        #expect(text.contains("permission requested: the user allowed"))
        // Window alarms come late, in their 10-minute window, until exact alarms are allowed.
        let mornings = result.deliveries.filter { $0.rule == "morning" }
        let first = try #require(mornings.first)
        #expect(first.android?.exact == false && first.android!.lateBy > 0 && first.android!.lateBy <= 600)
        #expect(text.contains("[#\(first.android!.id) · reminders (high) · window"))
        // Doze held the 08:00 window alarm of 03-04 for its maintenance window at 12:25; the
        // device woke at 08:20 and showed it then.
        #expect(text.contains("Morning check-in until its next maintenance window at 12:25"))
        #expect(mornings.contains { localTime(of: $0).description == "2026-03-04T08:20" && $0.android?.exact == false })
        #expect(text.contains("12:00  · exact alarms allowed (SCHEDULE_EXACT_ALARM granted)"))
        #expect(text.contains("the plan's notifications are exact again"))
        // The reboot clears the alarms; BOOT_COMPLETED plans them again.
        #expect(text.contains("03:00  · device restarted: 450 alarms cleared"))
        #expect(text.contains("03:00  · BOOT_COMPLETED: the app plans again"))
        // In the order it happened: the restart, then the receiver.
        let restarted = try #require(text.range(of: "device restarted: 450 alarms cleared"))
        #expect(text.range(of: "BOOT_COMPLETED: the app plans again").map { $0.lowerBound > restarted.upperBound } == true)
        #expect(result.refreshes.contains { $0.reason == "boot" })
        // After the flight the 08:00 reminder follows the wall clock, exact.
        let chicago = mornings.filter { $0.timeZone == "America/Chicago" }
        #expect(!chicago.isEmpty && chicago.allSatisfy { localTime(of: $0).time.description == "08:00" && $0.android?.exact == true })
        #expect(text.contains("(TIMEZONE_CHANGED)"))
        #expect(result.refreshes.contains { $0.reason == "timeZoneChanged" })
        // The tips channel is off from 03-07: the app hears it and plans no more tips.
        #expect(text.contains("12:00  · channel tips turned off by the user (NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED)"))
        #expect(text.contains("18:30  tip       ✗ Tip of the day: dropped (silenced) channel tips is off"))
        #expect(result.notShown.isEmpty)
        #expect(!result.deliveries.contains { $0.rule == "tip" && $0.at > TimeParsing.instant("2026-03-07T12:00-06:00")! })
        // Doze on the last night: the exact reminder still fires at 08:00.
        #expect(mornings.contains { localTime(of: $0).description == "2026-03-09T08:00" })
        #expect(text.contains("periodic work ran"))
        #expect(result.peakPending <= 500)
        // Never twice.
        #expect(Set(result.deliveries.map(\.id)).count == result.deliveries.count)
        // The JSON document carries the same.
        let json = JSONReport.object(result)
        #expect((json["dropped"] as? [[String: Any]])?.last?["reason"] as? String == "silenced")
        #expect(((json["deliveries"] as? [[String: Any]])?.first?["android"] as? [String: Any])?["channel"] as? String == "reminders")
    }

    // MARK: Scenario errors

    @Test func badAndroidInputSaysWhatAndWhere() {
        let base = Self.header
        #expect(parseError(base + "periodicWork: { every: 10m }\n")?.contains("10m is shorter than WorkManager's minimum interval of 15 minutes") == true)
        #expect(parseError(base + "androidVersion: 25\n")?.contains("androidVersion: expected a whole number from 26 to 36") == true)
        #expect(parseError(base + "androidVersion: 30\nexactAlarms: denied\n")?.contains("Android 11 (API 30) has no exact-alarm permission") == true)
        #expect(
            parseError(base + "androidVersion: 32\nevents:\n  - { at: 2026-03-02T07:30, permission: request }\n")?.contains(
                "has no notification permission to request") == true)
        #expect(parseError(base + "events:\n  - { at: 2026-03-02T07:30, channel: { id: news, enabled: false } }\n")?.contains("no channel \"news\"") == true)
        #expect(parseError(base + "events:\n  - { at: 2026-03-02T07:30, channel: { id: default } }\n")?.contains("expected enabled") == true)
        #expect(parseError(base + "events:\n  - { at: 2026-03-02T07:30, doze: maybe }\n")?.contains("expected on or off") == true)
        #expect(parseError(base + "events:\n  - { at: 2026-03-02T07:30, authorization: denied }\n")?.contains("on Android write permission") == true)
        #expect(parseError(base + "channels: [{ id: a }, { id: b }]\n")?.contains("only one channel is the default") == true)
        #expect(parseError(base + "channels: [{ id: a, importance: loud }]\n")?.contains("unknown importance \"loud\"") == true)
        let ios = base.replacingOccurrences(of: "platform: android", with: "platform: ios")
        #expect(
            parseError(ios + "events:\n  - { at: 2026-03-02T07:30, reboot: {} }\n")?.contains("reboot is an Android event; it needs platform: android") == true)
        #expect(parseError(ios + "androidVersion: 34\n")?.contains("only a platform: android scenario takes androidVersion") == true)
    }

    @Test func androidBudgetKeepsFiftyFree() {
        #expect(Platform.android.pendingLimit == 500)
        #expect(Budget(platform: .android).capacity() == 450)
        #expect(Budget(platform: .ios).capacity() == 60)
        #expect(Budget(platform: .android, safetyMargin: 0).capacity() == 500)
    }

    // MARK: The center

    func makePhone(_ profile: AndroidProfile = AndroidProfile(), rules: [any Rule]? = nil, periodicWork: TimeInterval? = nil) async throws -> SimulatedPhone {
        // Two a day: a year's lookahead fills the 450 alarms a plan may hold.
        let morning = ScheduledRule(id: "morning", schedule: .daily("08:00"), content: NotificationContent(title: "Morning", body: ""))
        let evening = ScheduledRule(id: "evening", schedule: .daily("20:00"), content: NotificationContent(title: "Evening", body: ""))
        return try await SimulatedPhone(
            at: "2026-03-02T07:00", in: "America/New_York", rules: rules ?? [morning, evening], authorization: .authorized, android: profile,
            periodicWork: periodicWork)
    }

    @Test func theFiveHundredAndFirstAlarmIsRefused() async throws {
        let phone = try await makePhone(AndroidProfile(exactAlarms: true))
        try await phone.open()
        #expect(await phone.center.pendingCount == 450)
        for index in 0..<60 {
            let request = NotificationRequest(
                id: "other.\(index)", fireTime: .zoned(ZonedInstant(date: Date(timeIntervalSince1970: 1_900_000_000), timeZone: .gmt)),
                content: NotificationContent(title: "Other", body: ""))
            try? await phone.center.addForeign(request)
        }
        #expect(await phone.center.pendingCount == 500)
        #expect(await phone.center.calls.failedAdds == 10)
        #expect(await phone.center.systemEvents.last?.text.hasPrefix("alarm refused: 500 alarms already set (IllegalStateException)") == true)
    }

    @Test func exactAlarmsAreDeniedByDefaultFromAndroid14AndWindowAlarmsComeLate() async throws {
        #expect(AndroidProfile(version: 34).exactAlarmsByDefault == false)
        #expect(AndroidProfile(version: 33).exactAlarmsByDefault == true)
        let phone = try await makePhone()
        try await phone.open()
        let plan = try #require(await phone.lastPlan)
        #expect(plan.report.mayArriveLate.count == plan.entries.count)
        #expect(plan.report.mayArriveLate.first?.latitude.description == "may arrive up to 10 min late: exact alarms are not allowed")
        try await phone.advance(to: "2026-03-02T08:10")
        let shown = try #require(await phone.delivered.first)
        #expect(shown.date > TimeParsing.instant("2026-03-02T08:00-05:00")!)
        #expect(shown.date <= TimeParsing.instant("2026-03-02T08:10-05:00")!)
        // Allowed: the app's alarms become exact; the plan says nothing comes late.
        try await phone.setExactAlarms(allowed: true)
        #expect(await phone.lastPlan?.report.mayArriveLate.isEmpty == true)
        try await phone.advance(to: "2026-03-03T09:00")
        #expect(await phone.delivered.last?.localTime.description == "2026-03-03T08:00")
        // Denied again: Android stops the app and cancels its exact alarms, until it runs again.
        try await phone.setExactAlarms(allowed: false)
        #expect(await phone.center.pendingCount == 0)
        try await phone.open()
        #expect(await phone.center.pendingCount == 450)
    }

    @Test func aRebootClearsTheAlarmsUntilBootCompleted() async throws {
        let phone = try await makePhone(AndroidProfile(exactAlarms: true))
        try await phone.reboot()
        // Never opened: no receiver runs, nothing is planned.
        #expect(await phone.center.pendingCount == 0)
        #expect(await phone.lastPlan == nil)
        try await phone.open()
        try await phone.reboot()
        #expect(await phone.center.pendingCount == 450)
        #expect(await phone.report.refreshes.last?.reason == "boot")
    }

    @Test func alarmsKeepTheirInstantUntilTheAppHearsTheZoneChange() async throws {
        let phone = try await makePhone(AndroidProfile(exactAlarms: true))
        try await phone.open()
        let center = phone.center
        // The center alone: the alarm stays at 08:00 New York, 07:00 in Chicago.
        await center.changeTimeZone(to: TimeZone(identifier: "America/Chicago")!)
        #expect(await center.scheduled.first?.fireDate == TimeParsing.instant("2026-03-02T08:00-05:00"))
        let stale = try await center.pendingRequests().first
        #expect(stale.map { if case .zoned = $0.fireTime { true } else { false } } == true)
        // Through the phone, TIMEZONE_CHANGED replans: 08:00 in Chicago.
        try await phone.fly(to: "America/Chicago")
        #expect(await center.scheduled.first?.fireDate == TimeParsing.instant("2026-03-02T08:00-06:00"))
    }

    @Test func channelsTheUserTurnsOffShowNothingAndADeletedChannelKeepsItsSettings() async throws {
        // Android 8.1 (API 27): the app is not told when the user blocks a channel.
        let profile = AndroidProfile(version: 27, channels: [SimulatedChannel(id: "reminders", importance: .high)], exactAlarms: true)
        let morning = ScheduledRule(id: "morning", schedule: .daily("08:00"), content: NotificationContent(title: "Morning", body: ""))
        let phone = try await makePhone(profile, rules: [morning])
        try await phone.open()
        try await phone.changeChannel("reminders", enabled: false)
        try await phone.advance(to: "2026-03-02T09:00")
        #expect(await phone.delivered.isEmpty)
        #expect(await phone.center.notShown.map(\.reason) == ["channel reminders is off"])
        try await phone.changeChannel("reminders", enabled: true)
        #expect(await phone.center.channelImportance("reminders") == .high)
        try await phone.changeChannel("reminders", importance: .low)
        // Deleted, then created again when the app's process next starts: its old settings.
        await phone.center.deleteChannel("reminders")
        try await phone.advance(to: "2026-03-03T09:00")
        #expect(await phone.center.notShown.last?.reason == "channel reminders was deleted")
        try await phone.relaunch()
        try await phone.open()
        #expect(await phone.center.channelImportance("reminders") == .low)
        try await phone.advance(to: "2026-03-04T09:00")
        #expect(await phone.delivered.count == 1)
    }

    @Test func afterTwoDenialsThePermissionDialogNoLongerAppears() async throws {
        let morning = ScheduledRule(id: "morning", schedule: .daily("08:00"), content: NotificationContent(title: "Morning", body: ""))
        let phone = try await SimulatedPhone(at: "2026-03-02T07:00", in: "America/New_York", rules: [morning], android: AndroidProfile())
        #expect(await phone.center.authorization == .notDetermined)
        try await phone.open()
        try await phone.requestPermission(allow: false)
        try await phone.requestPermission(allow: false)
        try await phone.requestPermission(allow: true)
        #expect(await phone.center.authorization == .denied)
        #expect(await phone.center.permissionDenials == 2)
        let lines = await phone.report.appEvents.map(\.text)
        #expect(lines.contains("permission requested: no dialog (denied twice before); the app must open its notification settings"))
        // Before Android 13 there is no runtime permission: allowed from install.
        let older = try await SimulatedPhone(
            at: "2026-03-02T07:00", in: "America/New_York", rules: [morning], android: AndroidProfile(version: 32))
        #expect(await older.center.authorization == .authorized)
    }

    @Test func aChannelTurnedOffTakesNoSlotAndComesBackWhenTurnedOn() async throws {
        // Android 14: the app hears NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED and plans again.
        let profile = AndroidProfile(
            channels: [SimulatedChannel(id: "reminders", rules: ["morning"]), SimulatedChannel(id: "tips", importance: .low)], exactAlarms: true)
        let morning = ScheduledRule(id: "morning", schedule: .daily("08:00"), content: NotificationContent(title: "Morning", body: ""))
        let tip = ScheduledRule(id: "tip", schedule: .daily("12:00"), content: NotificationContent(title: "Tip", body: ""))
        let phone = try await makePhone(profile, rules: [morning, tip])
        try await phone.open()
        let before = await phone.pending
        #expect(before.count == 450 && before.filter { $0.title == "Morning" }.count == 225)
        try await phone.changeChannel("tips", enabled: false)
        // The tips' alarms are gone: their slots go to the mornings the user will see.
        let pending = await phone.pending
        #expect(pending.count > 225 && pending.allSatisfy { $0.title == "Morning" })
        #expect(await phone.lastPlan?.report.silencedRules == ["tip": "channel tips is off"])
        #expect(await phone.lastPlan?.report.dropped(.silenced).map(\.candidate.ruleID) == ["tip"])
        try await phone.advance(to: "2026-03-03T13:00")
        #expect(await phone.delivered.map(\.title) == ["Morning", "Morning"])
        #expect(await phone.center.notShown.isEmpty)
        let lines = await phone.report.appEvents.map(\.text)
        #expect(lines.contains("channel tips turned off by the user (NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED)"))
        // Back on: the tips are planned again, at the channel's old importance.
        try await phone.changeChannel("tips", enabled: true)
        try await phone.advance(to: "2026-03-04T13:00")
        #expect(await phone.delivered.suffix(2).map(\.title) == ["Morning", "Tip"])
        #expect(await phone.center.deliveries.last?.android?.importance == .low)
    }

    @Test func dozeHoldsWindowAlarmsUntilAMaintenanceWindowAndARefreshKeepsThem() async throws {
        // AOSP's deep Doze: idle 1 h, a 5-min window, idle 2 h, a 10-min window, idle 4 h, …
        let start = TimeParsing.instant("2026-03-02T07:30-05:00")!
        let windows = [start, start.addingTimeInterval(3_000), start.addingTimeInterval(20_000)].map {
            AndroidProfile.dozeMaintenanceWindow(dozingSince: start, atOrAfter: $0)
        }
        let minutes = windows.map { $0.lowerBound.timeIntervalSince(start) / 60 }
        #expect(minutes == [60, 60, 60 + 5 + 120 + 10 + 240])
        #expect(windows.map { $0.upperBound.timeIntervalSince($0.lowerBound) } == [300, 300, 600])
        // A week later the cycle is 6 h idle and 10 min open.
        let later = AndroidProfile.dozeMaintenanceWindow(dozingSince: start, atOrAfter: start.addingTimeInterval(7 * 86_400))
        #expect(later.upperBound.timeIntervalSince(later.lowerBound) == 600)
        #expect(later.lowerBound > start.addingTimeInterval(7 * 86_400 - 600) && later.lowerBound <= start.addingTimeInterval(7 * 86_400 + 6 * 3_600))

        // Android 14, exact alarms denied: window alarms. Doze from 07:30: windows at 08:30 and 10:35.
        let rules: [any Rule] = [
            ScheduledRule(id: "early", schedule: .daily("08:00"), content: NotificationContent(title: "Early", body: "")),
            ScheduledRule(id: "nine", schedule: .daily("09:00"), content: NotificationContent(title: "Nine", body: "")),
        ]
        let phone = try await makePhone(AndroidProfile(), rules: rules)
        try await phone.open()
        try await phone.advance(to: "2026-03-02T07:30")
        try await phone.doze(true)
        // A refresh in Doze, 20 minutes after 08:00: the held alarm is on its way, not removed.
        try await phone.advance(to: "2026-03-02T08:20")
        try await phone.set("news", to: .string("arrived"))
        #expect(await phone.lastPlan?.report.mayArriveLate.first?.latitude.upTo == 6 * 3_600 + 600)
        try await phone.advance(to: "2026-03-02T11:00")
        let shown = await phone.delivered.map { "\($0.localTime.time) \($0.title)" }
        #expect(shown == ["08:30 Early", "10:35 Nine"])
        let notes = await phone.center.systemEvents.map(\.text)
        #expect(notes.contains { $0.hasPrefix("Doze holds the window alarm of #") && $0.hasSuffix("Early until its next maintenance window at 08:30") })
    }

    @Test func dozeLimitsAllowWhileIdleAlarms() async throws {
        #expect(AndroidProfile(version: 34).dozeQuota == 72 && AndroidProfile(version: 34).dozeQuotaWindow == 3600)
        #expect(AndroidProfile(version: 30).dozeQuota == 1 && AndroidProfile(version: 30).dozeQuotaWindow == 540)
        // Three reminders a minute apart on Android 11, in Doze: one per 9 minutes.
        let rules: [any Rule] = (0..<3).map { index in
            ScheduledRule(id: "r\(index)", schedule: .daily(try! LocalTime(hour: 8, minute: index)), content: NotificationContent(title: "R\(index)", body: ""))
        }
        let phone = try await makePhone(AndroidProfile(version: 30), rules: rules)
        try await phone.open()
        // From 07:30 the first maintenance window opens at 08:30, after the three.
        try await phone.advance(to: "2026-03-02T07:30")
        try await phone.doze(true)
        try await phone.advance(to: "2026-03-02T08:30")
        let times = await phone.delivered.map(\.localTime.time.description)
        #expect(times == ["08:00", "08:09", "08:18"])
    }

    @Test func periodicWorkRunsLateButOncePerInterval() async throws {
        await #expect(throws: ScenarioError.self) { _ = try await makePhone(periodicWork: 600) }
        let phone = try await makePhone(AndroidProfile(exactAlarms: true), periodicWork: 3600)
        try await phone.open()
        try await phone.advance(to: "2026-03-02T12:00")
        let runs = await phone.report.refreshes.filter { $0.reason == "backgroundTask" }
        #expect((3...5).contains(runs.count))
    }
}
