import Foundation

extension RecurrenceRule {
    /// The languages ``text(in:)`` writes, those of the content server: English, German,
    /// Spanish, French, Japanese, Korean, Turkish and Simplified Chinese.
    public static let textLanguages = ["en", "de", "es", "fr", "ja", "ko", "tr", "zh"]

    /// The keys and placeholders of `Recurrence.xcstrings`, the String Catalog the texts come
    /// from, in every one of ``textLanguages``.
    public static var textCatalogSchema: CatalogSchema {
        CatalogSchema(languages: textLanguages, keys: RecurrenceTextKeys.all)
    }

    /// Reads and checks `Recurrence.xcstrings`, compiled into the Bugle module (the core reads
    /// no files), against ``textCatalogSchema``.
    ///
    /// ``text(in:)`` loads it once and keeps it; call this to check the catalog, in a test.
    ///
    /// - Throws: A ``StringCatalogError`` for the first mistake in the catalog.
    public static func loadTextCatalog() throws -> StringCatalog {
        try StringCatalog(data: Data(RecurrenceCatalogData.json.utf8), schema: textCatalogSchema)
    }

    /// The rule in words, in `language` (`"de"`, `"es-MX"`, `"zh-Hans"`: the base language of
    /// one of ``textLanguages``; any other language gets English).
    ///
    /// ```swift
    /// let alternate = try RecurrenceRule(parsing: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
    /// print(alternate.text(in: "en"))  // every second Tuesday
    /// let lastWeekday = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
    /// print(lastWeekday.text(in: "en"))  // on the last weekday of the month
    /// let moonFestival = try RecurrenceRule(parsing: "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15")
    /// print(moonFestival.text(in: "ja"))  // 毎年 中国暦の8月15日
    /// ```
    ///
    /// Every part is told: the period and `INTERVAL`, each `BYxxx` list, `BYSETPOS`, `COUNT` or
    /// `UNTIL`, the calendar of `RSCALE` and `SKIP`; `WKST` only where it changes the
    /// occurrences (weekly rules with an `INTERVAL` or `BYSETPOS`, and `BYWEEKNO`). What the
    /// rule leaves to its start (the day of a `MONTHLY` rule without a day part, the time of
    /// day) is not told; ``Recurrence/text(in:)`` tells the start.
    ///
    /// Months of a calendar other than the Gregorian one are numbered as RFC 7529 numbers them
    /// ("the 8th Chinese month", "the leap 5th Chinese month"); times are written `09:00`. A
    /// date `UNTIL` is told as its date ("until 31 March 2027"); ``Recurrence/text(in:)`` tells
    /// when, the start having a time, that date comes before every occurrence of its day.
    public func text(in language: String) -> String {
        RecurrenceTextWriter(language: language)?.rule(self) ?? description
    }
}

extension Recurrence {
    /// The recurrence in words, in `language` (as ``RecurrenceRule/text(in:)``): the rule,
    /// the time of day it takes from the start, the start's date, how many dates are added
    /// and removed, and the rules whose occurrences are removed (`EXRULE`).
    ///
    /// ```swift
    /// let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TU;COUNT=5")
    /// let recurrence = try Recurrence(start: "2026-03-03T09:00", rule: rule)
    /// print(recurrence.text(in: "en"))  // every week on Tuesday at 09:00, 5 times, starting 3 March 2026
    /// ```
    public func text(in language: String) -> String {
        RecurrenceTextWriter(language: language)?.recurrence(self) ?? (rule.map { "RRULE:\($0)" } ?? start.description)
    }
}

/// Writes rules in words from `Recurrence.xcstrings`.
struct RecurrenceTextWriter {
    /// The catalog, loaded once; `nil` only if the compiled-in copy were broken, which
    /// `RecurrenceDescriptionTests` rules out (the texts are then the RRULE itself).
    static let catalog: StringCatalog? = try? RecurrenceRule.loadTextCatalog()

    let catalog: StringCatalog
    /// The catalog language: one of `RecurrenceRule.textLanguages`.
    let language: String

