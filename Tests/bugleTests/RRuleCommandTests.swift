import Foundation
import Testing

/// `bugle rrule`, run as a user runs it: output, exit codes and messages.
@Suite struct RRuleCommandTests {
    func run(_ arguments: [String]) throws -> BugleBinaryTests.Run {
        try BugleBinaryTests().run(["rrule"] + arguments)
    }

    @Test func zonedRulePrintsOffsetsAcrossDaylightSaving() throws {
        let run = try run([
            "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN", "--start", "2026-01-31T09:00", "--tz", "America/New_York", "--count", "4",
        ])
        #expect(run.status == 0)
        #expect(run.stdout == "2026-01-31T09:00:00-05:00\n2026-02-28T09:00:00-05:00\n2026-03-31T09:00:00-04:00\n2026-04-30T09:00:00-04:00\n")
    }

    /// The article *The bugle command* (BugleSimulator's catalog) shows what this prints.
    @Test func theArticleSampleIsWhatItPrints() throws {
        let article = try String(
            contentsOf: BugleBinaryTests.root.appendingPathComponent("Sources/BugleSimulator/BugleSimulator.docc/TheBugleCommand.md"), encoding: .utf8)
        let command = #"$ swift run bugle rrule "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN" \"#
        let start = try #require(article.range(of: command))
        let end = try #require(article.range(of: "```", range: start.upperBound..<article.endIndex))
        let sample = article[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst().map { $0 + "\n" }.joined()
        let run = try run([
            "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN", "--start", "2026-01-31T09:00", "--tz", "America/New_York", "--count", "4",
        ])
        #expect(run.stdout == sample)
    }

    @Test func floatingRulePrintsNoOffset() throws {
        let run = try run(["RRULE:FREQ=YEARLY;RSCALE=GREGORIAN;SKIP=FORWARD", "--start", "2016-02-29T09:00", "--count", "3"])
        #expect(run.status == 0)
        #expect(run.stdout == "2016-02-29T09:00:00\n2017-03-01T09:00:00\n2018-03-01T09:00:00\n")
    }

    @Test func theStartIsAnOccurrenceOnlyWhenItMatches() throws {
        let run = try run(["FREQ=MONTHLY;BYDAY=-1FR", "--start", "2026-01-01T09:00", "--count", "2"])
        #expect(run.stdout == "2026-01-30T09:00:00\n2026-02-27T09:00:00\n")
    }

    @Test func jsonIsAnArrayOfTheSameStrings() throws {
        let run = try run([
            "FREQ=DAILY", "--start", "1990-01-01T09:00", "--tz", "Europe/London", "--after", "2026-03-28T12:00", "--count", "2", "--format", "json",
        ])
        #expect(run.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String])
        #expect(array == ["2026-03-29T09:00:00+01:00", "2026-03-30T09:00:00+01:00"])
    }

    @Test func untilIsInclusiveAndMayCarryAnOffset() throws {
        let run = try run(["FREQ=WEEKLY;BYDAY=MO,FR", "--start", "2026-03-02T08:00", "--tz", "Australia/Lord_Howe", "--until", "2026-03-09T08:00+11:00"])
        #expect(run.stdout == "2026-03-02T08:00:00+11:00\n2026-03-06T08:00:00+11:00\n2026-03-09T08:00:00+11:00\n")
        let empty = try self.run(["FREQ=DAILY", "--start", "2026-03-02T08:00", "--until", "2026-03-01T08:00", "--format", "json"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "[]\n")
    }

    @Test func aStartWithAnOffsetAndNoZoneKeepsThatOffset() throws {
        let run = try run(["FREQ=DAILY", "--start", "2026-03-28T09:00+02:00", "--count", "2"])
        #expect(run.stdout == "2026-03-28T09:00:00+02:00\n2026-03-29T09:00:00+02:00\n")
    }

    @Test(arguments: [
        (["FREQ=MONTHLY;BYDAY=XX", "--start", "2026-01-01T09:00", "--count", "2"], #"BYDAY: "XX" is not a weekday"#),
        (["FREQ=DAILY", "--start", "2026-01-01T09:00", "--tz", "Mars/Olympus", "--count", "2"], #"unknown time zone "Mars/Olympus""#),
        (["FREQ=DAILY", "--start", "2026-01-01T09:00"], "give one of --count N, --until TIME, or --after TIME with --count N"),
        (["FREQ=DAILY", "--start", "2026-01-01T09:00", "--count", "2", "--until", "2026-02-01T00:00"], "give one of --count N"),
        (["FREQ=DAILY", "--start", "2026-01-01T09:00", "--after", "2026-02-01T00:00"], "give one of --count N"),
        (
            ["FREQ=DAILY", "--start", "2026-01-01T09:00", "--count", "0"],
            "The value '0' is invalid for '--count <count>': expected a whole number from 1 to 100000"
        ),
        (["FREQ=DAILY", "--start", "2026-01-01T09:00", "--until", "2026-02-01T00:00Z"], "--until has an offset but the rule is floating"),
        (["FREQ=DAILY;UNTIL=20260201T000000Z", "--start", "2026-01-01T09:00", "--count", "3"], "is a UTC time but the recurrence is floating"),
        (["FREQ=DAILY", "--start", "yesterday", "--count", "3"], "yesterday"),
    ])
    func badInputGetsAMessageAndAFailingStatus(_ arguments: [String], _ message: String) throws {
        let run = try run(arguments)
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
