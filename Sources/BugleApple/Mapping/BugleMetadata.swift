import Bugle
import Foundation

/// What Bugle keeps in a request's `userInfo`, under ``key``, as one JSON string.
///
/// It holds the facts the system cannot give back exactly (the sound, the relevance score,
/// the app's own payload with its number types, the named zone of a zoned instant), those
/// the system may change after it took them (the interruption level, lowered without the
/// entitlement, and the badge), and the planner's bookkeeping (rule, group, dedupe key,
/// fingerprint), so that a request read back from the system rebuilds a
/// `NotificationRequest` with the fingerprint it had: what Bugle sent, not what the system
/// made of it.
/// One string survives any property-list round trip unchanged, whatever the platform does
/// with number types.
public struct BugleMetadata: Hashable, Sendable, Codable {
    /// The `userInfo` key.
    public static let key = "bugle"

    /// Optional text fields that were present but empty, which the system cannot tell from
    /// absent ones.
    public enum EmptyField: String, Hashable, Sendable, Codable, CaseIterable {
        /// The subtitle was `""`.
        case subtitle
        /// The thread identifier was `""`.
        case threadID
        /// The category identifier was `""`.
        case categoryID
    }

    /// The rule that planned the request.
    public var ruleID: String?
    /// The group it counts in for caps.
    public var group: String?
    /// Its dedupe key for the no-re-notification policy.
    public var dedupeKey: String?
    /// The occurrence it shows (`NotificationRequest/occurrence`), which the
    /// scheduler remembers once it is delivered.
    public var occurrence: String?
    /// `NotificationRequest/fingerprintHex` of the request as planned.
    public var fingerprint: String
    /// The named zone of a zoned instant; the trigger's components may carry a fixed offset
    /// instead (see ``RequestMapping``).
    public var timeZone: String?
    /// The sound, which the system does not report back.
    public var sound: NotificationSound?
    /// The relevance score exactly, unclamped; `nil` when none was set.
    public var relevanceScore: Double?
    /// The interruption level Bugle asked for, which the system may lower (a time-sensitive
    /// or critical notification without its entitlement). `nil` in metadata written before
    /// Bugle kept it: the level and the badge are then read from the system.
    public var interruptionLevel: InterruptionLevel?
    /// The badge Bugle asked for; `nil` for none. Read back only when
    /// ``interruptionLevel`` is there too.
    public var badge: Int?
    /// Where a tap leads.
    public var deepLink: String?
    /// Optional text fields that were present but empty.
    public var emptyFields: [EmptyField]?
    /// The app's payload exactly, numbers and nulls included.
    public var userInfo: [String: JSONValue]

    /// Metadata from its parts.
    public init(
        ruleID: String? = nil,
        group: String? = nil,
        dedupeKey: String? = nil,
        occurrence: String? = nil,
        fingerprint: String,
        timeZone: String? = nil,
        sound: NotificationSound? = nil,
        relevanceScore: Double? = nil,
        interruptionLevel: InterruptionLevel? = nil,
        badge: Int? = nil,
        deepLink: String? = nil,
        emptyFields: [EmptyField]? = nil,
        userInfo: [String: JSONValue] = [:]
    ) {
        self.ruleID = ruleID
        self.group = group
        self.dedupeKey = dedupeKey
        self.occurrence = occurrence
        self.fingerprint = fingerprint
        self.timeZone = timeZone
        self.sound = sound
        self.relevanceScore = relevanceScore
        self.interruptionLevel = interruptionLevel
        self.badge = badge
        self.deepLink = deepLink
        self.emptyFields = emptyFields
        self.userInfo = userInfo
    }

    private enum CodingKeys: String, CodingKey {
        case ruleID = "rule"
        case group
        case dedupeKey = "dedupe"
        case occurrence, fingerprint
        case timeZone = "zone"
        case sound
        case relevanceScore = "relevance"
        case interruptionLevel = "level"
        case badge
        case deepLink = "link"
        case emptyFields = "empty"
        case userInfo
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ruleID = try container.decodeIfPresent(String.self, forKey: .ruleID)
        group = try container.decodeIfPresent(String.self, forKey: .group)
        dedupeKey = try container.decodeIfPresent(String.self, forKey: .dedupeKey)
        occurrence = try container.decodeIfPresent(String.self, forKey: .occurrence)
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        sound = try container.decodeIfPresent(NotificationSound.self, forKey: .sound)
        relevanceScore = try container.decodeIfPresent(JSONValue.Tagged.self, forKey: .relevanceScore)?.value.number
        interruptionLevel = try container.decodeIfPresent(InterruptionLevel.self, forKey: .interruptionLevel)
        badge = try container.decodeIfPresent(Int.self, forKey: .badge)
        deepLink = try container.decodeIfPresent(String.self, forKey: .deepLink)
        emptyFields = try container.decodeIfPresent([EmptyField].self, forKey: .emptyFields)
        userInfo = try container.decodeIfPresent([String: JSONValue.Tagged].self, forKey: .userInfo)?.mapValues(\.value) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(ruleID, forKey: .ruleID)
        try container.encodeIfPresent(group, forKey: .group)
        try container.encodeIfPresent(dedupeKey, forKey: .dedupeKey)
        try container.encodeIfPresent(occurrence, forKey: .occurrence)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(sound, forKey: .sound)
        try container.encodeIfPresent(relevanceScore.map { JSONValue.Tagged(.double($0)) }, forKey: .relevanceScore)
        try container.encodeIfPresent(interruptionLevel, forKey: .interruptionLevel)
        try container.encodeIfPresent(badge, forKey: .badge)
        try container.encodeIfPresent(deepLink, forKey: .deepLink)
        try container.encodeIfPresent(emptyFields, forKey: .emptyFields)
        if !userInfo.isEmpty { try container.encode(userInfo.mapValues(JSONValue.Tagged.init), forKey: .userInfo) }
    }

    /// The metadata as the string stored under ``key``: compact JSON with sorted keys, the
    /// same bytes for the same metadata.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The metadata in a `userInfo`, or `nil` when there is none or it does not decode (a
    /// request that other code added).
    public init?(userInfo: [String: JSONValue]) {
        guard case .string(let text)? = userInfo[BugleMetadata.key] else { return nil }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        guard let decoded = try? decoder.decode(BugleMetadata.self, from: Data(text.utf8)) else { return nil }
        self = decoded
    }
}