    init?(language requested: String) {
        guard let catalog = Self.catalog else { return nil }
        self.catalog = catalog
        language = catalog.resolvedLanguage(requested)
    }

    // MARK: Catalog access

    func string(_ name: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        // Every name the writer uses is a key (RecurrenceDescriptionTests writes every part).
        guard let key = RecurrenceTextKeys.byName[name] else { return name }
        return catalog.string(key, language: language, arguments)
    }

    /// `A`, `A and B`, `A, B and C`.
    func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let head = items.dropLast().joined(separator: string("list.separator"))
        return string("list.last", ["first": .text(head), "last": .text(items[items.count - 1])])
    }

    /// `n` as an ordinal number: 2nd, 2., 2e, 2.º, 2; `feminine` for a French or Spanish noun
    /// that needs it (1re, 1.ª).
    func ordinal(_ n: Int, feminine: Bool = false) -> String {
        switch language {
        case "en":
            let suffix =
                switch (n % 10, n % 100) {
                case (_, 11...13): "th"
                case (1, _): "st"
                case (2, _): "nd"
                case (3, _): "rd"
                default: "th"
                }
            return "\(n)\(suffix)"
        case "de", "tr": return "\(n)."
        case "fr": return n == 1 ? (feminine ? "1re" : "1er") : "\(n)e"
        case "es":
            if feminine { return "\(n).ª" }
            // The masculine before its noun: primer, tercer (1.er, 3.er), but undécimo (11.º).
            return (n % 10 == 1 && n % 100 != 11) || n % 10 == 3 ? "\(n).er" : "\(n).º"
        default: return "\(n)"
        }
    }

    /// An item of an ordinal group (`day`, `week`, …): the n-th, the last, the second to last,
    /// the n-th to last.
    func item(_ group: String, _ value: Int, feminine: Bool = false) -> String {
        switch value {
        case -1: string("\(group).last")
        case -2: string("\(group).secondToLast")
        case ..<0: string("\(group).nthLast", ["ordinal": .text(ordinal(-value, feminine: feminine))])
        default: string("\(group).nth", ["ordinal": .text(ordinal(value, feminine: feminine))])
        }
    }

    /// Positions in reading order: 1, 2, 15, then from the end: 3rd to last, 2nd to last, last.
    static func ordered(_ values: [Int]) -> [Int] {
        let unique = Array(Set(values))
        return unique.filter { $0 > 0 }.sorted() + unique.filter { $0 < 0 }.sorted()
    }

    static func mondayFirst(_ day: Weekday) -> Int { (day.rawValue + 5) % 7 }

    func weekdayName(_ day: Weekday) -> String { string("weekday.\(day.code)") }

    func date(_ date: LocalDate) -> String {
        string("date.full", ["day": .integer(date.day), "month": .text(string("month.\(date.month)")), "year": .integer(date.year)])
    }

    static func clock(_ hour: Int, _ minute: Int, _ second: Int) -> String {
        let text = "\(pad(hour, 2)):\(pad(minute, 2))"
        return second == 0 ? text : text + ":\(pad(second, 2))"
    }

    func times(_ times: [LocalTime]) -> String {
        string("times", ["hour": .integer(times[0].hour), "list": .text(list(times.map { Self.clock($0.hour, $0.minute, $0.second) }))])
    }

    // MARK: Rules

    /// The calendar name when the rule counts months in a calendar other than the Gregorian one.
    static func calendarKey(_ rule: RecurrenceRule) -> String? {
        guard let scale = rule.calendarScale, scale.foundationIdentifier != nil else { return nil }
        return "calendar.\(scale.rawValue)"
    }

    func rule(_ rule: RecurrenceRule) -> String {
        let parts = parts(rule, startTime: nil)
        return compose(parts.main, parts.tail + end(rule, startHasTime: false))
    }

    func recurrence(_ recurrence: Recurrence) -> String {
        let startTime = recurrence.isAllDay ? nil : recurrence.start.time
        var tail: [String] = []
        let main: [String]
        if let rule = recurrence.rule {
            let parts = parts(rule, startTime: startTime)
            main = parts.main
            tail = parts.tail + end(rule, startHasTime: !recurrence.isAllDay && !recurrence.untilDateKeepsItsDay)
            tail.append(string("start", ["date": .text(date(recurrence.start.date))]))
        } else {
            // Without a rule the occurrences are the extra dates less the exceptions (the
            // start is not one of them): they are told as they are.
            let occurrences = Array(recurrence.localOccurrences())
            guard let first = occurrences.first else { return string("none") }
            main = [string("single", ["date": .text(date(first.date))])] + (recurrence.isAllDay ? [] : [times([first.time])])
            if occurrences.count > 1 { tail.append(string("extra.dates", ["count": .integer(occurrences.count - 1)])) }
            return compose(main, tail)
        }
        if !recurrence.dates.isEmpty { tail.append(string("extra.dates", ["count": .integer(recurrence.dates.count)])) }
        let removed = recurrence.exceptions.count + recurrence.exceptionDays.count
        if removed > 0 { tail.append(string("extra.exceptions", ["count": .integer(removed)])) }
        for excluded in recurrence.exclusionRules { tail.append(string("extra.exclusionRule", ["rule": .text(rule(excluded))])) }
        return compose(main, tail)
    }

    func compose(_ main: [String], _ tail: [String]) -> String {
        ([main.joined(separator: string("join.main"))] + tail).joined(separator: string("join.tail"))
    }

    /// `COUNT` or `UNTIL`; a date `UNTIL` ends the day before when `startHasTime`.
    func end(_ rule: RecurrenceRule, startHasTime: Bool) -> [String] {
        if let count = rule.count { return [string("end.count", ["count": .integer(count)])] }
        switch rule.until {
        case nil: return []
        case .date(let day):
            return [string(startHasTime ? "end.before" : "end.until", ["date": .text(date(day))])]
        case .local(let moment):
            return [
                string(
                    "end.untilTime",
                    ["date": .text(date(moment.date)), "time": .text(Self.clock(moment.time.hour, moment.time.minute, moment.time.second))])
            ]
        case .instant(let instant):
            let moment = LocalDateTime(localSeconds: instant.wholeSecondsSince1970)
            return [
                string(
                    "end.untilUTC",
                    ["date": .text(date(moment.date)), "time": .text(Self.clock(moment.time.hour, moment.time.minute, moment.time.second))])
            ]
        }
    }

    /// The phrase's parts: the main ones, joined by spaces, and those after it (a `BYDAY` that
    /// only keeps days, `BYSETPOS`, `SKIP`), each after a comma.
    func parts(_ rule: RecurrenceRule, startTime: LocalTime?) -> (main: [String], tail: [String]) {
        var main: [String] = []
        var tail: [String] = []
        let calendar = Self.calendarKey(rule).map { string($0) }
        let hasMonths = !rule.byMonth.isEmpty || !rule.byLeapMonth.isEmpty
        let plainDays = rule.byDay.filter { $0.ordinal == nil }.map(\.weekday)
        let ordinalDays = rule.byDay.filter { $0.ordinal != nil }
        let timeValues = max(rule.byHour.count, 1) * max(rule.byMinute.count, 1) * max(rule.bySecond.count, 1)
        var daysTold = false
        var positionsTold = false

        // The opening: the period, or a whole phrase for a common shape.
        let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
        if rule.frequency == .monthly || rule.frequency == .yearly, calendar == nil, ordinalDays.isEmpty, Set(plainDays) == weekdays,
            rule.bySetPosition.count == 1, let position = rule.bySetPosition.first, position > 0 || position >= -2,
            rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty, !hasMonths, timeValues == 1
        {
            let scope = rule.frequency == .monthly ? "workday.month" : "workday.year"
            let item = item("workday", position)
            if rule.interval == 1 {
                main.append(string(scope, ["position": .text(item)]))
            } else {
                main.append(string(scope + ".interval", ["interval": .integer(rule.interval), "position": .text(item)]))
            }
            daysTold = true
            positionsTold = true
        } else if rule.frequency == .weekly, rule.interval == 2, rule.byDay.count == 1, plainDays.count == 1, rule.byMonthDay.isEmpty,
            rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty, !hasMonths, rule.bySetPosition.isEmpty
        {
            main.append(string("weekly.alternate", ["weekday": .text(weekdayName(plainDays[0]))]))
            daysTold = true
        } else if let calendar, rule.frequency == .monthly || rule.frequency == .yearly, !hasMonths {
            let name = "period.\(rule.frequency).calendar"
            main.append(
                rule.interval == 1
                    ? string(name, ["calendar": .text(calendar)])
                    : string(name + ".interval", ["interval": .integer(rule.interval), "calendar": .text(calendar)]))
        } else {
            main.append(
                rule.interval == 1
                    ? string("period.\(rule.frequency)") : string("period.\(rule.frequency).interval", ["interval": .integer(rule.interval)]))
        }

        // Months, and days of the month with them in a yearly rule.
        let days = Self.ordered(rule.byMonthDay).map { item("day", $0) }
        if hasMonths {
            let count = rule.byMonth.count + rule.byLeapMonth.count
            let monthList: String
            if calendar != nil {
                let months = Set(rule.byMonth).map { ($0, false) } + Set(rule.byLeapMonth).map { ($0, true) }
                monthList = list(
                    months.sorted { ($0.0, $0.1 ? 1 : 0) < ($1.0, $1.1 ? 1 : 0) }.map {
                        string($0.1 ? "month.leap" : "month.nth", ["ordinal": .text(ordinal($0.0))])
                    })
            } else {
                monthList = list(Set(rule.byMonth).sorted().map { string("month.\($0)") })
            }
            var arguments: [String: MessageArgument] = ["count": .integer(count), "list": .text(monthList)]
            if let calendar { arguments["calendar"] = .text(calendar) }
            let suffix = calendar == nil ? "" : ".calendar"
            if rule.frequency == .yearly, !days.isEmpty {
                let months = string("months.of" + suffix, arguments)
                main.append(
                    days.count == 1 && count == 1
                        ? string("date.one", ["day": .text(days[0]), "month": .text(months)])
                        : string("date", ["days": .text(list(days)), "months": .text(months)]))
            } else {
                main.append(string("months.in" + suffix, arguments))
            }
        }
        if !rule.byWeekNumber.isEmpty {
            main.append(string("weeks", ["list": .text(list(Self.ordered(rule.byWeekNumber).map { item("week", $0, feminine: true) }))]))
        }
        if !rule.byYearDay.isEmpty {
            main.append(string("yeardays", ["list": .text(list(Self.ordered(rule.byYearDay).map { item("yearday", $0) }))]))
        }
        if !days.isEmpty, !(hasMonths && rule.frequency == .yearly) {
            main.append(string(rule.frequency == .yearly ? "monthdays.everyMonth" : "monthdays", ["list": .text(list(days))]))
        }

        // Weekdays: days of their own, or a condition on the days of the month or year.
        if !daysTold, !rule.byDay.isEmpty {
            let only = !rule.byMonthDay.isEmpty || !rule.byYearDay.isEmpty
            var phrases: [String] = []
            if !plainDays.isEmpty {
                let sorted = Set(plainDays).sorted { Self.mondayFirst($0) < Self.mondayFirst($1) }
                if rule.frequency == .weekly, !only {
                    phrases.append(string("weekdays", ["list": .text(list(sorted.map(weekdayName)))]))
                } else {
                    let names = list(sorted.map { string("weekdays.\($0.code)") })
                    phrases.append(string(only ? "only.weekdays" : "weekdays.filter", ["list": .text(names)]))
                }
            }
            if !ordinalDays.isEmpty {
                let sorted = Set(ordinalDays).sorted {
                    let (a, b) = ($0.ordinal!, $1.ordinal!)
                    if a != b { return (a < 0 ? 1000 - a : a) < (b < 0 ? 1000 - b : b) }
                    return Self.mondayFirst($0.weekday) < Self.mondayFirst($1.weekday)
                }
                let items = sorted.map { day -> String in
                    let name = weekdayName(day.weekday)
                    let value = day.ordinal!
                    return switch value {
                    case -1: string("weekdayOrdinal.last", ["weekday": .text(name)])
                    case -2: string("weekdayOrdinal.secondToLast", ["weekday": .text(name)])
                    case ..<0: string("weekdayOrdinal.nthLast", ["ordinal": .text(ordinal(-value)), "weekday": .text(name)])
                    default: string("weekdayOrdinal.nth", ["ordinal": .text(ordinal(value)), "weekday": .text(name)])
                    }
                }
                let scope = rule.frequency == .monthly || hasMonths ? "month" : "year"
                phrases.append(string((only ? "only.ordinal." : "weekdays.ordinal.") + scope, ["list": .text(list(items))]))
            }
            if only {
                tail.append(list(phrases))
            } else {
                main.append(list(phrases))
            }
        }

        // Times of day.
        main += timeParts(rule, startTime: startTime)
        if rule.weekStart != .monday, !rule.byWeekNumber.isEmpty || (rule.frequency == .weekly && (rule.interval > 1 || !rule.bySetPosition.isEmpty)) {
            main.append(string("weekStart", ["weekday": .text(weekdayName(rule.weekStart))]))
        }
        if !positionsTold, !rule.bySetPosition.isEmpty {
            let items = Self.ordered(rule.bySetPosition).map { item("position", $0, feminine: true) }
            tail.append(string("setpos.\(rule.frequency)", ["list": .text(list(items))]))
        }
        switch rule.skip {
        case .omit: break
        case .backward: tail.append(string("skip.backward"))
        case .forward: tail.append(string("skip.forward"))
        }
        return (main, tail)
    }

    /// `BYHOUR`, `BYMINUTE`, `BYSECOND`: times of day (`at 09:00 and 18:30`) in a daily or
    /// longer rule that gives hours and minutes, else each part on its own; the start's time
    /// when the rule gives none.
    func timeParts(_ rule: RecurrenceRule, startTime: LocalTime?) -> [String] {
        let hours = Set(rule.byHour).sorted()
        let minutes = Set(rule.byMinute).sorted()
        let seconds = Set(rule.bySecond).sorted()
        if hours.isEmpty, minutes.isEmpty, seconds.isEmpty {
            guard let startTime, rule.frequency >= .daily else { return [] }
            return [times([startTime])]
        }
        if rule.frequency >= .daily, !hours.isEmpty, !minutes.isEmpty, seconds.count <= 1, hours.count * minutes.count <= 24 {
            let second = seconds.first ?? 0
            return [times(hours.flatMap { hour in minutes.map { LocalTime(secondOfDay: hour * 3600 + $0 * 60 + second) } })]
        }
        var parts: [String] = []
        if !hours.isEmpty {
            let ranges = hours.map { "\(pad($0, 2)):00–\(pad($0, 2)):59" }
            parts.append(string("hours", ["count": .integer(hours.count), "list": .text(list(ranges))]))
        }
        if !minutes.isEmpty { parts.append(string("minutes", ["count": .integer(minutes.count), "list": .text(list(minutes.map(String.init)))])) }
        if !seconds.isEmpty { parts.append(string("seconds", ["count": .integer(seconds.count), "list": .text(list(seconds.map(String.init)))])) }
        return parts
    }
}

