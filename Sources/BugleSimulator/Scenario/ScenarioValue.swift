import Bugle
import Foundation
import Yams

/// A value in a scenario file with its position, and typed accessors that fail with a
/// ``ScenarioError`` naming that position and what was expected. Recipes read their
/// settings and events through it.
public struct ScenarioValue {
    let node: Node
    /// The file the value was read from; `nil` for text given in code.
    public let file: String?
    /// Where this value sits, for messages: `rules[2].daily`.
    public let path: String

    init(node: Node, file: String?, path: String) {
        self.node = node
        self.file = file
        self.path = path
    }

    /// Text given in code rather than read from a file (an argument of ``SimulatedPhone``),
    /// read with the same checks and named `path` in errors.
    init(text: String, path: String) {
        self.init(node: Node(text), file: nil, path: path)
    }

    /// The line of the value in its file (from 1).
    public var line: Int? { node.mark?.line }
    /// The column of the value in its file (from 1).
    public var column: Int? { node.mark?.column }

    /// An error at this value's position.
    public func error(_ message: String) -> ScenarioError {
        ScenarioError(file: file, line: node.mark?.line, column: node.mark?.column, message: message)
    }

    /// Checks that the value carries nothing (`{}`, or no value at all), as the value of an
    /// event that carries nothing (`openApp: {}`) must.
    public func expectEmpty() throws {
        guard isNull || (try? pairs().isEmpty) == true else {
            throw error("\(path): expected {} (this event carries no value)")
        }
    }

