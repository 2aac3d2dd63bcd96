import Foundation

/// How strongly a notification may interrupt, as Apple's platforms define it.
public enum InterruptionLevel: String, Hashable, Sendable, CaseIterable, Codable {
    /// Added to the list silently; no sound, no lighting up.
    case passive
    /// The default: sound and banner.
    case active
    /// Breaks through Focus and scheduled summaries.
    case timeSensitive
    /// Plays a sound even when muted; needs an entitlement.
    case critical
}

/// The sound a notification plays.
public enum NotificationSound: Hashable, Sendable, Codable {
    case `default`
    case named(String)
}

/// What a notification shows.
public struct NotificationContent: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    public var body: String
    public var sound: NotificationSound?
    public var badge: Int?
    public var threadID: String?
    public var categoryID: String?
    public var interruptionLevel: InterruptionLevel
    /// 0...1, how the system ranks this notification in a summary.
    public var relevanceScore: Double?
    public var userInfo: [String: JSONValue]
    /// Where a tap takes the user (`gonow://today?hour=7&mode=swim_solo`).
    public var deepLink: String?

    public init(
        title: String,
        subtitle: String? = nil,
        body: String,
        sound: NotificationSound? = .default,
        badge: Int? = nil,
        threadID: String? = nil,
        categoryID: String? = nil,
        interruptionLevel: InterruptionLevel = .active,
        relevanceScore: Double? = nil,
        userInfo: [String: JSONValue] = [:],
        deepLink: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.sound = sound
        self.badge = badge
        self.threadID = threadID
        self.categoryID = categoryID
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.userInfo = userInfo
        self.deepLink = deepLink
    }

    func fingerprint(into hasher: inout Fingerprinter) {
        hasher.combine(title)
        hasher.combine(optional: subtitle)
        hasher.combine(body)
        switch sound {
        case nil: hasher.combine(tag: 0)
        case .default?: hasher.combine(tag: 1)
        case .named(let name)?: hasher.combine(tag: 2); hasher.combine(name)
        }
        hasher.combine(badge ?? Int.min)
        hasher.combine(optional: threadID)
        hasher.combine(optional: categoryID)
        hasher.combine(interruptionLevel.rawValue)
        hasher.combine(Int(bitPattern: UInt((relevanceScore ?? -1).bitPattern)))
        JSONValue.object(userInfo).fingerprint(into: &hasher)
        hasher.combine(optional: deepLink)
    }
}
