import Bugle
import BugleSimulator
import Foundation
import Testing

/// `rrule:` rules in scenario files: what they deliver, and how mistakes are reported.
@Suite struct RecurringScenarioTests {
    @Test func monthlyFromJanuary31DeliversOnTheLastDayOfShortMonths() async throws {
        let result = try await simulate(
            """
            start: 2026-01-30T07:00
            timeZone: America/New_York
            days: 125
            rules:
              - id: rent
                rrule: "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN"
                start: 2026-01-31
                time: "09:00"
                title: Rent is due
            events:
              - { at: 2026-01-30T08:00, open: {} }
            """)
        let days = result.deliveries.map { "\(localTime(of: $0))" }
        #expect(days == ["2026-01-31T09:00", "2026-02-28T09:00", "2026-03-31T09:00", "2026-04-30T09:00", "2026-05-31T09:00"])
        #expect(result.deliveries.first?.id == "bugle.rent@2026-01-31")
    }

    @Test func zonedRuleWithCountInAnotherZone() async throws {
        let result = try await simulate(
            """
            start: 2026-03-01T07:00
            timeZone: Asia/Tokyo
            days: 30
            rules:
              - id: standup
                rrule: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3"
                start: 2026-03-01
                time: "09:30"
                basis: zoned
                timeZone: America/New_York
                title: Standup
            events:
              - { at: 2026-03-01T08:00, open: {} }
            """)
        // 09:30 in New York is 23:30 (EST) or 22:30 (EDT, from 03-08) in Tokyo.
        #expect(result.deliveries.map { "\(localTime(of: $0))" } == ["2026-03-02T23:30", "2026-03-04T23:30", "2026-03-09T22:30"])
    }

