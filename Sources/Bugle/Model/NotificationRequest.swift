import Foundation

/// A request as the notification center holds it: an identifier, a trigger, a content.
public struct NotificationRequest: Hashable, Sendable {
    /// The center's identifier. For a request Bugle planned, the namespace's prefix and the
    /// candidate's id (`bugle.morning@2026-03-01`).
    public let id: String
    /// When it fires: a wall-clock time that follows the device's zone, or a zoned instant.
    public let fireTime: FireTime
    /// What it shows.
    public let content: NotificationContent
    /// The rule that planned it, the group it counts in, and its dedupe key: what caps and
    /// the no-re-notification policy read back once it is delivered.
    public let ruleID: String?
    /// The group caps count it in (``Candidate/group``); `nil` for none.
    public let group: String?
    /// The key the no-re-notification policy compares (``Candidate/dedupeKey``); `nil` for none.
    public let dedupeKey: String?
    /// The notification as a user would name it (``Candidate/occurrence``), which the
    /// scheduler remembers once it is delivered; `nil` for a request Bugle did not plan, or
    /// planned before occurrences were kept. It is bookkeeping, not part of the fingerprint.
    public let occurrence: String?
    /// A stable digest of every field but `id` and `occurrence` (`fireTime`, `content`,
    /// `ruleID`, `group`, `dedupeKey`): two requests with the same id and the same
    /// fingerprint are the same request, and reconcile leaves it alone.
    public let fingerprint: UInt64

    /// A request with `id` that fires at `fireTime` and shows `content`; the bookkeeping fields
    /// are `nil` by default. Its `fingerprint` covers every field but `id` and `occurrence`.
    public init(
        id: String, fireTime: FireTime, content: NotificationContent, ruleID: String? = nil, group: String? = nil, dedupeKey: String? = nil,
        occurrence: String? = nil
    ) {
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
    /// The identifier of the request that was delivered.
    public var id: String
    /// When the system showed it.
    public var date: Date
    /// What it showed.
    public var content: NotificationContent
    /// The rule that planned it, when Bugle planned it.
    public var ruleID: String?
    /// The group of its request, which caps count it in; `nil` for none.
    public var group: String?
    /// The dedupe key of its request, which the no-re-notification policy reads; `nil` for none.
    public var dedupeKey: String?
    /// The occurrence it showed (``NotificationRequest/occurrence``), when known.
    public var occurrence: String?

    /// A delivery of the request `id` at `date`; the bookkeeping fields are `nil` by default,
    /// as for a notification Bugle did not plan.
    public init(
        id: String, date: Date, content: NotificationContent, ruleID: String? = nil, group: String? = nil, dedupeKey: String? = nil,
        occurrence: String? = nil
    ) {
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
        self.init(
            id: request.id, date: date, content: request.content, ruleID: request.ruleID, group: request.group, dedupeKey: request.dedupeKey,
            occurrence: request.occurrence)
    }
}
