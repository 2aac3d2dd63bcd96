import Bugle
import Foundation
import StreakRescue
import Testing

/// The game's notification logic: streak, permission, clock integrity, day changes.
@Suite struct StreakRescueAppTests {
    let newYork = TimeZone(identifier: "America/New_York")!

    /// Drives an app with readings whose monotonic clock follows real time, from `start`.
    final class Driver {
        var app = StreakRescueApp()
        let zone: TimeZone
        let start: Date
        /// Real seconds since the start.
        var elapsed: TimeInterval = 0
        /// What the wall clock is set ahead of real time.
        var clockSkew: TimeInterval = 0

        init(zone: TimeZone, start: String) {
            self.zone = zone
            self.start = instant(start)
        }

        var reading: ClockReading {
            ClockReading(wall: start.addingTimeInterval(elapsed + clockSkew), monotonic: 1000 + elapsed)
        }

        func at(_ time: String, _ input: StreakRescueApp.Input) -> [StreakRescueApp.Action] {
            elapsed = instant(time).timeIntervalSince(start)
            return app.handle(input, at: reading, in: zone)
        }
    }

    func day(_ text: String) -> LocalDate { TimeParsing.localDate(text)! }

    /// The action with a measured offset rounded to the millisecond (sample arithmetic is in
    /// binary floating point).
    static func rounded(_ action: StreakRescueApp.Action) -> StreakRescueApp.Action {
        guard case .clockOffsetMeasured(let offset) = action else { return action }
        return .clockOffsetMeasured(ClockOffset(seconds: (offset.seconds * 1000).rounded() / 1000, sources: offset.sources))
    }

    @Test func streakCountsConsecutiveDays() {
        let driver = Driver(zone: newYork, start: "2026-03-02T07:00-05:00")
        #expect(driver.at("2026-03-02T07:00-05:00", .opened(.launch, status: .authorized)) == [.refresh(.launch)])
        #expect(driver.at("2026-03-02T08:00-05:00", .played) == [.refresh(.dataChanged)])
        // A second game the same day changes nothing.
        #expect(driver.at("2026-03-02T09:00-05:00", .played).isEmpty)
        #expect(driver.at("2026-03-03T21:00-05:00", .played) == [.refresh(.dataChanged)])
        #expect(driver.app.facts == StreakFacts(lastPlayedDate: day("2026-03-03"), streak: 2))
        // 03-04 missed: on 03-05 the streak is lost, and a new one starts.
        #expect(driver.at("2026-03-05T10:00-05:00", .opened(.foreground, status: .authorized)) == [.streakLost(days: 2), .refresh(.foreground)])
        #expect(driver.app.streak == 0)
        #expect(driver.at("2026-03-05T10:05-05:00", .played) == [.refresh(.dataChanged)])
        #expect(driver.app.facts == StreakFacts(lastPlayedDate: day("2026-03-05"), streak: 1))
    }

    @Test func permissionIsAskedAfterTheFirstResultWithAnExplanation() {
        let driver = Driver(zone: newYork, start: "2026-03-02T12:00-05:00")
        _ = driver.at("2026-03-02T12:00-05:00", .opened(.launch, status: .notDetermined))
        let result = driver.at("2026-03-02T12:10-05:00", .puzzleCompleted(completed: 1, total: 5))
        // The refresh comes last, after what the app shows.
        #expect(result == [.schedulePrompt(at: instant("2026-03-02T12:10:02-05:00")), .refresh(.dataChanged)])
        #expect(driver.at("2026-03-02T12:10:02-05:00", .promptDue) == [.showExplanation])
        #expect(driver.at("2026-03-02T12:10:30-05:00", .explanationAnswered(accepted: true)) == [.requestAuthorization])
        #expect(driver.at("2026-03-02T12:10:35-05:00", .systemAnswered(.authorized)) == [.refresh(.permissionChanged)])
        // Never asked again.
        #expect(driver.at("2026-03-02T12:20-05:00", .puzzleCompleted(completed: 2, total: 5)).isEmpty)
    }

