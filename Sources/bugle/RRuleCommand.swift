import ArgumentParser
import Bugle
import Foundation

/// `bugle rrule RULE --start DATE|TIME [--tz ZONE] [--rdate …] [--exdate …] [--count N | --until T] [--after T]`,
/// `bugle rrule - …` for an iCalendar text on standard input, `bugle rrule --batch` for many.
struct RRuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rrule",
        abstract: "Print the occurrences of an RFC 5545 recurrence rule.",
        discussion: """
            One occurrence per line: an ISO 8601 date-time with its offset when the rule is in \
            a time zone, without one when it is floating, and a date (2026-03-01) when --start \
            is a date (an all-day rule: BYHOUR, BYMINUTE and BYSECOND are ignored, as RFC 5545 \
            says). The start is an occurrence only when it matches the rule, as \
            python-dateutil has it.

            A TIME is YYYY-MM-DDTHH:MM[:SS], local to --tz unless it carries an offset (Z, \
            +02:00); a DATE is YYYY-MM-DD. Without --tz the rule is floating; a --start with an \
            offset then fixes the rule to that offset. --rdate and --exdate take DATEs or TIMEs, \
            several in one comma-separated list or the option repeated (at most 10000 of each): \
            a TIME with an offset is the same instant on the start's clock, a DATE in --exdate \
            removes every occurrence that day, a DATE in --rdate adds that day at the start's \
            time of day. --until and --after also take a DATE: through that day, after that day.

            --count may be left out when the rule ends (COUNT or UNTIL): all its occurrences \
            are printed, at most 100000, and a rule with more is an error.

              bugle rrule "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN" \\
                --start 2026-01-31T09:00 --tz America/New_York --count 4
              bugle rrule "FREQ=YEARLY" --start 2026-04-15 --exdate 2027-04-15 --count 3

            With - for the rule, an iCalendar text is read on standard input: DTSTART \
            (DTSTART;TZID=Europe/Paris:20260323T090000, DTSTART:20260323T080000Z, \
            DTSTART;VALUE=DATE:20260323), RRULE, RDATE and EXDATE lines (VALUE=DATE, TZID=, Z; \
            folded lines are unfolded), or one VEVENT holding them; at most 1000000 bytes. \
            --start, --tz, --rdate and --exdate are then not given.

              printf 'DTSTART;VALUE=DATE:20260415\\nRRULE:FREQ=YEARLY;COUNT=3\\n' \\
                | bugle rrule -

            With --describe LANGUAGE the rule is printed in words instead, in en, de, es, fr, \
            ja, ko, tr or zh; --start is then optional and, when given, told with the rule, \
            as are --rdate and --exdate (counted):

              bugle rrule "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1" --describe en
              on the last weekday of the month
              bugle rrule "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU" --describe de
              jeden zweiten Dienstag

            With --batch, each line of standard input is one request, a JSON object, and each \
            gets one line of output, a JSON object, in order:

              {"rule":"FREQ=DAILY","start":"2026-03-01T09:00","tz":"Asia/Tokyo","count":1}
              {"ical":"DTSTART;VALUE=DATE:20260301\\nRRULE:FREQ=YEARLY;COUNT=2"}
              {"rule":"FREQ=DAILY","start":"2026-03-01T09:00"}
            gives
              {"line":1,"occurrences":["2026-03-01T09:00:00+09:00"]}
              {"line":2,"occurrences":["2026-03-01","2027-03-01"]}
              {"line":3,"error":"the rule has no end (no COUNT or UNTIL): give one of …"}

            A request has "rule" and "start" (and "tz", "rdate", "exdate": a string or an array \
            of strings), or "ical" (an iCalendar text) instead; and "count", "until", "after" \
            as the options; with "describe" (a language, as --describe) the line gets \
            {"line":N,"text":"…"}, the rule in words, and "start" is optional. A line that \
            fails gets {"line":N,"error":"…"} and the others still run; the exit status is \
            then 1, with one line on standard error that counts the lines that failed. A line \
            holds at most 1000000 bytes.
            """)

    @Argument(
        help: ArgumentHelp(
            "The rule, such as \"FREQ=WEEKLY;BYDAY=TU;INTERVAL=2\" (an RRULE: prefix is allowed), or - to read an iCalendar text on standard input.",
            valueName: "rule"))
    var rule: String?

    @Option(
        help: "The rule's start (DTSTART): a TIME, or a DATE for an all-day rule, in the years 1900 to 2999.",
        transform: WrittenValue.parse)
    var start: WrittenValue?

    @Option(help: "The IANA time zone of the start, such as Europe/London.")
    var tz: String?

    @Option(name: .customLong("rdate"), help: ArgumentHelp("Extra occurrences (RDATE): DATEs or TIMEs, comma-separated; repeatable.", valueName: "dates"))
    var rdates: [String] = []

    @Option(name: .customLong("exdate"), help: ArgumentHelp("Occurrences to remove (EXDATE): DATEs or TIMEs, comma-separated; repeatable.", valueName: "dates"))
    var exdates: [String] = []

    @Option(
        help: "How many occurrences to print (the first ones, or the first after --after): 1 to 100000; optional when the rule has COUNT or UNTIL.",
        transform: ArgumentRange.int(RRuleCommand.counts))
    var count: Int?

    /// `--count`, and the most occurrences one run (or one `--batch` line) prints: enough for
    /// years of a minutely rule, few enough to print in well under a second.
    static let counts = 1...100_000

    @Option(help: "Print the occurrences up to this TIME or through this DATE, inclusive (at most 100000 of them).", transform: WrittenValue.parse)
    var until: WrittenValue?

    @Option(help: "Print the occurrences strictly after this TIME, or after this DATE.", transform: WrittenValue.parse)
    var after: WrittenValue?

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Read one request per line of standard input (a JSON object) and print one JSON line for each.")
    var batch = false

    @Option(
        help: ArgumentHelp(
            "Print the rule in words instead of its occurrences, in this language: en, de, es, fr, ja, ko, tr or zh (es-MX and zh-Hans are read as es and zh). With --start, the start, --rdate and --exdate are told too.",
            valueName: "language"))
    var describe: String?

    /// The request the options make; `iCalendar` is read from standard input by `run()`.
    func request(iCalendar: String? = nil) -> RRuleRequest {
        RRuleRequest(
            rule: iCalendar == nil ? rule : nil, iCalendar: iCalendar, start: start, tz: tz, rdates: rdates, exdates: exdates, count: count,
            until: until, after: after, naming: .options)
    }

    func validate() throws {
        if batch {
            let given: [(String, Bool)] = [
                ("the rule", rule != nil), ("--start", start != nil), ("--tz", tz != nil), ("--rdate", !rdates.isEmpty), ("--exdate", !exdates.isEmpty),
                ("--count", count != nil), ("--until", until != nil), ("--after", after != nil), ("--format", format != .text),
                ("--describe", describe != nil),
            ]
            if let (name, _) = given.first(where: \.1) {
                throw ValidationError("--batch reads every request from its own line of standard input; leave out \(name)")
            }
            return
        }
        guard let rule else {
            throw ValidationError("give a rule (\"FREQ=DAILY\"), - to read an iCalendar text on standard input, or --batch")
        }
        if let describe {
            guard RecurrenceRule.textLanguages.contains(PluralRules.baseLanguage(describe)) else {
                throw ValidationError(
                    "--describe: \"\(describe)\" is not a language of the texts; expected one of \(RecurrenceRule.textLanguages.joined(separator: ", "))")
            }
            for (name, given) in [("--count", count != nil), ("--until", until != nil), ("--after", after != nil), ("--format", format != .text)] where given {
                throw ValidationError("--describe prints the rule in words, not its occurrences; leave out \(name)")
            }
        }
        do throws(RRuleError) {
            if rule == "-" {
                for (name, given) in [("--start", start != nil), ("--tz", tz != nil), ("--rdate", !rdates.isEmpty), ("--exdate", !exdates.isEmpty)] where given
                {
                    throw RRuleError("with -, DTSTART, RRULE, RDATE and EXDATE come from the iCalendar text on standard input; leave out \(name)")
                }
                try request().checkLimits()
            } else if let describe {
                _ = try request().describedText(language: describe)
            } else {
                _ = try request().prepare()
            }
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        if batch {
            if let failures = RRuleBatch.run() {
                reportError("bugle: error: \(failures)")
                throw ExitCode(1)
            }
            return
        }
        if let describe {
            do throws(RRuleError) {
                print(try describedText(language: describe))
            } catch {
                reportError("bugle: error: \(error.message)")
                throw ExitCode(1)
            }
            return
        }
        let prepared: RRuleRun
        do throws(RRuleError) {
            if rule == "-" {
                prepared = try request(iCalendar: try RRuleInput.standardInput()).prepare()
            } else {
                prepared = try request().prepare()
            }
        } catch {
            reportError("bugle: error: \(error.message)")
            throw ExitCode(1)
        }
        // Lines are printed as they come: a long --count or a far --until must not pile up.
        var printed = 0
        var stopped = false
        for line in prepared.lines {
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
            reportError("bugle: error: \(prepared.overflow)")
            throw ExitCode(1)
        }
    }
}

