import Bugle
import Foundation

/// The string extras of an alarm's `Intent`: everything the receiver needs to post the
/// notification when the alarm fires, and everything a reconcile needs to read the request back.
///
/// Every value is a string (`Intent.putExtra(String, String)`), which survives a `Bundle`, a
/// `PendingIntent` and a reboot record unchanged. The keys start with `bugle.` (Android asks extras
/// to carry a package-like prefix) and follow the names of BugleApple's `BugleMetadata` where
/// they hold the same fact: `bugle.rule`, `bugle.group`, `bugle.dedupe`, `bugle.occurrence`,
/// `bugle.fingerprint`, `bugle.zone`. A key is absent for a `nil` field; an empty string is an
/// empty field, so the two never mix up.
///
/// - SeeAlso: [`Intent.putExtra(String, String)`](https://developer.android.com/reference/android/content/Intent#putExtra(java.lang.String,%20java.lang.String)).
public struct AndroidExtras: Hashable, Sendable {
    /// The keys, one per fact.
    public enum Key {
        /// Bugle's request id (`bugle.morning@2026-03-01`).
        public static let requestID = "bugle.id"
        /// The Android notification id and request code, in decimal.
        public static let notificationID = "bugle.notificationId"
        /// The channel the notification posts to.
        public static let channelID = "bugle.channel"
        /// `setContentTitle`: the content's title.
        public static let title = "bugle.title"
        /// `setContentText`: the content's body.
        public static let text = "bugle.text"
        /// `setSubText`: the content's subtitle.
        public static let subText = "bugle.subText"
        /// `setGroup`: the content's thread id.
        public static let threadID = "bugle.thread"
        /// `setWhen`: the fire instant in epoch milliseconds when the alarm was set.
        public static let when = "bugle.when"
        /// A wall-clock fire time, as `LocalDateTime/localSeconds` in decimal.
        public static let wallClock = "bugle.wallClock"
        /// A zoned fire time's instant in epoch milliseconds.
        public static let instant = "bugle.instant"
        /// A zoned fire time's zone identifier (BugleMetadata's `zone`).
        public static let zone = "bugle.zone"
        /// The alarm call that was made (``AndroidAlarmSpec/Call/name``).
        public static let alarm = "bugle.alarm"
        /// The rule that planned the request (BugleMetadata's `rule`).
        public static let ruleID = "bugle.rule"
        /// The caps group (BugleMetadata's `group`).
        public static let group = "bugle.group"
        /// The dedupe key (BugleMetadata's `dedupe`).
        public static let dedupeKey = "bugle.dedupe"
        /// The occurrence (BugleMetadata's `occurrence`).
        public static let occurrence = "bugle.occurrence"
        /// `NotificationRequest.fingerprintHex` as planned (BugleMetadata's `fingerprint`).
        public static let fingerprint = "bugle.fingerprint"
        /// What Android does not show, as one JSON string: sound, badge, category, interruption
        /// level, relevance score, deep link and the app's payload with its number types.
        public static let content = "bugle.content"
    }

    /// The extras by key.
    public var values: [String: String]

    /// Extras from an `Intent`'s string extras (or the host's record of them).
    public init(_ values: [String: String]) { self.values = values }

    /// Bugle's request id, when these are Bugle's extras.
    public var requestID: String? { values[Key.requestID] }

    /// The notification id, when present and valid.
    public var notificationID: AndroidNotificationID? { values[Key.notificationID].flatMap { Int32($0) }.flatMap(AndroidNotificationID.init(rawValue:)) }

    /// The extras for `request`, posted as `id` to `channelID`, whose alarm is `alarm`.
    init(request: NotificationRequest, id: AndroidNotificationID, channelID: String, alarm: AndroidAlarmSpec) throws {
        let content = request.content
        var values: [String: String] = [
            Key.requestID: request.id,
            Key.notificationID: String(id.rawValue),
            Key.channelID: channelID,
            Key.title: content.title,
            Key.text: content.body,
            Key.when: String(alarm.triggerAtMillis),
            Key.alarm: alarm.call.name,
            Key.fingerprint: request.fingerprintHex,
        ]
        values[Key.subText] = content.subtitle
        values[Key.threadID] = content.threadID
        values[Key.ruleID] = request.ruleID
        values[Key.group] = request.group
        values[Key.dedupeKey] = request.dedupeKey
        values[Key.occurrence] = request.occurrence
        switch request.fireTime {
        case .wallClock(let local):
            values[Key.wallClock] = String(local.localSeconds)
        case .zoned(let zoned):
            values[Key.instant] = String(AndroidMapping.epochMillis(zoned.date))
            values[Key.zone] = zoned.timeZone.identifier
        }
        values[Key.content] = try HiddenContent(content).encoded()
        self.values = values
    }

