import Bugle
import Foundation
import GRDB

/// How requests and contents are written to columns and read back, so that a request read
/// back has the fingerprint it was written with.
enum ContentCoding {
    /// A notification content as JSON. `userInfo` values keep their kind: a `2.0` stays a
    /// double (plain JSON would read it back as the integer 2 and change the fingerprint).
    private struct StoredContent: Codable {
        var title: String
        var subtitle: String?
        var body: String
        var sound: NotificationSound?
        var badge: Int?
        var threadID: String?
        var categoryID: String?
        var interruptionLevel: InterruptionLevel
        var relevanceScore: Double?
        var userInfo: [String: TaggedJSON]
        var deepLink: String?
    }

    static func encode(_ content: NotificationContent) throws -> String {
        let stored = StoredContent(title: content.title, subtitle: content.subtitle, body: content.body, sound: content.sound, badge: content.badge,
                                   threadID: content.threadID, categoryID: content.categoryID, interruptionLevel: content.interruptionLevel,
                                   relevanceScore: content.relevanceScore, userInfo: content.userInfo.mapValues(TaggedJSON.init), deepLink: content.deepLink)
        return String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> NotificationContent {
        let stored = try JSONDecoder().decode(StoredContent.self, from: Data(text.utf8))
        return NotificationContent(title: stored.title, subtitle: stored.subtitle, body: stored.body, sound: stored.sound, badge: stored.badge,
                                   threadID: stored.threadID, categoryID: stored.categoryID, interruptionLevel: stored.interruptionLevel,
                                   relevanceScore: stored.relevanceScore, userInfo: stored.userInfo.mapValues(\.value), deepLink: stored.deepLink)
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
        return NotificationRequest(id: row["request_id"], fireTime: fire, content: try decodeContent(row["content"]),
                                   ruleID: row["rule_id"], group: row["group_id"], dedupeKey: row["dedupe_key"])
    }

    static func decodeContent(_ text: String) throws -> NotificationContent {
        do { return try decode(text) } catch { throw invalid("malformed notification content: \(error)") }
    }

    static func invalid(_ message: String) -> StoreError { StoreError(.invalidData, path: nil, message: message) }
}

/// A JSON value that keeps doubles apart from integers: a double is written `{"d": 2}` and an
/// object `{"o": {…}}`; everything else as plain JSON.
private struct TaggedJSON: Codable {
    var value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    private enum Keys: String, CodingKey { case d, o }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Keys.self) {
            if let double = try container.decodeIfPresent(Double.self, forKey: .d) {
                value = .double(double)
            } else {
                value = .object(try container.decode([String: TaggedJSON].self, forKey: .o).mapValues(\.value))
            }
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { value = .null }
        else if let bool = try? single.decode(Bool.self) { value = .bool(bool) }
        else if let int = try? single.decode(Int.self) { value = .int(int) }
        else if let string = try? single.decode(String.self) { value = .string(string) }
        else { value = .array(try single.decode([TaggedJSON].self).map(\.value)) }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .double(let double):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(double, forKey: .d)
        case .object(let object):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(object.mapValues(TaggedJSON.init), forKey: .o)
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .int(let int):
            var single = encoder.singleValueContainer()
            try single.encode(int)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let array):
            var single = encoder.singleValueContainer()
            try single.encode(array.map(TaggedJSON.init))
        }
    }
}
