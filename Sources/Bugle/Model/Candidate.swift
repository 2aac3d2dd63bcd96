import Foundation

/// A notification that could be scheduled, as a rule proposes it.
public struct Candidate: Hashable, Sendable {
    /// Stable within the rule: derived from the rule, the date and an index, never random.
    public var id: String
    /// The rule that proposed it.
    public var ruleID: String
    public var fireTime: FireTime
    /// `fireTime` resolved in the device's zone at planning time.
    public var fireDate: Date
    public var content: NotificationContent
    /// Higher wins when two candidates fire at the same moment or compete for a slot.
    public var priority: Int
    /// The group that caps and quiet-hours overrides count by.
    public var group: String?
    /// Deliveries with the same key count as the same notification for the no-re-notification policy.
    public var dedupeKey: String?
    /// How long after its fire time the notification is still worth showing; a policy that
    /// would move it further drops it instead.
    public var relevance: TimeInterval?
    /// What policies changed on the way (deferred, delivered quietly).
    public var adjustments: [Adjustment] = []

    public init(
        id: String,
        ruleID: String,
        fireTime: FireTime,
        fireDate: Date,
        content: NotificationContent,
        priority: Int = 0,
        group: String? = nil,
        dedupeKey: String? = nil,
        relevance: TimeInterval? = nil
    ) {
        self.id = id
        self.ruleID = ruleID
        self.fireTime = fireTime
        self.fireDate = fireDate
        self.content = content
        self.priority = priority
        self.group = group
        self.dedupeKey = dedupeKey
        self.relevance = relevance
    }
}

/// A change a policy made to a candidate it kept.
public struct Adjustment: Hashable, Sendable, CustomStringConvertible {
    public var policy: DropReason
    public var detail: String

    public init(policy: DropReason, detail: String) {
        self.policy = policy
        self.detail = detail
    }

    public var description: String { "\(policy.rawValue): \(detail)" }
}
