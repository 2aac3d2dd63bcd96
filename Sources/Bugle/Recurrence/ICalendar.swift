import Foundation

/// A mistake in iCalendar text (RFC 5545), with the line and the property at fault:
/// `line 4 (EXDATE): unknown time zone "Europe/Atlantis"; …`.
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line at fault (1 is the first; a folded line is numbered by its first line), when
    /// one is.
    public let line: Int?
    /// The property at fault (`EXDATE`), when one is.
    public let property: String?
    /// What is wrong and what was expected.
    public let message: String

    /// An error about `property` on `line`; either may be unknown.
    public init(line: Int?, property: String?, _ message: String) {
        self.line = line
        self.property = property
        self.message = message
    }

    /// `line 4 (EXDATE): message`, `line 4: message`, `DTSTART: message` or `message`.
    public var description: String {
        switch (line, property) {
        case (let line?, let property?): "line \(line) (\(property)): \(message)"
        case (let line?, nil): "line \(line): \(message)"
        case (nil, let property?): "\(property): \(message)"
        case (nil, nil): message
        }
    }
}

/// One content line of iCalendar text (RFC 5545 §3.1), unfolded: a name, parameters and a
/// value. `EXDATE;TZID=Europe/Paris:20260310T090000,20260317T090000` has the name `EXDATE`,
/// the parameter `TZID` and the value `20260310T090000,20260317T090000`.
public struct ICalendarProperty: Hashable, Sendable {
    /// The name, upper-cased (names are case-insensitive).
    public let name: String
    /// The parameters by upper-cased name, quotes removed; a parameter with several values
    /// keeps them comma-separated.
    public let parameters: [String: String]
    /// The value as written, after the first `:` that is not inside quotes.
    public let value: String
    /// The line it starts on, from 1.
    public let line: Int

