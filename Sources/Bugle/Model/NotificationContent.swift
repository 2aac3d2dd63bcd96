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
    /// The system's default notification sound.
    case `default`
    /// A sound file by name (`"chime.caf"`): on Apple's systems, one in the app's bundle or
    /// `Library/Sounds`.
    case named(String)
}

/// What a notification shows.
///
/// The fields live in one immutable shared box that also holds their digest, computed once
/// when the content is made or changed: every candidate and request of a rule carries the
/// rule's content, so a copy costs one retain, and a request's fingerprint does not hash the
/// same title and body again at every plan.
public struct NotificationContent: Hashable, Sendable {
    private struct Fields: Hashable, Sendable {
        var title: String
        var subtitle: String?
        var body: String
        var sound: NotificationSound?
        var badge: Int?
        var threadID: String?
        var categoryID: String?
        var interruptionLevel: InterruptionLevel
        var relevanceScore: Double?
        var userInfo: [String: JSONValue]
        var deepLink: String?
    }

    private final class Storage: Sendable {
        let fields: Fields
        /// The FNV-1a digest of `fields`, which ``NotificationContent/fingerprint(into:)`` feeds.
        let digest: UInt64

        init(_ fields: Fields) {
            self.fields = fields
            var hasher = Fingerprinter()
            hasher.combine(fields.title)
            hasher.combine(optional: fields.subtitle)
            hasher.combine(fields.body)
            switch fields.sound {
            case nil: hasher.combine(tag: 0)
            case .default?: hasher.combine(tag: 1)
            case .named(let name)?:
                hasher.combine(tag: 2)
                hasher.combine(name)
            }
            hasher.combine(fields.badge ?? Int.min)
            hasher.combine(optional: fields.threadID)
            hasher.combine(optional: fields.categoryID)
            hasher.combine(fields.interruptionLevel.rawValue)
            hasher.combine(Int(bitPattern: UInt((fields.relevanceScore ?? -1).bitPattern)))
            JSONValue.object(fields.userInfo).fingerprint(into: &hasher)
            hasher.combine(optional: fields.deepLink)
            self.digest = hasher.value
        }
    }

    private var storage: Storage

    /// Changes one field: a new box, so that contents sharing the old one keep their value.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// The first line, in bold.
    public var title: String {
        get { storage.fields.title }
        set { update { $0.title = newValue } }
    }
    /// A line under the title; `nil` for none.
    public var subtitle: String? {
        get { storage.fields.subtitle }
        set { update { $0.subtitle = newValue } }
    }
    /// The message.
    public var body: String {
        get { storage.fields.body }
        set { update { $0.body = newValue } }
    }
    /// The sound it plays; `nil` plays none. The default is the system's sound; quiet hours in
    /// `quiet` mode set `nil`.
    public var sound: NotificationSound? {
        get { storage.fields.sound }
        set { update { $0.sound = newValue } }
    }
    /// The number to show on the app's icon; `nil` leaves the badge as it is.
    public var badge: Int? {
        get { storage.fields.badge }
        set { update { $0.badge = newValue } }
    }
    /// Groups the app's notifications in the system's list (`threadIdentifier` on Apple's
    /// systems); `nil` for none.
    public var threadID: String? {
        get { storage.fields.threadID }
        set { update { $0.threadID = newValue } }
    }
    /// The id of a registered ``NotificationCategory``, which gives the notification its
    /// actions and its foreground presentation; `nil` for none.
    public var categoryID: String? {
        get { storage.fields.categoryID }
        set { update { $0.categoryID = newValue } }
    }
    /// How strongly it may interrupt; `.active` by default. Quiet hours in `quiet` mode make
    /// it `.passive`.
    public var interruptionLevel: InterruptionLevel {
        get { storage.fields.interruptionLevel }
        set { update { $0.interruptionLevel = newValue } }
    }
    /// 0...1, how the system ranks this notification in a summary.
    public var relevanceScore: Double? {
        get { storage.fields.relevanceScore }
        set { update { $0.relevanceScore = newValue } }
    }
    /// The app's own payload, handed back when the user taps the notification. On Apple's
    /// systems `null` values are left out, since a property list cannot hold them.
    public var userInfo: [String: JSONValue] {
        get { storage.fields.userInfo }
        set { update { $0.userInfo = newValue } }
    }
    /// Where a tap takes the user (`gonow://today?hour=7&mode=swim_solo`).
    public var deepLink: String? {
        get { storage.fields.deepLink }
        set { update { $0.deepLink = newValue } }
    }

    /// A content with `title` and `body`; by default it plays the system's sound at the
    /// `.active` level, with no subtitle, badge, thread, category, relevance score, payload or
    /// deep link.
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
        storage = Storage(
            Fields(
                title: title, subtitle: subtitle, body: body, sound: sound, badge: badge, threadID: threadID,
                categoryID: categoryID, interruptionLevel: interruptionLevel, relevanceScore: relevanceScore,
                userInfo: userInfo, deepLink: deepLink))
    }

    public static func == (lhs: NotificationContent, rhs: NotificationContent) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// Feeds the content's digest, computed once per content, into a request's fingerprint.
    func fingerprint(into hasher: inout Fingerprinter) {
        hasher.combine(Int(bitPattern: UInt(storage.digest)))
    }
}
