import Bugle
import Testing

/// Reading and writing RRULE text: canonical printing, round trips, and errors that name
/// the part at fault.
@Suite struct RecurrenceRuleTextTests {
    @Test(arguments: [
        ("FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD"),
        ("rrule:freq=weekly;interval=2;byday=tu,th;wkst=su", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU"),
        ("FREQ=MONTHLY;BYDAY=+2TU,-1FR;COUNT=6", "FREQ=MONTHLY;COUNT=6;BYDAY=2TU,-1FR"),
        ("FREQ=YEARLY;UNTIL=20301231T235959Z;BYMONTH=11;BYDAY=4TH", "FREQ=YEARLY;UNTIL=20301231T235959Z;BYDAY=4TH;BYMONTH=11"),
        ("FREQ=DAILY;INTERVAL=1;WKST=MO;UNTIL=20261231", "FREQ=DAILY;UNTIL=20261231"),
        ("FREQ=HOURLY;BYSECOND=0,30;BYMINUTE=15;BYHOUR=9,17;BYSETPOS=-1", "FREQ=HOURLY;BYSECOND=0,30;BYMINUTE=15;BYHOUR=9,17;BYSETPOS=-1"),
        ("FREQ=YEARLY;BYYEARDAY=1,-1;BYWEEKNO=20;BYMONTHDAY=-3", "FREQ=YEARLY;BYMONTHDAY=-3;BYYEARDAY=1,-1;BYWEEKNO=20"),
    ])
    func printsInCanonicalOrder(_ text: String, _ printed: String) throws {
        let rule = try RecurrenceRule(parsing: text)
        #expect(rule.description == printed)
        #expect(try RecurrenceRule(parsing: printed) == rule)
    }

    @Test func generatedRulesRoundTrip() throws {
        var generator = RuleGenerator(seed: 7)
        for _ in 0..<500 {
            let text = generator.makeCase().rule
            let rule = try RecurrenceRule(parsing: text)
            let again = try RecurrenceRule(parsing: rule.description)
            #expect(again == rule, "\(text) printed as \(rule.description)")
            #expect(again.description == rule.description)
        }
    }

    @Test func readsTheParts() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU,-1FR,SA;BYMONTHDAY=-1;UNTIL=20270101T090000")
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 3)
        #expect(rule.byDay == [.init(.tuesday, ordinal: 2), .init(.friday, ordinal: -1), .init(.saturday)])
        #expect(rule.byMonthDay == [-1])
        #expect(rule.until == .local(LocalDateTime(date: LocalDate("2027-01-01"), time: LocalTime("09:00"))))
        #expect(rule.skip == .omit)
    }

    @Test(arguments: [
        ("FREQ=MONTHLY;BYDAY=XX", #"BYDAY: "XX" is not a weekday"#),
        ("BYDAY=MO", "FREQ: missing"),
        ("FREQ=FORTNIGHTLY", #"FREQ: "FORTNIGHTLY" is not a frequency"#),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL: expected 1 to 1000000, found 0"),
        ("FREQ=DAILY;COUNT=0", "COUNT: expected a positive number, found 0"),
        ("FREQ=DAILY;COUNT=abc", #"COUNT: "abc" is not a non-negative whole number"#),
        ("FREQ=DAILY;COUNT=3;UNTIL=20260101", "UNTIL: COUNT and UNTIL cannot both be given"),
        ("FREQ=DAILY;UNTIL=20260230", #"UNTIL: "20260230": 20260230 is not a day of the calendar"#),
        ("FREQ=DAILY;UNTIL=2026-02-01", "UNTIL: \"2026-02-01\" is not a date or date-time"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY: 32 is out of range; expected 1 to 31 or -31 to -1"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY: 0 is out of range"),
        ("FREQ=DAILY;BYHOUR=24", "BYHOUR: 24 is out of range; expected 0 to 23"),
        ("FREQ=DAILY;BYSECOND=60", "BYSECOND: 60 (a leap second) is not supported"),
        ("FREQ=DAILY;BYHOUR=9,,10", "BYHOUR: an empty item"),
        ("FREQ=DAILY;BYWEEKNO=3", "BYWEEKNO: needs FREQ=YEARLY, not DAILY"),
        ("FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY: cannot be used with FREQ=WEEKLY"),
        ("FREQ=MONTHLY;BYYEARDAY=3", "BYYEARDAY: cannot be used with FREQ=MONTHLY"),
        ("FREQ=WEEKLY;BYDAY=2TU", #"BYDAY: "2TU": an ordinal weekday needs FREQ=MONTHLY or FREQ=YEARLY"#),
        ("FREQ=YEARLY;BYWEEKNO=2;BYDAY=1MO", "BYDAY: \"1MO\": an ordinal weekday cannot be combined with BYWEEKNO"),
        ("FREQ=MONTHLY;BYDAY=0MO", "BYDAY: \"0MO\": the ordinal must be 1 to 53"),
        ("FREQ=DAILY;BYSETPOS=1", "BYSETPOS: needs another BYxxx part"),
        ("FREQ=MONTHLY;SKIP=BACKWARD", "SKIP: needs RSCALE=GREGORIAN"),
        ("FREQ=MONTHLY;RSCALE=GREGORIAN;SKIP=SIDEWAYS", #"SKIP: "SIDEWAYS" is not a skip"#),
        ("FREQ=MONTHLY;RSCALE=RUSSIAN", #"RSCALE: "RUSSIAN" is not supported: unsupported calendar RUSSIAN"#),
        ("FREQ=YEARLY;RSCALE=GREGORIAN;BYMONTH=5L", #"BYMONTH: "5L": leap months do not exist in the Gregorian calendar"#),
        ("FREQ=DAILY;WKST=XY", #"WKST: "XY" is not a weekday"#),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ: given twice"),
        ("FREQ=DAILY;X-NAME=1", "X-NAME: unknown rule part"),
        ("FREQ=DAILY;;COUNT=2", "an empty part"),
        ("FREQ=DAILY;COUNT", "COUNT: expected NAME=VALUE"),
        ("FREQ=DAILY;COUNT=", "COUNT: has no value"),
        ("", "the rule is empty"),
    ])
    func badRulesNameThePart(_ text: String, _ message: String) {
        #expect {
            _ = try RecurrenceRule(parsing: text)
        } throws: { error in
            (error as? RecurrenceRuleError)?.description.hasPrefix(message) == true
        }
    }

    /// Mangled rules are either read (and then round-trip) or refused with a message; they
    /// never crash the parser or the expansion.
    @Test func mangledRulesNeverCrash() throws {
        var generator = RuleGenerator(seed: 99)
        let alphabet = Array("=;,-+0123456789TZMOWEFRSAUHBYDLC")
        var read = 0
        var refused = 0
        for _ in 0..<5000 {
            var characters = Array(generator.makeCase().rule)
            for _ in 0..<generator.int(1...2) {
                let index = generator.int(0...(characters.count - 1))
                switch generator.int(0...2) {
                case 0: characters.remove(at: index)
                case 1: characters.insert(generator.pick(alphabet), at: index)
                default: characters[index] = generator.pick(alphabet)
                }
            }
            do {
                let rule = try RecurrenceRule(parsing: String(characters))
                #expect(try RecurrenceRule(parsing: rule.description) == rule)
                let start = LocalDateTime(date: LocalDate("2026-01-31"), time: LocalTime("09:30"))
                if case .instant = rule.until { continue }
                _ = try Recurrence(start: start, rule: rule).firstLocal(5)
                read += 1
            } catch {
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        #expect(read > 100 && refused > 100, "read \(read), refused \(refused)")
    }
}