    /// A property; see the properties for each parameter.
    public init(name: String, parameters: [String: String] = [:], value: String, line: Int) {
        self.name = name.uppercased()
        self.parameters = Dictionary(parameters.map { ($0.key.uppercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.value = value
        self.line = line
    }
}

/// An iCalendar component (`BEGIN:VEVENT` … `END:VEVENT`): its properties in order and the
/// components inside it (a `VEVENT`'s `VALARM`s).
///
/// ```swift
/// let text = "BEGIN:VEVENT\r\nSUMMARY:Rent\r\nDTSTART:20260131T090000\r\nEND:VEVENT\r\n"
/// let event = try ICalendarComponent(parsing: text).components[0]
/// let name = event.name  // "VEVENT"
/// let summary = event.properties(named: "SUMMARY")[0].value  // "Rent"
/// ```
///
/// Lines end with CRLF or LF alone; a line that starts with a space or a tab continues the
/// one before it (RFC 5545 folding); blank lines are skipped. A control character, a
/// line that is not `NAME[;PARAM=VALUE…]:VALUE`, an `END` that does not close the open
/// component and a component left open are errors that name the line. Text values are not
/// unescaped (`\,` stays as written).
public struct ICalendarComponent: Hashable, Sendable {
    /// The component's name, upper-cased (`VEVENT`); empty for the text as a whole.
    public let name: String
    /// The line of its `BEGIN`; 0 for the text as a whole.
    public let line: Int
    /// Its own properties, in order, without those of the components inside it.
    public let properties: [ICalendarProperty]
    /// The components directly inside it, in order.
    public let components: [ICalendarComponent]

    /// The longest text read, in UTF-8 bytes (1 MB): room for thousands of `EXDATE` lines.
    public static let maximumLength = 1_000_000
    /// The deepest nesting of components read (`VCALENDAR` › `VEVENT` › `VALARM` is 3).
    public static let maximumDepth = 8

    /// A component; see the properties for each parameter.
    public init(name: String, line: Int, properties: [ICalendarProperty], components: [ICalendarComponent] = []) {
        self.name = name.uppercased()
        self.line = line
        self.properties = properties
        self.components = components
    }

    /// Reads iCalendar text: the result is the text as a whole (no name, line 0), holding
    /// the properties outside any component and the outermost components.
    ///
    /// - Throws: An ``ICalendarError`` naming the line and what is wrong.
    /// - Complexity: O(*n*) in the length of the text.
    public init(parsing text: String) throws(ICalendarError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw ICalendarError(line: nil, property: nil, "the text is \(text.utf8.count) bytes long; at most \(Self.maximumLength) are read")
        }
        struct Open {
            var name: String
            var line: Int
            var properties: [ICalendarProperty] = []
            var components: [ICalendarComponent] = []
        }
        var stack = [Open(name: "", line: 0)]
        for (line, scalars) in try Self.contentLines(text) {
            let property = try Self.property(scalars, line: line)
            switch property.name {
            case "BEGIN":
                let name = property.value.uppercased()
                guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isNameCharacter) else {
                    throw ICalendarError(line: line, property: "BEGIN", "expected the name of a component, such as VEVENT; found \"\(property.value)\"")
                }
                guard stack.count <= Self.maximumDepth else {
                    throw ICalendarError(line: line, property: "BEGIN", "components nest more than \(Self.maximumDepth) deep")
                }
                stack.append(Open(name: name, line: line))
            case "END":
                let name = property.value.uppercased()
                guard stack.count > 1 else {
                    throw ICalendarError(line: line, property: "END", "END:\(property.value) closes no component; no BEGIN is open")
                }
                let open = stack.removeLast()
                guard open.name == name else {
                    throw ICalendarError(
                        line: line, property: "END", "END:\(property.value), but the open component is \(open.name), begun at line \(open.line)")
                }
                stack[stack.count - 1].components.append(
                    ICalendarComponent(name: open.name, line: open.line, properties: open.properties, components: open.components))
            default:
                stack[stack.count - 1].properties.append(property)
            }
        }
        if stack.count > 1 {
            let open = stack[stack.count - 1]
            throw ICalendarError(line: open.line, property: "BEGIN", "BEGIN:\(open.name) is never closed; expected END:\(open.name)")
        }
        self.init(name: "", line: 0, properties: stack[0].properties, components: stack[0].components)
    }

    /// Its properties named `name` (case-insensitive), in order.
    public func properties(named name: String) -> [ICalendarProperty] {
        let upper = name.uppercased()
        return properties.filter { $0.name == upper }
    }

    /// The components directly inside it named `name` (case-insensitive), in order.
    public func components(named name: String) -> [ICalendarComponent] {
        let upper = name.uppercased()
        return components.filter { $0.name == upper }
    }

    // MARK: Reading

    /// The unfolded lines, each with the number of its first physical line.
    private static func contentLines(_ text: String) throws(ICalendarError) -> [(Int, [Unicode.Scalar])] {
        var lines: [(Int, [Unicode.Scalar])] = []
        var current: [Unicode.Scalar] = []
        var currentLine = 0
        var number = 0
        for physical in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = physical[...]
            if line.last == "\r" { line = line.dropLast() }
            if line.isEmpty {
                if currentLine > 0 { lines.append((currentLine, current)) }
                currentLine = 0
                continue
            }
            if line.first == " " || line.first == "\t" {
                guard currentLine > 0 else {
                    throw ICalendarError(
                        line: number, property: nil,
                        "starts with a space or a tab, which continues the line before it (RFC 5545 folding), but there is no line to continue")
                }
                current.append(contentsOf: line.dropFirst())
            } else {
                if currentLine > 0 { lines.append((currentLine, current)) }
                current = Array(line)
                currentLine = number
            }
        }
        if currentLine > 0 { lines.append((currentLine, current)) }
        return lines
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    /// `U+001B (escape)`: a control character, with its name.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return code + " (\(controlNames[scalar.value] ?? "a control character"))"
    }

    private static let controlNames: [UInt32: String] = [
        0x00: "null", 0x07: "bell", 0x08: "backspace", 0x0B: "line tabulation", 0x0C: "form feed", 0x0D: "carriage return", 0x1B: "escape",
        0x7F: "delete",
    ]

