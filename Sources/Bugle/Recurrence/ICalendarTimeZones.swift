import Foundation

/// The `VTIMEZONE` definitions of an iCalendar text, each matched to the IANA zone that keeps
/// the same offsets (RFC 5545 §3.6.5).
///
/// Calendars from Outlook and Exchange name their zones by Windows names
/// (`TZID=Eastern Standard Time`) or by their own prefixes
/// (`TZID=/mozilla.org/20050126_1/America/New_York`) and define each in a `VTIMEZONE`.
/// Bugle computes in IANA zones, so a definition is matched to one: the zone whose UTC offset
/// equals the definition's at every change of offset (an hour either side) and twice a month,
/// over the two years from the year of the value that names it (a definition written
/// before a change of law still matches for the years it was written for). A Windows name's zone in
/// CLDR (`Eastern Standard Time` is `America/New_York`), or an IANA name the `TZID` ends with
/// (`…/America/New_York`), is tried first; then every zone of the system's database, the
/// `Area/City` ones first. Any zone that matches gives the same times in those years; after
/// them, the IANA zone's own rules apply (a `VTIMEZONE` is a copy of the rules of the day it
/// was written, which later laws may change).
///
/// A `TZID` that is an IANA name is that zone, whatever its `VTIMEZONE` says (the system's
/// rules are the latest). A definition that no zone matches is an error naming its line; a
/// `TZID` that is neither an IANA name nor defined is one too.
struct ICalendarTimeZones {
    /// The `VTIMEZONE` components by their `TZID`.
    private let definitions: [String: ICalendarComponent]
    /// A second definition of a `TZID`, which is an error when the `TZID` is used.
    private let duplicates: [String: ICalendarComponent]
    /// Definitions already matched, by `TZID`.
    private var matched: [String: TimeZone] = [:]

    /// The most `VTIMEZONE` components read; more is an error.
    static let maximumDefinitions = 64

    init(_ components: [ICalendarComponent]) throws(ICalendarError) {
        var definitions: [String: ICalendarComponent] = [:]
        var duplicates: [String: ICalendarComponent] = [:]
        let zones = components.filter { $0.name == "VTIMEZONE" }
        if zones.count > Self.maximumDefinitions {
            throw ICalendarError(
                line: zones[Self.maximumDefinitions].line, property: "BEGIN",
                "more than \(Self.maximumDefinitions) VTIMEZONE components; at most that many are read")
        }
        // A definition is read only when a TZID that is not an IANA name uses it: one that
        // nothing uses may be incomplete (some calendars write a VTIMEZONE with a TZID alone).
        for zone in zones {
            guard let id = zone.properties(named: "TZID").first?.value else { continue }
            if definitions[id] != nil {
                duplicates[id] = duplicates[id] ?? zone
            } else {
                definitions[id] = zone
            }
        }
        self.definitions = definitions
        self.duplicates = duplicates
    }

    /// Whether the text defines no zone.
    var isEmpty: Bool { definitions.isEmpty }

    /// The zone a `TZID` names, for a value in `year`: an IANA name as it is, or the IANA
    /// zone its `VTIMEZONE` matches; `nil` when it is neither.
    mutating func zone(named name: String, year: Int) throws(ICalendarError) -> TimeZone? {
        if let zone = matched[name] { return zone }
        // An IANA name is the zone, whatever a VTIMEZONE says of it: the system's rules are
        // the law's latest.
        if let zone = TimeZone(ianaName: name) { return zone }
        guard let definition = definitions[name] else { return nil }
        if let second = duplicates[name] {
            throw ICalendarError(line: second.line, property: "TZID", "\"\(name)\" is defined twice (first at line \(definition.line))")
        }
        let offsets = try Offsets(definition, year: year)
        let hinted = ([WindowsZoneNames.iana[name]].compactMap { $0 } + Self.ianaNames(in: name)).compactMap { TimeZone(ianaName: $0) }
        let known = TimeZone.knownTimeZoneIdentifiers.sorted { lhs, rhs in
            let (left, right) = (Self.isCity(lhs), Self.isCity(rhs))
            return left != right ? left : lhs < rhs
        }
        var candidates = hinted.makeIterator()
        var others = known.makeIterator()
        while let zone = candidates.next() ?? others.next().flatMap({ TimeZone(identifier: $0) }) {
            if offsets.match(zone) {
                matched[name] = zone
                return zone
            }
        }
        throw ICalendarError(
            line: definition.line, property: "VTIMEZONE",
            "\"\(name)\" keeps offsets that no IANA time zone keeps in \(year)–\(year + 1); give TZID an IANA name such as America/New_York")
    }

