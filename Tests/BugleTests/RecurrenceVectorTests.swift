import Bugle
import Foundation
import Testing

/// The recurrence test vectors of libical (`icalrecur_test*.txt`) and python-dateutil
/// (`test_rrule.py`), gathered in `Fixtures/rrule-vectors.json` by
/// `Scripts/generate-rrule-vectors.py`, each with the occurrences that peer expects. Every
/// vector without a `skip` reason must agree exactly; a skipped one says why (the peer's own
/// reading where the RFC decides otherwise or says nothing, or a part RFC 5545 forbids).
@Suite struct RecurrenceVectorTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/rrule-vectors.json")

    /// The skip reason of a floating start with a UTC `UNTIL`: Bugle refuses those, and the
    /// test checks that it does, then runs them with the `UNTIL` read as libical reads it.
    static let floatingUTCUntil = "floating DTSTART with a UTC UNTIL"

    struct Query: Decodable {
        var kind: String
        var at: String?
        var from: String?
        var through: String?
        var inclusive: Bool?
        var count: Int?
    }

    struct Vector: Decodable {
        var id: String
        var peer: String
        var rule: String?
        /// A recurrence set (dateutil's `rruleset`) as iCalendar lines: DTSTART, RRULE,
        /// RDATE, EXRULE and EXDATE.
        var icalendar: String?
        var dtstart: String?
        var tzid: String?
        var query: Query
        var expected: [String]
        var error: String?
        var skip: String?
    }

    struct Fixture: Decodable {
        var vectors: [Vector]
    }

    @Test func everyVectorWithoutASkipReasonAgrees() throws {
        let data = try Data(contentsOf: Self.fixture)
        let vectors = try JSONDecoder().decode(Fixture.self, from: data).vectors
        try #require(vectors.count > 400, "the fixture holds \(vectors.count) vectors; regenerate it with Scripts/generate-rrule-vectors.py")

        var agreed = 0
        var skipped: [String: Int] = [:]
        var readAsLibical = 0
        var mismatches: [String] = []
        for vector in vectors {
            if let reason = vector.skip {
                skipped[reason, default: 0] += 1
                if reason.hasPrefix(Self.floatingUTCUntil) {
                    // Refused as written; with the UNTIL read on the wall clock, as libical
                    // reads it, the expansion must still agree.
                    if (try? Self.occurrences(vector, rule: vector.rule!)) != nil {
                        mismatches.append("\(vector.id): \(vector.rule!) from floating \(vector.dtstart!) is accepted; a UTC UNTIL needs a zone")
                    }
                    let wallClock = vector.rule!.replacingOccurrences(of: #"(UNTIL=\d{8}T\d{6})Z"#, with: "$1", options: .regularExpression)
                    if let problem = Self.compare(vector, rule: wallClock) {
                        mismatches.append(problem)
                    } else {
                        readAsLibical += 1
                    }
                }
                continue
            }
            if let problem = Self.compare(vector, rule: vector.rule) {
                mismatches.append(problem)
            } else {
                agreed += 1
            }
        }
        let run = vectors.count - skipped.values.reduce(0, +)
        print(
            "rrule vectors: \(vectors.count) in all (\(vectors.count { $0.peer == "libical" }) libical, \(vectors.count { $0.peer == "python-dateutil" }) dateutil); \(agreed) of \(run) run agree exactly"
        )
        for (reason, count) in skipped.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            print("  skipped \(count): \(reason)")
        }
        print("  \(readAsLibical) of the floating-with-UTC-UNTIL vectors agree with the UNTIL read as libical reads it")
        #expect(mismatches.isEmpty, "\(mismatches.count) vectors differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// nil when Bugle gives what the peer expects; otherwise what differs.
    static func compare(_ vector: Vector, rule text: String?) -> String? {
        let text = vector.icalendar.map { $0.replacingOccurrences(of: "\n", with: " | ") } ?? text ?? "(no rule)"
        do {
            let (expected, ours) = try occurrences(vector, rule: text)
            if vector.error != nil { return "\(vector.id): \(text): the peer refuses it (\(vector.error!)); Bugle gives \(ours.prefix(4))" }
            if ours == expected { return nil }
            return
                "\(vector.id): \(text) from \(vector.dtstart!)\(vector.tzid.map { " \($0)" } ?? "") \(vector.query.kind): expected \(expected.prefix(8)) (\(expected.count)), Bugle \(ours.prefix(8)) (\(ours.count))"
        } catch {
            if vector.error != nil { return nil }
            return "\(vector.id): \(text) from \(vector.dtstart ?? "?"): Bugle refuses it: \(error)"
        }
    }

    /// What the peer expects for the vector's query, and what Bugle gives, both written as
    /// the peer writes them.
    static func occurrences(_ vector: Vector, rule text: String?) throws -> (expected: [String], found: [String]) {
        let start = try local(vector.dtstart!)
        let zone = try vector.tzid.map { name in try #require(TimeZone(identifier: name), "no zone \(name)") }
        // A DATE start (libical's DTSTART;VALUE=DATE) makes an all-day recurrence, listed as dates.
        let isAllDay = vector.dtstart!.count == 8
        let recurrence: Recurrence
        if let lines = vector.icalendar {
            recurrence = try Recurrence(iCalendar: lines)
        } else {
            let rule = try RecurrenceRule(parsing: try #require(text, "\(vector.id) has no rule"))
            recurrence =
                isAllDay
                ? try Recurrence(startDate: start.date, rule: rule, timeZone: zone) : try Recurrence(start: start, rule: rule, timeZone: zone)
        }
        let query = vector.query
        // One more than expected, so that an occurrence too many shows.
        let limit = vector.expected.count + 1

        func sequence(after: LocalDateTime?) -> [LocalDateTime] {
            if let zone {
                let instant = after.map { instantOf($0, in: zone) }
                return recurrence.occurrences(after: instant, in: zone).prefix(limit).map(\.local)
            }
            return Array(recurrence.localOccurrences(after: after).prefix(limit))
        }
        func range(_ from: LocalDateTime, _ through: LocalDateTime) -> [LocalDateTime] {
            if let zone {
                return recurrence.occurrences(from: instantOf(from, in: zone), through: instantOf(through, in: zone), in: zone).map(\.local)
            }
            return recurrence.localOccurrences(from: from, through: through)
        }
        func shifted(_ text: String?, by seconds: Int) throws -> LocalDateTime {
            LocalDateTime(localSeconds: try local(text!).localSeconds + seconds)
        }

        // libical's harness checks START-AT against the instances from that moment on.
        let expected = query.kind == "from" ? vector.expected.filter { $0 >= query.at! } : vector.expected
        let found: [LocalDateTime]
        switch query.kind {
        case "all":
            found = sequence(after: nil)
        case "from":
            // libical's START-AT: the occurrences at or after it.
            found = sequence(after: try shifted(query.at, by: -1))
        case "after":
            let after = try shifted(query.at, by: query.inclusive == true ? -1 : 0)
            found = Array(sequence(after: after).prefix(query.count ?? 1))
        case "before":
            let through = try shifted(query.at, by: query.inclusive == true ? 0 : -1)
            found = range(start, through).suffix(1)
        case "between":
            let exclusive = query.inclusive == true ? 0 : 1
            found = range(try shifted(query.from, by: exclusive), try shifted(query.through, by: -exclusive))
        default:
            throw RecurrenceRuleError(part: nil, "unknown query \(query.kind)")
        }
        return (expected, found.map { isAllDay ? String(compact($0).prefix(8)) : compact($0) })
    }

    /// `19970902T090000` as a wall-clock time.
    static func local(_ text: String) throws -> LocalDateTime {
        let digits = Array(text)
        func number(_ range: Range<Int>) throws -> Int { try #require(Int(String(digits[range])), "\(text) is not a date-time") }
        if digits.count == 8 {
            return LocalDateTime(date: try LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)), time: .midnight)
        }
        try #require(digits.count == 15 && digits[8] == "T", "\(text) is not a date-time")
        return LocalDateTime(
            date: try LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)),
            time: try LocalTime(hour: number(9..<11), minute: number(11..<13), second: number(13..<15)))
    }

    static func compact(_ local: LocalDateTime) -> String {
        func pad(_ value: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return
            "\(pad(local.date.year, 4))\(pad(local.date.month, 2))\(pad(local.date.day, 2))T\(pad(local.time.hour, 2))\(pad(local.time.minute, 2))\(pad(local.time.second, 2))"
    }

    static func instantOf(_ local: LocalDateTime, in zone: TimeZone) -> Date {
        ZoneRules(timeZone: zone, around: Date(timeIntervalSince1970: TimeInterval(local.localSeconds))).date(for: local)
    }
}