    @Test func theExampleKeepsRentOnTheLastDayAndTheBirthdayOnMarch1() async throws {
        let path = packageRoot.appendingPathComponent("Examples/recurring-rules.yaml").path
        let result = try await ScenarioRunner(scenario: ScenarioParser.load(path: path)).run()
        let rent = result.deliveries.filter { $0.rule == "rent" }.map { "\(localTime(of: $0))" }
        #expect(
            rent == [
                "2027-01-31T09:00", "2027-02-28T09:00", "2027-03-31T09:00", "2027-04-30T09:00", "2027-05-31T09:00", "2027-06-30T09:00",
                "2027-07-31T09:00", "2027-08-31T09:00", "2027-09-30T09:00", "2027-10-31T09:00", "2027-11-30T09:00", "2027-12-31T09:00",
            ])
        #expect(result.deliveries.filter { $0.rule == "birthday" }.map { "\(localTime(of: $0))" } == ["2027-03-01T08:00"])
        let study = result.deliveries.filter { $0.rule == "study" }.map { localTime(of: $0) }
        #expect(study.count == 52)
        #expect(study.allSatisfy { [.tuesday, .thursday].contains($0.date.weekday) && $0.time.description == "18:30" })
    }

    /// By hand: every March 15 from 1990, at 08:00 on the device's clock (the rule's BYHOUR
    /// is ignored with an all-day start), less 2027-03-15, plus 2026-06-01; the run covers
    /// 2026-03-01 to 2027-04-05.
    @Test func anAllDayRuleFiresAtItsTimeOnEachDay() async throws {
        let result = try await simulate(
            """
            start: 2026-03-01T07:00
            timeZone: Europe/London
            days: 400
            rules:
              - id: birthday
                rrule: "FREQ=YEARLY;BYHOUR=23"
                start: 1990-03-15
                allDay: true
                time: "08:00"
                exdate: [2027-03-15]
                rdate: [2026-06-01]
                title: Mum's birthday
            events:
              - { at: 2026-03-01T08:00, open: {} }
            """)
        #expect(result.deliveries.map { "\(localTime(of: $0))" } == ["2026-03-15T08:00", "2026-06-01T08:00"])
        #expect(result.deliveries.map(\.id) == ["bugle.birthday@2026-03-15", "bugle.birthday@2026-06-01"])
    }

    /// By hand: 09:00 in Paris (+01:00 all month) is 08:00 UTC, 03:00 in New York until
    /// 03-08 (-05:00) and 04:00 after (-04:00). COUNT=5 gives 03-02 to 03-06; 08:00Z on the
    /// 3rd and the whole 5th are removed; 04:00 at -04:00 on the 9th (08:00 UTC) is added.
    @Test func aZonedRuleReadsExtraDatesAndExceptionsInItsZone() async throws {
        let result = try await simulate(
            """
            start: 2026-03-01T07:00
            timeZone: America/New_York
            days: 10
            rules:
              - id: standup
                rrule: "FREQ=DAILY;COUNT=5"
                start: 2026-03-02
                time: "09:00"
                basis: zoned
                timeZone: Europe/Paris
                exdate: ["2026-03-03T08:00Z", 2026-03-05]
                rdate: ["2026-03-09T04:00-04:00"]
                title: Standup
            events:
              - { at: 2026-03-01T08:00, open: {} }
            """)
        #expect(result.deliveries.map { "\(localTime(of: $0))" } == ["2026-03-02T03:00", "2026-03-04T03:00", "2026-03-06T03:00", "2026-03-09T04:00"])
    }

    @Test func aBadExtraDateIsReportedWithItsPlace() throws {
        let text = """
            start: 2026-03-01T07:00
            timeZone: UTC
            rules:
              - id: a
                rrule: "FREQ=DAILY;COUNT=3"
                start: 2026-03-01
                rdate: [2026-03-05, "2026-03-06T09:00Z"]
                title: t
            """
        #expect(
            throws: ScenarioError(
                file: "s.yaml", line: 7, column: 25,
                message:
                    #"rules[0].rdate[1]: "2026-03-06T09:00Z" has an offset but the rule follows the device's clock (basis: wallClock); write it without one, or give the rule basis: zoned"#
            )
        ) { try ScenarioParser.parse(text, file: "s.yaml") }
    }

    @Test func extraDatesAreBounded() throws {
        let many = Array(repeating: "2026-03-05", count: 10_001).joined(separator: ", ")
        let error = try #require(parseError(#"{ id: a, rrule: "FREQ=DAILY;COUNT=2", start: 2026-03-01, exdate: [\#(many)], title: t }"#))
        #expect(error.message == "rules[0].exdate: 10001 values; at most 10000 are read")
    }

    func parseError(_ rule: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse("start: 2026-03-01T07:00\ntimeZone: UTC\nrules:\n  - \(rule)\n", file: "s.yaml")
            return nil
        } catch let error as ScenarioError {
            return error
        } catch {
            return nil
        }
    }

    @Test func aBadRuleIsReportedWithItsPartAndPlace() throws {
        let error = try #require(parseError(#"{ id: a, rrule: "FREQ=MONTHLY;BYDAY=XX", start: 2026-03-01, title: t }"#))
        #expect(error.line == 4)
        #expect(error.message.contains(#"rules[0].rrule: BYDAY: "XX" is not a weekday"#))
    }

    @Test(arguments: [
        (#"{ id: a, rrule: "FREQ=DAILY", title: t }"#, "an rrule needs start:"),
        (#"{ id: a, rrule: "FREQ=DAILY", start: 2026-03-01, count: 3, title: t }"#, "an rrule ends inside the rule"),
        (#"{ id: a, daily: "08:00", time: "09:00", title: t }"#, "only an rrule takes time:"),
        (#"{ id: a, rrule: "FREQ=DAILY", daily: "08:00", start: 2026-03-01, title: t }"#, "exactly one schedule"),
        (
            #"{ id: a, rrule: "FREQ=DAILY;UNTIL=20260401T000000Z", start: 2026-03-01, title: t }"#,
            "UNTIL: 20260401T000000Z is a UTC time but the recurrence is floating"
        ),
        (#"{ id: a, daily: "08:00", exdate: [2026-03-02], title: t }"#, "rules[0].exdate: only an rrule takes exdate:"),
        (#"{ id: a, daily: "08:00", allDay: true, title: t }"#, "rules[0].allDay: only an rrule takes allDay:"),
        (#"{ id: a, rrule: "FREQ=DAILY;COUNT=2", start: 2026-03-01, exdate: 2026-03-02, title: t }"#, "rules[0].exdate: expected a list, found \"2026-03-02\""),
        (
            #"{ id: a, rrule: "FREQ=DAILY;COUNT=2", start: 2026-03-01, rdate: [tomorrow], title: t }"#,
            #"rules[0].rdate[0]: "tomorrow" is not a date or a date-time; expected YYYY-MM-DD or YYYY-MM-DDTHH:MM"#
        ),
        (
            #"{ id: a, rrule: "FREQ=DAILY;COUNT=2", start: 2026-03-01, rdate: [1850-03-02], title: t }"#,
            "rules[0].rdate[0]: 1850-03-02 is outside the supported dates"
        ),
        (
            #"{ id: a, rrule: "FREQ=HOURLY;COUNT=2", start: 2026-03-01, allDay: true, title: t }"#,
            "rules[0].rrule: FREQ: an all-day recurrence (a DATE start) repeats by days; FREQ=HOURLY needs a start with a time of day"
        ),
        (#"{ id: a, rrule: "FREQ=DAILY;COUNT=2", start: 2026-03-01, allDay: maybe, title: t }"#, "rules[0].allDay: expected true or false"),
    ])
    func mistakesAreNamed(_ rule: String, _ message: String) throws {
        let error = try #require(parseError(rule))
        #expect(error.message.contains(message))
    }
}
