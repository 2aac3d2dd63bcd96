import Foundation

extension RecurrenceRule {
    /// Reads an RFC 5545 `RRULE` value such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=6`, with or
    /// without the `RRULE:` prefix. Part names and values are case-insensitive; parts may come
    /// in any order.
    ///
    /// - Throws: A ``RecurrenceRuleError`` naming the part at fault and what was expected;
    ///   the rule is then also checked by ``validate()``.
    /// - Complexity: O(*n*) in the length of the text.
    public init(parsing text: String) throws(RecurrenceRuleError) {
        self = try RecurrenceText.parse(text)
    }
}

/// Reading and writing RRULE text.
enum RecurrenceText {
    static let partNames = [
        "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY",
        "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP",
    ]

    static func parse(_ text: String) throws(RecurrenceRuleError) -> RecurrenceRule {
        try checkCharacters(text)
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        guard !body.isEmpty else { throw RecurrenceRuleError(part: nil, "the rule is empty; expected parts such as FREQ=DAILY") }
        var parts = body.split(separator: ";", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        var values: [String: String] = [:]
        for part in parts {
            guard !part.isEmpty else { throw RecurrenceRuleError(part: nil, "an empty part (two semicolons in a row)") }
            guard let equals = part.firstIndex(of: "=") else {
                throw RecurrenceRuleError(part: String(part).uppercased(), "expected NAME=VALUE")
            }
            let name = part[..<equals].uppercased()
            let value = String(part[part.index(after: equals)...])
            guard partNames.contains(name) else {
                throw RecurrenceRuleError(part: name, "unknown rule part; expected one of \(partNames.joined(separator: ", "))")
            }
            guard values[name] == nil else { throw RecurrenceRuleError(part: name, "given twice") }
            guard !value.isEmpty else { throw RecurrenceRuleError(part: name, "has no value") }
            values[name] = value
        }
        guard let freqText = values["FREQ"] else {
            throw RecurrenceRuleError(part: "FREQ", "missing; every rule needs FREQ (SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY)")
        }
        guard let frequency = RecurrenceRule.Frequency(name: freqText) else {
            throw RecurrenceRuleError(part: "FREQ", "\"\(freqText)\" is not a frequency; expected SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        var rule = RecurrenceRule(frequency: frequency)
        if let text = values["INTERVAL"] { rule.interval = try number(text, "INTERVAL", signed: false) }
        if let text = values["COUNT"] { rule.count = try number(text, "COUNT", signed: false) }
        if let text = values["UNTIL"] { rule.until = try until(text) }
        if let text = values["BYSECOND"] { rule.bySecond = try list(text, "BYSECOND", signed: false) }
        if let text = values["BYMINUTE"] { rule.byMinute = try list(text, "BYMINUTE", signed: false) }
        if let text = values["BYHOUR"] { rule.byHour = try list(text, "BYHOUR", signed: false) }
        if let text = values["BYDAY"] { rule.byDay = try items(text, "BYDAY").map(weekdayNumber) }
        if let text = values["BYMONTHDAY"] { rule.byMonthDay = try list(text, "BYMONTHDAY", signed: true) }
        if let text = values["BYYEARDAY"] { rule.byYearDay = try list(text, "BYYEARDAY", signed: true) }
        if let text = values["BYWEEKNO"] { rule.byWeekNumber = try list(text, "BYWEEKNO", signed: true) }
        if let text = values["BYMONTH"] {
            let all = try items(text, "BYMONTH")
            let leap = all.filter { $0.uppercased().hasSuffix("L") }
            if !leap.isEmpty {
                let scale = values["RSCALE"].flatMap { RecurrenceRule.CalendarScale(rawValue: $0.uppercased()) } ?? .gregorian
                guard scale.hasLeapMonths else {
                    throw RecurrenceRuleError(
                        part: "BYMONTH", "\"\(leap[0])\": leap months do not exist in the \(scale == .gregorian ? "Gregorian" : scale.rawValue) calendar")
                }
                rule.byLeapMonth = try list(leap.map { String($0.dropLast()) }.joined(separator: ","), "BYMONTH", signed: false)
            }
            let plain = all.filter { !$0.uppercased().hasSuffix("L") }
            if !plain.isEmpty { rule.byMonth = try list(plain.joined(separator: ","), "BYMONTH", signed: false) }
        }
        if let text = values["BYSETPOS"] { rule.bySetPosition = try list(text, "BYSETPOS", signed: true) }
        if let text = values["WKST"] { rule.weekStart = try weekday(text, "WKST") }
        if let text = values["RSCALE"] {
            guard let scale = RecurrenceRule.CalendarScale(rawValue: text.uppercased()) else {
                let known = RecurrenceRule.CalendarScale.allCases.map(\.rawValue).joined(separator: ", ")
                throw RecurrenceRuleError(part: "RSCALE", "\"\(text)\" is not supported: unsupported calendar \(text.uppercased()); expected one of \(known)")
            }
            rule.calendarScale = scale
        }
        if let text = values["SKIP"] {
            guard let skip = RecurrenceRule.Skip(rawValue: text.uppercased()) else {
                throw RecurrenceRuleError(part: "SKIP", "\"\(text)\" is not a skip; expected OMIT, BACKWARD or FORWARD")
            }
            rule.skip = skip
        }
        try rule.validate()
        return rule
    }

    /// Refuses any character an RRULE cannot hold: it is plain ASCII, so a control
    /// character, a no-break or zero-width space or a byte-order mark (pasted from a web
    /// page or a word processor) is named with its code point and column instead of making
    /// a part read as unknown. Spaces, tabs and line ends around the rule are allowed.
    private static func checkCharacters(_ text: String) throws(RecurrenceRuleError) {
        let scalars = Array(text.unicodeScalars)
        let outer: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
        guard let first = scalars.firstIndex(where: { !outer.contains($0) }),
            let last = scalars.lastIndex(where: { !outer.contains($0) })
        else { return }
        for index in first...last {
            let scalar = scalars[index]
            guard !(0x21...0x7E).contains(scalar.value) else { continue }
            let code =
                "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count)) + String(scalar.value, radix: 16, uppercase: true)
            let name =
                scalar.properties.name ?? scalar.properties.nameAlias ?? controlNames[scalar.value]
                ?? (scalar.properties.generalCategory == .control ? "a control character" : nil)
            throw RecurrenceRuleError(
                part: nil,
                "column \(index + 1): \(code)\(name.map { " (\($0.lowercased()))" } ?? "") cannot be part of a rule; an RRULE is plain ASCII text without spaces"
            )
        }
    }

    /// Names of the control characters a pasted rule is likely to hold, which Unicode
    /// gives no name.
    private static let controlNames: [UInt32: String] = [
        0x00: "null", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return", 0x1B: "escape", 0x7F: "delete",
    ]

    private static func items(_ text: String, _ part: String) throws(RecurrenceRuleError) -> [String] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if items.contains(where: \.isEmpty) { throw RecurrenceRuleError(part: part, "an empty item in \"\(text)\"") }
        return items
    }

    private static func list(_ text: String, _ part: String, signed: Bool) throws(RecurrenceRuleError) -> [Int] {
        var numbers: [Int] = []
        for item in try items(text, part) { numbers.append(try number(item, part, signed: signed)) }
        return numbers
    }

    private static func number(_ text: String, _ part: String, signed: Bool) throws(RecurrenceRuleError) -> Int {
        var digits = Substring(text)
        var sign = 1
        if signed, let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else {
            throw RecurrenceRuleError(part: part, "\"\(text)\" is not a \(signed ? "whole number" : "non-negative whole number")")
        }
        return sign * value
    }

    private static func weekday(_ text: String, _ part: String) throws(RecurrenceRuleError) -> Weekday {
        guard let weekday = Weekday(code: text) else {
            throw RecurrenceRuleError(part: part, "\"\(text)\" is not a weekday; expected MO, TU, WE, TH, FR, SA or SU")
        }
        return weekday
    }

    private static func weekdayNumber(_ text: String) throws(RecurrenceRuleError) -> RecurrenceRule.WeekdayNumber {
        guard text.count >= 2 else {
            throw RecurrenceRuleError(
                part: "BYDAY", "\"\(text)\" is not a weekday; expected MO, TU, WE, TH, FR, SA or SU, optionally after an ordinal (2TU, -1FR)")
        }
        let code = String(text.suffix(2))
        let prefix = String(text.dropLast(2))
        guard let weekday = Weekday(code: code) else {
            throw RecurrenceRuleError(
                part: "BYDAY", "\"\(text)\" is not a weekday; expected MO, TU, WE, TH, FR, SA or SU, optionally after an ordinal (2TU, -1FR)")
        }
        if prefix.isEmpty { return RecurrenceRule.WeekdayNumber(weekday) }
        let ordinal = try number(prefix, "BYDAY", signed: true)
        return RecurrenceRule.WeekdayNumber(weekday, ordinal: ordinal)
    }

    /// `20261231`, `20261231T090000` or `20261231T090000Z`.
    private static func until(_ text: String) throws(RecurrenceRuleError) -> RecurrenceRule.Until {
        let upper = text.uppercased()
        let problem = RecurrenceRuleError(part: "UNTIL", "\"\(text)\" is not a date or date-time; expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ")
        let characters = Array(upper)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count, characters[range].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(characters[range]))
        }
        guard characters.count == 8 || characters.count == 15 || characters.count == 16,
            let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8)
        else { throw problem }
        guard let date = try? LocalDate(year: year, month: month, day: day) else {
            throw RecurrenceRuleError(part: "UNTIL", "\"\(text)\": \(String(characters[0..<8])) is not a day of the calendar")
        }
        if characters.count == 8 { return .date(date) }
        guard characters[8] == "T", let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15) else { throw problem }
        guard let time = try? LocalTime(hour: hour, minute: minute, second: second) else {
            throw RecurrenceRuleError(part: "UNTIL", "\"\(text)\": the time must be 000000 to 235959")
        }
        let local = LocalDateTime(date: date, time: time)
        if characters.count == 15 { return .local(local) }
        guard characters[15] == "Z" else { throw problem }
        return .instant(Date(timeIntervalSince1970: TimeInterval(local.localSeconds)))
    }

    static func print(_ rule: RecurrenceRule) -> String {
        var parts: [String] = []
        if let scale = rule.calendarScale { parts.append("RSCALE=\(scale.rawValue)") }
        parts.append("FREQ=\(rule.frequency)")
        if rule.interval != 1 { parts.append("INTERVAL=\(rule.interval)") }
        if let count = rule.count { parts.append("COUNT=\(count)") }
        if let until = rule.until { parts.append("UNTIL=\(until)") }
        func add(_ name: String, _ values: [some CustomStringConvertible]) {
            if !values.isEmpty { parts.append("\(name)=\(values.map(\.description).joined(separator: ","))") }
        }
        add("BYSECOND", rule.bySecond)
        add("BYMINUTE", rule.byMinute)
        add("BYHOUR", rule.byHour)
        add("BYDAY", rule.byDay)
        add("BYMONTHDAY", rule.byMonthDay)
        add("BYYEARDAY", rule.byYearDay)
        add("BYWEEKNO", rule.byWeekNumber)
        add("BYMONTH", rule.byMonth.map(String.init) + rule.byLeapMonth.map { "\($0)L" })
        add("BYSETPOS", rule.bySetPosition)
        if rule.weekStart != .monday { parts.append("WKST=\(rule.weekStart.code)") }
        if rule.skip != .omit { parts.append("SKIP=\(rule.skip.rawValue)") }
        return parts.joined(separator: ";")
    }

    /// `YYYYMMDD`.
    static func compact(_ date: LocalDate) -> String { "\(pad(date.year, 4))\(pad(date.month, 2))\(pad(date.day, 2))" }

    /// `YYYYMMDDTHHMMSS`.
    static func compact(_ local: LocalDateTime) -> String {
        "\(compact(local.date))T\(pad(local.time.hour, 2))\(pad(local.time.minute, 2))\(pad(local.time.second, 2))"
    }
}
