import ArgumentParser
import Bugle
import Foundation

/// `bugle rrule --batch`: one request per line of standard input (a JSON object), one JSON
/// line out for each, in order; a line that fails says why on its own output line.
enum RRuleBatch {
    /// The longest line read, in bytes; a longer one is an error for that line.
    static let maximumLineLength = 1_000_000
    /// The keys a request may have.
    static let keys = ["rule", "ical", "start", "tz", "rdate", "exdate", "count", "until", "after", "describe"]
    static let example = #"{"rule": "FREQ=DAILY", "start": "2026-03-01T09:00", "count": 3}"#

    /// Runs every line of standard input; the summary of the lines that failed, or `nil`
    /// when none did: `--batch: 2 of 5 lines failed (lines 3 and 4); …`.
    static func run() -> String? {
        var reader = LineReader(handle: .standardInput, limit: maximumLineLength)
        var failed: [Int] = []
        var failures = 0
        var total = 0
        while let (number, line) = reader.next() {
            total = number
            do {
                let asked = try request(line)
                if let language = asked.describe {
                    print("{\"line\":\(number),\"text\":\(json(try asked.describedText(language: language)))}")
                } else {
                    let occurrences = try self.occurrences(asked)
                    print("{\"line\":\(number),\"occurrences\":[\(occurrences.map(json).joined(separator: ","))]}")
                }
            } catch {
                failures += 1
                if failed.count <= 5 { failed.append(number) }
                print("{\"line\":\(number),\"error\":\(json(error.message))}")
            }
        }
        guard !failed.isEmpty else { return nil }
        let shown = failed.prefix(5).map(String.init)
        let list =
            failed.count == 1
            ? "line \(failed[0])"
            : failed.count > 5 ? "lines \(shown.joined(separator: ", ")) and more" : "lines \(shown.dropLast().joined(separator: ", ")) and \(shown.last ?? "")"
        return "--batch: \(failures) of \(total) line\(total == 1 ? "" : "s") failed (\(list)); each says why on its own output line"
    }

    /// Every occurrence of a request, at most `RRuleCommand.counts.upperBound`.
    static func occurrences(_ request: RRuleRequest) throws(RRuleError) -> [String] {
        let run = try request.prepare()
        var found: [String] = []
        for line in run.lines {
            guard found.count < RRuleCommand.counts.upperBound else { throw RRuleError(run.overflow) }
            found.append(line)
        }
        return found
    }

    /// The request a line holds.
    static func request(_ line: LineReader.Line) throws(RRuleError) -> RRuleRequest {
        guard case .text(let data) = line else {
            throw RRuleError("the line is longer than \(maximumLineLength) bytes")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw RRuleError("the line is not UTF-8 text") }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw RRuleError("an empty line; expected a JSON object such as \(example)")
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw RRuleError("not JSON; expected a JSON object such as \(example)")
        }
        guard case .object(let fields) = value else {
            throw RRuleError("expected a JSON object such as \(example), found \(kind(value))")
        }
        for key in fields.keys.sorted() where !keys.contains(key) {
            throw RRuleError("unknown key \"\(key)\"; expected \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        func string(_ key: String) throws(RRuleError) -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case let other?: throw RRuleError("\"\(key)\": expected a string, found \(kind(other))")
            }
        }
        func strings(_ key: String) throws(RRuleError) -> [String] {
            switch fields[key] {
            case nil, .null?: return []
            case .string(let text)?: return [text]
            case .array(let items)?:
                var texts: [String] = []
                for item in items {
                    guard case .string(let text) = item else {
                        throw RRuleError("\"\(key)\": expected a string or an array of strings, found \(kind(item)) in the array")
                    }
                    texts.append(text)
                }
                return texts
            case let other?: throw RRuleError("\"\(key)\": expected a string or an array of strings, found \(kind(other))")
            }
        }
        func time(_ key: String) throws(RRuleError) -> WrittenValue? {
            guard let text = try string(key) else { return nil }
            do {
                return try WrittenValue.parse(text)
            } catch {
                throw RRuleError("\"\(key)\": \"\(text)\": \((error as? ValidationError)?.message ?? "\(error)")")
            }
        }
        var count: Int?
        switch fields["count"] {
        case nil, .null?: break
        case .int(let number)? where RRuleCommand.counts.contains(number): count = number
        case let other?:
            throw RRuleError(
                "\"count\": expected a whole number from \(RRuleCommand.counts.lowerBound) to \(RRuleCommand.counts.upperBound), found \(other)")
        }
        let iCalendar = try string("ical")
        if iCalendar != nil {
            for key in ["rule", "start", "tz", "rdate", "exdate"] where fields[key] != nil {
                throw RRuleError("\"ical\" holds DTSTART, RRULE, RDATE and EXDATE; leave out \"\(key)\"")
            }
        }
        return RRuleRequest(
            rule: try string("rule"), iCalendar: iCalendar, start: try time("start"), tz: try string("tz"), rdates: try strings("rdate"),
            exdates: try strings("exdate"), count: count, until: try time("until"), after: try time("after"), naming: .keys,
            describe: try string("describe"))
    }

    private static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `text` as a JSON string.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// The lines of a file handle, each at most `limit` bytes: a longer line is reported as too
/// long and skipped without being kept whole in memory. A final line without a line end
/// counts; a CR before the LF is dropped.
struct LineReader {
    enum Line {
        case text(Data)
        case tooLong
    }

    private let handle: FileHandle
    private let limit: Int
    private var buffer: [UInt8] = []
    /// Where the current line begins in `buffer`, and how far it was searched for a line end.
    private var start = 0
    private var scanned = 0
    private var finished = false
    private var number = 0

    init(handle: FileHandle, limit: Int) {
        self.handle = handle
        self.limit = limit
    }

    /// The next line and its number (from 1), or `nil` at the end.
    mutating func next() -> (Int, Line)? {
        var skipping = false
        while true {
            if let end = buffer[scanned...].firstIndex(of: 10) {
                var line = buffer[start..<end]
                start = end + 1
                scanned = start
                number += 1
                if line.last == 13 { line = line.dropLast() }
                return (number, skipping || line.count > limit ? .tooLong : .text(Data(line)))
            }
            scanned = buffer.count
            if buffer.count - start > limit {
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
            }
            if finished {
                guard start < buffer.count || skipping else { return nil }
                let line = buffer[start...]
                start = buffer.count
                scanned = start
                number += 1
                return (number, skipping ? .tooLong : .text(Data(line)))
            }
            if start > 0 {
                buffer.removeFirst(start)
                scanned -= start
                start = 0
            }
            guard let chunk = try? handle.read(upToCount: 65_536), !chunk.isEmpty else {
                finished = true
                continue
            }
            buffer.append(contentsOf: chunk)
        }
    }
}
