import Foundation

/// A value of `DTSTART`, `RDATE` or `EXDATE` as it is written: a day, a wall-clock time
/// without a zone, or a wall-clock time in a zone (`TZID=`, or UTC for a `Z`).
///
/// ``Recurrence/init(start:rule:dates:exceptions:timeZone:)`` reads
/// `RDATE` and `EXDATE` values against the start: a value in another zone becomes the
/// wall-clock time of the same instant in the start's zone.
public enum RecurrenceValue: Hashable, Sendable, CustomStringConvertible {
    /// A day (`VALUE=DATE`): `20260310`.
    case date(LocalDate)
    /// A wall-clock time with no zone (floating): `20260310T090000`.
    case local(LocalDateTime)
    /// A wall-clock time in a zone: `TZID=Europe/Paris:20260310T090000`, or
    /// `20260310T090000Z` in UTC.
    case zoned(LocalDateTime, TimeZone)

    /// `2026-03-10`, `2026-03-10T09:00`, `2026-03-10T09:00 Europe/Paris`; `2026-03-10T09:00Z`
    /// in UTC and `2026-03-10T09:00+01:00` in a zone at a fixed offset (`GMT+0100`).
    public var description: String {
        switch self {
        case .date(let date): return date.description
        case .local(let local): return local.description
        case .zoned(let local, let zone):
            let identifier = zone.identifier
            if ["UTC", "GMT"].contains(identifier) || identifier.hasPrefix("GMT+") || identifier.hasPrefix("GMT-") {
                return "\(local)\(ISO8601.offsetString(zone.secondsFromGMT()))"
            }
            return "\(local) \(identifier)"
        }
    }

    /// The instant of a zoned value (a time in a gap moves forward, a repeated one takes its
    /// first occurrence: ``ZoneRules/date(for:)``).
    func instant(_ local: LocalDateTime, _ zone: TimeZone) -> Date {
        ZoneRules(timeZone: zone, around: Date(timeIntervalSince1970: TimeInterval(local.localSeconds))).date(for: local)
    }
}

extension Recurrence {
    /// The most `RDATE` values, and the most `EXDATE` values, that one recurrence read from
    /// text may hold: the iCalendar reader (``init(iCalendar:timeZone:)``), `bugle rrule` and scenario
    /// files refuse more.
    public static let maximumExtraDates = 10_000

    /// A recurrence set from values as iCalendar writes them: the start decides whether the
    /// set is all-day (a ``RecurrenceValue/date(_:)`` start), floating or in a zone, and every
    /// `RDATE` and `EXDATE` value is read against it:
    ///
    /// | value | start with a time, in a zone | floating start | all-day start |
    /// | --- | --- | --- | --- |
    /// | date, in `dates` | that day at the start's time of day | the same | that day |
    /// | date, in `exceptions` | removes every occurrence that day | the same | removes that day |
    /// | floating time | read on the zone's wall clock | as written | its date |
    /// | time in a zone or UTC | the same instant on the start zone's wall clock | an error | its date in the recurrence's zone, or as written when it has none |
    ///
    /// Values are compared as wall-clock times in the start's zone, so an instant inside the
    /// repeated hour of a fall-back night stands for that wall-clock time.
    ///
    /// ```swift
    /// let paris = TimeZone(identifier: "Europe/Paris")!
    /// let newYork = TimeZone(identifier: "America/New_York")!
    /// let standUp = try Recurrence(
    ///     start: .zoned("2026-03-02T09:00", paris), rule: RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3"),
    ///     exceptions: [.zoned("2026-03-03T03:00", newYork)])  // 09:00 in Paris
    /// let times = standUp.firstLocal(3).map(\.description)  // ["2026-03-02T09:00", "2026-03-04T09:00"]
    /// ```
    ///
    /// - Parameters:
    ///   - start: `DTSTART`: a date makes an all-day recurrence.
    ///   - rule: `RRULE`, if any.
    ///   - dates: `RDATE` values.
    ///   - exceptions: `EXDATE` values.
    ///   - timeZone: The zone of a start that is a date or a floating time (`nil` leaves it
    ///     floating); a zoned start has its own, and another one here is an error.
    /// - Throws: A ``RecurrenceRuleError`` naming the rule part, or `DTSTART`, `RDATE` or
    ///   `EXDATE` with the value at fault.
    public init(start: RecurrenceValue, rule: RecurrenceRule?, dates: [RecurrenceValue] = [], exceptions: [RecurrenceValue] = [], timeZone: TimeZone? = nil)
        throws(RecurrenceRuleError)
    {
        let frame = try RecurrenceFrame(start: start, timeZone: timeZone)
        var added: [LocalDateTime] = []
        var removed: [LocalDateTime] = []
        var removedDays: [LocalDate] = []
        for value in dates { added.append(try frame.date(value, part: "RDATE")) }
        for value in exceptions {
            switch try frame.exception(value) {
            case .time(let local): removed.append(local)
            case .day(let day): removedDays.append(day)
            }
        }
        try self.init(frame: frame, rule: rule, dates: added, exceptions: removed, exceptionDays: removedDays)
    }

