import Bugle
import Foundation
import Testing

/// Bugle's expansion against python-dateutil, an independent implementation, on rules
/// generated with a fixed seed.
///
/// The generator stays inside what RFC 5545 allows and away from the places where dateutil
/// departs from it (see ``Recurrence``): no `BYWEEKNO` of ±52 or ±53, no `BYDAY` mixing plain
/// and ordinal weekdays, and a `WEEKLY` rule with `BYSETPOS` starts on its week's first day.
/// A `BYWEEKNO` without another day part goes to dateutil with the start's weekday as `BYDAY`,
/// the day RFC 5545 takes from the start where dateutil takes the whole week. Those are
/// checked by hand in `RecurrenceExpansionTests` and `RecurrenceRFCEdgeTests`.
@Suite struct RRuleOracleTests {
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Oracles/rrule_oracle.py")

    struct Case {
        var rule: String
        var start: LocalDateTime
        var after: LocalDateTime?
        var limit: Int
        var horizon: LocalDateTime
    }

    @Test func agreesWithDateutilOnGeneratedFloatingRules() throws {
        var generator = RuleGenerator(seed: 20_260_301)
        let cases = (0..<1300).map { _ in generator.makeCase() }
        let answers = try Self.askOracle(cases)
        try #require(answers.count == cases.count, "the oracle answered \(answers.count) of \(cases.count) cases")

        var agreed = 0
        var refusedByBoth = 0
        var incomplete = 0
        var mismatches: [String] = []
        for (item, answer) in zip(cases, answers) {
            let rule = try RecurrenceRule(parsing: item.rule)
            let recurrence = try Recurrence(start: item.start, rule: rule)
            let ours = recurrence.localOccurrences(after: item.after).prefix(item.limit).prefix { $0 <= item.horizon }.map(Self.iso)
            let expected: [String]
            if answer["incomplete"] as? Bool == true, let found = answer["occurrences"] as? [String] {
                // dateutil was still looking (toward year 9999) for one more: what it found must
                // be where ours start.
                incomplete += 1
                if Array(ours.prefix(found.count)) != found {
                    mismatches.append("\(item.rule) from \(Self.iso(item.start)): dateutil began \(found.prefix(6)) … Bugle \(Array(ours.prefix(6))) …")
                }
                continue
            } else if let occurrences = answer["occurrences"] as? [String] {
                expected = occurrences
            } else {
                // dateutil refuses rules whose BYHOUR/BYMINUTE/BYSECOND the interval never reaches.
                let error = answer["error"] as? String ?? "no answer"
                guard error.contains("empty") else {
                    mismatches.append("\(item.rule) from \(item.start): dateutil failed: \(error)")
                    continue
                }
                expected = []
                if ours.isEmpty { refusedByBoth += 1 }
            }
            if ours == expected {
                agreed += 1
            } else {
                mismatches.append(
                    "\(item.rule) from \(Self.iso(item.start))\(item.after.map { " after \(Self.iso($0))" } ?? ""): dateutil \(expected.prefix(6)) … Bugle \(Array(ours.prefix(6))) …"
                )
            }
        }
        print(
            "dateutil oracle: \(agreed) of \(cases.count) rules agree exactly (\(refusedByBoth) of them refused by dateutil and empty in Bugle); \(incomplete) left incomplete by dateutil agree as far as it went"
        )
        #expect(mismatches.isEmpty, "\(mismatches.count) rules differ:\n\(mismatches.prefix(12).joined(separator: "\n"))")
        #expect(agreed + incomplete == cases.count)
        #expect(
            agreed - refusedByBoth >= 1000,
            "only \(agreed - refusedByBoth) cases agreed exactly (\(refusedByBoth) refused by both, \(incomplete) left incomplete by dateutil)")
    }

    static func iso(_ local: LocalDateTime) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(local.date)T\(two(local.time.hour)):\(two(local.time.minute)):\(two(local.time.second))"
    }

    /// The rule as dateutil should read it: a `BYWEEKNO` with no other day part gets the
    /// start's weekday as `BYDAY`, which RFC 5545 (and Bugle) take from the start.
    static func dateutilRule(_ item: Case) -> String {
        let names = Set(item.rule.split(separator: ";").map { $0.split(separator: "=").first.map(String.init) ?? "" })
        guard names.contains("BYWEEKNO"), names.isDisjoint(with: ["BYDAY", "BYMONTHDAY", "BYYEARDAY"]) else { return item.rule }
        return item.rule + ";BYDAY=" + item.start.date.weekday.code
    }

    /// Runs the oracle script once for all cases; fails the test with a clear message when
    /// python3 or python-dateutil is missing.
    static func askOracle(_ cases: [Case]) throws -> [[String: Any]] {
        let request: [String: Any] = [
            "secondsPerCase": 0.4,
            "cases": cases.map { item -> [String: Any] in
                var entry: [String: Any] = ["rule": dateutilRule(item), "start": iso(item.start), "limit": item.limit, "horizon": iso(item.horizon)]
                if let after = item.after { entry["after"] = iso(after) }
                return entry
            },
        ]
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("rrule-oracle-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: request).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", oracle.path]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            Issue.record("cannot run python3 through /usr/bin/env (\(error)); the oracle needs python3 with python-dateutil (pip install python-dateutil)")
            throw error
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0, "the dateutil oracle failed (status \(process.terminationStatus)): \(errors.isEmpty ? "python3 missing?" : errors)")
        return try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]], "the oracle's answer is not a JSON list")
    }
}

