import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct TimingTests {
    let day = LocalDate("2026-03-24")
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

    func quiet(_ start: Int, _ end: Int) -> NotificationTiming {
        NotificationTiming(quietHours: QuietHours(start: try! LocalTime(hour: start, minute: 0), end: try! LocalTime(hour: end, minute: 0)), zone: zone)
    }

    @Test func quietHoursMoveTheSixThirtySlotToTheirEnd() {
        let night = quiet(22, 7)
        let tomorrow = DayOutlook(date: day.adding(days: 1), windows: [window("2026-03-25T07:00+02:00", [80, 80])])
        // Morning and afternoon windows, the heads-up and the heat warning alike.
        #expect(
            describe(
                night.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [window("2026-03-24T07:00+02:00", [90, 88])]), tomorrow: tomorrow))
                == ["07:00 swim_solo.2026-03-24.0 perfect", "07:00 swim_solo.2026-03-25.0.heads-up tomorrow"])
        #expect(
            describe(night.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [window("2026-03-24T15:00+02:00", [90])]), tomorrow: nil))
                == ["07:00 swim_solo.2026-03-24.0 perfect"])
        var hot = series([0], from: "2026-03-24T12:00+02:00", mode: .runDog)
        hot[0].gate = .heat
        #expect(
            describe(night.notifications(mode: .runDog, day: DayOutlook(date: day, windows: [], hours: hot), tomorrow: nil)) == [
                "07:00 run_dog.2026-03-24.0 heat_warning"
            ])
    }

    @Test func aWindowOverByTheEndOfQuietHoursIsNotAnnounced() {
        // Quiet until 08:00: the 07:00–08:00 window is over; the afternoon one is announced alone.
        let windows = [window("2026-03-24T07:00+02:00", [90]), window("2026-03-24T15:00+02:00", [80])]
        let planned = quiet(22, 8).notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: windows), tomorrow: nil)
        #expect(describe(planned) == ["08:00 swim_solo.2026-03-24.0 good"])
        #expect(planned.first?.kind == .best(windows[1], bundled: nil))
        // A window still on at 08:00 is announced then, with the other bundled.
        let longer = [window("2026-03-24T07:00+02:00", [90, 90]), window("2026-03-24T15:00+02:00", [80])]
        #expect(
            quiet(22, 8).notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: longer), tomorrow: nil).first?.kind
                == .best(longer[0], bundled: longer[1]))
    }

    @Test func timesQuietHoursHoldAreLeftForThePolicyToSuppress() {
        // Quiet hours running on into the next day leave 06:30 where it is.
        let allDay = quiet(6, 2)
        #expect(
            describe(allDay.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: [window("2026-03-24T07:00+02:00", [90])]), tomorrow: nil))
                == ["06:30 swim_solo.2026-03-24.0 perfect"])
        // A 12:00 backup inside quiet hours stays at 12:00.
        let afternoon = [window("2026-03-24T15:00+02:00", [80, 80]), window("2026-03-24T13:00+02:00", [75])]
        #expect(
            describe(quiet(11, 13).notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: afternoon), tomorrow: nil))
                == ["06:30 swim_solo.2026-03-24.0 good", "12:00 swim_solo.2026-03-24.1 backup"])
        // Quiet until 12:00: the announcement is at noon itself, so the second window is bundled into it.
        #expect(
            describe(quiet(22, 12).notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: afternoon), tomorrow: nil)) == [
                "12:00 swim_solo.2026-03-24.0 good"
            ])
    }

    @Test func headsUpForTomorrowWhenKnownAndASlotIsFree() {
        let tomorrowDate = day.adding(days: 1)
        let tomorrow = DayOutlook(date: tomorrowDate, windows: [window("2026-03-25T07:00+02:00", [80, 80])])
        let today = DayOutlook(date: day, windows: [window("2026-03-24T07:00+02:00", [90])])
        #expect(
            describe(timing.notifications(mode: .swimSolo, day: today, tomorrow: tomorrow))
                == ["06:30 swim_solo.2026-03-24.0 perfect", "06:30 swim_solo.2026-03-25.0.heads-up tomorrow"])
        // Not when the forecast does not reach the end of tomorrow.
        var partial = tomorrow
        partial.complete = false
        #expect(describe(timing.notifications(mode: .swimSolo, day: today, tomorrow: partial)) == ["06:30 swim_solo.2026-03-24.0 perfect"])
        // Not when today's best and backup use both of the mode's slots.
        let busy = DayOutlook(date: day, windows: [window("2026-03-24T15:00+02:00", [90]), window("2026-03-24T13:00+02:00", [80])])
        #expect(describe(timing.notifications(mode: .swimSolo, day: busy, tomorrow: tomorrow)).count == 2)
        // A day without windows still gets tomorrow's heads-up.
        #expect(
            describe(timing.notifications(mode: .swimSolo, day: DayOutlook(date: day, windows: []), tomorrow: tomorrow))
                == ["06:30 swim_solo.2026-03-25.0.heads-up tomorrow"])
    }

    @Test func heatWarningForTheDogRunOnly() {
        var hot = series([0, 0], from: "2026-03-24T12:00+02:00", mode: .runDog)
        hot[0].gate = .heat
        let day = DayOutlook(date: day, windows: [], hours: hot)
        #expect(describe(timing.notifications(mode: .runDog, day: day, tomorrow: nil)) == ["06:30 run_dog.2026-03-24.0 heat_warning"])
        #expect(timing.notifications(mode: .runDog, day: day, tomorrow: nil).first?.kind == .heatWarning(firstHotHour: instant("2026-03-24T12:00+02:00")))
        #expect(timing.notifications(mode: .runSolo, day: day, tomorrow: nil).isEmpty)
        #expect(
            Templates(dogName: "Luna", zone: zone).body(timing.notifications(mode: .runDog, day: day, tomorrow: nil)[0])
                == "No good run windows for Luna today. Too warm.")
    }
}