    /// `NAME *(";" PARAM "=" VALUE *("," VALUE)) ":" VALUE`.
    private static func property(_ scalars: [Unicode.Scalar], line: Int) throws(ICalendarError) -> ICalendarProperty {
        for (index, scalar) in scalars.enumerated() where (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
            throw ICalendarError(line: line, property: nil, "column \(index + 1): \(describe(scalar)) cannot be part of iCalendar text")
        }
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        let count = scalars.count
        var index = 0
        while index < count, isNameCharacter(scalars[index]) { index += 1 }
        let name = text(0..<index).uppercased()
        guard !name.isEmpty, index < count, scalars[index] == ";" || scalars[index] == ":" else {
            let shown = String(text(0..<min(count, 40)))
            throw ICalendarError(
                line: line, property: nil, "expected NAME:VALUE (such as RRULE:FREQ=DAILY), with letters, digits and \"-\" in the name; found \"\(shown)\"")
        }
        var parameters: [String: String] = [:]
        while index < count, scalars[index] == ";" {
            index += 1
            let nameStart = index
            while index < count, isNameCharacter(scalars[index]) { index += 1 }
            let parameter = text(nameStart..<index).uppercased()
            guard !parameter.isEmpty, index < count, scalars[index] == "=" else {
                throw ICalendarError(line: line, property: name, "expected a parameter NAME=VALUE after \";\", such as TZID=Europe/Paris")
            }
            index += 1
            var values: [String] = []
            while true {
                if index < count, scalars[index] == "\"" {
                    let start = index + 1
                    guard let close = scalars[start...].firstIndex(of: "\"") else {
                        throw ICalendarError(line: line, property: name, "the parameter \(parameter) opens a quote that is never closed")
                    }
                    values.append(text(start..<close))
                    index = close + 1
                } else {
                    let start = index
                    while index < count, !";:,\"".unicodeScalars.contains(scalars[index]) { index += 1 }
                    values.append(text(start..<index))
                }
                guard index < count, scalars[index] == "," else { break }
                index += 1
            }
            guard parameters[parameter] == nil else {
                throw ICalendarError(line: line, property: name, "the parameter \(parameter) is given twice")
            }
            parameters[parameter] = values.joined(separator: ",")
        }
        guard index < count, scalars[index] == ":" else {
            throw ICalendarError(line: line, property: name, "expected \":\" and the value after the parameters")
        }
        return ICalendarProperty(name: name, parameters: parameters, value: text((index + 1)..<count), line: line)
    }
}

