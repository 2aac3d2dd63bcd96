import Foundation

/// A journal that lives as long as the process: the scheduler's default.
///
/// It keeps a refresh's intent and outcome like a durable journal does, but a new process
/// starts with an empty one, so ``Scheduler/recover(adopting:)`` over it would take every
/// pending request for an unknown one. Use a durable journal (BugleStore) in an app.
///
/// It answers what the scheduler asks as the durable journal does, and keeps its cost per
/// commit and per read independent of how long it has run: the open entries are indexed,
/// and what the scheduler never reads again is forgotten. An entry that is no longer open
/// (cancelled, failed, delivered, opened) is kept for 400 days after the commit that closed
/// it, and a delivery for 400 days after it happened (counted from each commit's date), then
/// forgotten with the others of its month, in one batch every 30 days: 400 days is the
/// scheduler's ``Scheduler/occurrenceWindow``, the furthest back it reads deliveries, and it
/// reads only open entries. Marks are forgotten when the scheduler says so
/// (``JournalUpdate/forgetMarks(endingBefore:)``), as in the durable journal. (The durable
/// journal keeps every row.)
public actor InMemoryJournal: SchedulerJournal {
    private var byID: [String: JournalEntry] = [:]
    /// The ids of the entries whose state is open.
    private var openIDs: Set<String> = []
    /// When each entry that is no longer open was closed.
    private var closedAt: [String: Date] = [:]
    /// The closed entries by the date they were closed, oldest first; an entry opened or
    /// closed again since is stale, and skipped.
    private var closed: [(date: Date, id: String)] = []
    private var history = DeliveryHistory()
    private var marks = OccurrenceMarks()

    /// How long a closed entry and a delivery are kept at least: the scheduler's default
    /// ``Scheduler/occurrenceWindow``.
    private static let retention: TimeInterval = 400 * 86_400
    /// How often what is older than `retention` is forgotten: in batches, so that a commit
    /// does not move everything kept to forget one day.
    private static let forgettingInterval: TimeInterval = 30 * 86_400
    /// The commit date from which the next batch is forgotten.
    private var nextForgetting = Date.distantPast

    /// An empty journal.
    public init() {}

    /// Every entry kept, open or not, by fire date, then request id.
    public var entries: [JournalEntry] { Self.ordered(byID.values) }

    /// The entries the center may hold, by fire date, then request id.
    ///
    /// - Complexity: O(*p* log *p*) for the *p* open entries.
    public func openEntries() -> [JournalEntry] { Self.ordered(openIDs.compactMap { byID[$0] }) }

    /// Deliveries at or after `date`, oldest first.
    public func deliveries(since date: Date) -> [DeliveredNotification] {
        history.deliveries(since: date)
    }

    /// The marks whose last day is `day` or later.
    public func marks(endingOnOrAfter day: LocalDate) -> [OccurrenceMark] {
        marks.all.filter { $0.last >= day }
    }

    /// Applies `updates` in order, then forgets what is older than the retention, when a
    /// batch is due.
    public func commit(_ updates: [JournalUpdate], at date: Date) {
        for update in updates {
            switch update {
            case .entry(let entry):
                store(entry, at: date)
            case .state(let id, let state, let reason):
                move(id, to: state, reason: reason, at: date)
            case .delivered(let delivery):
                history.record([delivery])
                if let entry = byID[delivery.id], entry.state != .delivered, entry.state != .opened, delivery.date >= entry.askedAt {
                    move(delivery.id, to: .delivered, reason: nil, at: date)
                }
            case .mark(let mark):
                marks.insert(mark)
            case .unmark(let mark):
                marks.remove(mark)
            case .forgetMarks(let day):
                marks.removeAll(endingBefore: day)
            }
        }
        if date >= nextForgetting {
            forget(before: date.addingTimeInterval(-Self.retention))
            nextForgetting = date.addingTimeInterval(Self.forgettingInterval)
        }
    }

    /// Keeps `entry` in place of the one with its id.
    private func store(_ entry: JournalEntry, at date: Date) {
        let id = entry.request.id
        let wasOpen = byID[id]?.state.isOpen
        byID[id] = entry
        index(id, wasOpen: wasOpen, at: date)
    }

    /// Moves the entry with id `id`, if there is one, to `state`.
    private func move(_ id: String, to state: LedgerState, reason: String?, at date: Date) {
        guard let wasOpen = byID[id]?.state.isOpen else { return }
        byID[id]?.state = state
        byID[id]?.reason = reason
        index(id, wasOpen: wasOpen, at: date)
    }

    /// Indexes the entry with id `id` as open or closed at `date`; `wasOpen` is whether it
    /// was open before, `nil` when it is new.
    private func index(_ id: String, wasOpen: Bool?, at date: Date) {
        if byID[id]?.state.isOpen == true {
            openIDs.insert(id)
            closedAt[id] = nil
        } else if wasOpen != false {
            // Newly closed (or new and closed): its retention starts now.
            openIDs.remove(id)
            closedAt[id] = date
            closed.append((date, id))
        }
    }

    /// Forgets the entries closed before `cutoff` and the deliveries and occurrences before it.
    private func forget(before cutoff: Date) {
        history.prune(before: cutoff)
        history.pruneOccurrences(before: cutoff)
        // Commit dates mostly grow, so the oldest closings come first.
        let count = closed.prefix { $0.date < cutoff }.count
        guard count > 0 else { return }
        for (_, id) in closed[..<count] {
            guard let date = closedAt[id], date < cutoff else { continue }
            byID[id] = nil
            closedAt[id] = nil
        }
        closed.removeSubrange(..<count)
    }

    /// `entries` by fire date, then request id.
    private static func ordered(_ entries: some Sequence<JournalEntry>) -> [JournalEntry] {
        // Sorts their positions, not the entries themselves, which are large to move.
        let entries = Array(entries)
        return entries.indices.sorted { (entries[$0].fireDate, entries[$0].request.id) < (entries[$1].fireDate, entries[$1].request.id) }.map { entries[$0] }
    }
}
