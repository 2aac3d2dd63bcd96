import ArgumentParser
import Bugle
import Foundation

/// `bugle rrule RULE --start TIME [--tz ZONE] (--count N | --until TIME | --after TIME --count N)`.
struct RRuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rrule",
        abstract: "Print the occurrences of an RFC 5545 recurrence rule.",
        discussion: """
            One ISO 8601 date-time per line: with its offset when the rule is in a time zone, \
            without one when it is floating. The start is an occurrence only when it matches \
            the rule, as python-dateutil has it.

            A TIME is YYYY-MM-DDTHH:MM[:SS], local to --tz unless it carries an offset (Z, \
            +02:00). Without --tz the rule is floating; a --start with an offset then fixes \
            the rule to that offset.

              bugle rrule "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN" \\
                --start 2026-01-31T09:00 --tz America/New_York --count 4
            """)

    @Argument(help: "The rule, such as \"FREQ=WEEKLY;BYDAY=TU;INTERVAL=2\" (an RRULE: prefix is allowed).")
    var rule: String

    @Option(help: "The rule's start (DTSTART), in the years 1900 to 2999.", transform: TimeArgument.parse)
    var start: TimeArgument

    @Option(help: "The IANA time zone of the start, such as Europe/London.")
    var tz: String?

    @Option(
        help: "How many occurrences to print (the first ones, or the first after --after): 1 to 100000.",
        transform: ArgumentRange.int(RRuleCommand.counts))
    var count: Int?

    /// `--count`, and the most occurrences `--until` prints: enough for years of a minutely
    /// rule, few enough to print in well under a second.
    static let counts = 1...100_000

    @Option(help: "Print the occurrences up to this time, inclusive (at most 100000 of them).", transform: TimeArgument.parse)
    var until: TimeArgument?

    @Option(help: "Print --count occurrences strictly after this time.", transform: TimeArgument.parse)
    var after: TimeArgument?

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        do {
            _ = try RecurrenceRule(parsing: rule)
        } catch {
            throw ValidationError("the rule is invalid: \(error)")
        }
        if let tz, zone(named: tz) == nil {
            throw ValidationError("unknown time zone \"\(tz)\"; expected an IANA name such as America/New_York")
        }
        switch (count, until, after) {
        case (_?, nil, _), (nil, _?, nil): break
        default: throw ValidationError("give one of --count N, --until TIME, or --after TIME with --count N")
        }
        if tz == nil, start.value.offset == nil {
            for (name, time) in [("--until", until), ("--after", after)] where time?.value.offset != nil {
                throw ValidationError("\(name) has an offset but the rule is floating; give --tz, or write \(name) without an offset")
            }
        }
    }

    func run() throws {
        let parsed = try RecurrenceRule(parsing: rule)
        let timeZone = tz.flatMap(zone(named:)) ?? start.value.offset.flatMap { TimeZone(secondsFromGMT: $0) }
        // Lines are printed as they come: a long --count or a far --until must not pile up.
        let lines: AnySequence<String>
        do {
            if let timeZone {
                lines = try zonedLines(parsed, timeZone)
            } else {
                lines = try floatingLines(parsed)
            }
        } catch let error as RecurrenceRuleError {
            reportError("bugle: error: the rule is invalid: \(error)")
            throw ExitCode(1)
        }
        var printed = 0
        var stopped = false
        for line in lines {
            // `--until` far away on a frequent rule: stop at the most `--count` allows.
            guard printed < Self.counts.upperBound else {
                stopped = true
                break
            }
            switch format {
            case .text: print(line)
            case .json: print(printed == 0 ? "[\n  \"\(line)\"" : ",\n  \"\(line)\"", terminator: "")
            }
            printed += 1
        }
        if format == .json { print(printed == 0 ? "[]" : "\n]") }
        if stopped {
            reportError(
                "bugle: error: --until: stopped after 100000 occurrences, the most one run prints; give an earlier --until, or --after TIME with --count N")
            throw ExitCode(1)
        }
    }

    private func floatingLines(_ rule: RecurrenceRule) throws -> AnySequence<String> {
        let recurrence = try Recurrence(start: start.value.local, rule: rule)
        let occurrences: AnySequence<LocalDateTime>
        if let after {
            occurrences = AnySequence(recurrence.localOccurrences(after: after.value.local).prefix(count ?? 0))
        } else if let until {
            let end = until.value.local
            occurrences = AnySequence(recurrence.localOccurrences().lazy.prefix { $0 <= end })
        } else {
            occurrences = AnySequence(recurrence.localOccurrences().prefix(count ?? 0))
        }
        let twoDigits = Self.twoDigits
        return AnySequence(occurrences.lazy.map { "\($0.date)T\(twoDigits($0.time.hour)):\(twoDigits($0.time.minute)):\(twoDigits($0.time.second))" })
    }

    private func zonedLines(_ rule: RecurrenceRule, _ timeZone: TimeZone) throws -> AnySequence<String> {
        let startDate = start.value.resolve(
            in: ZoneRules(timeZone: timeZone, around: Date(timeIntervalSince1970: TimeInterval(start.value.local.localSeconds))))
        let local = ZoneRules(timeZone: timeZone, around: startDate).localDateTime(at: startDate)
        let recurrence = try Recurrence(start: local, rule: rule, timeZone: timeZone)
        func instant(_ time: TimeArgument) -> Date {
            time.value.resolve(in: ZoneRules(timeZone: timeZone, around: Date(timeIntervalSince1970: TimeInterval(time.value.local.localSeconds))))
        }
        let occurrences: AnySequence<Occurrence>
        if let after {
            occurrences = AnySequence(recurrence.occurrences(after: instant(after), in: timeZone).prefix(count ?? 0))
        } else if let until {
            let end = instant(until)
            occurrences = AnySequence(recurrence.occurrences(in: timeZone).lazy.prefix { $0.date <= end })
        } else {
            occurrences = AnySequence(recurrence.occurrences(in: timeZone).prefix(count ?? 0))
        }
        return AnySequence(occurrences.lazy.map { ISO8601.string(from: $0.date, timeZone: timeZone) })
    }

    private func zone(named name: String) -> TimeZone? {
        TimeZone(ianaName: name)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