    /// `Area/City` names: preferred to `Etc/GMT+5`, `EST5EDT` and other aliases.
    private static func isCity(_ identifier: String) -> Bool {
        identifier.contains("/") && !identifier.hasPrefix("Etc/") && !identifier.hasPrefix("SystemV/") && !identifier.hasPrefix("US/")
    }

    /// The IANA names a `TZID` may end with: `/mozilla.org/20050126_1/America/New_York` holds
    /// `America/New_York` (and `New_York`, `America/Argentina/Buenos_Aires` three parts).
    private static func ianaNames(in name: String) -> [String] {
        let parts = name.split(separator: "/").map(String.init)
        return (1...min(3, max(parts.count, 1))).reversed().compactMap { length in
            parts.count >= length ? parts.suffix(length).joined(separator: "/") : nil
        }
    }

    /// A definition's UTC offset at any instant of the years it is read for.
    struct Offsets {
        /// Each change of offset: its instant (seconds since 1970) and the offset from then on.
        private(set) var changes: [(instant: Int, offset: Int)] = []
        /// The instants compared: each change an hour either side, and twice a month.
        private(set) var samples: [Int] = []

        init(_ definition: ICalendarComponent, year: Int) throws(ICalendarError) {
            let first = LocalDateTime(date: Self.day(year - 1, 1, 1), time: .midnight).localSeconds
            let end = LocalDateTime(date: Self.day(year + 2, 1, 1), time: .midnight).localSeconds
            let observances = definition.components.filter { $0.name == "STANDARD" || $0.name == "DAYLIGHT" }
            guard !observances.isEmpty else {
                throw ICalendarError(line: definition.line, property: "VTIMEZONE", "has no STANDARD or DAYLIGHT component; it defines no offset")
            }
            var changes: [(instant: Int, offset: Int)] = []
            for observance in observances {
                func property(_ name: String) throws(ICalendarError) -> ICalendarProperty {
                    guard let found = observance.properties(named: name).first else {
                        throw ICalendarError(line: observance.line, property: name, "missing in the \(observance.name) component")
                    }
                    return found
                }
                let from = try Self.offset(try property("TZOFFSETFROM"))
                let to = try Self.offset(try property("TZOFFSETTO"))
                let startProperty = try property("DTSTART")
                let start = try Self.localStart(startProperty)
                changes.append((start.localSeconds - from, to))
                for rdate in observance.properties(named: "RDATE") {
                    for value in (try? ICalendarValues.read(rdate)) ?? [] {
                        if case .local(let local) = value { changes.append((local.localSeconds - from, to)) }
                    }
                }
                guard let ruleProperty = observance.properties(named: "RRULE").first else { continue }
                let rule: RecurrenceRule
                do throws(RecurrenceRuleError) {
                    rule = try RecurrenceRule(parsing: ruleProperty.value)
                } catch {
                    throw ICalendarError(line: ruleProperty.line, property: "RRULE", error.description)
                }
                // The rule may start centuries back (Outlook writes 1601): it is read from the
                // same day and time two years before those compared, so that a whole year of
                // changes comes before them, unless COUNT ties it to its start.
                var anchor = start
                if rule.count == nil, anchor.localSeconds < first {
                    anchor = LocalDateTime(date: Self.day(year - 3, start.date.month, start.date.day), time: start.time)
                }
                let recurrence: Recurrence
                do throws(RecurrenceRuleError) {
                    var local = rule
                    // An UNTIL in UTC is read as the wall clock it ends on, near enough for a
                    // change of offset that happens once a year.
                    if case .instant(let date) = rule.until { local.until = .local(LocalDateTime(localSeconds: date.wholeSecondsSince1970 + from)) }
                    recurrence = try Recurrence(start: anchor, rule: local)
                } catch {
                    throw ICalendarError(line: ruleProperty.line, property: "RRULE", error.description)
                }
                var walk = recurrence.localOccurrences()
                var steps = 0
                while let next = walk.next(), next.localSeconds < end, steps < 1_000 {
                    steps += 1
                    changes.append((next.localSeconds - from, to))
                }
            }
            changes.sort { $0.instant < $1.instant }
            self.changes = changes
            var samples: [Int] = []
            for change in changes where change.instant >= first && change.instant < end {
                samples += [change.instant - 3_600, change.instant + 3_600]
            }
            for monthIndex in 0..<24 {
                for day in [1, 15] {
                    let date = Self.day(year + monthIndex / 12, monthIndex % 12 + 1, day)
                    samples.append(LocalDateTime(date: date, time: "12:00").localSeconds)
                }
            }
            self.samples = samples
        }