extension Recurrence {
    /// Reads a recurrence set written in iCalendar (RFC 5545): `DTSTART`, an optional
    /// `RRULE`, and any number of `RDATE` and `EXDATE` lines, each with one value or several
    /// separated by commas.
    ///
    /// ```swift
    /// let recurrence = try Recurrence(
    ///     iCalendar: """
    ///         DTSTART;TZID=America/New_York:20260302T090000
    ///         RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4
    ///         EXDATE;VALUE=DATE:20260304
    ///         RDATE:20260306T140000Z
    ///         """)
    /// let times = recurrence.firstLocal(4).map(\.description)
    /// // ["2026-03-02T09:00", "2026-03-06T09:00", "2026-03-09T09:00", "2026-03-11T09:00"]
    /// ```
    ///
    /// The text is either these lines alone, any other property being an error, or one
    /// component that holds them (a `VEVENT`, possibly inside a `VCALENDAR`), whose other
    /// properties and inner components (`VALARM`) are ignored. A `VTIMEZONE` beside it
    /// defines a `TZID` that is not an IANA name (`Eastern Standard Time`, as Outlook
    /// writes): the zone is the IANA zone that keeps the definition's offsets at each of its
    /// changes and twice a month, over two years from the value's year; a definition no
    /// zone matches is an error naming its line.
    ///
    /// - `DTSTART` is a DATE-TIME, floating (`20260302T090000`), in UTC
    ///   (`20260302T140000Z`: the rule then repeats in UTC) or in a zone
    ///   (`DTSTART;TZID=Europe/Paris:…`), or a date (`DTSTART;VALUE=DATE:20260302`: an
    ///   all-day recurrence, see ``init(startDate:rule:dates:exceptions:timeZone:)``).
    /// - `RDATE` and `EXDATE` take `VALUE=DATE` or `VALUE=DATE-TIME` (the default), and
    ///   `TZID=`, and `Z`; a value in another zone than the start's becomes the wall-clock
    ///   time of the same instant in the start's zone (see
    ///   ``init(start:rule:dates:exceptions:timeZone:)``). `RDATE;VALUE=PERIOD` adds each
    ///   period's start (`20260310T090000Z/PT1H` or `…/20260310T100000Z`); its end or length
    ///   is checked and set aside, as a notification has no use for it.
    /// - `TZID` names an IANA zone (`America/New_York`) or a `VTIMEZONE` of the text; another
    ///   name is an error naming it.
    ///   A DATE value takes no `TZID`, and a `Z` value neither.
    /// - One `RRULE` at most (RFC 5545 leaves the set of several undefined). `EXRULE` lines
    ///   (RFC 2445; RFC 5545 deprecates them), at most ``maximumExclusionRules``, remove
    ///   their rules' occurrences (``removing(occurrencesOf:)``).
    /// - At most ``maximumExtraDates`` `RDATE` values, and as many `EXDATE` values; years
    ///   1900 to 2999 (`TimeParsing/supportedYears`).
    ///
    /// - Parameters:
    ///   - text: The iCalendar text.
    ///   - timeZone: The zone of a `DTSTART` that is floating or a date (`nil` leaves it
    ///     floating: the device's zone, whichever it is); a `DTSTART` with `TZID` or `Z`
    ///     keeps its own.
    /// - Throws: An ``ICalendarError`` naming the line, the property and what is wrong.
    public init(iCalendar text: String, timeZone: TimeZone? = nil) throws(ICalendarError) {
        let whole = try ICalendarComponent(parsing: text)
        var found: [ICalendarComponent] = []
        var definitions: [ICalendarComponent] = []
        for component in whole.components {
            let inner = component.name == "VCALENDAR" ? component.components : [component]
            found += inner.filter { $0.name != "VTIMEZONE" }
            definitions += inner.filter { $0.name == "VTIMEZONE" }
        }
        guard let component = found.first else {
            try self.init(
                iCalendarProperties: whole.properties, othersAllowed: false, start: nil, timeZone: timeZone, zones: try ICalendarTimeZones(definitions))
            return
        }
        if found.count > 1 {
            throw ICalendarError(
                line: found[1].line, property: "BEGIN",
                "a second component (\(found[1].name)) after the \(component.name) of line \(component.line); give one, whose recurrence is read")
        }
        if let loose = whole.properties.first {
            throw ICalendarError(line: loose.line, property: loose.name, "outside the \(component.name) begun at line \(component.line); put it inside")
        }
        try self.init(iCalendarComponent: component, timeZone: timeZone, timeZoneDefinitions: definitions)
    }

    /// The recurrence set of a component (a `VEVENT`): its `DTSTART`, `RRULE`, `RDATE` and
    /// `EXDATE`, read as ``init(iCalendar:timeZone:)`` reads them; its other properties and
    /// the components inside it are ignored.
    ///
    /// - Parameters:
    ///   - component: The component, such as a `VEVENT` read by ``ICalendarComponent/init(parsing:)``.
    ///   - timeZone: The zone of a `DTSTART` that is floating or a date; `nil` leaves it
    ///     floating.
    ///   - timeZoneDefinitions: The calendar's `VTIMEZONE` components (others are ignored):
    ///     a `TZID` that is not an IANA name is read as the IANA zone its definition matches,
    ///     as ``init(iCalendar:timeZone:)`` reads it.
    /// - Throws: An ``ICalendarError`` naming the line, the property and what is wrong.
    public init(iCalendarComponent component: ICalendarComponent, timeZone: TimeZone? = nil, timeZoneDefinitions: [ICalendarComponent] = [])
        throws(ICalendarError)
    {
        try self.init(
            iCalendarProperties: component.properties, othersAllowed: true, start: nil, timeZone: timeZone,
            zones: try ICalendarTimeZones(timeZoneDefinitions))
    }

