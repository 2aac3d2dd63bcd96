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
    ])
    func mistakesAreNamed(_ rule: String, _ message: String) throws {
        let error = try #require(parseError(rule))
        #expect(error.message.contains(message))
    }
}