        /// The offset at `instant`: that of the last change at or before it, or the offset
        /// before the first change.
        func offset(at instant: Int) -> Int? {
            var low = 0
            var high = changes.count
            while low < high {
                let middle = (low + high) / 2
                if changes[middle].instant <= instant { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? changes[low - 1].offset : nil
        }

        /// Whether `zone` keeps the definition's offset at every sample.
        func match(_ zone: TimeZone) -> Bool {
            for sample in samples {
                guard let expected = offset(at: sample) else { continue }
                if zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(sample))) != expected { return false }
            }
            return true
        }

        /// A day of `year`, the month's last when it has fewer than `day` (29 February).
        static func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDate {
            LocalDate(valid: year, month, min(day, LocalDate.daysIn(month: month, year: year)))
        }

        /// `+0100`, `-0500`, `+053000`: seconds east of UTC.
        static func offset(_ property: ICalendarProperty) throws(ICalendarError) -> Int {
            let scalars = Array(property.value.unicodeScalars)
            func digits(_ range: Range<Int>) -> Int? {
                guard range.upperBound <= scalars.count else { return nil }
                var value = 0
                for scalar in scalars[range] {
                    guard ("0"..."9").contains(scalar) else { return nil }
                    value = value * 10 + Int(scalar.value - 48)
                }
                return value
            }
            guard scalars.count == 5 || scalars.count == 7, scalars[0] == "+" || scalars[0] == "-", let hours = digits(1..<3), let minutes = digits(3..<5),
                hours < 24, minutes < 60
            else {
                throw ICalendarError(
                    line: property.line, property: property.name, "\"\(property.value)\" is not an offset; expected +HHMM or -HHMM, such as -0500")
            }
            let seconds = scalars.count == 7 ? digits(5..<7) : 0
            guard let seconds, seconds < 60 else {
                throw ICalendarError(
                    line: property.line, property: property.name, "\"\(property.value)\" is not an offset; expected +HHMM or -HHMM, such as -0500")
            }
            return (scalars[0] == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60 + seconds)
        }

        /// An observance's `DTSTART`, a local date-time in any year (Outlook writes 1601).
        static func localStart(_ property: ICalendarProperty) throws(ICalendarError) -> LocalDateTime {
            let text = property.value
            let scalars = Array(text.unicodeScalars)
            func digits(_ range: Range<Int>) -> Int? {
                var value = 0
                for scalar in scalars[range] {
                    guard ("0"..."9").contains(scalar) else { return nil }
                    value = value * 10 + Int(scalar.value - 48)
                }
                return value
            }
            guard scalars.count == 15, scalars[8] == "T", let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8),
                let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15), (1...12).contains(month), day >= 1,
                day <= LocalDate.daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
            else {
                throw ICalendarError(
                    line: property.line, property: "DTSTART", "\"\(text)\" is not a local date-time; a VTIMEZONE's onsets are written YYYYMMDDTHHMMSS")
            }
            // Years before those Bugle computes in start the rule the same; read them in 1900.
            return LocalDateTime(date: Self.day(max(year, 1900), month, day), time: LocalTime(secondOfDay: hour * 3_600 + minute * 60 + second))
        }
    }
}