    /// `RRULE`, `RDATE` and `EXDATE` lines read against a start kept apart, as an app that
    /// stores the start in a field of its own and the rest as iCalendar text does:
    ///
    /// ```swift
    /// let newYork = TimeZone(identifier: "America/New_York")!
    /// let rent = try Recurrence(
    ///     iCalendar: "RRULE:FREQ=MONTHLY;COUNT=3\nEXDATE;VALUE=DATE:20260301", start: .zoned("2026-02-01T09:00", newYork))
    /// let days = rent.firstLocal(3).map(\.description)  // ["2026-02-01T09:00", "2026-04-01T09:00"]
    /// ```
    ///
    /// - Parameters:
    ///   - text: `RRULE`, `RDATE` and `EXDATE` lines.
    ///   - start: `DTSTART`, as ``init(start:rule:dates:exceptions:timeZone:)`` takes it.
    ///   - timeZone: As for ``init(start:rule:dates:exceptions:timeZone:)``: the zone of a
    ///     start that is a date or a floating time.
    /// - Throws: An ``ICalendarError``; a `DTSTART` in the text is one, as is any property
    ///   other than these three or a component.
    public init(iCalendar text: String, start: RecurrenceValue, timeZone: TimeZone? = nil) throws(ICalendarError) {
        let whole = try ICalendarComponent(parsing: text)
        if let component = whole.components.first {
            throw ICalendarError(line: component.line, property: "BEGIN", "expected RRULE, RDATE and EXDATE lines, not a component (\(component.name))")
        }
        try self.init(iCalendarProperties: whole.properties, othersAllowed: false, start: start, timeZone: timeZone, zones: try ICalendarTimeZones([]))
    }

    /// The most `EXRULE` lines one recurrence read from text may hold; each adds a walk over
    /// its occurrences to every query.
    public static let maximumExclusionRules = 16

    private init(
        iCalendarProperties properties: [ICalendarProperty], othersAllowed: Bool, start given: RecurrenceValue?, timeZone: TimeZone?,
        zones: ICalendarTimeZones
    ) throws(ICalendarError) {
        var zones = zones
        var startProperty: ICalendarProperty?
        var ruleProperty: ICalendarProperty?
        var exclusionProperties: [ICalendarProperty] = []
        var extra: [(ICalendarProperty, RecurrenceValue)] = []
        var counts = ["RDATE": 0, "EXDATE": 0]
        for property in properties {
            switch property.name {
            case "DTSTART":
                if given != nil {
                    throw ICalendarError(line: property.line, property: "DTSTART", "the start is given apart from the text; leave DTSTART out")
                }
                if let first = startProperty {
                    throw ICalendarError(line: property.line, property: "DTSTART", "given twice (first at line \(first.line)); a recurrence has one start")
                }
                startProperty = property
            case "RRULE":
                if let first = ruleProperty {
                    throw ICalendarError(
                        line: property.line, property: "RRULE", "given twice (first at line \(first.line)); one rule is read (RFC 5545 deprecates several)")
                }
                ruleProperty = property
            case "RDATE", "EXDATE":
                let values = try ICalendarValues.read(property, zones: &zones)
                let total = (counts[property.name] ?? 0) + values.count
                guard total <= Self.maximumExtraDates else {
                    throw ICalendarError(line: property.line, property: property.name, "more than \(Self.maximumExtraDates) values; at most that many are read")
                }
                counts[property.name] = total
                extra += values.map { (property, $0) }
            case "EXRULE":
                guard exclusionProperties.count < Self.maximumExclusionRules else {
                    throw ICalendarError(line: property.line, property: "EXRULE", "more than \(Self.maximumExclusionRules) lines; at most that many are read")
                }
                exclusionProperties.append(property)
            default:
                if !othersAllowed {
                    throw ICalendarError(
                        line: property.line, property: property.name,
                        "not a recurrence property; expected DTSTART, RRULE, RDATE, EXDATE or EXRULE, or one VEVENT that holds them")
                }
            }
        }
        let start: RecurrenceValue
        if let given {
            start = given
        } else {
            guard let startProperty else {
                throw ICalendarError(line: nil, property: "DTSTART", "missing; a recurrence needs DTSTART, the date or time it counts from")
            }
            let starts = try ICalendarValues.read(startProperty, zones: &zones)
            guard starts.count == 1 else {
                throw ICalendarError(line: startProperty.line, property: "DTSTART", "expected one value, found \(starts.count)")
            }
            start = starts[0]
        }
        func at<T>(_ property: ICalendarProperty?, _ body: () throws(RecurrenceRuleError) -> T) throws(ICalendarError) -> T {
            do throws(RecurrenceRuleError) {
                return try body()
            } catch {
                let own = error.part == (property?.name ?? error.part)
                throw ICalendarError(line: property?.line, property: property?.name ?? error.part, own ? error.message : error.description)
            }
        }
        let frame = try at(startProperty) { () throws(RecurrenceRuleError) in
            // A DTSTART with TZID or Z keeps its zone; `timeZone` is for the others.
            if case .zoned = start, given == nil { return try RecurrenceFrame(start: start, timeZone: nil) }
            return try RecurrenceFrame(start: start, timeZone: timeZone)
        }
        let rule = try ruleProperty.map { property throws(ICalendarError) in
            try at(property) { () throws(RecurrenceRuleError) in try RecurrenceRule(parsing: property.value) }
        }
        var dates: [LocalDateTime] = []
        var exceptions: [LocalDateTime] = []
        var exceptionDays: [LocalDate] = []
        for (property, value) in extra {
            if property.name == "RDATE" {
                dates.append(try at(property) { () throws(RecurrenceRuleError) in try frame.date(value, part: "RDATE") })
            } else {
                switch try at(property, { () throws(RecurrenceRuleError) in try frame.exception(value) }) {
                case .time(let local): exceptions.append(local)
                case .day(let day): exceptionDays.append(day)
                }
            }
        }
        var recurrence = try at(ruleProperty ?? startProperty) { () throws(RecurrenceRuleError) in
            try Recurrence(frame: frame, rule: rule, dates: dates, exceptions: exceptions, exceptionDays: exceptionDays)
        }
        for property in exclusionProperties {
            recurrence = try at(property) { () throws(RecurrenceRuleError) in
                try recurrence.removing(occurrencesOf: [RecurrenceRule(parsing: property.value)])
            }
        }
        self = recurrence
    }
}

