import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct TimingTests {
    let day = LocalDate(year: 2026, month: 3, day: 24)!
    let timing = NotificationTiming(quietHours: nil, zone: zone)

    func describe(_ planned: [PlannedNotification]) -> [String] {
        planned.map { "\($0.fireTime.time) \($0.id) \($0.context.rawValue)" }
    }

    @Test func morningWindowAt0630() {
        let best = window("2026-03-24T07:00+02:00", [90, 88])
        let planned = timing.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [best]), tomorrow: nil)
        #expect(describe(planned) == ["06:30 swim_solo.2026-03-24.0 perfect"])
    }

    @Test func twoAfternoonWindowsGetABackupAtNoon() {
        let best = window("2026-03-24T15:00+02:00", [80, 80])
        let second = window("2026-03-24T13:00+02:00", [75])
        let planned = timing.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [best, second]), tomorrow: nil)
        #expect(describe(planned) == ["06:30 swim_solo.2026-03-24.0 good", "12:00 swim_solo.2026-03-24.1 backup"])
    }

    @Test func morningAndAfternoonAreBundledAt0630() {
        let best = window("2026-03-24T18:00+02:00", [95, 95])
        let second = window("2026-03-24T07:00+02:00", [90])
        let planned = timing.notifications(mode: .runSolo, day: DayOutlook(date: day, windows: [best, second]), tomorrow: nil)
        #expect(describe(planned) == ["06:30 run_solo.2026-03-24.0 perfect"])
        let text = Templates(dogName: "Luna", zone: zone).body(planned[0])
        #expect(text == "Lace up. 18:00-20:00 is perfect — cool, calm, clean air. Backup plan: 07:00-08:00 if evening doesn't work.")
    }

    @Test func quietHoursMoveMorningAnnouncementsToTheirEnd() {
        let quiet = NotificationTiming(quietHours: QuietHours(start: LocalTime(hour: 22, minute: 0)!, end: LocalTime(hour: 7, minute: 0)!), zone: zone)
        let morning = window("2026-03-24T07:00+02:00", [90, 88])
        #expect(describe(quiet.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [morning]), tomorrow: nil)) == ["07:00 swim_solo.2026-03-24.0 perfect"])
        // An afternoon window keeps 06:30 (and the quiet-hours policy suppresses it).
        let afternoon = window("2026-03-24T15:00+02:00", [90])
        #expect(describe(quiet.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [afternoon]), tomorrow: nil)) == ["06:30 swim_solo.2026-03-24.0 perfect"])
        // Quiet hours that end after the morning window do not announce it late.
        let late = NotificationTiming(quietHours: QuietHours(start: LocalTime(hour: 22, minute: 0)!, end: LocalTime(hour: 8, minute: 0)!), zone: zone)
        #expect(describe(late.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [window("2026-03-24T07:00+02:00", [90])]), tomorrow: nil)) == ["06:30 swim_solo.2026-03-24.0 perfect"])
    }

    @Test func headsUpForTomorrowWhenKnownAndASlotIsFree() {
        let tomorrowDate = day.adding(days: 1)
        let tomorrow = DayOutlook(date: tomorrowDate, windows: [window("2026-03-25T07:00+02:00", [80, 80])])
        let today = DayOutlook(date: day, windows: [window("2026-03-24T07:00+02:00", [90])])
        #expect(describe(timing.notifications(mode: .swimSolo, day: today, tomorrow: tomorrow))
            == ["06:30 swim_solo.2026-03-24.0 perfect", "06:30 swim_solo.2026-03-25.0.heads-up tomorrow"])
        // Not when the forecast does not reach the end of tomorrow.
        var partial = tomorrow
        partial.complete = false
        #expect(describe(timing.notifications(mode: .swimSolo, day: today, tomorrow: partial)) == ["06:30 swim_solo.2026-03-24.0 perfect"])
        // Not when today's best and backup use both of the mode's slots.
        let busy = DayOutlook(date: day, windows: [window("2026-03-24T15:00+02:00", [90]), window("2026-03-24T13:00+02:00", [80])])
        #expect(describe(timing.notifications(mode: .swimSolo, day: busy, tomorrow: tomorrow)).count == 2)
        // A day without windows still gets tomorrow's heads-up.
        #expect(describe(timing.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: []), tomorrow: tomorrow))
            == ["06:30 swim_solo.2026-03-25.0.heads-up tomorrow"])
    }

    @Test func heatWarningForTheDogRunOnly() {
        var hot = series([0, 0], from: "2026-03-24T12:00+02:00", mode: .runDog)
        hot[0].gate = .heat
        let day = DayOutlook(date: day, windows: [], hours: hot)
        #expect(describe(timing.notifications(mode: .runDog, day: day, tomorrow: nil)) == ["06:30 run_dog.2026-03-24.0 heat_warning"])
        #expect(timing.notifications(mode: .runDog, day: day, tomorrow: nil).first?.kind == .heatWarning(firstHotHour: instant("2026-03-24T12:00+02:00")))
        #expect(timing.notifications(mode: .runSolo, day: day, tomorrow: nil).isEmpty)
        #expect(Templates(dogName: "Luna", zone: zone).body(timing.notifications(mode: .runDog, day: day, tomorrow: nil)[0])
            == "No good run windows for Luna today. Too warm.")
    }
}