extension RRuleCommand {
    /// `--describe`: the rule in words; with `--start` or `-`, the recurrence (its start,
    /// dates added and removed).
    func describedText(language: String) throws(RRuleError) -> String {
        if rule == "-" { return try request(iCalendar: try RRuleInput.standardInput()).describedText(language: language) }
        return try request().describedText(language: language)
    }
}

/// A date (`2026-03-01`) or a date-time (`2026-03-01T09:00`, optionally with an offset), as
/// `--start`, `--until`, `--after`, `--rdate` and `--exdate` take them.
enum WrittenValue: ExpressibleByArgument {
    case date(LocalDate)
    case time(WrittenDateTime)

    init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }

    /// The value, or an error that says what a date and a time look like and which years are
    /// accepted.
    static func parse(_ text: String) throws -> WrittenValue {
        let years = TimeParsing.supportedYears
        let value: WrittenValue
        if let date = TimeParsing.localDate(text) {
            value = .date(date)
        } else if let time = TimeParsing.dateTime(text) {
            value = .time(time)
        } else {
            throw ValidationError(
                "expected a date YYYY-MM-DD, or a time YYYY-MM-DDTHH:MM[:SS], optionally with an offset from -18:00 to +18:00 (2026-03-10T12:00-05:00)")
        }
        guard years.contains(value.date.year) else {
            let kind = if case .date = value { "date" } else { "time" }
            throw ValidationError("expected a \(kind) from \(years.lowerBound)-01-01 to \(years.upperBound)-12-31")
        }
        return value
    }

    var date: LocalDate {
        switch self {
        case .date(let date): date
        case .time(let time): time.local.date
        }
    }

    var offset: Int? {
        if case .time(let time) = self { return time.offset }
        return nil
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// A mistake in what `bugle rrule` was asked: its message.
struct RRuleError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// What `bugle rrule` is asked, by its options or by one line of `--batch`.
struct RRuleRequest {
    var rule: String?
    var iCalendar: String?
    var start: WrittenValue?
    var tz: String?
    var rdates: [String] = []
    var exdates: [String] = []
    var count: Int?
    var until: WrittenValue?
    var after: WrittenValue?
    var naming: Naming
    /// `--describe` or `"describe"`: the language to tell the rule in, instead of its occurrences.
    var describe: String? = nil

    /// How messages name what was given: options (`--count N`) or the keys of a `--batch` line.
    enum Naming {
        case options, keys

        func call(_ name: String) -> String { self == .options ? "--\(name)" : "\"\(name)\"" }
    }

    /// `--count` or `"count"`.
    private func name(_ key: String) -> String { naming.call(key) }

    /// `--count N` or `"count": N`.
    private func name(_ key: String, _ value: String) -> String { naming == .options ? "--\(key) \(value)" : "\"\(key)\": \(value)" }

    /// Checks what can be checked before reading the recurrence: which of count, until and
    /// after go together.
    func checkLimits() throws(RRuleError) {
        if count != nil, until != nil {
            throw RRuleError(
                "give one of \(name("count", "N")), \(name("until", "TIME")), or \(name("after", "TIME")) with \(name("count", "N")), not both \(name("count")) and \(name("until"))"
            )
        }
    }

    /// The rule in words, in `language`; with a start (or an iCalendar text), the recurrence.
    func describedText(language: String) throws(RRuleError) -> String {
        guard RecurrenceRule.textLanguages.contains(PluralRules.baseLanguage(language)) else {
            throw RRuleError(
                "\(name("describe")): \"\(language)\" is not a language of the texts; expected one of \(RecurrenceRule.textLanguages.joined(separator: ", "))")
        }
        for (key, given) in [("count", count != nil), ("until", until != nil), ("after", after != nil)] where given {
            throw RRuleError("\(name("describe")) tells the rule in words, not its occurrences; leave out \(name(key))")
        }
        if iCalendar != nil || start != nil { return try makeRecurrence().text(in: language) }
        guard let rule else { throw RRuleError("give \(naming == .options ? "a rule" : "\"rule\"") or \(naming == .options ? "-" : "\"ical\"")") }
        do {
            return try RecurrenceRule(parsing: rule).text(in: language)
        } catch {
            throw RRuleError("the rule is invalid: \(error)")
        }
    }

    /// The recurrence and the lines to print.
    func prepare() throws(RRuleError) -> RRuleRun {
        try checkLimits()
        let recurrence = try makeRecurrence()
        let zone = recurrence.isAllDay ? nil : recurrence.timeZone
        if count == nil, until == nil {
            guard recurrence.isFinite else {
                throw RRuleError(
                    "the rule has no end (no COUNT or UNTIL): give one of \(name("count", "N")), \(name("until", "TIME")), or \(name("after", "TIME")) with \(name("count", "N"))"
                )
            }
            if let total = recurrence.rule?.count, total > RRuleCommand.counts.upperBound {
                throw RRuleError(
                    "the rule has COUNT=\(total), more than the \(RRuleCommand.counts.upperBound) occurrences one run prints; give \(name("count", "N"))")
            }
        }
        let overflow =
            until != nil
            ? "\(name("until")): stopped after \(RRuleCommand.counts.upperBound) occurrences, the most one run prints; give an earlier \(name("until")), or \(name("after", "TIME")) with \(name("count", "N"))"
            : "stopped after \(RRuleCommand.counts.upperBound) occurrences, the most one run prints; give \(name("count", "N")), or \(name("until", "TIME"))"
        let lines: AnySequence<String>
        if let zone {
            lines = try zonedLines(recurrence, zone)
        } else {
            lines = try localLines(recurrence)
        }
        return RRuleRun(lines: lines, overflow: overflow)
    }

    func makeRecurrence() throws(RRuleError) -> Recurrence {
        if let iCalendar {
            do {
                return try Recurrence(iCalendar: iCalendar)
            } catch {
                throw RRuleError("the iCalendar text is invalid: \(error)")
            }
        }
        guard let rule else { throw RRuleError("give \(naming == .options ? "a rule" : "\"rule\"") or \(naming == .options ? "-" : "\"ical\"")") }
        let parsed: RecurrenceRule
        do {
            parsed = try RecurrenceRule(parsing: rule)
        } catch {
            throw RRuleError("the rule is invalid: \(error)")
        }
        var zone: TimeZone?
        if let tz {
            guard let found = TimeZone(ianaName: tz) else {
                throw RRuleError("unknown time zone \"\(tz)\"; expected an IANA name such as America/New_York")
            }
            zone = found
        }
        guard let start else { throw RRuleError("give \(name("start")), the rule's first date or time (DTSTART)") }
        let startValue: RecurrenceValue
        switch start {
        case .date(let date): startValue = .date(date)
        case .time(let time):
            if let offset = time.offset {
                let instant = Date(timeIntervalSince1970: TimeInterval(time.local.localSeconds - offset))
                if let zone {
                    startValue = .zoned(ZoneRules(timeZone: zone, around: instant).localDateTime(at: instant), zone)
                } else {
                    startValue = .zoned(time.local, Self.fixed(offset))
                }
            } else {
                startValue = zone.map { .zoned(time.local, $0) } ?? .local(time.local)
            }
        }
        let dates = try values(rdates, "rdate")
        let exceptions = try values(exdates, "exdate")
        do {
            if case .zoned = startValue {
                return try Recurrence(start: startValue, rule: parsed, dates: dates, exceptions: exceptions)
            }
            return try Recurrence(start: startValue, rule: parsed, dates: dates, exceptions: exceptions, timeZone: zone)
        } catch {
            switch error.part {
            case "RDATE": throw RRuleError("\(name("rdate")): \(error.message)")
            case "EXDATE": throw RRuleError("\(name("exdate")): \(error.message)")
            default: throw RRuleError("the rule is invalid: \(error)")
            }
        }
    }

    /// A zone at a fixed offset from UTC.
    private static func fixed(_ offset: Int) -> TimeZone { TimeZone(secondsFromGMT: offset) ?? .gmt }

    /// `--rdate` or `--exdate` values: comma-separated lists, at most `maximumExtraDates`.
    private func values(_ lists: [String], _ key: String) throws(RRuleError) -> [RecurrenceValue] {
        var result: [RecurrenceValue] = []
        for list in lists {
            for item in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard result.count < Recurrence.maximumExtraDates else {
                    throw RRuleError("\(name(key)): more than \(Recurrence.maximumExtraDates) values; at most that many are read")
                }
                let text = item.trimmingCharacters(in: .init(charactersIn: " \t"))
                let value: WrittenValue
                do {
                    value = try WrittenValue.parse(text)
                } catch {
                    throw RRuleError("\(name(key)): \"\(text)\": \((error as? ValidationError)?.message ?? "\(error)")")
                }
                switch value {
                case .date(let date): result.append(.date(date))
                case .time(let time):
                    result.append(time.offset.map { .zoned(time.local, Self.fixed($0)) } ?? .local(time.local))
                }
            }
        }
        return result
    }

    /// Wall-clock occurrences: a floating rule's times, or an all-day rule's dates.
    private func localLines(_ recurrence: Recurrence) throws(RRuleError) -> AnySequence<String> {
        func local(_ value: WrittenValue, _ key: String) throws(RRuleError) -> LocalDateTime {
            switch value {
            case .date(let date): return LocalDateTime(date: date, time: LocalTime.midnight).addingSeconds(86_399)
            case .time(let time):
                guard let offset = time.offset else { return time.local }
                guard let zone = recurrence.timeZone else {
                    throw RRuleError("\(name(key)) has an offset but the rule is floating; give \(name("tz")), or write \(name(key)) without an offset")
                }
                let instant = Date(timeIntervalSince1970: TimeInterval(time.local.localSeconds - offset))
                return ZoneRules(timeZone: zone, around: instant).localDateTime(at: instant)
            }
        }
        let afterLocal = try after.map { value throws(RRuleError) in try local(value, "after") }
        let untilLocal = try until.map { value throws(RRuleError) in try local(value, "until") }
        var occurrences: AnySequence<LocalDateTime> = AnySequence(recurrence.localOccurrences(after: afterLocal))
        if let untilLocal { occurrences = AnySequence(occurrences.lazy.prefix { $0 <= untilLocal }) }
        if let count { occurrences = AnySequence(occurrences.prefix(count)) }
        if recurrence.isAllDay { return AnySequence(occurrences.lazy.map { $0.date.description }) }
        let two = Self.twoDigits
        return AnySequence(occurrences.lazy.map { "\($0.date)T\(two($0.time.hour)):\(two($0.time.minute)):\(two($0.time.second))" })
    }

    /// Instants, with the zone's offset.
    private func zonedLines(_ recurrence: Recurrence, _ zone: TimeZone) throws(RRuleError) -> AnySequence<String> {
        func instant(_ value: WrittenValue) -> Date {
            switch value {
            case .date(let date):
                let next = LocalDateTime(date: date.adding(days: 1), time: .midnight)
                return ZoneRules(timeZone: zone, around: Date(timeIntervalSince1970: TimeInterval(next.localSeconds))).date(for: next).addingTimeInterval(-1)
            case .time(let time):
                return time.resolve(in: ZoneRules(timeZone: zone, around: Date(timeIntervalSince1970: TimeInterval(time.local.localSeconds))))
            }
        }
        var occurrences: AnySequence<Occurrence> = AnySequence(recurrence.occurrences(after: after.map(instant), in: zone))
        if let until {
            let end = instant(until)
            occurrences = AnySequence(occurrences.lazy.prefix { $0.date <= end })
        }
        if let count { occurrences = AnySequence(occurrences.prefix(count)) }
        return AnySequence(occurrences.lazy.map { ISO8601.string(from: $0.date, timeZone: zone) })
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension LocalDateTime {
    fileprivate func addingSeconds(_ seconds: Int) -> LocalDateTime { LocalDateTime(localSeconds: localSeconds + seconds) }
}

/// The occurrences of one request, formatted, and what to say when they run past the most
/// one run prints.
struct RRuleRun {
    var lines: AnySequence<String>
    var overflow: String
}

/// Standard input, read within bounds.
enum RRuleInput {
    /// The whole of standard input as UTF-8 text, at most `ICalendarComponent/maximumLength` bytes.
    static func standardInput() throws(RRuleError) -> String {
        let limit = ICalendarComponent.maximumLength
        var data = Data()
        while data.count <= limit {
            guard let chunk = try? FileHandle.standardInput.read(upToCount: 65_536), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        guard data.count <= limit else {
            throw RRuleError("standard input holds more than \(limit) bytes; an iCalendar text for - is at most that long")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RRuleError("standard input is not UTF-8 text; expected an iCalendar text (DTSTART, RRULE, RDATE, EXDATE lines)")
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw RRuleError("standard input is empty; expected an iCalendar text such as DTSTART:20260301T090000 and RRULE:FREQ=DAILY;COUNT=3 on two lines")
        }
        return text
    }
}