/// Random valid rules from a seed (SplitMix64), reproducible on every platform.
struct RuleGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ probability: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < probability }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
    mutating func distinct(_ count: Int, _ make: (inout RuleGenerator) -> Int) -> [Int] {
        var values: [Int] = []
        while values.count < count {
            let value = make(&self)
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    mutating func signed(_ range: ClosedRange<Int>, positive: Double = 0.7) -> Int {
        int(range) * (chance(positive) ? 1 : -1)
    }

    mutating func makeCase() -> RRuleOracleTests.Case {
        let frequency = pick(["YEARLY", "YEARLY", "MONTHLY", "MONTHLY", "MONTHLY", "WEEKLY", "WEEKLY", "DAILY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"])
        let subDaily = ["HOURLY", "MINUTELY", "SECONDLY"].contains(frequency)
        let year = int(1995...2035)
        let month = int(1...12)
        var date = try! LocalDate(year: year, month: month, day: int(1...LocalDate.daysIn(month: month, year: year)))
        let time = try! LocalTime(hour: int(0...23), minute: pick([0, 0, 15, 30, 45, int(0...59)]), second: pick([0, 0, 0, int(0...59)]))
        var parts = ["FREQ=\(frequency)"]
        if !chance(0.5) { parts.append("INTERVAL=\(subDaily ? pick([2, 3, 5, 7, 15, 25, 90]) : pick([2, 3, 4, 5, 7, 12]))") }

        // At most two day-level parts: more nearly always contradict each other.
        var dayParts = ["BYMONTH", "BYDAY"]
        if frequency != "WEEKLY" { dayParts.append("BYMONTHDAY") }
        if ["YEARLY", "HOURLY", "MINUTELY", "SECONDLY"].contains(frequency) { dayParts.append("BYYEARDAY") }
        if frequency == "YEARLY" { dayParts.append("BYWEEKNO") }
        let chosenCount = pick([0, 1, 1, 1, 2, 2])
        let chosen = Set((0..<chosenCount).map { _ in pick(dayParts) })
        var byParts = 0
        var hasByMonth = false
        if chosen.contains("BYMONTH") {
            parts.append("BYMONTH=" + distinct(int(1...3)) { $0.int(1...12) }.map(String.init).joined(separator: ","))
            hasByMonth = true
            byParts += 1
        }
        if chosen.contains("BYMONTHDAY") {
            parts.append("BYMONTHDAY=" + distinct(int(1...3)) { $0.signed(1...31) }.map(String.init).joined(separator: ","))
            byParts += 1
        }
        if chosen.contains("BYYEARDAY") {
            parts.append("BYYEARDAY=" + distinct(int(1...3)) { $0.signed(1...366) }.map(String.init).joined(separator: ","))
            byParts += 1
        }
        var hasWeekNumber = false
        if chosen.contains("BYWEEKNO") {
            parts.append("BYWEEKNO=" + distinct(int(1...2)) { $0.signed(1...51) }.map(String.init).joined(separator: ","))
            hasWeekNumber = true
            byParts += 1
        }
        let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        if chosen.contains("BYDAY") {
            if ["MONTHLY", "YEARLY"].contains(frequency), !hasWeekNumber, chance(0.5) {
                let most = frequency == "MONTHLY" || hasByMonth ? 5 : 53
                let days = (0..<int(1...2)).map { _ in "\(signed(1...most))\(pick(codes))" }
                parts.append("BYDAY=" + Array(Set(days)).sorted().joined(separator: ","))
            } else {
                parts.append("BYDAY=" + distinct(int(1...4)) { $0.int(0...6) }.map { codes[$0] }.joined(separator: ","))
            }
            byParts += 1
        }
        // How many times of day (DAILY) or of the hour (HOURLY) the time parts expand to.
        var expansions = 1
        if chance(subDaily ? 0.3 : 0.25) {
            let hours = distinct(int(1...3)) { $0.int(0...23) }
            parts.append("BYHOUR=" + hours.map(String.init).joined(separator: ","))
            if frequency == "DAILY" { expansions *= hours.count }
            byParts += 1
        }
        if chance(0.2) {
            let minutes = distinct(int(1...3)) { $0.int(0...59) }
            parts.append("BYMINUTE=" + minutes.map(String.init).joined(separator: ","))
            if frequency == "DAILY" || frequency == "HOURLY" { expansions *= minutes.count }
            byParts += 1
        }
        if chance(0.1) {
            let seconds = distinct(int(1...2)) { $0.int(0...59) }
            parts.append("BYSECOND=" + seconds.map(String.init).joined(separator: ","))
            if frequency == "DAILY" || frequency == "HOURLY" { expansions *= seconds.count }
            byParts += 1
        }
        var weekStart = Weekday.monday
        if chance(0.2) {
            weekStart = pick(Weekday.allCases)
            parts.append("WKST=\(weekStart.code)")
        }
        // BYSETPOS picks from a period's set; periods of a day or less rarely hold more than a few.
        let setSize = frequency == "DAILY" || frequency == "HOURLY" ? expansions : subDaily ? 0 : 4
        if byParts > 0, setSize > 1, chance(0.25) {
            parts.append("BYSETPOS=" + distinct(int(1...2)) { $0.signed(1...min(setSize, 4), positive: 0.6) }.map(String.init).joined(separator: ","))
            if frequency == "WEEKLY" {
                // dateutil cuts the first week at the start; start on the week's first day.
                date = date.adding(days: -((date.weekday.rawValue - weekStart.rawValue + 7) % 7))
            }
        }
        let start = LocalDateTime(date: date, time: time)
        let ending = int(0...99)
        if ending < 45 {
            parts.append("COUNT=\(int(1...40))")
        } else if ending < 65 {
            let end = LocalDateTime(
                date: date.adding(days: subDaily ? int(0...20) : int(10...2000)), time: try! LocalTime(hour: int(0...23), minute: int(0...59)))
            parts.append("UNTIL=\(compact(end))")
        }
        // dateutil steps through every period up to the horizon (and replays from the start
        // for `after`), so the horizon and the jumps scale with the frequency.
        let (horizonDays, afterDays): (Int, Int) =
            switch frequency {
            case "SECONDLY": (2, 0)
            case "MINUTELY": (10, 2)
            case "HOURLY": (90, 30)
            case "DAILY": (8 * 365, 3 * 365)
            case "WEEKLY": (20 * 365, 5 * 365)
            case "MONTHLY": (30 * 365, 10 * 365)
            default: (60 * 365, 20 * 365)
            }
        var after: LocalDateTime?
        if chance(0.4) {
            let seconds = afterDays == 0 ? int(0...7200) : int(0...(afterDays * 86_400))
            after = LocalDateTime(localSeconds: start.localSeconds + seconds)
        }
        // Shuffle the order of the parts: it must not matter.
        var shuffled = parts
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(index, int(0...index)) }
        return RRuleOracleTests.Case(
            rule: shuffled.joined(separator: ";"), start: start, after: after, limit: 20,
            horizon: LocalDateTime(date: date.adding(days: horizonDays), time: .midnight))
    }

    private func compact(_ local: LocalDateTime) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(local.date.year)\(two(local.date.month))\(two(local.date.day))T\(two(local.time.hour))\(two(local.time.minute))\(two(local.time.second))"
    }
}