/// The values of `DTSTART`, `RDATE` and `EXDATE` properties.
enum ICalendarValues {
    static let utc = TimeZone(identifier: "UTC") ?? .gmt

    /// The property's values, by its `VALUE` and `TZID` parameters.
    static func read(_ property: ICalendarProperty) throws(ICalendarError) -> [RecurrenceValue] {
        var none = try ICalendarTimeZones([])
        return try read(property, zones: &none)
    }

    /// The property's values, a `TZID` read as an IANA name or as one of `zones`.
    static func read(_ property: ICalendarProperty, zones: inout ICalendarTimeZones) throws(ICalendarError) -> [RecurrenceValue] {
        func problem(_ message: String) -> ICalendarError { ICalendarError(line: property.line, property: property.name, message) }
        let type = property.parameters["VALUE"]?.uppercased() ?? "DATE-TIME"
        let isPeriod = type == "PERIOD" && property.name == "RDATE"
        guard type == "DATE" || type == "DATE-TIME" || isPeriod else {
            throw problem(
                "VALUE=\(type) is not a value type of \(property.name); expected DATE or DATE-TIME\(property.name == "RDATE" ? " or PERIOD" : "")")
        }
        var zone: TimeZone?
        if let name = property.parameters["TZID"] {
            guard type == "DATE-TIME" else { throw problem("TZID cannot go with VALUE=DATE: a date has no time zone (RFC 5545 §3.2.19)") }
            let year = min(max(Int(property.value.prefix(4)) ?? 2000, TimeParsing.supportedYears.lowerBound), TimeParsing.supportedYears.upperBound - 2)
            guard let found = try zones.zone(named: name, year: year) else {
                throw problem(
                    "unknown time zone \"\(name)\"; TZID must be an IANA name such as America/New_York\(zones.isEmpty ? "" : ", or one a VTIMEZONE of the text defines")"
                )
            }
            zone = found
        }
        let texts = property.value.split(separator: ",", omittingEmptySubsequences: false)
        guard texts.count <= Recurrence.maximumExtraDates else {
            throw problem("more than \(Recurrence.maximumExtraDates) values; at most that many are read")
        }
        var values: [RecurrenceValue] = []
        for whole in texts {
            var text = whole
            // A period (RFC 5545 §3.3.9) is an occurrence at its start; its end or length,
            // which a notification has no use for, is checked and set aside.
            var periodEnd: Substring?
            if isPeriod {
                let halves = whole.split(separator: "/", omittingEmptySubsequences: false)
                guard halves.count == 2 else {
                    throw problem("\"\(whole)\" is not a period; expected START/END or START/DURATION, such as 20260310T090000Z/PT1H")
                }
                text = halves[0]
                periodEnd = halves[1]
            }
            let upper = text.uppercased()
            let scalars = Array(upper.unicodeScalars)
            if type == "DATE" {
                guard scalars.count == 8 else {
                    throw problem(
                        scalars.count >= 15 && scalars.count <= 16 && scalars[8] == "T"
                            ? "\"\(text)\" is a date-time but VALUE=DATE asks for a date, YYYYMMDD"
                            : "\"\(text)\" is not a date; expected YYYYMMDD")
                }
                values.append(.date(try date(scalars, text: text, problem: problem)))
                continue
            }
            guard scalars.count == 15 || scalars.count == 16, scalars[8] == "T" else {
                if scalars.count == 8, (try? date(scalars, text: text, problem: problem)) != nil {
                    throw problem("\"\(text)\" is a date; write \(property.name);VALUE=DATE:\(text) for a date, or a date-time YYYYMMDDTHHMMSS")
                }
                throw problem("\"\(text)\" is not a date-time; expected YYYYMMDDTHHMMSS, with Z for UTC")
            }
            let day = try date(scalars, text: text, problem: problem)
            guard let hour = digits(scalars, 9..<11), let minute = digits(scalars, 11..<13), let second = digits(scalars, 13..<15),
                scalars.count == 15 || scalars[15] == "Z"
            else {
                throw problem("\"\(text)\" is not a date-time; expected YYYYMMDDTHHMMSS, with Z for UTC")
            }
            guard hour < 24, minute < 60, second < 60 else {
                throw problem(
                    second == 60 && hour < 24 && minute < 60
                        ? "\"\(text)\": 60 seconds (a leap second) is not supported" : "\"\(text)\": the time must be 000000 to 235959")
            }
            let local = LocalDateTime(date: day, time: LocalTime(secondOfDay: hour * 3600 + minute * 60 + second))
            if let periodEnd { try checkPeriodEnd(periodEnd, start: local, startInUTC: scalars.count == 16, whole: whole, problem: problem) }
            if scalars.count == 16 {
                if let name = property.parameters["TZID"] {
                    throw problem("\"\(text)\" is in UTC (Z) and cannot also be in TZID=\(name)")
                }
                values.append(.zoned(local, utc))
            } else if let zone {
                values.append(.zoned(local, zone))
            } else {
                values.append(.local(local))
            }
        }
        return values
    }

