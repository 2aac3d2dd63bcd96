import Bugle
import Foundation

/// Occurrences per second of Bugle's recurrence engine, beside Foundation's
/// `Calendar.RecurrenceRule` on the same rules, in America/New_York.
enum RecurrenceBenchmarks {
    /// One measured rule.
    struct Row: CustomStringConvertible {
        var name: String
        var rule: String
        var unit: String
        /// Bugle's rate, per second.
        var bugle: Double
        /// Foundation's rate on the same rule, when it can express it.
        var foundation: Double?
        /// Whether both gave the same first 100 occurrences.
        var same: Bool?

        var speedup: Double? { foundation.map { bugle / $0 } }

        /// A table line.
        var description: String {
            let name = self.name.padding(toLength: 28, withPad: " ", startingAt: 0)
            let rule = self.rule.padding(toLength: 52, withPad: " ", startingAt: 0)
            var line = "\(name) \(rule) bugle \(Self.format(bugle)) \(unit)"
            if let foundation, let speedup {
                line += "   foundation \(Self.format(foundation))   ×\(Int(speedup.rounded()))"
                if let same { line += same ? "   same first 100" : "   first 100 differ" }
            }
            return line
        }

        /// One JSON object.
        var json: String {
            var fields = ["\"benchmark\":\"recurrence.\(name)\"", "\"rule\":\"\(rule)\"", "\"unit\":\"\(unit)\"", "\"bugle\":\(Int(bugle))"]
            if let foundation { fields.append("\"foundation\":\(Int(foundation))") }
            if let speedup { fields.append("\"speedup\":\((speedup * 10).rounded() / 10)") }
            if let same { fields.append("\"sameFirst100\":\(same)") }
            return "{" + fields.joined(separator: ",") + "}"
        }

        static func format(_ rate: Double) -> String {
            let digits = String(Int(rate.rounded()))
            var grouped = ""
            for (index, character) in digits.reversed().enumerated() {
                if index > 0, index % 3 == 0 { grouped.append(",") }
                grouped.append(character)
            }
            return String(grouped.reversed()).padding(toLength: 11, withPad: " ", startingAt: 0)
        }
    }

    static let zone = TimeZone(identifier: "America/New_York")!
    static let start = LocalDateTime("2026-01-01T09:00")

    /// Measures the four rules of issue 3, and queries that must not replay from the start.
    /// `quick`: a tenth of the time per case, for CI.
    static func run(quick: Bool = false) -> [Row] {
        let window: Duration = quick ? .milliseconds(30) : .milliseconds(300)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let cases: [(String, String, Calendar.RecurrenceRule)] = [
            ("daily", "FREQ=DAILY", Calendar.RecurrenceRule(calendar: calendar, frequency: .daily)),
            (
                "weekly-byday", "FREQ=WEEKLY;BYDAY=MO,WE,FR",
                Calendar.RecurrenceRule(calendar: calendar, frequency: .weekly, weekdays: [.every(.monday), .every(.wednesday), .every(.friday)])
            ),
            (
                "monthly-bysetpos", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                Calendar.RecurrenceRule(
                    calendar: calendar, frequency: .monthly,
                    weekdays: [.every(.monday), .every(.tuesday), .every(.wednesday), .every(.thursday), .every(.friday)], setPositions: [-1])
            ),
            (
                "yearly-bymonth-byday", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
                Calendar.RecurrenceRule(calendar: calendar, frequency: .yearly, months: [11], weekdays: [.nth(4, .thursday)])
            ),
        ]
        var rows: [Row] = []
        for (name, text, foundationRule) in cases {
            // Force-unwrapped: the rules above are fixed and valid.
            let recurrence = try! Recurrence(start: start, rule: RecurrenceRule(parsing: text), timeZone: zone)
            let ours = rate(batch: 5000, for: window) { count in
                var iterator = recurrence.occurrences(in: zone)
                var last = Date.distantPast
                for _ in 0..<count { last = iterator.next()?.date ?? last }
                return last
            }
            let startDate = recurrence.first(1, in: zone).first?.date ?? Date(timeIntervalSince1970: 0)
            let theirs = rate(batch: 200, for: window) { count in
                var last = Date.distantPast
                for date in foundationRule.recurrences(of: startDate).prefix(count) { last = date }
                return last
            }
            let first = recurrence.first(100, in: zone).map(\.date)
            let same = Array(foundationRule.recurrences(of: startDate).prefix(100)) == first
            rows.append(Row(name: name, rule: text, unit: "occurrences/s", bugle: ours, foundation: theirs, same: same))
        }
        // RFC 7529 calendars: the slower path through Foundation's Calendar, beside the
        // Gregorian rows above.
        for (name, text) in [
            ("rscale-chinese-yearly", "RSCALE=CHINESE;FREQ=YEARLY"), ("rscale-hebrew-5L-forward", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;SKIP=FORWARD"),
            ("rscale-islamic-monthly", "RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY"),
        ] {
            let recurrence = try! Recurrence(start: start, rule: RecurrenceRule(parsing: text), timeZone: zone)
            let ours = rate(batch: 100, for: window) { count in
                var iterator = recurrence.occurrences(in: zone)
                var last = Date.distantPast
                for _ in 0..<count { last = iterator.next()?.date ?? last }
                return last
            }
            rows.append(Row(name: name, rule: text, unit: "occurrences/s", bugle: ours))
        }
        // "Next after now" for rules that began in 1990: a jump, not a replay.
        let old = LocalDateTime("1990-01-01T09:00")
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for (name, text) in [
            ("next-after-daily-from-1990", "FREQ=DAILY"), ("next-after-count-from-1990", "FREQ=WEEKLY;BYDAY=TU,TH;COUNT=100000"),
            ("next-after-chinese-from-1990", "RSCALE=CHINESE;FREQ=YEARLY"),
        ] {
            let recurrence = try! Recurrence(start: old, rule: RecurrenceRule(parsing: text), timeZone: zone)
            let queries = rate(batch: 200, for: window) { count in
                var last = Date.distantPast
                for index in 0..<count { last = recurrence.next(after: now.addingTimeInterval(Double(index) * 3600), in: zone)?.date ?? last }
                return last
            }
            rows.append(Row(name: name, rule: text, unit: "queries/s", bugle: queries))
        }
        return rows
    }

    /// Runs `body` on batches of `batch` until `window` has passed; occurrences per second.
    private static func rate(batch: Int, for window: Duration, _ body: (Int) -> Date) -> Double {
        let clock = ContinuousClock()
        var total = 0
        var sink = Date.distantPast
        let started = clock.now
        var elapsed = Duration.zero
        repeat {
            sink = max(sink, body(batch))
            total += batch
            elapsed = clock.now - started
        } while elapsed < window
        precondition(sink > .distantPast, "the benchmark produced no occurrences")
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(total) / seconds
    }
}
