import Foundation

/// A request as the notification center holds it: an identifier, a trigger, a content.
///
/// Its fields live in one shared, immutable box, so that a copy (into a plan, the journal,
/// the center's list) costs one reference count rather than one per field.
public struct NotificationRequest: Hashable, Sendable, CustomReflectable {
    /// The fields, never changed once made.
    private final class Fields: Sendable {
        let id: String
        let fireTime: FireTime
        let content: NotificationContent
        let ruleID: String?
        let group: String?
        let dedupeKey: String?
        let occurrence: String?
        let fingerprint: UInt64
        /// A digest of `id`, so that comparing the ids of two requests mostly compares two numbers.
        let idDigest: UInt64

        init(
            id: String, fireTime: FireTime, content: NotificationContent, ruleID: String?, group: String?, dedupeKey: String?, occurrence: String?,
            fingerprint: UInt64
        ) {
            var digest = Fingerprinter()
            digest.combine(id)
            self.idDigest = digest.value
            self.id = id
            self.fireTime = fireTime
            self.content = content
            self.ruleID = ruleID
            self.group = group
            self.dedupeKey = dedupeKey
            self.occurrence = occurrence
            self.fingerprint = fingerprint
        }
    }

    private let fields: Fields

    /// The center's identifier. For a request Bugle planned, the namespace's prefix and the
    /// candidate's id (`bugle.morning@2026-03-01`).
    public var id: String { fields.id }
    /// When it fires: a wall-clock time that follows the device's zone, or a zoned instant.
    public var fireTime: FireTime { fields.fireTime }
    /// What it shows.
    public var content: NotificationContent { fields.content }
    /// The rule that planned it, the group it counts in, and its dedupe key: what caps and
    /// the no-re-notification policy read back once it is delivered.
    public var ruleID: String? { fields.ruleID }
    /// The group caps count it in (``Candidate/group``); `nil` for none.
    public var group: String? { fields.group }
    /// The key the no-re-notification policy compares (``Candidate/dedupeKey``); `nil` for none.
    public var dedupeKey: String? { fields.dedupeKey }
    /// The notification as a user would name it (``Candidate/occurrence``), which the
    /// scheduler remembers once it is delivered; `nil` for a request Bugle did not plan, or
    /// planned before occurrences were kept. It is bookkeeping, not part of the fingerprint.
    public var occurrence: String? { fields.occurrence }
    /// A stable digest of every field but `id` and `occurrence` (`fireTime`, `content`,
    /// `ruleID`, `group`, `dedupeKey`): two requests with the same id and the same
    /// fingerprint are the same request, and reconcile leaves it alone.
    public var fingerprint: UInt64 { fields.fingerprint }

    /// A request with `id` that fires at `fireTime` and shows `content`; the bookkeeping fields
    /// are `nil` by default. Its `fingerprint` covers every field but `id` and `occurrence`.
    public init(
        id: String, fireTime: FireTime, content: NotificationContent, ruleID: String? = nil, group: String? = nil, dedupeKey: String? = nil,
        occurrence: String? = nil
    ) {
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
        fields = Fields(
            id: id, fireTime: fireTime, content: content, ruleID: ruleID, group: group, dedupeKey: dedupeKey, occurrence: occurrence,
            fingerprint: hasher.value)
    }

    /// Whether `other` has this request's id: the same box, or the same digest and id, so that
    /// a search for an id among requests mostly compares numbers.
    func hasSameID(as other: NotificationRequest) -> Bool {
        fields === other.fields || (fields.idDigest == other.fields.idDigest && fields.id == other.fields.id)
    }

    /// Two requests are equal when every field is, whether or not they share their box.
    public static func == (lhs: NotificationRequest, rhs: NotificationRequest) -> Bool {
        if lhs.fields === rhs.fields { return true }
        return lhs.id == rhs.id && lhs.fireTime == rhs.fireTime && lhs.content == rhs.content && lhs.ruleID == rhs.ruleID && lhs.group == rhs.group
            && lhs.dedupeKey == rhs.dedupeKey && lhs.occurrence == rhs.occurrence && lhs.fingerprint == rhs.fingerprint
    }