    /// Whether the value is YAML's null: nothing, `~` or `null`, unquoted.
    public var isNull: Bool {
        if let scalar = node.scalar { return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string) }
        return false
    }

    /// The value as text (any scalar: `08:00`, `on`, `"42"`).
    public func string() throws -> String {
        guard let scalar = node.scalar else { throw error("\(path): expected a text value, found \(kind)") }
        return scalar.string
    }

    /// A whole number (prefer ``int(in:)``, which also says what range is expected).
    public func int() throws -> Int {
        guard let scalar = node.scalar, let value = Int(scalar.string) else {
            throw error("\(path): expected a whole number, found \(describe)")
        }
        return value
    }

    /// A whole number inside `range`; outside it, an error that names the field, the value
    /// and the range.
    public func int(in range: ClosedRange<Int>) throws -> Int {
        guard let scalar = node.scalar, let value = Int(scalar.string), range.contains(value) else {
            throw error("\(path): expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(describe)")
        }
        return value
    }

    /// A number inside `range` (see ``int(in:)``).
    public func double(in range: ClosedRange<Double>) throws -> Double {
        guard let scalar = node.scalar, let value = Double(scalar.string), range.contains(value) else {
            throw error("\(path): expected a number from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound)), found \(describe)")
        }
        return value
    }

    /// `5`, `0.5`, `-86400`: a bound as the reader would write it.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : String(value)
    }

    /// A finite number (prefer ``double(in:)``).
    public func double() throws -> Double {
        guard let scalar = node.scalar, let value = Double(scalar.string), value.isFinite else {
            throw error("\(path): expected a number, found \(describe)")
        }
        return value
    }

    /// `true`, `yes` or `on`; `false`, `no` or `off` (any case).
    public func bool() throws -> Bool {
        guard let scalar = node.scalar else { throw error("\(path): expected true or false, found \(kind)") }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(path): expected true or false, found \(describe)")
        }
    }

    /// A time of day, `HH:MM` or `HH:MM:SS`.
    public func localTime() throws -> LocalTime {
        let text = try string()
        guard let time = TimeParsing.localTime(text) else {
            throw error("\(path): \"\(text)\" is not a time of day; expected HH:MM (00:00 to 23:59)")
        }
        return time
    }

    /// A date, `YYYY-MM-DD`, inside ``ScenarioLimits/years``.
    public func localDate() throws -> LocalDate {
        let text = try string()
        guard let date = TimeParsing.localDate(text) else {
            throw error("\(path): \"\(text)\" is not a date; expected YYYY-MM-DD")
        }
        try checkYear(date)
        return date
    }

    /// A date-time, `YYYY-MM-DDTHH:MM[:SS]` with an optional offset; resolve it with
    /// `WrittenDateTime.resolve(in:)` in the zone it is local to.
    public func dateTime() throws -> WrittenDateTime {
        let text = try string()
        guard let value = TimeParsing.dateTime(text) else {
            throw error(
                "\(path): \"\(text)\" is not a date-time; expected YYYY-MM-DDTHH:MM, optionally with an offset from -18:00 to +18:00 (2026-03-15T20:00-04:00)")
        }
        try checkYear(value.local.date)
        return value
    }

    /// Refuses a date outside ``ScenarioLimits/years``.
    private func checkYear(_ date: LocalDate) throws {
        let years = ScenarioLimits.years
        guard years.contains(date.year) else {
            throw error("\(path): \(date) is outside the supported dates, \(years.lowerBound)-01-01 to \(years.upperBound)-12-31")
        }
    }

    /// A zone of the IANA database (`America/New_York`).
    public func timeZone() throws -> TimeZone {
        let text = try string()
        guard let zone = TimeZone(ianaName: text) else {
            throw error("\(path): unknown time zone \"\(text)\"; expected an IANA name such as America/New_York")
        }
        return zone
    }

    /// A duration written `90s`, `30m`, `2h`, `1d`, or combined (`1h30m`).
    public func duration() throws -> TimeInterval {
        let text = try string()
        guard let seconds = ScenarioValue.parseDuration(text) else {
            throw error("\(path): \"\(text)\" is not a duration; expected a number with a unit: 90s, 30m, 2h, 1d, 1h30m")
        }
        return seconds
    }

    /// A duration inside `range`; outside it, an error that names the field, the value and
    /// the range (`expected a duration from 0s to 30d, found "40d"`).
    public func duration(in range: ClosedRange<TimeInterval>) throws -> TimeInterval {
        let seconds = try duration()
        guard range.contains(seconds) else {
            throw error("\(path): expected a duration from \(Self.durationText(range.lowerBound)) to \(Self.durationText(range.upperBound)), found \(describe)")
        }
        return seconds
    }

    /// `90s`, `30m`, `2h`, `30d`: the largest whole unit, as a scenario writes a duration.
    static func durationText(_ seconds: TimeInterval) -> String {
        for (unit, length) in [("d", 86_400.0), ("h", 3_600), ("m", 60)] where seconds >= length && seconds.remainder(dividingBy: length) == 0 {
            return "\(Int(seconds / length))\(unit)"
        }
        return "\(Int(seconds))s"
    }

    static func parseDuration(_ text: String) -> TimeInterval? {
        var total = 0.0
        var digits = ""
        var sawUnit = false
        for character in text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            guard let value = Double(digits) else { return nil }
            switch character {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86_400
            case "w": total += value * 7 * 86_400
            default: return nil
            }
            digits = ""
            sawUnit = true
        }
        return sawUnit && digits.isEmpty ? total : nil
    }

    /// The value as JSON, whatever its shape: a plain `true` is a truth value, `42` a whole
    /// number, a quoted `"42"` text. What an app's state holds.
    public func json() throws -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style != .plain { return .string(scalar.string) }
            if isNull { return .null }
            if let value = try? bool(), ["true", "false"].contains(scalar.string.lowercased()) { return .bool(value) }
            if let value = Int(scalar.string) { return .int(value) }
            if let value = Double(scalar.string), value.isFinite { return .double(value) }
            return .string(scalar.string)
        case .sequence:
            return .array(try sequence().map { try $0.json() })
        case .mapping:
            var object: [String: JSONValue] = [:]
            for (key, value) in try pairs() { object[key] = try value.json() }
            return .object(object)
        case .alias:
            throw error("\(path): YAML aliases are not supported")
        }
    }

    /// The items of a list, each with its path (`rules[2]`).
    public func sequence() throws -> [ScenarioValue] {
        guard let sequence = node.sequence else { throw error("\(path): expected a list, found \(kind)") }
        return sequence.enumerated().map { ScenarioValue(node: $1, file: file, path: "\(path)[\($0)]") }
    }

    /// The mapping's entries in order, keys as text.
    public func pairs() throws -> [(String, ScenarioValue)] {
        guard let mapping = node.mapping else { throw error("\(path): expected a mapping (key: value), found \(kind)") }
        return try mapping.map { key, value in
            guard let name = key.scalar?.string else {
                throw ScenarioValue(node: key, file: file, path: path).error("\(path): keys must be text")
            }
            return (name, ScenarioValue(node: value, file: file, path: path.isEmpty ? name : "\(path).\(name)"))
        }
    }

    /// The value at `path` below this one, written as decoding errors name fields
    /// (`hourly[3].sea.wave_height_m`, `[2].reminderPlan.timezone`), or the deepest value on
    /// the way that exists: what an error in data read from this value should point at.
    public func descendant(at path: String) -> ScenarioValue {
        var current = self
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                    let items = try? current.sequence(), items.indices.contains(index)
                else { return current }
                current = items[index]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let key = String(rest[..<end])
                guard let entry = (try? current.pairs())?.first(where: { $0.0 == key })?.1 else { return current }
                current = entry
                rest = rest[end...]
            }
        }
        return current
    }

    /// The mapping as a reader that rejects keys it was not asked about.
    public func object(_ allowed: [String]) throws -> ScenarioObject {
        let pairs = try pairs()
        for (key, value) in pairs where !allowed.contains(key) {
            let keyNode = node.mapping?.keys.first { $0.scalar?.string == key } ?? value.node
            throw ScenarioValue(node: keyNode, file: file, path: path).error(
                "\(path.isEmpty ? "" : path + ": ")unknown key \"\(key)\"; expected one of: \(allowed.joined(separator: ", "))")
        }
        return ScenarioObject(value: self, entries: Dictionary(pairs, uniquingKeysWith: { first, _ in first }))
    }

    var kind: String {
        switch node {
        case .scalar: "\(describe)"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// The value as an error quotes it: a long one cut to its first 60 characters.
    var describe: String {
        guard let scalar = node.scalar else { return kind }
        let text = scalar.string
        if text.isEmpty { return "nothing" }
        return text.count > 60 ? "\"\(text.prefix(60))…\" (\(text.count) characters)" : "\"\(text)\""
    }
}

/// A mapping's values by key, read with ``ScenarioValue/object(_:)`` (which refuses the keys
/// it was not asked about).
public struct ScenarioObject {
    /// The mapping itself, for errors about it as a whole.
    public let value: ScenarioValue
    /// Every entry by key, null values included.
    public let entries: [String: ScenarioValue]

    /// The value under `key`, `nil` when absent or null.
    public subscript(key: String) -> ScenarioValue? {
        guard let entry = entries[key], !entry.isNull else { return nil }
        return entry
    }

    /// Whether `key` is written, even with a null value.
    public func has(_ key: String) -> Bool { entries[key] != nil }

    /// The value under `key`; an error naming the key when it is absent or null.
    public func required(_ key: String) throws -> ScenarioValue {
        guard let entry = self[key] else {
            throw value.error("\(value.path.isEmpty ? "scenario" : value.path): missing required key \"\(key)\"")
        }
        return entry
    }
}

extension ScenarioValue {
    /// Parses `text` (YAML, or JSON, which YAML reads too) into its root value, turning
    /// syntax errors into positioned errors: also how data a scenario names (a forecast
    /// file) is read again to point an error at a field's line.
    public static func parse(_ text: String, file: String?) throws -> ScenarioValue {
        try YAMLShape.check(text, file: file)
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioError(
                    file: file, line: 1, column: 1, message: "the scenario is empty; expected a mapping with name, start, timeZone, rules and events")
            }
            return ScenarioValue(node: node, file: file, path: "")
        } catch let error as YamlError {
            throw ScenarioError.from(error, file: file)
        }
    }
}

extension ScenarioError {
    static func from(_ error: YamlError, file: String?) -> ScenarioError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _), .composer(let context, let problem, let mark, _):
            let prefix = context.map { "\($0.text) " } ?? ""
            return ScenarioError(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(prefix)\(problem)")
        case .reader(let problem, _, _, _):
            return ScenarioError(file: file, message: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ScenarioError(
                file: file, line: context.mark.line, column: context.mark.column, message: "duplicated keys: \(duplicates.joined(separator: ", "))")
        default:
            return ScenarioError(file: file, message: "invalid YAML: \(error)")
        }
    }
}
