import Foundation
import Testing

/// `bugle rrule`, run as a user runs it: output, exit codes and messages.
@Suite struct RRuleCommandTests {
    func run(_ arguments: [String]) throws -> BugleBinaryTests.Run {
        try BugleBinaryTests().run(["rrule"] + arguments)
    }

    /// `bugle rrule` with `input` on standard input (from a file, so that neither side waits).
    func run(_ arguments: [String], input: String) throws -> BugleBinaryTests.Run {
        try run(arguments, bytes: Data(input.utf8))
    }

    func run(_ arguments: [String], bytes: Data) throws -> BugleBinaryTests.Run {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-rrule-\(UUID().uuidString).txt")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = try BugleBinaryTests.binary()
        process.arguments = ["rrule"] + arguments
        process.standardInput = handle
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BugleBinaryTests.Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
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

    // MARK: Dates, extra dates and exceptions

    /// By hand: every April 15, less 2027; BYHOUR is ignored with a DATE start (RFC 5545).
    @Test func aDateStartPrintsDays() throws {
        let run = try run(["FREQ=YEARLY;BYHOUR=9", "--start", "2026-04-15", "--exdate", "2027-04-15", "--count", "3"])
        #expect(run.status == 0)
        #expect(run.stdout == "2026-04-15\n2028-04-15\n2029-04-15\n")
        let json = try self.run(["FREQ=YEARLY", "--start", "2026-04-15", "--count", "2", "--format", "json"])
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String] == ["2026-04-15", "2027-04-15"])
    }

    /// dateutil, `FREQ=DAILY;BYHOUR=9,17;COUNT=6` from 2026-03-01T09:00: both times on 03-01,
    /// 03-02 and 03-03; a DATE in --exdate removes both of 03-02; a DATE in --rdate adds 03-10
    /// at the start's 09:00, a TIME with an offset the same instant on the start's clock.
    @Test func extraDatesAndExceptionsTakeDatesAndTimes() throws {
        let floating = try run(["FREQ=DAILY;BYHOUR=9,17;COUNT=6", "--start", "2026-03-01T09:00", "--exdate", "2026-03-02", "--rdate", "2026-03-10"])
        #expect(floating.status == 0)
        #expect(
            floating.stdout
                == "2026-03-01T09:00:00\n2026-03-01T17:00:00\n2026-03-03T09:00:00\n2026-03-03T17:00:00\n2026-03-10T09:00:00\n")
        // dateutil, `FREQ=DAILY;COUNT=2` from 09:00 in Paris: 03-01 and 03-02 at +01:00; 08:00Z is 09:00 there.
        let zoned = try run([
            "FREQ=DAILY;COUNT=2", "--start", "2026-03-01T09:00", "--tz", "Europe/Paris", "--exdate", "2026-03-02T08:00Z",
            "--rdate", "2026-03-10,2026-03-11T04:00-04:00", "--rdate", "2026-03-12T09:00",
        ])
        #expect(zoned.stdout == "2026-03-01T09:00:00+01:00\n2026-03-10T09:00:00+01:00\n2026-03-11T09:00:00+01:00\n2026-03-12T09:00:00+01:00\n")
    }

    /// dateutil, `FREQ=WEEKLY;UNTIL=20260322` from 2026-03-01: four Sundays.
    @Test func countIsOptionalWhenTheRuleEnds() throws {
        let run = try run(["FREQ=WEEKLY;UNTIL=20260322", "--start", "2026-03-01"])
        #expect(run.status == 0)
        #expect(run.stdout == "2026-03-01\n2026-03-08\n2026-03-15\n2026-03-22\n")
        let counted = try self.run(["FREQ=DAILY;COUNT=3", "--start", "2026-03-01T09:00", "--after", "2026-03-01"])
        #expect(counted.stdout == "2026-03-02T09:00:00\n2026-03-03T09:00:00\n")
        let dates = try self.run(["FREQ=DAILY;COUNT=3", "--start", "2026-03-01T09:00", "--until", "2026-03-02"])
        #expect(dates.stdout == "2026-03-01T09:00:00\n2026-03-02T09:00:00\n")
    }

    @Test func aRuleWithMoreThanOneRunPrintsIsRefused() throws {
        let counted = try run(["FREQ=SECONDLY;COUNT=100001", "--start", "2026-03-01T09:00"])
        #expect(counted.status != 0 && counted.stdout.isEmpty)
        #expect(counted.stderr == "bugle: error: the rule has COUNT=100001, more than the 100000 occurrences one run prints; give --count N\n")
        let far = try run(["FREQ=SECONDLY;UNTIL=20260310T000000", "--start", "2026-03-01T09:00"])
        #expect(far.status == 1)
        #expect(far.stdout.split(separator: "\n").count == 100_000)
        #expect(far.stderr.contains("stopped after 100000 occurrences, the most one run prints; give --count N, or --until TIME"))
    }

    // MARK: iCalendar on standard input

    /// Python (dateutil and zoneinfo): `FREQ=DAILY;COUNT=5` from 09:00 in New York on
    /// 2026-03-05, less 14:00Z on 03-06 (09:00 EST), plus 13:00 in London on 03-20 (09:00
    /// EDT); New York moves to -04:00 on 03-08.
    @Test func anICalendarTextOnStandardInput() throws {
        let text =
            "DTSTART;TZID=America/New_York:20260305T090000\r\nRRULE:FREQ=DAI\r\n LY;COUNT=5\r\nEXDATE:20260306T140000Z\r\nRDATE;TZID=Europe/London:20260320T130000\r\n"
        let run = try run(["-"], input: text)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == "2026-03-05T09:00:00-05:00\n2026-03-07T09:00:00-05:00\n2026-03-08T09:00:00-04:00\n2026-03-09T09:00:00-04:00\n2026-03-20T09:00:00-04:00\n")
        let allDay = try self.run(["-", "--count", "2"], input: "DTSTART;VALUE=DATE:20260415\nRRULE:FREQ=YEARLY\n")
        #expect(allDay.stdout == "2026-04-15\n2027-04-15\n")
    }

    @Test(arguments: [
        (
            ["-"], "DTSTART:20260301T090000\nRDATE;TZID=Mars/Olympus_Mons:20260302T090000\n",
            "bugle: error: the iCalendar text is invalid: line 2 (RDATE): unknown time zone \"Mars/Olympus_Mons\""
        ),
        (["-"], "RRULE:FREQ=DAILY;COUNT=2\n", "bugle: error: the iCalendar text is invalid: DTSTART: missing"),
        (["-"], "DTSTART:20260301T090000\nRRULE:FREQ=DAILY\n", "bugle: error: the rule has no end (no COUNT or UNTIL): give one of --count N"),
        (["-"], "", "bugle: error: standard input is empty"),
        (
            ["-", "--start", "2026-03-01"], "",
            "bugle: error: with -, DTSTART, RRULE, RDATE and EXDATE come from the iCalendar text on standard input; leave out --start"
        ),
    ])
    func badICalendarInputGetsAMessage(arguments: [String], input: String, message: String) throws {
        let run = try run(arguments, input: input)
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func standardInputMustBeUTF8AndBounded() throws {
        let latin1 = try run(["-"], bytes: Data("DTSTART:20260301T090000\nRRULE:FREQ=DAILY;COUNT=2\nX-NOTE:caf".utf8) + Data([0xE9, 0x0A]))
        #expect(latin1.status == 1)
        #expect(latin1.stderr.hasPrefix("bugle: error: standard input is not UTF-8 text"))
        let long = try run(["-"], input: "DTSTART:20260301T090000\nRRULE:FREQ=DAILY;COUNT=2\nX-PAD:" + String(repeating: "a", count: 1_000_000))
        #expect(long.status == 1)
        #expect(long.stderr == "bugle: error: standard input holds more than 1000000 bytes; an iCalendar text for - is at most that long\n")
    }

    // MARK: Batch

    /// Line 1: dateutil, `FREQ=DAILY;COUNT=2` from 09:00 in Paris. Line 2: yearly from a
    /// date. Line 3 is not JSON, line 5 names an unknown zone: each says so on its own line,
    /// the others run, and the status is 1.
    @Test func batchPrintsOneJSONLinePerLine() throws {
        let input = [
            #"{"rule": "FREQ=DAILY", "start": "2026-03-01T09:00", "tz": "Europe/Paris", "count": 2}"#,
            #"{"ical": "DTSTART;VALUE=DATE:20260301\nRRULE:FREQ=YEARLY;COUNT=2"}"#,
            "FREQ=DAILY",
            "",
            #"{"rule": "FREQ=DAILY;COUNT=1", "start": "2026-03-01T09:00", "tz": "Mars/Base"}"#,
            #"{"rule": "FREQ=WEEKLY;COUNT=2", "start": "2026-03-01", "exdate": ["2026-03-01"], "rdate": "2026-03-02,2026-03-03"}"#,
        ].joined(separator: "\n")
        let run = try run(["--batch"], input: input + "\n")
        #expect(run.status == 1)
        #expect(run.stderr == "bugle: error: --batch: 3 of 6 lines failed (lines 3, 4 and 5); each says why on its own output line\n")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7 && lines.last == "")
        let objects = try lines.dropLast().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["line"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(objects[0]["occurrences"] as? [String] == ["2026-03-01T09:00:00+01:00", "2026-03-02T09:00:00+01:00"])
        #expect(objects[1]["occurrences"] as? [String] == ["2026-03-01", "2027-03-01"])
        #expect((objects[2]["error"] as? String)?.hasPrefix("not JSON; expected a JSON object such as {") == true)
        #expect((objects[3]["error"] as? String)?.hasPrefix("an empty line; expected a JSON object") == true)
        #expect(objects[4]["error"] as? String == #"unknown time zone "Mars/Base"; expected an IANA name such as America/New_York"#)
        // By hand: Sundays 03-01 (removed) and 03-08, plus 03-02 and 03-03.
        #expect(objects[5]["occurrences"] as? [String] == ["2026-03-02", "2026-03-03", "2026-03-08"])
        let good = try self.run(["--batch"], input: #"{"rule": "FREQ=DAILY;COUNT=1", "start": "2026-03-01T09:00"}"#)
        #expect(good.status == 0 && good.stderr.isEmpty)
        #expect(good.stdout == #"{"line":1,"occurrences":["2026-03-01T09:00:00"]}"# + "\n")
    }

    @Test(arguments: [
        (
            #"{"rule": "FREQ=DAILY", "start": "2026-03-01T09:00"}"#,
            #"the rule has no end (no COUNT or UNTIL): give one of "count": N, "until": TIME, or "after": TIME with "count": N"#
        ),
        (#"{"rule": "FREQ=DAILY", "start": "2026-03-01T09:00", "count": 0}"#, #""count": expected a whole number from 1 to 100000, found 0"#),
        (#"{"rule": "FREQ=DAILY", "start": "noon", "count": 2}"#, #""start": "noon": expected a date YYYY-MM-DD, or a time"#),
        (#"{"ical": "DTSTART:20260301T090000", "rule": "FREQ=DAILY"}"#, #""ical" holds DTSTART, RRULE, RDATE and EXDATE; leave out "rule""#),
        (#"{"rule": "FREQ=DAILY", "count": 2}"#, #"give "start", the rule's first date or time (DTSTART)"#),
        (#"{"start": "2026-03-01", "count": 2}"#, #"give "rule" or "ical""#),
        (#"{"rule": 3}"#, #""rule": expected a string, found a number"#),
        (#"{"rule": "FREQ=DAILY", "start": "2026-03-01", "count": 2, "colour": "red"}"#, #"unknown key "colour""#),
        (
            #"{"ical": "DTSTART:20260301T090000\nEXDATE;TZID=Nowhere/Land:20260302T090000", "count": 2}"#,
            #"the iCalendar text is invalid: line 2 (EXDATE): unknown time zone "Nowhere/Land""#
        ),
        (#"[1, 2]"#, "expected a JSON object such as"),
    ])
    func aBatchLineThatFailsSaysWhy(line: String, message: String) throws {
        let run = try run(["--batch"], input: line + "\n")
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["line"] as? Int == 1)
        let error = try #require(object["error"] as? String)
        #expect(error.hasPrefix(message), "\(error)")
    }

    /// A line too long to keep is an error for that line only; the next still runs.
    @Test func aBatchLineLongerThanTheLimitIsRefusedAlone() throws {
        let long = "{\"rule\": \"" + String(repeating: "A", count: 1_000_001) + "\"}"
        let run = try run(["--batch"], input: long + "\r\n" + #"{"rule": "FREQ=DAILY;COUNT=1", "start": "2026-03-01"}"#)
        #expect(run.status == 1)
        #expect(run.stdout == #"{"line":1,"error":"the line is longer than 1000000 bytes"}"# + "\n" + #"{"line":2,"occurrences":["2026-03-01"]}"# + "\n")
        #expect(run.stderr == "bugle: error: --batch: 1 of 2 lines failed (line 1); each says why on its own output line\n")
    }

    /// The lines the article *The bugle command* shows after `command`, up to the end of
    /// its code block.
    func articleOutput(after command: String) throws -> String {
        let article = try String(
            contentsOf: BugleBinaryTests.root.appendingPathComponent("Sources/BugleSimulator/BugleSimulator.docc/TheBugleCommand.md"), encoding: .utf8)
        let start = try #require(article.range(of: command))
        let lineEnd = try #require(article.range(of: "\n", range: start.upperBound..<article.endIndex))
        let end = try #require(article.range(of: "```", range: lineEnd.upperBound..<article.endIndex))
        return String(article[lineEnd.upperBound..<end.lowerBound])
    }

    /// *The bugle command* shows an all-day rule and an iCalendar text, and what they print.
    @Test func theArticleDateAndICalendarSamplesAreWhatTheyPrint() throws {
        let allDay = try run(["FREQ=YEARLY;BYHOUR=9", "--start", "2026-04-15", "--exdate", "2027-04-15", "--count", "3"])
        #expect(
            allDay.stdout == (try articleOutput(after: #"$ swift run bugle rrule "FREQ=YEARLY;BYHOUR=9" --start 2026-04-15 --exdate 2027-04-15 --count 3"#)))
        let text = "DTSTART;TZID=America/New_York:20260305T090000\nRRULE:FREQ=DAILY;COUNT=3\nEXDATE:20260306T140000Z\n"
        let piped = try run(["-"], input: text)
        #expect(piped.stdout == (try articleOutput(after: "    | swift run bugle rrule -")))
        #expect(try articleOutput(after: "    | swift run bugle rrule -").hasPrefix("2026-03-05T09:00:00-05:00\n"))
        let article = try String(
            contentsOf: BugleBinaryTests.root.appendingPathComponent("Sources/BugleSimulator/BugleSimulator.docc/TheBugleCommand.md"), encoding: .utf8)
        #expect(article.contains("$ printf '" + text.replacingOccurrences(of: "\n", with: "\\n") + "'"))
    }

    /// *The bugle command* shows a batch and what it prints.
    @Test func theArticleBatchSampleIsWhatItPrints() throws {
        let article = try String(
            contentsOf: BugleBinaryTests.root.appendingPathComponent("Sources/BugleSimulator/BugleSimulator.docc/TheBugleCommand.md"), encoding: .utf8)
        let marker = try #require(article.range(of: "$ swift run bugle rrule --batch < requests.jsonl"))
        let blocks = article[marker.upperBound...].components(separatedBy: "```text\n").dropFirst().prefix(2).map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 2)
        let run = try run(["--batch"], input: blocks[0])
        #expect(run.stdout == blocks[1])
        #expect(run.stderr == "bugle: error: --batch: 1 of 3 lines failed (line 3); each says why on its own output line\n")
    }

    @Test func batchTakesNoOtherOption() throws {
        let run = try run(["--batch", "--count", "3"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr == "bugle: error: --batch reads every request from its own line of standard input; leave out --count\n")
    }

    @Test func theHelpDescribesDatesStandardInputAndBatch() throws {
        let run = try run(["--help"])
        for text in ["--rdate", "--exdate", "--batch", "With - for the rule", "{\"line\":1,\"occurrences\":", "--count may be left out when the rule ends"] {
            #expect(run.stdout.contains(text), "help lacks \(text)")
        }
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

    /// `--describe` prints the rule in words; *The bugle command* shows three.
    @Test func describePrintsTheRuleInWords() throws {
        let article = try String(
            contentsOf: BugleBinaryTests.root.appendingPathComponent("Sources/BugleSimulator/BugleSimulator.docc/TheBugleCommand.md"), encoding: .utf8)
        let samples: [[String]] = [
            ["FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "--describe", "en"],
            ["RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "--describe", "ja"],
            ["FREQ=WEEKLY;BYDAY=TU;COUNT=5", "--start", "2026-03-03T09:00", "--describe", "de"],
        ]
        for arguments in samples {
            let command = "$ swift run bugle rrule \"\(arguments[0])\" " + arguments.dropFirst().joined(separator: " ") + "\n"
            let start = try #require(article.range(of: command), "the article has no \(command)")
            let shown = article[start.upperBound...].prefix { $0 != "\n" } + "\n"
            let run = try run(arguments)
            #expect(run.status == 0)
            #expect(run.stdout == shown)
        }
        let piped = try run(["-", "--describe", "fr"], input: "DTSTART:20260301T090000\nRRULE:FREQ=DAILY;COUNT=3\nEXDATE:20260302T090000\n")
        #expect(piped.stdout == "chaque jour à 09:00, 3 fois, à partir du 1er mars 2026, sauf 1 date\n")
        let unknown = try run(["FREQ=DAILY", "--describe", "pt"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("\"pt\" is not a language of the texts; expected one of en, de, es, fr, ja, ko, tr, zh"))
        let counted = try run(["FREQ=DAILY", "--describe", "en", "--count", "3"])
        #expect(counted.status != 0)
        #expect(counted.stderr.contains("leave out --count"))
    }

    @Test func aBatchLineWithDescribeGetsTheText() throws {
        let input = """
            {"rule":"FREQ=WEEKLY;INTERVAL=2;BYDAY=TU","describe":"tr"}
            {"rule":"FREQ=DAILY","start":"2026-03-01T09:00","describe":"en"}
            {"rule":"FREQ=DAILY","describe":"en","count":3}
            {"rule":"FREQ=DAILY","describe":"xx"}

            """
        let run = try run(["--batch"], input: input)
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                {"line":1,"text":"iki haftada bir Salı"}
                {"line":2,"text":"every day at 09:00, starting 1 March 2026"}
                {"line":3,"error":"\\"describe\\" tells the rule in words, not its occurrences; leave out \\"count\\""}
                {"line":4,"error":"\\"describe\\": \\"xx\\" is not a language of the texts; expected one of en, de, es, fr, ja, ko, tr, zh"}

                """)
    }
}
