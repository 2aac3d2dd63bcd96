import Bugle
import Foundation

extension CountdownImport {
    /// A countdown from a calendar event: an RFC 5545 `VEVENT` (`BEGIN:VEVENT` …
    /// `END:VEVENT`, alone or inside a `VCALENDAR`), as a calendar app exports it.
    ///
    /// ```swift
    /// let birthday = try CountdownImport.event(
    ///     fromICalendar: """
    ///         BEGIN:VEVENT
    ///         UID:mum@example.com
    ///         SUMMARY:Mum's birthday
    ///         DTSTART;VALUE=DATE:19600415
    ///         RRULE:FREQ=YEARLY
    ///         BEGIN:VALARM
    ///         TRIGGER:-PT15H
    ///         END:VALARM
    ///         END:VEVENT
    ///         """,
    ///     createdAt: now, timeZone: .current)
    /// // "Mum's birthday", yearly, reminded the day before at 09:00
    /// ```
    ///
    /// What is read:
    ///
    /// - `SUMMARY` is the name (its `\,` `\;` `\\` `\n` escapes read), `UID` the id unless
    ///   `id` is given; other properties (`DESCRIPTION`, `LOCATION`, `DTEND`) are not read.
    /// - `DTSTART`, `RRULE`, `RDATE` and `EXDATE` as `Recurrence/init(iCalendarComponent:timeZone:timeZoneDefinitions:)`
    ///   reads them. A `DTSTART` with `TZID` (or `Z`) gives the event's zone
    ///   (``ReminderPlan/timezone``); a floating one, or a date, is in `timeZone`.
    /// - An all-day event (`DTSTART;VALUE=DATE`) takes place at `allDayTime` on each of its
    ///   days, 09:00 unless given: that is the moment it counts down to and "At start"
    ///   reminds of.
    /// - An `RRULE` makes the event recur: ``Countdown/recurrence`` is its frequency
    ///   (`DAILY` to `YEARLY`; a rule more often than daily is an error), which gives the
    ///   label and the Pro gate, and ``Countdown/iCalendarRecurrence`` keeps the rule, the
    ///   extra dates and the exceptions, which the occurrences follow. The rule is read as
    ///   written: without `SKIP=BACKWARD`, a monthly event on the 31st skips the shorter
    ///   months, as RFC 5545 has it. A rule with `RSCALE=CHINESE`, `DANGI` or `HEBREW`
    ///   gives ``Countdown/calendar`` (what the app shows); its own `SKIP` is kept. `RDATE`
    ///   without an `RRULE` is an error: a countdown repeats by a rule.
    /// - Each `VALARM`'s `TRIGGER` is a reminder: a duration before the start, 7 days
    ///   (`-P7D`, `-P1W`), 1 day (`-P1D`, `-PT24H`), 1 hour (`-PT1H`) or 0 (`PT0S`). An
    ///   all-day event's triggers count from the start of its day, as calendars write them:
    ///   with `allDayTime` 09:00, `PT9H` is at the start and `-PT15H` the day before. The
    ///   preset is the smallest that holds them all (``ReminderPreset/simple``, then
    ///   ``ReminderPreset/standard``, then ``ReminderPreset/intense``), with its other
    ///   reminders stored turned off. Any other trigger, one `RELATED=END` or at a date-time,
    ///   is an error. Without a `VALARM` the event has ``ReminderPlan/defaultPlan(in:)``.
    ///
    /// ``Countdown/date`` and ``Countdown/originalDateAt`` are the start, and
    /// ``Countdown/nextOccurrenceAt`` the first occurrence (a start that the rule does not
    /// give, or an `EXDATE` removes, is not one); ``Countdowns/rollForward(at:)`` moves it to
    /// now. Entitlements are not checked here: ``Countdowns/add(_:)`` checks them.
    ///
    /// - Parameters:
    ///   - text: The iCalendar text: one `VEVENT`.
    ///   - id: The countdown's id; `nil` takes the event's `UID`.
    ///   - createdAt: When the user imported it.
    ///   - timeZone: The zone of a floating or all-day event: the device's.
    ///   - allDayTime: The time of day of an all-day event's occurrences.
    ///   - icon: The countdown's emoji.
    /// - Throws: An `ICalendarError` naming the line, the property and what is wrong.
    public static func event(
        fromICalendar text: String, id: String? = nil, createdAt: Date, timeZone: TimeZone, allDayTime: LocalTime = RecurringRule.defaultAllDayTime,
        icon: String = "📅"
    ) throws(ICalendarError) -> Countdown {
        let whole = try ICalendarComponent(parsing: text)
        let events = (whole.components(named: "VEVENT") + whole.components(named: "VCALENDAR").flatMap { $0.components(named: "VEVENT") })
            .sorted { $0.line < $1.line }
        guard let event = events.first else {
            throw ICalendarError(line: nil, property: nil, "no VEVENT; expected a calendar event, BEGIN:VEVENT … END:VEVENT")
        }
        if events.count > 1 {
            throw ICalendarError(line: events[1].line, property: "BEGIN", "a second VEVENT; one countdown is read from one event")
        }
        func single(_ name: String) throws(ICalendarError) -> ICalendarProperty? {
            let found = event.properties(named: name)
            if found.count > 1 {
                throw ICalendarError(line: found[1].line, property: name, "given twice (first at line \(found[0].line))")
            }
            return found.first
        }
        guard let summary = try single("SUMMARY") else {
            throw ICalendarError(line: event.line, property: "SUMMARY", "missing in the VEVENT; a countdown needs a name")
        }
        let name = Self.unescaped(summary.value)
        guard name.contains(where: { !$0.isWhitespace }) else {
            throw ICalendarError(line: summary.line, property: "SUMMARY", "empty; a countdown needs a name")
        }
        let uid = try single("UID").map { Self.unescaped($0.value) }
        guard let eventID = id ?? uid, !eventID.isEmpty else {
            throw ICalendarError(line: event.line, property: "UID", "missing in the VEVENT; give the countdown an id")
        }

        let definitions = whole.components(named: "VTIMEZONE") + whole.components(named: "VCALENDAR").flatMap { $0.components(named: "VTIMEZONE") }
        let recurrence = try Recurrence(iCalendarComponent: event, timeZone: timeZone, timeZoneDefinitions: definitions)
        let zone = recurrence.timeZone ?? timeZone
        let start = recurrence.isAllDay ? LocalDateTime(date: recurrence.start.date, time: allDayTime) : recurrence.start
        let anchor = ZoneRules(timeZone: zone, around: Date(timeIntervalSince1970: TimeInterval(start.localSeconds))).date(for: start)
        let ruleLine = event.properties(named: "RRULE").first?.line
        var kind = CountdownRecurrence.none
        var lines: String?
        let next: Date
        if let rule = recurrence.rule {
            switch rule.frequency {
            case .daily: kind = .daily
            case .weekly: kind = .weekly
            case .monthly: kind = .monthly
            case .yearly: kind = .yearly
            case .secondly, .minutely, .hourly:
                throw ICalendarError(line: ruleLine, property: "RRULE", "FREQ=\(rule.frequency): a countdown repeats daily at most")
            }
            lines = Self.lines(of: recurrence)
            guard let first = recurrence.timed(at: allDayTime).first(1, in: zone).first?.date else {
                throw ICalendarError(line: ruleLine, property: "RRULE", "the event has no occurrence: EXDATE removes every one the rule and RDATE give")
            }
            next = first
        } else {
            if let extra = event.properties(named: "RDATE").first {
                throw ICalendarError(
                    line: extra.line, property: "RDATE",
                    "extra dates without an RRULE; a countdown repeats by a rule (DAILY, WEEKLY, MONTHLY or YEARLY): import each date as a countdown of its own"
                )
            }
            let removed = recurrence.exceptions.contains(recurrence.start) || recurrence.exceptionDays.contains(recurrence.start.date)
            if removed, let exception = event.properties(named: "EXDATE").first {
                throw ICalendarError(line: exception.line, property: "EXDATE", "removes the event's only occurrence, its start")
            }
            next = anchor
        }

        let alarms = event.components(named: "VALARM")
        var offsets: Set<ReminderOffset> = []
        for alarm in alarms {
            offsets.insert(try Self.offset(of: alarm, allDay: recurrence.isAllDay, allDayTime: allDayTime))
        }
        var plan = ReminderPlan.defaultPlan(in: zone)
        var reminders: [CountdownReminder] = []
        if !alarms.isEmpty {
            let preset = [ReminderPreset.simple, .standard, .intense].first { Set($0.offsets).isSuperset(of: offsets) } ?? .intense
            plan = ReminderPlan(preset: preset, enabled: true, timezone: zone)
            reminders = preset.offsets.filter { !offsets.contains($0) }.map { offset in
                CountdownReminder(
                    id: "\(eventID)_reminder_\(offset.rawValue)", eventId: eventID, fireAt: next.addingTimeInterval(-offset.seconds),
                    typeLabel: offset.label, enabled: false)
            }
        }
        var countdown = Countdown(
            id: eventID, name: name, icon: icon, date: anchor, createdAt: createdAt, reminderPlan: plan, reminders: reminders, recurrence: kind)
        countdown.nextOccurrenceAt = next
        countdown.iCalendarRecurrence = lines
        if let scale = recurrence.rule?.calendarScale { countdown.calendar = CountdownCalendar(scale: scale) ?? .gregorian }
        return countdown
    }