    @Test func aDeclinedExplanationIsNeverAskedAgainEvenAfterRelaunch() throws {
        let driver = Driver(zone: newYork, start: "2026-03-02T12:00-05:00")
        _ = driver.at("2026-03-02T12:00-05:00", .opened(.launch, status: .notDetermined))
        _ = driver.at("2026-03-02T12:10-05:00", .puzzleCompleted(completed: 1, total: 5))
        _ = driver.at("2026-03-02T12:10:02-05:00", .promptDue)
        #expect(driver.at("2026-03-02T12:10:30-05:00", .explanationAnswered(accepted: false)).isEmpty)
        // The app keeps its value (here through JSON) and is launched again the next day.
        driver.app = try JSONDecoder().decode(StreakRescueApp.self, from: JSONEncoder().encode(driver.app))
        _ = driver.at("2026-03-03T09:00-05:00", .opened(.launch, status: .notDetermined))
        let next = driver.at("2026-03-03T09:05-05:00", .puzzleCompleted(completed: 1, total: 4))
        #expect(next == [.refresh(.dataChanged)])
        #expect(driver.app.permission.memory.explanationDeclined)
    }

    /// The seed keeps `@notifications_permission_asked`, whether the modal was shown: an
    /// explanation the user never answered (the app was closed over it) is not shown again,
    /// the next day or after a relaunch.
    @Test func anUnansweredExplanationIsNotShownAgain() throws {
        let driver = Driver(zone: newYork, start: "2026-03-02T12:00-05:00")
        _ = driver.at("2026-03-02T12:00-05:00", .opened(.launch, status: .notDetermined))
        _ = driver.at("2026-03-02T12:10-05:00", .puzzleCompleted(completed: 1, total: 5))
        #expect(driver.at("2026-03-02T12:10:02-05:00", .promptDue) == [.showExplanation])
        // No answer: the app goes to the background and is closed; the next day it is launched again.
        _ = driver.at("2026-03-02T12:11-05:00", .wentToBackground)
        driver.app = try JSONDecoder().decode(StreakRescueApp.self, from: JSONEncoder().encode(driver.app))
        _ = driver.at("2026-03-03T09:00-05:00", .opened(.launch, status: .notDetermined))
        #expect(driver.at("2026-03-03T09:05-05:00", .puzzleCompleted(completed: 1, total: 4)) == [.refresh(.dataChanged)])
        #expect(driver.at("2026-03-03T09:05:02-05:00", .promptDue).isEmpty)
        #expect(driver.at("2026-03-04T09:05-05:00", .puzzleCompleted(completed: 1, total: 4)) == [.refresh(.dataChanged)])
        #expect(driver.app.explanationShown == instant("2026-03-02T12:10:02-05:00"))
    }

