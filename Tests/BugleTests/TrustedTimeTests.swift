import Bugle
import Foundation
import Testing

/// Trusted time: the clock offset from samples, tamper detection against the monotonic
/// clock, and day changes.
@Suite struct TrustedTimeTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    /// A sample sent at `sent` whose source is `offset` ahead, with a symmetric round trip of `delay`.
    func sample(_ source: String, offset: TimeInterval, delay: TimeInterval, sent: TimeInterval = 0) -> TimeSample {
        let server = at(sent + delay / 2 + offset)
        return TimeSample(source: source, sent: at(sent), serverReceived: server, serverSent: server, received: at(sent + delay))
    }

    @Test func ntpSampleOffsetAndDelay() {
        // Sent at 0, received by the source at 60.05, answered at 60.06, back at 0.2.
        let sample = TimeSample(source: "ntp", sent: at(0), serverReceived: at(60.05), serverSent: at(60.06), received: at(0.2))
        #expect(abs(sample.delay - 0.19) < 1e-6)
        #expect(abs(sample.offset - 59.955) < 1e-6)
    }

    @Test func httpDateIsTheMiddleOfItsSecond() {
        // The header says 100 s; the source's clock was somewhere in [100, 101).
        let sample = TimeSample.http(source: "api", sent: at(10), date: at(100), received: at(10.4))
        #expect(abs(sample.delay - 0.4) < 1e-6)
        #expect(abs(sample.offset - 90.3) < 1e-6)
    }

    @Test func lowestDelayPerSourceThenMedianAcrossSources() throws {
        let samples = [
            sample("a", offset: 95, delay: 0.4),
            sample("a", offset: 91, delay: 0.1),
            sample("b", offset: 90, delay: 0.05),
            sample("c", offset: 88, delay: 0.2),
            sample("c", offset: 70, delay: 0.9),
        ]
        let offset = try #require(ClockOffset.estimate(from: samples))
        // Best of each: a 91, b 90, c 88 → median 90.
        #expect(abs(offset.seconds - 90) < 1e-6)
        #expect(offset.sources == 3)
    }

    @Test func oneWrongSourceDoesNotMoveTheMedian() throws {
        let samples = [sample("a", offset: 2, delay: 0.1), sample("b", offset: 3, delay: 0.1), sample("liar", offset: 3600, delay: 0.01)]
        #expect(abs(try #require(ClockOffset.estimate(from: samples)).seconds - 3) < 1e-6)
        // With an even count, the mean of the two in the middle.
        let four = samples + [sample("d", offset: 5, delay: 0.1)]
        #expect(abs(try #require(ClockOffset.estimate(from: four)).seconds - 4) < 1e-6)
        #expect(ClockOffset.estimate(from: []) == nil)
    }

    @Test func offsetConvertsBetweenClocks() {
        let offset = ClockOffset(seconds: 90, sources: 3)
        #expect(offset.trusted(at(0)) == at(90))
        #expect(offset.device(at(90)) == at(0))
        #expect(offset.description == "the device clock is 1 min 30 s behind (3 sources)")
        #expect(ClockOffset(seconds: -43_500, sources: 1).description == "the device clock is 12 h 5 min ahead (1 source)")
        #expect(ClockOffset(seconds: 0.2, sources: 2).description == "the device clock is right (2 sources)")
    }

    // MARK: Tampering

    func reading(wall: TimeInterval, monotonic: TimeInterval) -> ClockReading {
        ClockReading(wall: at(wall), monotonic: monotonic)
    }

    @Test func clocksMovingTogetherAreTrusted() {
        var detector = TamperDetector(tolerance: 60)
        #expect(detector.check(reading(wall: 0, monotonic: 1000)) == .firstReading)
        // A day asleep: the monotonic clock counts it.
        #expect(detector.check(reading(wall: 86_400, monotonic: 87_400)) == .trusted)
        // A network correction of 20 s is within the tolerance.
        #expect(detector.check(reading(wall: 90_020, monotonic: 91_000)) == .trusted)
        #expect(detector.reference == reading(wall: 90_020, monotonic: 91_000))
    }

    @Test func aClockSetForwardStaysUntrustedUntilSetBack() {
        var detector = TamperDetector(tolerance: 60)
        _ = detector.check(reading(wall: 0, monotonic: 0))
        // Ten minutes later the wall clock shows 12 h 10 min later.
        #expect(detector.check(reading(wall: 43_800, monotonic: 600)) == .tampered(jump: 43_200))
        #expect(detector.expectedWall(at: reading(wall: 43_800, monotonic: 600)) == at(600))
        // Still 12 h ahead five minutes later: the reference did not move.
        #expect(detector.check(reading(wall: 44_100, monotonic: 900)) == .tampered(jump: 43_200))
        #expect(detector.reference == reading(wall: 0, monotonic: 0))
        // Set back to the right time.
        #expect(detector.check(reading(wall: 1200, monotonic: 1200)) == .trusted)
    }

    @Test func aClockSetBackIsTamperingToo() {
        var detector = TamperDetector(tolerance: 60)
        _ = detector.check(reading(wall: 100_000, monotonic: 0))
        let verdict = detector.check(reading(wall: 100_000 - 86_400, monotonic: 60))
        #expect(verdict == .tampered(jump: -86_460))
        #expect(!verdict.isTrusted)
        #expect(verdict.description == "the wall clock moved 24 h 1 min behind the monotonic clock")
        #expect(TamperDetector.Verdict.tampered(jump: 43_200).description == "the wall clock moved 12 h ahead of the monotonic clock")
    }

    @Test func aRestartReanchors() {
        var detector = TamperDetector()
        _ = detector.check(reading(wall: 0, monotonic: 5000))
        #expect(detector.check(reading(wall: 7200, monotonic: 30)) == .restarted)
        #expect(detector.check(reading(wall: 7260, monotonic: 90)) == .trusted)
    }

    @Test func trustingAReadingMakesItTheReference() {
        var detector = TamperDetector()
        _ = detector.check(reading(wall: 0, monotonic: 0))
        #expect(!detector.check(reading(wall: 3600, monotonic: 60)).isTrusted)
        detector.trust(reading(wall: 3600, monotonic: 60))
        #expect(detector.check(reading(wall: 3660, monotonic: 120)) == .trusted)
    }

    // MARK: Day changes

    @Test func dayWatchReportsEachNewLocalDay() throws {
        let newYork = ZoneRules(timeZone: TimeZone(identifier: "America/New_York")!, around: at(0))
        var watch = DayWatch()
        let evening = try #require(TimeParsing.instant("2026-03-10T23:30-04:00"))
        #expect(watch.observe(evening, zone: newYork) == DayWatch.Change(from: nil, to: LocalDate("2026-03-10")))
        #expect(watch.observe(evening.addingTimeInterval(600), zone: newYork) == nil)
        let afterMidnight = evening.addingTimeInterval(3600)
        #expect(watch.observe(afterMidnight, zone: newYork) == DayWatch.Change(from: LocalDate("2026-03-10"), to: LocalDate("2026-03-11")))
        // Flying east: 00:30 in New York is 05:30 in Madrid, the same day 03-11.
        let madrid = ZoneRules(timeZone: TimeZone(identifier: "Europe/Madrid")!, around: at(0))
        #expect(watch.observe(afterMidnight, zone: madrid) == nil)
        // Tokyo is already on 03-11 at 23:30 New York time on 03-10.
        var tokyoWatch = DayWatch(day: LocalDate("2026-03-10"))
        let tokyo = ZoneRules(timeZone: TimeZone(identifier: "Asia/Tokyo")!, around: at(0))
        #expect(tokyoWatch.observe(evening, zone: tokyo)?.to == LocalDate("2026-03-11"))
    }

    @Test func nextMidnightIsTheFirstMomentOfTheNextDay() throws {
        let newYork = ZoneRules(timeZone: TimeZone(identifier: "America/New_York")!, around: at(0))
        let noon = try #require(TimeParsing.instant("2026-03-10T12:00-04:00"))
        #expect(DayWatch.nextMidnight(after: noon, zone: newYork) == TimeParsing.instant("2026-03-11T00:00-04:00"))
        // Santiago springs forward at midnight on 2026-09-06: the day starts at 01:00 -03:00.
        let santiago = ZoneRules(timeZone: TimeZone(identifier: "America/Santiago")!, around: at(0))
        let saturday = try #require(TimeParsing.instant("2026-09-05T12:00-04:00"))
        #expect(DayWatch.nextMidnight(after: saturday, zone: santiago) == TimeParsing.instant("2026-09-06T04:00Z"))
    }
}