    /// The set from values already read against `frame`.
    init(frame: RecurrenceFrame, rule: RecurrenceRule?, dates: [LocalDateTime], exceptions: [LocalDateTime], exceptionDays: [LocalDate])
        throws(RecurrenceRuleError)
    {
        if frame.isAllDay {
            try self.init(
                startDate: frame.start.date, rule: rule, dates: dates.map(\.date), exceptions: exceptions.map(\.date) + exceptionDays,
                timeZone: frame.zone)
        } else {
            try self.init(start: frame.start, rule: rule, dates: dates, exceptions: exceptions, exceptionDays: exceptionDays, timeZone: frame.zone)
        }
    }
}

/// The start of a recurrence being read, and the reading of `RDATE` and `EXDATE` values
/// against it.
struct RecurrenceFrame {
    /// The start on its own wall clock; midnight for an all-day start.
    let start: LocalDateTime
    let isAllDay: Bool
    let zone: TimeZone?

    enum Exception {
        case time(LocalDateTime)
        case day(LocalDate)
    }

    init(start value: RecurrenceValue, timeZone: TimeZone?) throws(RecurrenceRuleError) {
        switch value {
        case .date(let date):
            start = LocalDateTime(date: date, time: .midnight)
            isAllDay = true
            zone = timeZone
        case .local(let local):
            start = local
            isAllDay = false
            zone = timeZone
        case .zoned(let local, let own):
            if let timeZone, timeZone.identifier != own.identifier {
                throw RecurrenceRuleError(part: "DTSTART", "\(value) is in \(own.identifier), not in \(timeZone.identifier), the zone given for the recurrence")
            }
            start = local
            isAllDay = false
            zone = own
        }
    }

    /// An `RDATE` value (or an `EXDATE` one at a time) on the start's wall clock.
    func date(_ value: RecurrenceValue, part: String) throws(RecurrenceRuleError) -> LocalDateTime {
        switch value {
        case .date(let date):
            return LocalDateTime(date: date, time: isAllDay ? .midnight : start.time)
        case .local(let local):
            return isAllDay ? LocalDateTime(date: local.date, time: .midnight) : local
        case .zoned(let local, let own):
            let moved = try converted(local, from: own, value: value, part: part)
            return isAllDay ? LocalDateTime(date: moved.date, time: .midnight) : moved
        }
    }

    /// An `EXDATE` value: a time to remove, or a whole day.
    func exception(_ value: RecurrenceValue) throws(RecurrenceRuleError) -> Exception {
        if case .date(let date) = value, !isAllDay { return .day(date) }
        return .time(try date(value, part: "EXDATE"))
    }

    /// `local` in `own` on the start's wall clock: unchanged in the same zone, the same
    /// instant in another.
    private func converted(_ local: LocalDateTime, from own: TimeZone, value: RecurrenceValue, part: String) throws(RecurrenceRuleError) -> LocalDateTime {
        guard let zone else {
            if isAllDay { return local }
            throw RecurrenceRuleError(
                part: part,
                "\(value) is a time in a zone but the recurrence is floating (its start has no zone); give the start a zone, or write the time without one")
        }
        if own.identifier == zone.identifier { return local }
        let instant = value.instant(local, own)
        return ZoneRules(timeZone: zone, around: instant).localDateTime(at: instant)
    }
}