    /// The end of a period (a DATE-TIME after the start, in UTC when the start is) or its
    /// length (a positive duration, RFC 5545 §3.3.6: `PT1H`, `P1D`, `P2W`, `P1DT12H`).
    private static func checkPeriodEnd(
        _ end: Substring, start: LocalDateTime, startInUTC: Bool, whole: Substring, problem: (String) -> ICalendarError
    ) throws(ICalendarError) {
        let scalars = Array(end.uppercased().unicodeScalars)
        if scalars.first == "P" || scalars.first == "+" || scalars.first == "-" {
            guard scalars.first != "-" else { throw problem("\"\(whole)\": a period's duration must be positive (RFC 5545 §3.3.9)") }
            guard let seconds = durationSeconds(scalars.first == "+" ? Array(scalars.dropFirst()) : scalars) else {
                throw problem("\"\(whole)\": \"\(end)\" is not a duration; expected such as PT1H, PT30M, P1D, P1DT12H or P2W")
            }
            guard seconds > 0 else { throw problem("\"\(whole)\": a period's duration must be positive (RFC 5545 §3.3.9)") }
            return
        }
        guard scalars.count == (startInUTC ? 16 : 15), scalars.count < 16 || scalars[15] == "Z", scalars.count > 8, scalars[8] == "T",
            let day = try? date(scalars, text: end, problem: problem), let hour = digits(scalars, 9..<11), let minute = digits(scalars, 11..<13),
            let second = digits(scalars, 13..<15), hour < 24, minute < 60, second < 60
        else {
            throw problem(
                "\"\(whole)\": the period ends with \"\(end)\"; expected a date-time \(startInUTC ? "in UTC (YYYYMMDDTHHMMSSZ), as its start is" : "YYYYMMDDTHHMMSS, as its start is") or a duration such as PT1H"
            )
        }
        let local = LocalDateTime(date: day, time: LocalTime(secondOfDay: hour * 3600 + minute * 60 + second))
        guard local > start else { throw problem("\"\(whole)\": the period ends before it starts") }
    }