    /// A value kept by an earlier version, before the explanation was remembered, still loads.
    @Test func aValueKeptBeforeTheExplanationWasRememberedLoads() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(StreakRescueApp())) as? [String: Any])
        object["explanationShown"] = nil
        let app = try JSONDecoder().decode(StreakRescueApp.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(app.explanationShown == nil)
    }

    @Test func aPerfectDayIsCelebratedOnce() {
        let driver = Driver(zone: newYork, start: "2026-03-04T07:00-05:00")
        _ = driver.at("2026-03-04T07:00-05:00", .opened(.launch, status: .authorized))
        _ = driver.at("2026-03-04T07:10-05:00", .puzzleCompleted(completed: 1, total: 3))
        _ = driver.at("2026-03-04T07:20-05:00", .puzzleCompleted(completed: 2, total: 3))
        #expect(
            driver.at("2026-03-04T07:30-05:00", .puzzleCompleted(completed: 3, total: 3)) == [
                .celebrate(PerfectDay(date: day("2026-03-04"), streak: 1, puzzles: 3))
            ])
        // Reported again after a relaunch, or with a total that grew and was completed again.
        #expect(driver.at("2026-03-04T18:00-05:00", .puzzleCompleted(completed: 3, total: 3)).isEmpty)
        _ = driver.at("2026-03-04T19:00-05:00", .puzzleCompleted(completed: 3, total: 4))
        #expect(driver.at("2026-03-04T19:10-05:00", .puzzleCompleted(completed: 4, total: 4)).isEmpty)
    }

    @Test func aClockSetByHandSkipsSchedulingUntilItIsRightAgain() {
        let driver = Driver(zone: newYork, start: "2026-03-09T20:00-04:00")
        _ = driver.at("2026-03-09T20:00-04:00", .opened(.launch, status: .authorized))
        // At 21:00 the user moves the clock 12 h forward.
        driver.clockSkew = 12 * 3600
        let skipped = "the wall clock moved 12 h ahead of the monotonic clock; not scheduling (clockChanged) until the clock is trusted again"
        #expect(driver.at("2026-03-09T21:00-04:00", .clockChanged) == [.skipScheduling(reason: skipped)])
        #expect(driver.app.clockTampered)
        // A game now counts on the real day, 03-09, not on the clock's 03-10.
        let played = driver.at("2026-03-09T21:02-04:00", .played)
        #expect(played == [.skipScheduling(reason: skipped.replacingOccurrences(of: "clockChanged", with: "dataChanged"))])
        #expect(driver.app.lastPlayedDate == day("2026-03-09"))
        // Set back: trusted again, and a refresh.
        driver.clockSkew = 0
        #expect(driver.at("2026-03-09T21:05-04:00", .clockChanged) == [.clockTrusted, .refresh(.clockChanged)])
        #expect(!driver.app.clockTampered)
    }

    @Test func trustedTimeMovesFireTimesAndConfirmsAClockSetRight() {
        let driver = Driver(zone: newYork, start: "2026-03-05T07:00-05:00")
        _ = driver.at("2026-03-05T07:00-05:00", .opened(.launch, status: .authorized))
        let now = driver.reading.wall.addingTimeInterval(60)
        let slow = [
            TimeSample(
                source: "a", sent: now, serverReceived: now.addingTimeInterval(90.05), serverSent: now.addingTimeInterval(90.05),
                received: now.addingTimeInterval(0.1))
        ]
        let actions = driver.at("2026-03-05T07:01-05:00", .trustedTime(slow))
        #expect(actions.map(Self.rounded) == [.clockOffsetMeasured(ClockOffset(seconds: 90, sources: 1)), .refresh(.clockChanged)])
        #expect(abs(driver.app.facts.clockOffset - 90) < 1e-6)
        // The same offset again: nothing to move.
        #expect(driver.at("2026-03-05T07:01-05:00", .trustedTime(slow)).map(Self.rounded) == [.clockOffsetMeasured(ClockOffset(seconds: 90, sources: 1))])

        // The system sets a wrong clock right (a 5-minute jump); a trusted source confirms it.
        driver.clockSkew = -300
        #expect(
            driver.at("2026-03-05T08:00-05:00", .refreshRequested(.backgroundTask)).first.map { if case .skipScheduling = $0 { true } else { false } } == true)
        let confirmed = driver.reading.wall
        let right = [
            TimeSample(
                source: "a", sent: confirmed, serverReceived: confirmed.addingTimeInterval(0.05), serverSent: confirmed.addingTimeInterval(0.05),
                received: confirmed.addingTimeInterval(0.1))
        ]
        #expect(
            driver.at("2026-03-05T08:00-05:00", .trustedTime(right)).map(Self.rounded) == [
                .clockOffsetMeasured(ClockOffset(seconds: 0, sources: 1)), .clockTrusted, .refresh(.clockChanged),
            ])
        #expect(driver.at("2026-03-05T08:10-05:00", .refreshRequested(.backgroundTask)) == [.refresh(.backgroundTask)])
    }

    @Test func aClockMoreThanADayFromTrustedTimeStopsSchedulingUntilItIsRight() {
        let driver = Driver(zone: newYork, start: "2026-03-05T07:00-05:00")
        _ = driver.at("2026-03-05T07:00-05:00", .opened(.launch, status: .authorized))
        // Trusted sources say the device is two days behind (or 10^12 s: a broken source).
        for seconds in [2.0 * 86_400, 1e12] {
            let now = driver.reading.wall
            let wrong = [
                TimeSample(source: "a", sent: now, serverReceived: now.addingTimeInterval(seconds), serverSent: now.addingTimeInterval(seconds), received: now)
            ]
            let actions = driver.at("2026-03-05T07:01-05:00", .trustedTime(wrong))
            #expect(actions.count == 2)
            guard case .skipScheduling(let reason)? = actions.last else {
                Issue.record("expected a skip, got \(actions)")
                continue
            }
            #expect(reason.contains("more than a day; not scheduling (clockChanged) until the clock is right"), "\(reason)")
            // The rules are not moved by it: fire times stay on the device's clock.
            #expect(driver.app.facts.clockOffset == 0)
            #expect(
                driver.at("2026-03-05T07:30-05:00", .refreshRequested(.backgroundTask)).map { if case .skipScheduling = $0 { true } else { false } } == [true])
        }
        // A source finds it right again: scheduling resumes.
        let now = driver.reading.wall
        let right = [
            TimeSample(
                source: "a", sent: now, serverReceived: now.addingTimeInterval(30.05), serverSent: now.addingTimeInterval(30.05),
                received: now.addingTimeInterval(0.1))
        ]
        #expect(
            driver.at("2026-03-05T07:40-05:00", .trustedTime(right)).map(Self.rounded) == [
                .clockOffsetMeasured(ClockOffset(seconds: 30, sources: 1)), .refresh(.clockChanged),
            ])
    }

    @Test func aStreakOrOffsetInTheStateBeyondReasonIsReadSafely() {
        let facts = StreakFacts(AppState(["streak": .double(1e300), "clockOffset": .double(-1e300)]))
        #expect(facts.streak == 0)
        #expect(facts.clockOffset == -StreakRescueApp.largestClockOffset)
    }

    @Test func anOffsetMeasuredOnAClockSetByHandDoesNotOutliveIt() {
        let driver = Driver(zone: newYork, start: "2026-03-09T20:00-04:00")
        _ = driver.at("2026-03-09T20:00-04:00", .opened(.launch, status: .authorized))
        driver.clockSkew = 12 * 3600
        _ = driver.at("2026-03-09T21:00-04:00", .clockChanged)
        // Trusted time says the device is 12 h ahead: true, but it is not drift to plan with.
        let now = driver.reading.wall.addingTimeInterval(60)
        let ahead = [
            TimeSample(source: "a", sent: now, serverReceived: now.addingTimeInterval(-43_200), serverSent: now.addingTimeInterval(-43_200), received: now)
        ]
        _ = driver.at("2026-03-09T21:01-04:00", .trustedTime(ahead))
        #expect(driver.app.clockTampered)
        driver.clockSkew = 0
        #expect(driver.at("2026-03-09T21:05-04:00", .clockChanged) == [.clockTrusted, .refresh(.clockChanged)])
        #expect(driver.app.clockOffset == nil && driver.app.facts.clockOffset == 0)
    }

    @Test func theDayChangeReschedulesOncePerDay() {
        let driver = Driver(zone: newYork, start: "2026-03-13T23:40-04:00")
        _ = driver.at("2026-03-13T23:40-04:00", .opened(.launch, status: .authorized))
        _ = driver.at("2026-03-13T23:45-04:00", .played)
        #expect(driver.at("2026-03-14T00:00-04:00", .midnight) == [.refresh(.dayChanged)])
        #expect(driver.app.lastScheduledDate == day("2026-03-14"))
        #expect(driver.at("2026-03-14T00:01-04:00", .midnight).isEmpty)
        // A trip east: at 12:00 in New York it is already 03-15 01:00 in Tokyo. The first
        // input there rolls the day over, and 03-14 went by without a game.
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        driver.elapsed = instant("2026-03-14T12:00-04:00").timeIntervalSince(driver.start)
        #expect(driver.app.handle(.midnight, at: driver.reading, in: tokyo) == [.streakLost(days: 1), .refresh(.dayChanged)])
        #expect(driver.app.lastScheduledDate == day("2026-03-15"))
    }
}