    /// The reminder a `VALARM` asks for.
    private static func offset(of alarm: ICalendarComponent, allDay: Bool, allDayTime: LocalTime) throws(ICalendarError) -> ReminderOffset {
        guard let trigger = alarm.properties(named: "TRIGGER").first else {
            throw ICalendarError(line: alarm.line, property: "VALARM", "has no TRIGGER; expected one such as TRIGGER:-PT1H")
        }
        func problem(_ message: String) -> ICalendarError { ICalendarError(line: trigger.line, property: "TRIGGER", message) }
        if let related = trigger.parameters["RELATED"], related.uppercased() != "START" {
            throw problem("RELATED=\(related) is not read: a countdown's reminders count from its start")
        }
        if let type = trigger.parameters["VALUE"], type.uppercased() != "DURATION" {
            throw problem("a trigger at a date-time (VALUE=\(type)) is not read; give a duration before the start, such as -PT1H")
        }
        guard let seconds = duration(trigger.value) else {
            throw problem("\"\(trigger.value)\" is not a duration; expected one such as -PT1H, -P1D or PT0S")
        }
        let relative = seconds - (allDay ? allDayTime.secondOfDay : 0)
        guard let offset = ReminderOffset.allCases.first(where: { Int(-$0.seconds) == relative }) else {
            let day = allDay ? " (an all-day event's triggers count from the start of its day, and it takes place at \(allDayTime))" : ""
            throw problem("\(trigger.value): a countdown reminds 7 days, 1 day or 1 hour before its start, or at it\(day)")
        }
        return offset
    }

