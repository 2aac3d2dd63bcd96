import Foundation

/// A request as the notification center holds it: an identifier, a trigger, a content.
public struct NotificationRequest: Hashable, Sendable {
    public let id: String
    public let fireTime: FireTime
    public let content: NotificationContent
    /// The rule that planned it, the group it counts in, and its dedupe key: what caps and
    /// the no-re-notification policy read back once it is delivered.
    public let ruleID: String?
    public let group: String?
    public let dedupeKey: String?
    /// The notification as a user would name it (``Candidate/occurrence``), which the
    /// scheduler remembers once it is delivered; `nil` for a request Bugle did not plan, or
    /// planned before occurrences were kept. It is bookkeeping, not part of the fingerprint.
    public let occurrence: String?
    /// A stable digest of `fireTime` and `content`: two requests with the same id and the
    /// same fingerprint are the same request, and reconcile leaves it alone.
    public let fingerprint: UInt64

    public init(id: String, fireTime: FireTime, content: NotificationContent, ruleID: String? = nil, group: String? = nil, dedupeKey: String? = nil,
                occurrence: String? = nil) {
        self.id = id
        self.fireTime = fireTime
        self.content = content
        self.ruleID = ruleID
        self.group = group
        self.dedupeKey = dedupeKey
        self.occurrence = occurrence
        var hasher = Fingerprinter()
        hasher.combine(optional: ruleID)
        hasher.combine(optional: group)
        hasher.combine(optional: dedupeKey)
        switch fireTime {
        case .wallClock(let local):
            hasher.combine(tag: 1)
            hasher.combine(local.localSeconds)
        case .zoned(let zoned):
            hasher.combine(tag: 2)
            hasher.combine(zoned.date.wholeSecondsSince1970)
            hasher.combine(zoned.timeZone.identifier)
        }
        content.fingerprint(into: &hasher)
        self.fingerprint = hasher.value
    }

    /// The fingerprint as 16 hex digits, for storage in a payload or a database.
    public var fingerprintHex: String {
        let hex = String(fingerprint, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A notification the system showed.
public struct DeliveredNotification: Hashable, Sendable {
    public var id: String
    public var date: Date
    public var content: NotificationContent
    /// The rule that planned it, when Bugle planned it.
    public var ruleID: String?
    public var group: String?
    public var dedupeKey: String?
    /// The occurrence it showed (``NotificationRequest/occurrence``), when known.
    public var occurrence: String?

    public init(id: String, date: Date, content: NotificationContent, ruleID: String? = nil, group: String? = nil, dedupeKey: String? = nil,
                occurrence: String? = nil) {
        self.id = id
        self.date = date
        self.content = content
        self.ruleID = ruleID
        self.group = group
        self.dedupeKey = dedupeKey
        self.occurrence = occurrence
    }

    /// The delivery of `request` at `date`.
    public init(request: NotificationRequest, date: Date) {
        self.init(id: request.id, date: date, content: request.content, ruleID: request.ruleID, group: request.group, dedupeKey: request.dedupeKey,
                  occurrence: request.occurrence)
    }
}
