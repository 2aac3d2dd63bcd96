import Bugle
import Foundation
import Testing

/// Next-after, ranges and first-N answer the same as walking from the start, including
/// far from the start with COUNT (where the count before the moment is computed, not
/// replayed), and rules that match nothing end instead of searching forever.
@Suite struct RecurrenceQueryTests {
    /// The occurrences after `moment` found by walking every occurrence from the start.
    func replayed(_ recurrence: Recurrence, after moment: LocalDateTime, count: Int) -> [String] {
        var found: [String] = []
        for occurrence in recurrence.localOccurrences() where occurrence > moment {
            found.append(occurrence.description)
            if found.count == count { break }
        }
        return found
    }

    /// Sets the rule's COUNT to end two occurrences after `moment`, then asks for what comes
    /// after `moment`: a count before the moment that is off by one shows.
    func countEndingAfter(_ rule: RecurrenceRule, from start: LocalDateTime, moment: LocalDateTime) throws -> (jumped: [String], replayed: [String]) {
        var unbounded = rule
        unbounded.count = nil
        unbounded.until = nil
        var before = 0
        var after: [String] = []
        for occurrence in try Recurrence(start: start, rule: unbounded).localOccurrences() {
            if occurrence <= moment {
                before += 1
            } else {
                after.append(occurrence.description)
                if after.count == 2 { break }
            }
        }
        var counted = rule
        counted.until = nil
        counted.count = before + 2
        let jumped = Array(try Recurrence(start: start, rule: counted).localOccurrences(after: moment).prefix(5)).map(\.description)
        return (jumped, after)
    }

