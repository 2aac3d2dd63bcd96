import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct WindowFinderTests {
    let finder = WindowFinder()

    func spans(_ windows: [ActivityWindow]) -> [String] {
        windows.map { "\(clock($0.start))-\(clock($0.end))" }
    }

    @Test func longestGoodBlockThenWhatIsLeftRankedByAverage() {
        // 07:80 08:90 09:60 10:75 11:40 12:95. 40 is below the floor and splits the day.
        // First stretch: three hours 07–10 average 76.7 (≥ 70); 10:00 (75) is good and
        // right after it, the rest of the same good stretch. Second stretch: 12:00 alone
        // (95). Ranked: 95, 76.7.
        let windows = finder.windows(in: series([80, 90, 60, 75, 40, 95]))
        #expect(spans(windows) == ["12:00-13:00", "07:00-10:00"])
        #expect(windows.map(\.average) == [95, 230.0 / 3])
        #expect(spans(WindowFinder(perDay: 3).windows(in: series([80, 90, 60, 75, 40, 95]))) == ["12:00-13:00", "07:00-10:00"])
    }

    @Test func theSecondWindowIsAnotherGoodStretchNeverTheRestOfTheFirst() {
        // Eight good hours in a row are one good stretch: its best three hours, and no
        // "backup" in the hours right after them.
        #expect(spans(finder.windows(in: series([90, 90, 90, 90, 90, 90, 90, 90]))) == ["07:00-10:00"])
        // The best block in the middle of a good stretch: the good hours on both sides are its own.
        #expect(spans(finder.windows(in: series([75, 80, 95, 95, 95, 80, 75]))) == ["09:00-12:00"])
        // An hour that is not good (60: fair, still above the floor) ends the good stretch:
        // what comes after it is another one.
        #expect(spans(finder.windows(in: series([90, 90, 90, 60, 85, 85, 85]))) == ["07:00-10:00", "11:00-14:00"])
        // A block may hold a fair hour; the good hours next to the block still belong to it.
        // 07:80 08:95 09:60 10:95 11:80 12:55 13:88: the best three hours are 08–11 (83.3);
        // 07:00 and 11:00 are its stretch, 12:00 ends it, 13:00 is another.
        #expect(spans(finder.windows(in: series([80, 95, 60, 95, 80, 55, 88]))) == ["13:00-14:00", "08:00-11:00"])
    }

    @Test func tiesGoToTheEarliest() {
        let windows = finder.windows(in: series([85, 40, 85]))
        #expect(spans(windows) == ["07:00-08:00", "09:00-10:00"])
    }

    @Test func averageBelowSeventyShrinksTheBlock() {
        // 69 and 70 average 69.5: not good enough together; 70 alone is.
        #expect(spans(finder.windows(in: series([69, 70]))) == ["08:00-09:00"])
        #expect(finder.windows(in: series([69, 65, 60])).isEmpty)
    }

    @Test func windowsAreAtMostThreeHoursAndEqualBlocksGoEarliest() {
        #expect(spans(finder.windows(in: series([90, 90, 90, 90, 90]))) == ["07:00-10:00"])
        #expect(spans(finder.windows(in: series([90, 90, 90, 40, 90, 90, 90]))) == ["07:00-10:00", "11:00-14:00"])
    }

    @Test func aGatedHourOrAMissingHourBreaksAWindow() {
        var hours = series([90, 90, 90])
        hours[1].gate = .heat
        hours[1].score = 0
        #expect(spans(finder.windows(in: hours)) == ["07:00-08:00", "09:00-10:00"])
        let gap = [series([90])[0], series([90], from: "2026-03-24T09:00+02:00")[0]]
        #expect(spans(finder.windows(in: gap)) == ["07:00-08:00", "09:00-10:00"])
    }

    @Test func hoursAcrossSpringForwardAreConsecutive() {
        // 01:00 +02:00 is followed by 03:00 +03:00, one real hour later.
        let hours = series([80, 80], from: "2026-03-27T01:00+02:00")
        #expect(clock(hours[1].time) == "03:00")
        #expect(finder.windows(in: hours).map(\.hours.count) == [2])
    }

    @Test func outlookFindsTheDaysWindowsOnTheWallClock() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/activity-windows/forecast-2026-03-22.json"))
        let forecast = try Forecast.decode(data)
        let outlook = ModeOutlook(mode: .runDog, forecast: forecast, thresholds: Preset.balanced.thresholds(for: .runDog), zone: zone)
        let day = try #require(outlook.days[LocalDate("2026-03-31")])
        // The hamsin: no window, and the heat gate closed hours.
        #expect(day.windows.isEmpty)
        #expect(day.closedByHeat)
        // Active hours 07:00–21:00: 14 hours, also on the 23-hour spring-forward day.
        #expect(outlook.days[LocalDate("2026-03-27")]?.hours.count == 14)
        #expect(outlook.days[LocalDate("2026-04-04")]?.complete == true)
    }
}