    /// An RFC 5545 duration (`-P1DT2H`, `PT15M`, `-P1W`) in seconds, days counted as 24
    /// hours; `nil` when it is not one.
    private static func duration(_ text: String) -> Int? {
        var scalars = Array(text.unicodeScalars)[...]
        var sign = 1
        if scalars.first == "-" || scalars.first == "+" {
            if scalars.first == "-" { sign = -1 }
            scalars = scalars.dropFirst()
        }
        guard scalars.first == "P", scalars.count > 1 else { return nil }
        scalars = scalars.dropFirst()
        var total = 0
        var inTime = false
        var sawPart = false
        var order = 0
        while let first = scalars.first {
            if first == "T" {
                guard !inTime else { return nil }
                inTime = true
                scalars = scalars.dropFirst()
                continue
            }
            let digits = scalars.prefix { ("0"..."9").contains($0) }
            guard !digits.isEmpty, digits.count <= 6 else { return nil }
            scalars = scalars.dropFirst(digits.count)
            guard let unit = scalars.first, let value = Int(String(String.UnicodeScalarView(digits))) else { return nil }
            scalars = scalars.dropFirst()
            let (seconds, rank): (Int, Int)
            switch (unit, inTime) {
            case ("W", false): (seconds, rank) = (604_800, 1)
            case ("D", false): (seconds, rank) = (86_400, 2)
            case ("H", true): (seconds, rank) = (3_600, 3)
            case ("M", true): (seconds, rank) = (60, 4)
            case ("S", true): (seconds, rank) = (1, 5)
            default: return nil
            }
            guard rank > order else { return nil }
            order = rank
            total += value * seconds
            sawPart = true
        }
        return sawPart ? sign * total : nil
    }

    /// A `TEXT` value with its escapes read: `\,` `\;` `\\` and `\n`.
    private static func unescaped(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                out.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return escaping ? out + "\\" : out
    }

    /// The recurrence's rule, dates and exceptions as lines to read against its start on the
    /// wall clock of its zone (``Countdown/iCalendarRecurrence``): an all-day recurrence's as
    /// dates, which then fall at the start's time of day.
    private static func lines(of recurrence: Recurrence) -> String {
        var lines = recurrence.rule.map { ["RRULE:\($0)"] } ?? []
        func add(_ name: String, _ values: [String]) {
            if !values.isEmpty { lines.append("\(name):\(values.joined(separator: ","))") }
        }
        if recurrence.isAllDay {
            add("RDATE;VALUE=DATE", recurrence.dates.map { compact($0.date) })
            add("EXDATE;VALUE=DATE", recurrence.exceptions.map { compact($0.date) })
        } else {
            add("RDATE", recurrence.dates.map(compact))
            add("EXDATE", recurrence.exceptions.map(compact))
            add("EXDATE;VALUE=DATE", recurrence.exceptionDays.map(compact))
        }
        return lines.joined(separator: "\n")
    }

    /// `YYYYMMDD`.
    private static func compact(_ date: LocalDate) -> String { pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2) }

    /// `YYYYMMDDTHHMMSS`.
    private static func compact(_ local: LocalDateTime) -> String {
        compact(local.date) + "T" + pad(local.time.hour, 2) + pad(local.time.minute, 2) + pad(local.time.second, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
