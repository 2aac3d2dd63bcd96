import Foundation

/// A notification that could be scheduled, as a rule proposes it.
///
/// The fields live in one shared box that is copied only when a candidate sharing it is
/// changed: the planner and every policy pass candidates by value, so a copy costs one
/// retain instead of one for each string, the content and the adjustments.
public struct Candidate: Hashable, Sendable {
    private struct Fields: Hashable, Sendable {
        var id: String
        var ruleID: String
        var fireTime: FireTime
        var fireDate: Date
        var content: NotificationContent
        var priority: Int
        var group: String?
        var dedupeKey: String?
        var relevance: TimeInterval?
        var adjustments: [Adjustment]
        var occurrence: String
        var learnedTime: LearnedTime? = nil
        var variant: VariantChoice? = nil
    }

    /// Safe to send although its fields are variable: a box is only changed while one
    /// candidate owns it alone (`isKnownUniquelyReferenced`), and a candidate that another
    /// thread could see is shared, so that thread only ever sees a box that no longer changes.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// Changes the fields: in place when this candidate owns its box alone, in a copy otherwise.
    private mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        change(&storage.fields)
    }

    /// Stable within the rule: derived from the rule, the date and an index, never random.
    public var id: String {
        get { storage.fields.id }
        set { update { $0.id = newValue } }
    }
    /// The notification as a user would name it: the same occurrence is the same
    /// notification, whatever its time, id or text, and one that was delivered is never
    /// planned again (``DropReason/delivered``).
    ///
    /// The id the candidate was made with unless the rule says otherwise: a daily reminder's
    /// local date is in its id already, but a window found in a forecast, whose id counts
    /// windows, is its day and start. Like ids, occurrences are unique among all rules'
    /// candidates: start them with the rule's id.
    public var occurrence: String {
        get { storage.fields.occurrence }
        set { update { $0.occurrence = newValue } }
    }
    /// The rule that proposed it.
    public var ruleID: String {
        get { storage.fields.ruleID }
        set { update { $0.ruleID = newValue } }
    }
    /// When it fires: a wall-clock time that follows the device's zone, or a zoned instant; a
    /// policy that defers it moves it.
    public var fireTime: FireTime {
        get { storage.fields.fireTime }
        set { update { $0.fireTime = newValue } }
    }
    /// `fireTime` resolved in the device's zone at planning time.
    public var fireDate: Date {
        get { storage.fields.fireDate }
        set { update { $0.fireDate = newValue } }
    }
    /// What the notification shows; a policy may change it (quiet hours in `quiet` mode make it
    /// passive and silent).
    public var content: NotificationContent {
        get { storage.fields.content }
        set { update { $0.content = newValue } }
    }
    /// Higher wins when two candidates fire at the same moment or compete for a slot.
    public var priority: Int {
        get { storage.fields.priority }
        set { update { $0.priority = newValue } }
    }
    /// The group that caps and quiet-hours overrides count by.
    public var group: String? {
        get { storage.fields.group }
        set { update { $0.group = newValue } }
    }
    /// Deliveries with the same key count as the same notification for the no-re-notification policy.
    public var dedupeKey: String? {
        get { storage.fields.dedupeKey }
        set { update { $0.dedupeKey = newValue } }
    }
    /// How long after its fire time the notification is still worth showing; a policy that
    /// would move it further drops it instead.
    public var relevance: TimeInterval? {
        get { storage.fields.relevance }
        set { update { $0.relevance = newValue } }
    }
    /// What policies changed on the way (deferred, delivered quietly).
    public var adjustments: [Adjustment] {
        get { storage.fields.adjustments }
        set { update { $0.adjustments = newValue } }
    }
    /// How a rule that learns its send time chose this one (``ScheduledRule/learning``);
    /// `nil` for a fixed time.
    public var learnedTime: LearnedTime? {
        get { storage.fields.learnedTime }
        set { update { $0.learnedTime = newValue } }
    }
    /// How a rule with several texts chose this one (``ScheduledRule/copy``); `nil` otherwise.
    public var variant: VariantChoice? {
        get { storage.fields.variant }
        set { update { $0.variant = newValue } }
    }

    /// A candidate of rule `ruleID` that fires at `fireTime` (`fireDate` being that time in the
    /// device's zone), with no adjustments yet. `occurrence` is `id` when `nil`; `priority` is 0
    /// and the other fields `nil` by default.
    public init(
        id: String,
        ruleID: String,
        fireTime: FireTime,
        fireDate: Date,
        content: NotificationContent,
        priority: Int = 0,
        group: String? = nil,
        dedupeKey: String? = nil,
        relevance: TimeInterval? = nil,
        occurrence: String? = nil
    ) {
        storage = Storage(
            Fields(
                id: id, ruleID: ruleID, fireTime: fireTime, fireDate: fireDate, content: content, priority: priority,
                group: group, dedupeKey: dedupeKey, relevance: relevance, adjustments: [], occurrence: occurrence ?? id))
    }

    public static func == (lhs: Candidate, rhs: Candidate) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }
}

/// A change a policy made to a candidate it kept.
public struct Adjustment: Hashable, Sendable, CustomStringConvertible {
    /// The policy that made the change, by its reason: ``DropReason/quietHours`` for a
    /// candidate deferred or delivered quietly.
    public var policy: DropReason
    /// What the policy did, written when read (see ``detail``).
    public var explanation: Explanation

    /// A sentence a person can read: "deferred from 22:30 to 07:00, the end of quiet hours 22:00–07:00".
    public var detail: String {
        get { explanation.text }
        set { explanation = Explanation(newValue) }
    }

    /// A change by `policy`, explained by the sentence `detail`.
    public init(policy: DropReason, detail: String) {
        self.init(policy: policy, explanation: Explanation(detail))
    }

    /// A change by `policy`, with an explanation that may write its sentence only when it is
    /// read.
    public init(policy: DropReason, explanation: Explanation) {
        self.policy = policy
        self.explanation = explanation
    }

    public var description: String { "\(policy.rawValue): \(detail)" }
}