    @Test(arguments: [
        ("FREQ=DAILY;COUNT=40000", "1990-01-01T09:00", "2080-06-15T12:00"),
        ("FREQ=DAILY;INTERVAL=3;BYHOUR=8,20;BYSETPOS=-1;COUNT=30000", "1990-01-01T09:00", "2100-02-01T00:00"),
        ("FREQ=WEEKLY;BYDAY=TU,TH;COUNT=20000", "1990-01-03T09:00", "2150-03-01T00:00"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU;COUNT=20000", "1990-01-01T09:00", "2300-01-01T00:00"),
        ("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=9000", "1990-01-31T09:00", "2900-05-15T00:00"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=12000", "1990-01-01T09:00", "2800-01-01T00:00"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=500", "1992-02-29T09:00", "3500-01-01T00:00"),
        ("FREQ=YEARLY;INTERVAL=3;BYMONTH=11;BYDAY=4TH;COUNT=1000", "1990-11-01T09:00", "3300-01-01T00:00"),
        ("FREQ=HOURLY;INTERVAL=5;COUNT=200000", "1990-01-01T09:00", "2050-01-01T00:00"),
        ("FREQ=HOURLY;BYMINUTE=0,30;BYSETPOS=2;COUNT=500000", "1990-01-01T09:00", "2030-01-01T00:00"),
        ("FREQ=MINUTELY;INTERVAL=7;COUNT=5000000", "2000-01-01T00:00", "2003-01-01T00:00"),
    ])
    func nextAfterFarFromTheStartMatchesAReplay(_ rule: String, _ start: String, _ moment: String) throws {
        let recurrence = try Recurrence(start: local(start), rule: RecurrenceRule(parsing: rule))
        let jumped = Array(recurrence.localOccurrences(after: local(moment)).prefix(5)).map(\.description)
        #expect(jumped == replayed(recurrence, after: local(moment), count: 5))
        #expect(!jumped.isEmpty)
        let ending = try countEndingAfter(recurrence.rule!, from: local(start), moment: local(moment))
        #expect(ending.jumped == ending.replayed)
        #expect(ending.jumped.count == 2)
    }

    /// Far enough from the start (more than two 400-year cycles) that the count before the
    /// moment comes from the calendar's cycle.
    @Test func countedJumpsMatchReplaysOnGeneratedRules() throws {
        var generator = RuleGenerator(seed: 31)
        var checked = 0
        var nonEmpty = 0
        func lcm(_ a: Int, _ b: Int) -> Int {
            var (x, y) = (a, b)
            while y != 0 { (x, y) = (y, x % y) }
            return a / x * b
        }
        while checked < 40 {
            let item = generator.makeCase()
            let rule = try RecurrenceRule(parsing: item.rule)
            guard rule.frequency == .yearly || rule.frequency == .monthly else { continue }
            // Two cycles of the calendar and of the interval, and a little more.
            let years =
                rule.frequency == .yearly
                ? 2 * lcm(rule.interval, 400) + 2 * rule.interval
                : (2 * lcm(rule.interval, 4800) + 2 * rule.interval) / 12 + 1
            guard item.start.date.year + years < 9000 else { continue }
            let moment = LocalDateTime(date: try! LocalDate(year: item.start.date.year + years, month: item.start.date.month, day: 1), time: .midnight)
            let ending = try countEndingAfter(rule, from: item.start, moment: moment)
            #expect(ending.jumped == ending.replayed, "\(rule) from \(item.start)")
            checked += 1
            if !ending.jumped.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 20)
    }

    @Test func aRuleWithoutCountAnswersFarFromItsStart() throws {
        let recurrence = try Recurrence(start: local("1990-01-01T09:00"), rule: RecurrenceRule(parsing: "FREQ=DAILY"))
        #expect(recurrence.nextLocal(after: local("2026-05-01T12:00"))?.description == "2026-05-02T09:00")
        #expect(recurrence.nextLocal(after: local("2026-05-01T08:59"))?.description == "2026-05-01T09:00")
        let zone = TimeZone(identifier: "Europe/London")!
        let now = instant("2026-07-01T08:30:00+01:00")
        #expect(recurrence.next(after: now, in: zone).map { ISO8601.string(from: $0.date, timeZone: zone) } == "2026-07-01T09:00:00+01:00")
    }

    @Test func aCountSpentBeforeTheMomentGivesNothing() throws {
        let recurrence = try Recurrence(start: local("1990-01-01T09:00"), rule: RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10"))
        #expect(recurrence.nextLocal(after: local("2026-01-01T00:00")) == nil)
        #expect(recurrence.nextLocal(after: local("1990-01-09T12:00"))?.description == "1990-01-10T09:00")
        let monthly = try Recurrence(start: local("1990-01-31T09:00"), rule: RecurrenceRule(parsing: "FREQ=MONTHLY;COUNT=5000"))
        // 5,000 months that have a 31st end in 2704.
        #expect(monthly.nextLocal(after: local("2705-01-01T00:00")) == nil)
        #expect(monthly.nextLocal(after: local("2704-01-01T00:00")) != nil)
    }

    @Test func rangesIncludeBothEnds() throws {
        let recurrence = try Recurrence(start: local("2026-01-01T09:00"), rule: RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO,TH"))
        #expect(
            recurrence.localOccurrences(from: local("2026-01-05T09:00"), through: local("2026-01-15T09:00")).map(\.description)
                == ["2026-01-05T09:00", "2026-01-08T09:00", "2026-01-12T09:00", "2026-01-15T09:00"])
        let zone = TimeZone(identifier: "America/New_York")!
        let zoned = try Recurrence(start: local("2026-01-01T09:00"), rule: RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO,TH"), timeZone: zone)
        let found = zoned.occurrences(from: instant("2026-01-05T09:00:00-05:00"), through: instant("2026-01-15T09:00:00-05:00"), in: zone)
        #expect(
            found.map { ISO8601.string(from: $0.date, timeZone: zone) }
                == ["2026-01-05T09:00:00-05:00", "2026-01-08T09:00:00-05:00", "2026-01-12T09:00:00-05:00", "2026-01-15T09:00:00-05:00"])
        #expect(zoned.first(2, in: zone).map(\.local.description) == ["2026-01-01T09:00", "2026-01-05T09:00"])
    }

    @Test(arguments: [
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "2026-01-01T09:00"),
        ("FREQ=DAILY;INTERVAL=7;BYDAY=MO", "2026-01-07T09:00"),
        ("FREQ=SECONDLY;INTERVAL=2;BYSECOND=1", "2026-01-01T09:00:00"),
        ("FREQ=HOURLY;INTERVAL=2;BYHOUR=10", "2026-01-01T09:00"),
        ("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=31", "2026-01-01T09:00"),
        ("FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=20", "2026-01-01T09:00"),
    ])
    func rulesThatMatchNothingEnd(_ rule: String, _ start: String) throws {
        let recurrence = try Recurrence(start: local(start), rule: RecurrenceRule(parsing: rule))
        #expect(recurrence.firstLocal(3).isEmpty)
        #expect(recurrence.nextLocal(after: local("2500-01-01T00:00")) == nil)
    }

    @Test func nothingAfterYear9999() throws {
        let recurrence = try Recurrence(start: local("9990-06-01T09:00"), rule: RecurrenceRule(parsing: "FREQ=YEARLY"))
        #expect(recurrence.firstLocal(20).map { $0.date.year } == Array(9990...9999))
    }
}

/// An instant written with its offset.
func instant(_ text: String) -> Date {
    TimeParsing.instant(text)!
}
