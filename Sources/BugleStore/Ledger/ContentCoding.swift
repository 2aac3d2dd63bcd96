import Bugle
import Foundation
import GRDB

/// How requests and contents are written to columns and read back, so that a request read
/// back has the fingerprint it was written with.
///
/// A content is a JSON object. `userInfo` values keep their kind: a double is written
/// `{"d": 2.0}` and an object `{"o": {…}}` (plain JSON would read a `2.0` back as the
/// integer 2 and change the fingerprint). A missing `sound` means none.
enum ContentCoding {
    /// Writes the members in a fixed order, straight to text: the ledger encodes one
    /// content per request it records.
    static func encode(_ content: NotificationContent) -> String {
        var out = "{"
        func member(_ key: String, _ write: (inout String) -> Void) {
            if out.count > 1 { out += "," }
            JSONText.quote(key, to: &out)
            out += ":"
            write(&out)
        }
        member("title") { JSONText.quote(content.title, to: &$0) }
        if let subtitle = content.subtitle { member("subtitle") { JSONText.quote(subtitle, to: &$0) } }
        member("body") { JSONText.quote(content.body, to: &$0) }
        switch content.sound {
        case nil: break
        case .default?: member("sound") { $0 += "\"default\"" }
        case .named(let name)?: member("sound") { JSONText.write(.object(["named": .string(name)]), to: &$0) }
        }
        if let badge = content.badge { member("badge") { $0 += String(badge) } }
        if let thread = content.threadID { member("threadID") { JSONText.quote(thread, to: &$0) } }
        if let category = content.categoryID { member("categoryID") { JSONText.quote(category, to: &$0) } }
        member("interruptionLevel") { JSONText.quote(content.interruptionLevel.rawValue, to: &$0) }
        if let score = content.relevanceScore { member("relevanceScore") { JSONText.write(.double(score), to: &$0) } }
        if !content.userInfo.isEmpty { member("userInfo") { JSONText.write(tagged(.object(content.userInfo)), to: &$0) } }
        if let link = content.deepLink { member("deepLink") { JSONText.quote(link, to: &$0) } }
        return out + "}"
    }

    static func decodeContent(_ text: String) throws -> NotificationContent {
        guard case .object(let object)? = JSONText.parse(text), case .string(let title)? = object["title"], case .string(let body)? = object["body"],
            case .string(let levelName)? = object["interruptionLevel"], let level = InterruptionLevel(rawValue: levelName)
        else { throw invalid("malformed notification content \(text.prefix(80))") }
        let sound: NotificationSound?
        switch object["sound"] {
        case nil: sound = nil
        case .string("default")?: sound = .default
        case .object(let named)?:
            guard case .string(let name)? = named["named"] else { throw invalid("malformed sound in \(text.prefix(80))") }
            sound = .named(name)
        default: throw invalid("malformed sound in \(text.prefix(80))")
        }
        var userInfo: [String: JSONValue] = [:]
        if let stored = object["userInfo"] {
            guard case .object(let values) = try untagged(stored) else { throw invalid("malformed userInfo in \(text.prefix(80))") }
            userInfo = values
        }
        return NotificationContent(
            title: title, subtitle: object["subtitle"].flatMap(string), body: body, sound: sound, badge: object["badge"].flatMap(int),
            threadID: object["threadID"].flatMap(string), categoryID: object["categoryID"].flatMap(string), interruptionLevel: level,
            relevanceScore: object["relevanceScore"]?.number, userInfo: userInfo, deepLink: object["deepLink"].flatMap(string))
    }

    /// A fire time's columns: `fire_kind`, `fire_local` (local seconds of a wall-clock
    /// time), `fire_instant` and `fire_zone` (a zoned instant).
    static func columns(_ fireTime: FireTime) -> (kind: String, local: Int?, instant: Double?, zone: String?) {
        switch fireTime {
        case .wallClock(let local): ("wallClock", local.localSeconds, nil, nil)
        case .zoned(let zoned): ("zoned", nil, zoned.date.timeIntervalSince1970, zoned.timeZone.identifier)
        }
    }

    static func fireTime(kind: String, local: Int?, instant: Double?, zone: String?) throws -> FireTime {
        switch kind {
        case "wallClock":
            guard let local else { throw invalid("a wall-clock fire time without its local time") }
            return .wallClock(LocalDateTime(localSeconds: local))
        case "zoned":
            guard let instant, let zone else { throw invalid("a zoned fire time without its instant or zone") }
            guard let timeZone = TimeZone(identifier: zone) else { throw invalid("unknown time zone \(zone)") }
            return .zoned(ZonedInstant(date: Date(timeIntervalSince1970: instant), timeZone: timeZone))
        default:
            throw invalid("unknown fire time kind \(kind)")
        }
    }

    /// Reads a request from a row of `ledger`.
    static func request(from row: Row) throws -> NotificationRequest {
        let fire = try fireTime(kind: row["fire_kind"], local: row["fire_local"], instant: row["fire_instant"], zone: row["fire_zone"])
        return NotificationRequest(
            id: row["request_id"], fireTime: fire, content: try decodeContent(row["content"]),
            ruleID: row["rule_id"], group: row["group_id"], dedupeKey: row["dedupe_key"], occurrence: row["occurrence"])
    }

    static func invalid(_ message: String) -> StoreError { StoreError(.invalidData, path: nil, message: message) }

    private static func tagged(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double: .object(["d": value])
        case .object(let members): .object(["o": .object(members.mapValues(tagged))])
        case .array(let elements): .array(elements.map(tagged))
        default: value
        }
    }

    private static func untagged(_ value: JSONValue) throws -> JSONValue {
        switch value {
        case .object(let wrapper):
            if let double = wrapper["d"], wrapper.count == 1, let number = double.number { return .double(number) }
            guard case .object(let members)? = wrapper["o"], wrapper.count == 1 else { throw invalid("malformed userInfo value \(value)") }
            return .object(try members.mapValues(untagged))
        case .array(let elements): return .array(try elements.map(untagged))
        default: return value
        }
    }

    private static func string(_ value: JSONValue) -> String? {
        if case .string(let string) = value { string } else { nil }
    }

    private static func int(_ value: JSONValue) -> Int? {
        if case .int(let int) = value { int } else { nil }
    }
}