    /// Its fields, as a struct's are shown (`print`, `dump`), not its box.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "fireTime": fireTime, "content": content, "ruleID": ruleID as Any, "group": group as Any, "dedupeKey": dedupeKey as Any,
                "occurrence": occurrence as Any, "fingerprint": fingerprint,
            ] as KeyValuePairs<String, Any>, displayStyle: .struct)
    }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(fireTime)
        hasher.combine(content)
        hasher.combine(ruleID)
        hasher.combine(group)
        hasher.combine(dedupeKey)
        hasher.combine(occurrence)
        hasher.combine(fingerprint)
    }

    /// The fingerprint as 16 hex digits, for storage in a payload or a database.
    public var fingerprintHex: String {
        let hex = String(fingerprint, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A notification the system showed.
///
/// Its fields but the date live in one box, shared by copies until one is changed, so that a
/// copy (into the history, the journal, a refresh's list) costs one reference count rather
/// than one per field.
public struct DeliveredNotification: Hashable, Sendable, CustomReflectable {
    /// The fields but the date; a box is changed only while one value holds it (copy on write).
    private final class Fields: @unchecked Sendable {
        var id: String
        var content: NotificationContent
        var ruleID: String?
        var group: String?
        var dedupeKey: String?
        var occurrence: String?

        init(id: String, content: NotificationContent, ruleID: String?, group: String?, dedupeKey: String?, occurrence: String?) {
            self.id = id
            self.content = content
            self.ruleID = ruleID
            self.group = group
            self.dedupeKey = dedupeKey
            self.occurrence = occurrence
        }

        func copy() -> Fields {
            Fields(id: id, content: content, ruleID: ruleID, group: group, dedupeKey: dedupeKey, occurrence: occurrence)
        }
    }

    private var fields: Fields

    /// `fields`, first copied when another value shares them.
    private var ownFields: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
            return fields
        }
    }

    /// The identifier of the request that was delivered.
    public var id: String {
        get { fields.id }
        set { ownFields.id = newValue }
    }
    /// When the system showed it.
    public var date: Date
    /// What it showed.
    public var content: NotificationContent {
        get { fields.content }
        set { ownFields.content = newValue }
    }
    /// The rule that planned it, when Bugle planned it.
    public var ruleID: String? {
        get { fields.ruleID }
        set { ownFields.ruleID = newValue }
    }
    /// The group of its request, which caps count it in; `nil` for none.
    public var group: String? {
        get { fields.group }
        set { ownFields.group = newValue }
    }
    /// The dedupe key of its request, which the no-re-notification policy reads; `nil` for none.
    public var dedupeKey: String? {
        get { fields.dedupeKey }
        set { ownFields.dedupeKey = newValue }
    }
    /// The occurrence it showed (``NotificationRequest/occurrence``), when known.
    public var occurrence: String? {
        get { fields.occurrence }
        set { ownFields.occurrence = newValue }
    }

    /// A delivery of the request `id` at `date`; the bookkeeping fields are `nil` by default,
    /// as for a notification Bugle did not plan.
    public init(
        id: String, date: Date, content: NotificationContent, ruleID: String? = nil, group: String? = nil, dedupeKey: String? = nil,
        occurrence: String? = nil
    ) {
        self.fields = Fields(id: id, content: content, ruleID: ruleID, group: group, dedupeKey: dedupeKey, occurrence: occurrence)
        self.date = date
    }

    /// Two deliveries are equal when every field is, whether or not they share their box.
    public static func == (lhs: DeliveredNotification, rhs: DeliveredNotification) -> Bool {
        guard lhs.date == rhs.date else { return false }
        if lhs.fields === rhs.fields { return true }
        return lhs.id == rhs.id && lhs.content == rhs.content && lhs.ruleID == rhs.ruleID && lhs.group == rhs.group && lhs.dedupeKey == rhs.dedupeKey
            && lhs.occurrence == rhs.occurrence
    }

    /// Its fields, as a struct's are shown (`print`, `dump`), not its box.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "date": date, "content": content, "ruleID": ruleID as Any, "group": group as Any, "dedupeKey": dedupeKey as Any,
                "occurrence": occurrence as Any,
            ] as KeyValuePairs<String, Any>, displayStyle: .struct)
    }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(date)
        hasher.combine(content)
        hasher.combine(ruleID)
        hasher.combine(group)
        hasher.combine(dedupeKey)
        hasher.combine(occurrence)
    }

    /// The delivery of `request` at `date`.
    public init(request: NotificationRequest, date: Date) {
        self.init(
            id: request.id, date: date, content: request.content, ruleID: request.ruleID, group: request.group, dedupeKey: request.dedupeKey,
            occurrence: request.occurrence)
    }
}