/// The keys of `Recurrence.xcstrings` and their placeholders.
enum RecurrenceTextKeys {
    static let byName: [String: MessageKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    static let all: [MessageKey] = [
        MessageKey("calendar.CHINESE"),
        MessageKey("calendar.COPTIC"),
        MessageKey("calendar.DANGI"),
        MessageKey("calendar.ETHIOAA"),
        MessageKey("calendar.ETHIOPIC"),
        MessageKey("calendar.HEBREW"),
        MessageKey("calendar.INDIAN"),
        MessageKey("calendar.ISLAMIC"),
        MessageKey("calendar.ISLAMIC-CIVIL"),
        MessageKey("calendar.ISLAMIC-TBLA"),
        MessageKey("calendar.ISLAMIC-UMALQURA"),
        MessageKey("calendar.PERSIAN"),
        MessageKey("date", placeholders: [.text("days"), .text("months")]),
        MessageKey("date.full", placeholders: [.integer("day"), .text("month"), .integer("year")]),
        MessageKey("date.one", placeholders: [.text("day"), .text("month")]),
        MessageKey("day.last"),
        MessageKey("day.nth", placeholders: [.text("ordinal")]),
        MessageKey("day.nthLast", placeholders: [.text("ordinal")]),
        MessageKey("day.secondToLast"),
        MessageKey("end.before", placeholders: [.text("date")]),
        MessageKey("end.count", placeholders: [.integer("count")]),
        MessageKey("end.until", placeholders: [.text("date")]),
        MessageKey("end.untilTime", placeholders: [.text("date"), .text("time")]),
        MessageKey("end.untilUTC", placeholders: [.text("date"), .text("time")]),
        MessageKey("extra.dates", placeholders: [.integer("count")]),
        MessageKey("extra.exceptions", placeholders: [.integer("count")]),
        MessageKey("extra.exclusionRule", placeholders: [.text("rule")]),
        MessageKey("none"),
        MessageKey("hours", placeholders: [.integer("count"), .text("list")]),
        MessageKey("join.main"),
        MessageKey("join.tail"),
        MessageKey("list.last", placeholders: [.text("first"), .text("last")]),
        MessageKey("list.separator"),
        MessageKey("minutes", placeholders: [.integer("count"), .text("list")]),
        MessageKey("month.1"),
        MessageKey("month.10"),
        MessageKey("month.11"),
        MessageKey("month.12"),
        MessageKey("month.2"),
        MessageKey("month.3"),
        MessageKey("month.4"),
        MessageKey("month.5"),
        MessageKey("month.6"),
        MessageKey("month.7"),
        MessageKey("month.8"),
        MessageKey("month.9"),
        MessageKey("month.leap", placeholders: [.text("ordinal")]),
        MessageKey("month.nth", placeholders: [.text("ordinal")]),
        MessageKey("monthdays", placeholders: [.text("list")]),
        MessageKey("monthdays.everyMonth", placeholders: [.text("list")]),
        MessageKey("months.in", placeholders: [.integer("count"), .text("list")]),
        MessageKey("months.in.calendar", placeholders: [.integer("count"), .text("list"), .text("calendar")]),
        MessageKey("months.of", placeholders: [.integer("count"), .text("list")]),
        MessageKey("months.of.calendar", placeholders: [.integer("count"), .text("list"), .text("calendar")]),
        MessageKey("only.ordinal.month", placeholders: [.text("list")]),
        MessageKey("only.ordinal.year", placeholders: [.text("list")]),
        MessageKey("only.weekdays", placeholders: [.text("list")]),
        MessageKey("period.DAILY"),
        MessageKey("period.DAILY.interval", placeholders: [.integer("interval")]),
        MessageKey("period.HOURLY"),
        MessageKey("period.HOURLY.interval", placeholders: [.integer("interval")]),
        MessageKey("period.MINUTELY"),
        MessageKey("period.MINUTELY.interval", placeholders: [.integer("interval")]),
        MessageKey("period.MONTHLY"),
        MessageKey("period.MONTHLY.calendar", placeholders: [.text("calendar")]),
        MessageKey("period.MONTHLY.calendar.interval", placeholders: [.integer("interval"), .text("calendar")]),
        MessageKey("period.MONTHLY.interval", placeholders: [.integer("interval")]),
        MessageKey("period.SECONDLY"),
        MessageKey("period.SECONDLY.interval", placeholders: [.integer("interval")]),
        MessageKey("period.WEEKLY"),
        MessageKey("period.WEEKLY.interval", placeholders: [.integer("interval")]),
        MessageKey("period.YEARLY"),
        MessageKey("period.YEARLY.calendar", placeholders: [.text("calendar")]),
        MessageKey("period.YEARLY.calendar.interval", placeholders: [.integer("interval"), .text("calendar")]),
        MessageKey("period.YEARLY.interval", placeholders: [.integer("interval")]),
        MessageKey("position.last"),
        MessageKey("position.nth", placeholders: [.text("ordinal")]),
        MessageKey("position.nthLast", placeholders: [.text("ordinal")]),
        MessageKey("position.secondToLast"),
        MessageKey("seconds", placeholders: [.integer("count"), .text("list")]),
        MessageKey("setpos.DAILY", placeholders: [.text("list")]),
        MessageKey("setpos.HOURLY", placeholders: [.text("list")]),
        MessageKey("setpos.MINUTELY", placeholders: [.text("list")]),
        MessageKey("setpos.MONTHLY", placeholders: [.text("list")]),
        MessageKey("setpos.SECONDLY", placeholders: [.text("list")]),
        MessageKey("setpos.WEEKLY", placeholders: [.text("list")]),
        MessageKey("setpos.YEARLY", placeholders: [.text("list")]),
        MessageKey("single", placeholders: [.text("date")]),
        MessageKey("skip.backward"),
        MessageKey("skip.forward"),
        MessageKey("start", placeholders: [.text("date")]),
        MessageKey("times", placeholders: [.integer("hour"), .text("list")]),
        MessageKey("week.last"),
        MessageKey("week.nth", placeholders: [.text("ordinal")]),
        MessageKey("week.nthLast", placeholders: [.text("ordinal")]),
        MessageKey("week.secondToLast"),
        MessageKey("weekStart", placeholders: [.text("weekday")]),
        MessageKey("weekday.FR"),
        MessageKey("weekday.MO"),
        MessageKey("weekday.SA"),
        MessageKey("weekday.SU"),
        MessageKey("weekday.TH"),
        MessageKey("weekday.TU"),
        MessageKey("weekday.WE"),
        MessageKey("weekdayOrdinal.last", placeholders: [.text("weekday")]),
        MessageKey("weekdayOrdinal.nth", placeholders: [.text("ordinal"), .text("weekday")]),
        MessageKey("weekdayOrdinal.nthLast", placeholders: [.text("ordinal"), .text("weekday")]),
        MessageKey("weekdayOrdinal.secondToLast", placeholders: [.text("weekday")]),
        MessageKey("weekdays", placeholders: [.text("list")]),
        MessageKey("weekdays.FR"),
        MessageKey("weekdays.MO"),
        MessageKey("weekdays.SA"),
        MessageKey("weekdays.SU"),
        MessageKey("weekdays.TH"),
        MessageKey("weekdays.TU"),
        MessageKey("weekdays.WE"),
        MessageKey("weekdays.filter", placeholders: [.text("list")]),
        MessageKey("weekdays.ordinal.month", placeholders: [.text("list")]),
        MessageKey("weekdays.ordinal.year", placeholders: [.text("list")]),
        MessageKey("weekly.alternate", placeholders: [.text("weekday")]),
        MessageKey("weeks", placeholders: [.text("list")]),
        MessageKey("workday.last"),
        MessageKey("workday.month", placeholders: [.text("position")]),
        MessageKey("workday.month.interval", placeholders: [.integer("interval"), .text("position")]),
        MessageKey("workday.nth", placeholders: [.text("ordinal")]),
        MessageKey("workday.secondToLast"),
        MessageKey("workday.year", placeholders: [.text("position")]),
        MessageKey("workday.year.interval", placeholders: [.integer("interval"), .text("position")]),
        MessageKey("yearday.last"),
        MessageKey("yearday.nth", placeholders: [.text("ordinal")]),
        MessageKey("yearday.nthLast", placeholders: [.text("ordinal")]),
        MessageKey("yearday.secondToLast"),
        MessageKey("yeardays", placeholders: [.text("list")]),
    ]
}
