import Foundation

/// Where a request stands in the journal's ledger.
public enum LedgerState: String, Hashable, Sendable, CaseIterable, Codable {
    /// The scheduler is about to add it, or asked and has not heard back: a stop, or a
    /// refused call. The next refresh or recovery settles it.
    case adding
    /// The center holds it.
    case pending
    /// The scheduler is about to remove it, or asked and has not heard back.
    case removing
    /// Removed, or gone from the center without a delivery; the reason says which.
    case cancelled
    /// Asked for, but the center does not hold it.
    case failed
    /// The system showed it.
    case delivered
    /// The user tapped it.
    case opened

    /// Whether the center may hold the request: `adding`, `pending` or `removing`.
    public var isOpen: Bool { self == .adding || self == .pending || self == .removing }
}

/// One request of the ledger: what the scheduler asked the center for, and where it stands.
public struct JournalEntry: Hashable, Sendable {
    /// The request as the scheduler asked for it (or found it in the center).
    public var request: NotificationRequest
    /// The fire time resolved in the device's zone when it was asked for.
    public var fireDate: Date
    /// Where it stands.
    public var state: LedgerState
    /// Why it was cancelled or failed, or where it came from.
    public var reason: String?
    /// When the scheduler last asked the center to add this version of the request.
    public var askedAt: Date

    /// An entry for `request`.
    public init(request: NotificationRequest, fireDate: Date, state: LedgerState, reason: String? = nil, askedAt: Date) {
        self.request = request
        self.fireDate = fireDate
        self.state = state
        self.reason = reason
        self.askedAt = askedAt
    }
}

/// One change to a journal; a ``SchedulerJournal`` writes a list of them at once.
public enum JournalUpdate: Hashable, Sendable {
    /// Writes the entry whole, replacing any entry with the same request id.
    case entry(JournalEntry)
    /// Moves the entry with request id `id` to `state`; nothing happens when there is none.
    case state(id: String, LedgerState, reason: String?)
    /// Adds a delivery to the history (once per id and date), and marks the entry with its
    /// id delivered when that version was asked for before the delivery and is not yet
    /// delivered or opened.
    case delivered(DeliveredNotification)
    /// Keeps an ``OccurrenceMark``; an equal one is kept once, and a completion or skip of one
    /// rule on one day replaces the rule's completion or skip of that day.
    case mark(OccurrenceMark)
    /// Forgets the mark equal to this one; nothing happens when there is none.
    case unmark(OccurrenceMark)
    /// Forgets the marks whose last day is before this day: they no longer cover any
    /// candidate a plan could hold.
    case forgetMarks(endingBefore: LocalDate)
}

/// The scheduler's durable memory: the ledger of requests it asked the center for, the
/// delivery history that caps and the no-re-notification policy read, and the days the app
/// marked completed, skipped or paused (``OccurrenceMark``).
///
/// The scheduler records its intent before it calls the center and confirms after, so that
/// ``Scheduler/recover(adopting:)`` can finish whatever a stop interrupted. An implementation
/// writes each ``commit(_:at:)`` atomically: all of its updates or none.
/// ``InMemoryJournal`` keeps it in memory; BugleStore keeps it in SQLite.
public protocol SchedulerJournal: Sendable {
    /// The entries the center may hold: those whose state ``LedgerState/isOpen``.
    func openEntries() async throws -> [JournalEntry]
    /// Deliveries at or after `date`, oldest first.
    func deliveries(since date: Date) async throws -> [DeliveredNotification]
    /// The marks whose last day is `day` or later.
    func marks(endingOnOrAfter day: LocalDate) async throws -> [OccurrenceMark]
    /// Writes `updates`, in order, as one transaction stamped `date`.
    func commit(_ updates: [JournalUpdate], at date: Date) async throws
}
