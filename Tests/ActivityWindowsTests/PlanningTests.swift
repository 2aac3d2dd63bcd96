import ActivityWindows
import Bugle
import Foundation
import Testing

/// The rules and policies together, through the core's planner.
@Suite struct PlanningTests {
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = jerusalem
        return calendar
    }

    let planner = Planner(rules: ActivityWindowsPlan.rules, policies: ActivityWindowsPlan.policies)

    /// A two-day forecast with a calm sea and mild air all day, fetched at `fetched`.
    func calmForecast(fetched: String) -> Forecast {
        let start = instant("2026-06-01T00:00+03:00")
        let hours = (0..<48).map { index in
            Forecast.Hour(
                time: start.addingTimeInterval(TimeInterval(index * 3600)), sea: .init(waveHeightM: 0.3, waterTempC: 24),
                air: .init(tempC: 14, feelsLikeC: 14, uvIndex: 1, windKph: 8, aqi: 30))
        }
        return Forecast(
            location: .init(id: "tel-aviv", name: "Tel Aviv", latitude: 32.08, longitude: 34.77, timezone: "Asia/Jerusalem"),
            fetchedAt: instant(fetched), hourly: hours)
    }

    func plan(_ state: ActivityState, at now: String, history: DeliveryHistory = DeliveryHistory(), pending: Set<String> = []) -> Plan {
        planner.plan(PlanInput(now: instant(now), calendar: calendar, state: state.appState, history: history, pendingRequestIDs: pending))
    }

    @Test func everyEnabledModeIsPlannedWithTheSeedsContent() throws {
        // Air at 14 °C is ideal for runs (100 every hour) and chilly for swims, which still
        // score 89 with a calm, warm sea.
        let state = ActivityState(profile: luna, forecast: calmForecast(fetched: "2026-06-01T05:00+03:00"))
        let result = plan(state, at: "2026-06-01T05:30+03:00")
        // Runs: 07:00–21:00 all 100, one good stretch: its first three hours, no backup.
        let run = try #require(result.entries.first { $0.candidate.id == "run_solo.2026-06-01.0" })
        #expect(run.candidate.fireTime == .wallClock(local("2026-06-01T06:30")))
        #expect(run.request.content.body == "Lace up. 07:00-10:00 is perfect — cool, calm, clean air.")
        #expect(run.request.content.title == "Run window")
        #expect(run.request.content.badge == 0)
        #expect(run.request.content.sound == .default)
        #expect(run.request.content.categoryID == "activity_window")
        #expect(run.request.content.deepLink == "gonow://today?hour=2026-06-01T07:00&mode=run_solo")
        #expect(run.request.content.userInfo["window_start"] == "2026-06-01T07:00:00+03:00")
        #expect(run.request.content.userInfo["avg_score"] == .double(100))
        #expect(run.request.id == "bugle.run_solo.2026-06-01.0")
        // The forecast ends with 06-02: no heads-up for 06-03, and 06-02's own are planned.
        #expect(
            Set(result.entries.map(\.candidate.id)) == [
                "swim_solo.2026-06-01.0", "swim_dog.2026-06-01.0", "run_solo.2026-06-01.0", "run_dog.2026-06-01.0",
                "swim_solo.2026-06-02.0.heads-up", "swim_dog.2026-06-02.0.heads-up", "run_solo.2026-06-02.0.heads-up", "run_dog.2026-06-02.0.heads-up",
                "swim_solo.2026-06-02.0", "swim_dog.2026-06-02.0", "run_solo.2026-06-02.0", "run_dog.2026-06-02.0",
            ])
    }

    @Test func aBackupIsAnotherGoodStretchNeverTheRestOfTheBestOne() throws {
        // All day good: the 06:30 notifications name one window and no backup beside it.
        let allDay = plan(ActivityState(profile: luna, forecast: calmForecast(fetched: "2026-06-01T05:00+03:00")), at: "2026-06-01T05:30+03:00")
        let bodies = allDay.entries.filter { $0.candidate.id.hasPrefix("run_solo.2026-06-01") || $0.candidate.id.hasPrefix("swim_solo.2026-06-01") }
            .map { "\($0.candidate.id): \($0.request.content.body)" }
        #expect(
            bodies.sorted() == [
                "run_solo.2026-06-01.0: Lace up. 07:00-10:00 is perfect — cool, calm, clean air.",
                "swim_solo.2026-06-01.0: The sea is calling. 07:00-10:00 looks perfect.",
            ])
        // Hot from 10:00 to 17:00 (feels like 30 °C: runs score 60, fair): two good stretches,
        // so the evening one is the backup, bundled into 06:30.
        var forecast = calmForecast(fetched: "2026-06-01T05:00+03:00")
        for index in forecast.hourly.indices where (10..<17).contains(zone.localDateTime(at: forecast.hourly[index].time).time.hour) {
            forecast.hourly[index].air.feelsLikeC = 30
        }
        let split = plan(ActivityState(profile: luna, forecast: forecast), at: "2026-06-01T05:30+03:00")
        let run = try #require(split.entries.first { $0.candidate.id == "run_solo.2026-06-01.0" })
        #expect(run.request.content.body == "Lace up. 07:00-10:00 is perfect — cool, calm, clean air. Backup plan: 17:00-20:00 if morning doesn't work.")
    }

    @Test func disablingAModeOrTheMasterSwitchPlansNothingForIt() {
        var profile = luna
        profile.notificationPreferences.modeToggles[.runSolo] = false
        let state = ActivityState(profile: profile, forecast: calmForecast(fetched: "2026-06-01T05:00+03:00"))
        let result = plan(state, at: "2026-06-01T05:30+03:00")
        #expect(!result.entries.contains { $0.candidate.ruleID == "run_solo" })
        #expect(result.report.inactiveRules.keys.sorted() == ["run_solo"])
        profile.notificationPreferences.enabled = false
        #expect(plan(ActivityState(profile: profile, forecast: state.forecast), at: "2026-06-01T05:30+03:00").entries.isEmpty)
    }

    /// The calm forecast with waves of 2 m, over the swim gate, before noon and, when
    /// `choppyAt` is given, 1.2 m (a fair hour) at that hour.
    func afternoonSeaForecast(choppyAt: Int? = nil) -> Forecast {
        var forecast = calmForecast(fetched: "2026-06-01T05:00+03:00")
        for index in forecast.hourly.indices {
            let hour = zone.localDateTime(at: forecast.hourly[index].time).time.hour
            if hour < 12 { forecast.hourly[index].sea.waveHeightM = 2 }
            if hour == choppyAt { forecast.hourly[index].sea.waveHeightM = 1.2 }
        }
        return forecast
    }

    /// `06-01T07:00 id: body`, sorted.
    func described(_ entries: [PlanEntry]) -> [String] {
        entries.map { "\(zone.localDateTime(at: $0.candidate.fireDate).description.dropFirst(5)) \($0.candidate.id): \($0.request.content.body)" }.sorted()
    }

    @Test func quietHoursMoveEverySixThirtyNotificationToTheirEnd() {
        // The sea is good from noon only. Quiet hours 22:00–07:00 hold 06:30: the afternoon
        // window's announcement and the heads-ups fire at 07:00 with the morning ones, as the
        // seed moves the 06:30 notification; none is dropped.
        var profile = luna
        profile.notificationPreferences.quietHours = .init(enabled: true, start: "22:00", end: "07:00")
        let result = plan(ActivityState(profile: profile, forecast: afternoonSeaForecast()), at: "2026-06-01T05:30+03:00")
        #expect(
            described(result.entries.filter { $0.candidate.ruleID == "swim_solo" }) == [
                "06-01T07:00 swim_solo.2026-06-01.0: The sea is calling. 12:00-15:00 looks perfect.",
                "06-01T07:00 swim_solo.2026-06-02.0.heads-up: Tomorrow afternoon looks good for a swim. 12:00-15:00.",
                "06-02T07:00 swim_solo.2026-06-02.0: The sea is calling. 12:00-15:00 looks perfect.",
            ])
        #expect(
            described(result.entries.filter { $0.candidate.ruleID == "run_dog" }) == [
                "06-01T07:00 run_dog.2026-06-01.0: Morning run with Luna? 07:00-10:00 before the heat kicks in.",
                "06-01T07:00 run_dog.2026-06-02.0.heads-up: Luna would approve of tomorrow morning. 07:00-10:00.",
                "06-02T07:00 run_dog.2026-06-02.0: Morning run with Luna? 07:00-10:00 before the heat kicks in.",
            ])
        #expect(result.entries.count == 12)
        #expect(result.report.dropped(.quietHours).isEmpty)
        #expect(result.entries.allSatisfy { $0.candidate.adjustments.isEmpty })
    }

    @Test func quietHoursStillSuppressTheTimesTheyHold() throws {
        // A fair hour at 15:00 splits the afternoon into two windows, 12–15 and 16–18: the
        // second gets its backup at 12:00, inside quiet hours 11:00–13:00. It is not sent
        // and not deferred; the 06:30 announcement, outside them, is.
        var profile = luna
        profile.notificationPreferences.quietHours = .init(enabled: true, start: "11:00", end: "13:00")
        let result = plan(ActivityState(profile: profile, forecast: afternoonSeaForecast(choppyAt: 15)), at: "2026-06-01T05:30+03:00")
        #expect(
            described(result.entries.filter { $0.candidate.id.hasPrefix("swim_solo.2026-06-01") }) == [
                "06-01T06:30 swim_solo.2026-06-01.0: The sea is calling. 12:00-15:00 looks perfect."
            ])
        let backup = try #require(result.report.dropped(.quietHours).first { $0.candidate.id == "swim_solo.2026-06-01.1" })
        #expect(backup.candidate.content.body == "Backup plan: 16:00-18:00 if afternoon doesn't work.")
        #expect(backup.detail == "12:00 is inside quiet hours 11:00–13:00")
    }

    @Test func staleForecastHoldsThenCancelsWhilePaused() {
        let state = ActivityState(profile: luna, forecast: calmForecast(fetched: "2026-06-01T01:00+03:00"))
        // 4 hours old: nothing new, but what is pending stays.
        let held = plan(state, at: "2026-06-01T05:00+03:00", pending: ["bugle.swim_solo.2026-06-01.0"])
        #expect(held.entries.map(\.candidate.id) == ["swim_solo.2026-06-01.0"])
        #expect(held.report.dropped(.stale).first?.detail == "data is 4 h old (nothing new after 3 h)")
        // 7 hours old, planned in the background: still only held.
        let night = plan(state, at: "2026-06-01T08:00+03:00", pending: ["bugle.swim_solo.2026-06-02.0"])
        #expect(night.entries.map(\.candidate.id) == ["swim_solo.2026-06-02.0"])
        // Paused (the app found it stale in the foreground): nothing at all.
        var paused = state
        paused.notificationsPaused = true
        let cancelled = plan(paused, at: "2026-06-01T08:00+03:00", pending: ["bugle.swim_solo.2026-06-02.0"])
        #expect(cancelled.entries.isEmpty)
        #expect(cancelled.report.dropped(.stale).first?.detail == "data is 7 h old (cancel after 6 h)")
    }

    @Test func capsPerModeAndPerDay() {
        func delivered(_ id: String, group: String, at time: String) -> DeliveredNotification {
            DeliveredNotification(id: "bugle." + id, date: instant(time), content: NotificationContent(title: "", body: ""), ruleID: group, group: group)
        }
        let state = ActivityState(profile: luna, forecast: calmForecast(fetched: "2026-06-01T05:00+03:00"))
        // Two swim_solo notifications already delivered on 06-02: none more for that mode that day.
        let twoSwims = DeliveryHistory([
            delivered("x", group: "swim_solo", at: "2026-06-02T00:10+03:00"), delivered("y", group: "swim_solo", at: "2026-06-02T00:20+03:00"),
        ])
        let perMode = plan(state, at: "2026-06-01T05:30+03:00", history: twoSwims)
        #expect(perMode.report.dropped(.cap).map(\.candidate.id) == ["swim_solo.2026-06-02.0"])
        #expect(
            perMode.report.dropped(.cap).first?.detail == "group swim_solo already has 2 on 2026-06-02 (cap 2 per day); the slots went to the day's deliveries")
        // Four modes on: up to 8 a day. Six already delivered on 06-02 leave room for two.
        let six = DeliveryHistory((0..<6).map { delivered("d\($0)", group: "other", at: "2026-06-02T00:0\($0)+03:00") })
        let eight = plan(state, at: "2026-06-01T05:30+03:00", history: six)
        #expect(eight.entries.filter { zone.localDate(at: $0.candidate.fireDate).day == 2 }.count == 2)
        // Two modes on: 4 a day.
        var two = luna
        two.notificationPreferences.modeToggles = .init(swimSolo: true, swimDog: false, runSolo: true, runDog: false)
        let four = plan(
            ActivityState(profile: two, forecast: state.forecast), at: "2026-06-01T05:30+03:00", history: DeliveryHistory(Array(six.deliveries.prefix(3))))
        #expect(four.entries.filter { zone.localDate(at: $0.candidate.fireDate).day == 2 }.count == 1)
        #expect(luna.notificationPreferences.dailyCap == 8)
        #expect(two.notificationPreferences.dailyCap == 4)
        #expect(NotificationPreferences.dailyCap(enabledModes: 1) == 4)
        #expect(NotificationPreferences.dailyCap(enabledModes: 3) == 6)
        #expect(NotificationPreferences.dailyCap(enabledModes: 4) == 8)
    }

    @Test(arguments: ["07:00", "07:05"])
    func aWindowAnnouncedOnceIsNotAnnouncedAgainWhenQuietHoursMove(end: String) {
        // The 06:30 announcement of the 07:00 run window fired; the user then moves the end of
        // quiet hours to 07:00 (the announcement moves by exactly the re-notify window) or
        // 07:05 (past it). The window is the occurrence the user saw: never announced again.
        var profile = luna
        profile.notificationPreferences.quietHours = .init(enabled: true, start: "22:00", end: end)
        let state = ActivityState(profile: profile, forecast: calmForecast(fetched: "2026-06-01T05:00+03:00"))
        let fired = DeliveredNotification(
            id: "bugle.run_solo.2026-06-01.0", date: instant("2026-06-01T06:30+03:00"), content: NotificationContent(title: "", body: ""),
            ruleID: "run_solo", group: "run_solo", dedupeKey: "run_solo@2026-06-01T07:00", occurrence: "run_solo@2026-06-01T07:00")
        let result = plan(state, at: "2026-06-01T06:40+03:00", history: DeliveryHistory([fired]))
        #expect(!result.entries.contains { $0.candidate.occurrence == "run_solo@2026-06-01T07:00" })
        #expect(result.report.dropped(.delivered).map(\.candidate.occurrence) == ["run_solo@2026-06-01T07:00"])
        // Another mode's window of the same hour is another occurrence: announced.
        #expect(result.entries.contains { $0.candidate.occurrence == "run_dog@2026-06-01T07:00" })
    }

    @Test func noNotificationForAWindowWithinThirtyMinutesOfOneFired() {
        // The 06:30 announcement of the 07:00 run window fired; quiet hours then turned on
        // (22:00–06:45) would announce the same window again at 06:45.
        var profile = luna
        profile.notificationPreferences.quietHours = .init(enabled: true, start: "22:00", end: "06:45")
        let state = ActivityState(profile: profile, forecast: calmForecast(fetched: "2026-06-01T05:00+03:00"))
        let fired = DeliveredNotification(
            id: "bugle.run_solo.2026-06-01.0", date: instant("2026-06-01T06:30+03:00"), content: NotificationContent(title: "", body: ""),
            ruleID: "run_solo", group: "run_solo", dedupeKey: "run_solo@2026-06-01T07:00")
        let result = plan(state, at: "2026-06-01T06:40+03:00", history: DeliveryHistory([fired]))
        // The window's announcement was delivered: never planned again.
        let drop = result.report.dropped(.delivered).first { $0.candidate.id == "run_solo.2026-06-01.0" }
        #expect(drop?.detail == "run_solo@2026-06-01T07:00 was delivered at 2026-06-01T06:30:00+03:00")
        // The other modes' windows were never notified: announced at 06:45.
        #expect(result.entries.contains { $0.candidate.id == "run_dog.2026-06-01.0" && $0.candidate.fireTime == .wallClock(local("2026-06-01T06:45")) })
    }

    @Test func aHotDayWarnsTheDogRunAndLinksToTheFirstHotHour() throws {
        var forecast = calmForecast(fetched: "2026-06-01T05:00+03:00")
        for index in forecast.hourly.indices {
            forecast.hourly[index].air.feelsLikeC = zone.localDateTime(at: forecast.hourly[index].time).time.hour >= 9 ? 27 : 20
        }
        let result = plan(ActivityState(profile: luna, forecast: forecast), at: "2026-06-01T05:30+03:00")
        // Balanced run with the dog: heat gate 24 °C, closed from 09:00; 07:00–09:00 at 20 °C
        // scores 45 × (25 − 20) / 9 + 55 = 80: a window, so no warning.
        #expect(!result.entries.contains { $0.request.content.userInfo["context"] == "heat_warning" })
        for index in forecast.hourly.indices { forecast.hourly[index].air.feelsLikeC = 27 }
        let hot = plan(ActivityState(profile: luna, forecast: forecast), at: "2026-06-01T05:30+03:00")
        let warning = try #require(hot.entries.first { $0.candidate.id == "run_dog.2026-06-01.0" })
        #expect(warning.request.content.body == "No good run windows for Luna today. Too warm.")
        #expect(warning.request.content.deepLink == "gonow://today?hour=2026-06-01T07:00&mode=run_dog")
        #expect(warning.request.content.userInfo["window_start"] == nil)
    }

    @Test func nothingWithoutAForecastOrAProfile() {
        #expect(plan(ActivityState(profile: luna), at: "2026-06-01T05:30+03:00").entries.isEmpty)
        #expect(plan(ActivityState(forecast: calmForecast(fetched: "2026-06-01T05:00+03:00")), at: "2026-06-01T05:30+03:00").entries.isEmpty)
    }
}