    /// The seconds of an RFC 5545 duration without its sign (`P1W`, `P1DT2H3M4S`, `PT15M`),
    /// or `nil` when it is not one. Each number has at most 9 digits.
    private static func durationSeconds(_ scalars: [Unicode.Scalar]) -> Int? {
        guard scalars.first == "P", scalars.count > 1 else { return nil }
        var total = 0
        var number: Int?
        var digitCount = 0
        var inTime = false
        var seen: Set<Unicode.Scalar> = []
        for scalar in scalars.dropFirst() {
            if ("0"..."9").contains(scalar) {
                digitCount += 1
                guard digitCount <= 9 else { return nil }
                number = (number ?? 0) * 10 + Int(scalar.value - 48)
                continue
            }
            if scalar == "T" {
                guard number == nil, !inTime, !seen.contains("W") else { return nil }
                inTime = true
                continue
            }
            let units: [Unicode.Scalar: Int] = inTime ? ["H": 3600, "M": 60, "S": 1] : ["W": 604_800, "D": 86_400]
            guard let value = number, let unit = units[scalar], !seen.contains(scalar) else { return nil }
            // Weeks stand alone; the time's units come in the order H, M, S.
            if (scalar == "W" && !seen.isEmpty) || seen.contains("W") { return nil }
            if inTime, seen.contains(where: { ($0 == "S" && scalar != "S") || ($0 == "M" && scalar == "H") }) { return nil }
            seen.insert(scalar)
            total += value * unit
            number = nil
            digitCount = 0
        }
        // A trailing number without a unit, or a T with nothing after it, is not a duration.
        guard number == nil, !(inTime && !seen.contains(where: { "HMS".unicodeScalars.contains($0) })), !seen.isEmpty else { return nil }
        return total
    }

    private static func digits(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Int? {
        guard range.upperBound <= scalars.count else { return nil }
        var value = 0
        for scalar in scalars[range] {
            guard ("0"..."9").contains(scalar) else { return nil }
            value = value * 10 + Int(scalar.value - 48)
        }
        return value
    }

    /// `YYYYMMDD` at the start of `scalars`, a day of the calendar in the supported years.
    private static func date(_ scalars: [Unicode.Scalar], text: Substring, problem: (String) -> ICalendarError) throws(ICalendarError) -> LocalDate {
        guard let year = digits(scalars, 0..<4), let month = digits(scalars, 4..<6), let day = digits(scalars, 6..<8) else {
            throw problem("\"\(text)\" does not start with a date, YYYYMMDD")
        }
        guard let date = try? LocalDate(year: year, month: month, day: day) else {
            throw problem("\"\(text)\": \(String(String.UnicodeScalarView(scalars[0..<8]))) is not a day of the calendar")
        }
        let years = TimeParsing.supportedYears
        guard years.contains(year) else {
            throw problem("\"\(text)\": the year \(year) is outside the supported years, \(years.lowerBound) to \(years.upperBound)")
        }
        return date
    }
}