    /// The request these extras stand for, with the id and fingerprint it was planned with;
    /// `nil` when they are not Bugle's or are damaged (a missing or unreadable field).
    ///
    /// The fingerprint is checked: a request rebuilt with another fingerprint than the one
    /// recorded is `nil`, so a reconcile replaces it rather than trusting it.
    public var request: NotificationRequest? {
        guard let id = values[Key.requestID], let title = values[Key.title], let body = values[Key.text],
            let json = values[Key.content], let hidden = HiddenContent(decoding: json), let fireTime
        else { return nil }
        let content = NotificationContent(
            title: title, subtitle: values[Key.subText], body: body, sound: hidden.sound, badge: hidden.badge, threadID: values[Key.threadID],
            categoryID: hidden.categoryID, interruptionLevel: hidden.level, relevanceScore: hidden.relevance, userInfo: hidden.userInfo,
            deepLink: hidden.link)
        let request = NotificationRequest(
            id: id, fireTime: fireTime, content: content, ruleID: values[Key.ruleID], group: values[Key.group], dedupeKey: values[Key.dedupeKey],
            occurrence: values[Key.occurrence])
        return request.fingerprintHex == values[Key.fingerprint] ? request : nil
    }

    private var fireTime: FireTime? {
        if let text = values[Key.wallClock] {
            return Int(text).map { .wallClock(LocalDateTime(localSeconds: $0)) }
        }
        guard let millis = values[Key.instant].flatMap({ Int64($0) }), let zone = values[Key.zone].flatMap(TimeZone.init(identifier:)) else { return nil }
        return .zoned(ZonedInstant(date: Date(timeIntervalSince1970: Double(millis) / 1000), timeZone: zone))
    }
}

/// The content fields Android does not show, exactly: numbers keep their kind (`1` and `1.0`
/// differ in Bugle's fingerprint), so the payload is written with tagged values.
private struct HiddenContent: Codable {
    var sound: NotificationSound?
    var badge: Int?
    var categoryID: String?
    var level: InterruptionLevel
    var relevance: Double?
    var link: String?
    var userInfo: [String: JSONValue]

    init(_ content: NotificationContent) {
        sound = content.sound
        badge = content.badge
        categoryID = content.categoryID
        level = content.interruptionLevel
        relevance = content.relevanceScore
        link = content.deepLink
        userInfo = content.userInfo
    }

    init?(decoding text: String) {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        guard let decoded = try? decoder.decode(HiddenContent.self, from: Data(text.utf8)) else { return nil }
        self = decoded
    }

    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    private enum CodingKeys: String, CodingKey {
        case sound, badge
        case categoryID = "category"
        case level, relevance, link, userInfo
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sound = try container.decodeIfPresent(NotificationSound.self, forKey: .sound)
        badge = try container.decodeIfPresent(Int.self, forKey: .badge)
        categoryID = try container.decodeIfPresent(String.self, forKey: .categoryID)
        level = try container.decode(InterruptionLevel.self, forKey: .level)
        relevance = try container.decodeIfPresent(JSONValue.Tagged.self, forKey: .relevance)?.value.number
        link = try container.decodeIfPresent(String.self, forKey: .link)
        userInfo = try container.decodeIfPresent([String: JSONValue.Tagged].self, forKey: .userInfo)?.mapValues(\.value) ?? [:]
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(sound, forKey: .sound)
        try container.encodeIfPresent(badge, forKey: .badge)
        try container.encodeIfPresent(categoryID, forKey: .categoryID)
        try container.encode(level, forKey: .level)
        try container.encodeIfPresent(relevance.map { JSONValue.Tagged(.double($0)) }, forKey: .relevance)
        try container.encodeIfPresent(link, forKey: .link)
        if !userInfo.isEmpty { try container.encode(userInfo.mapValues(JSONValue.Tagged.init), forKey: .userInfo) }
    }
}
