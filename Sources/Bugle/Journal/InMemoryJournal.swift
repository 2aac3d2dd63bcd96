import Foundation

/// A journal that lives as long as the process: the scheduler's default.
///
/// It keeps a refresh's intent and outcome like a durable journal does, but a new process
/// starts with an empty one, so ``Scheduler/recover(adopting:)`` over it would take every
/// pending request for an unknown one. Use a durable journal (BugleStore) in an app.
///
/// It answers what the scheduler asks as the durable journal does, and keeps its cost per
/// commit and per read, and its memory, independent of how long it has run: the open entries
/// are indexed, and what the scheduler never reads again is forgotten.
///
/// - A delivery is kept for 400 days after it happened (counted from each commit's date):
///   400 days is the scheduler's ``Scheduler/occurrenceWindow``, the furthest back it reads
///   deliveries, so that a scheduler recovered over this journal still never shows an
///   occurrence twice.
/// - An entry that is no longer open (cancelled, failed, delivered, opened) is kept for 35
///   days after the commit that closed it (``Scheduler/defaultHistoryWindow``, how far back
///   the scheduler's policies look), for ``entries`` to show what became of recent requests:
///   the scheduler reads only open entries. Each one holds its whole request: 400 days of
///   them would hold about half a megabyte in `bugle-bench`'s phone of four rules.
/// - What is older is forgotten with the others of its month, in one batch every 30 days.
///
/// Marks are forgotten when the scheduler says so
/// (``JournalUpdate/forgetMarks(endingBefore:)``), as in the durable journal. (The durable
/// journal keeps every row.)
public actor InMemoryJournal: SchedulerJournal {
    /// An entry, and when it was closed if it is not open.
    private struct Kept {
        var entry: JournalEntry
        var closedAt: Date?
    }

    private var byID: [String: Kept] = [:]
    /// The entries whose state is open, by fire date then request id, kept in that order as
    /// commits change them: what ``openEntries()`` returns.
    private var openInOrder: [JournalEntry] = []
    /// The closed entries by the date they were closed, oldest first; an entry opened or
    /// closed again since is stale, and skipped.
    private var closed: [(date: Date, id: String)] = []
    /// The deliveries, by date: the scheduler reads their occurrences from its own history.
    private var history = DeliveryHistory.deliveriesOnly()
    private var marks = OccurrenceMarks()

    /// How long a delivery is kept at least: the scheduler's default
    /// ``Scheduler/occurrenceWindow``.
    private static let deliveryRetention: TimeInterval = 400 * 86_400
    /// How long an entry that is no longer open is kept at least.
    private static let closedRetention = Scheduler.defaultHistoryWindow
    /// How often what is older than it keeps is forgotten: in batches, so that a commit
    /// does not move everything kept to forget one day.
    private static let forgettingInterval: TimeInterval = 30 * 86_400
    /// The commit date from which the next batch is forgotten.
    private var nextForgetting = Date.distantPast

    /// An empty journal.
    public init() {}

    /// Every entry kept, open or not, by fire date, then request id.
    public var entries: [JournalEntry] { Self.ordered(byID.values.lazy.map(\.entry)) }

    /// The entries the center may hold, by fire date, then request id.
    ///
    /// - Complexity: O(1): a commit keeps them in order.
    public func openEntries() -> [JournalEntry] { openInOrder }

    /// Deliveries at or after `date`, oldest first.
    public func deliveries(since date: Date) -> [DeliveredNotification] {
        history.deliveries(since: date)
    }

    /// The marks whose last day is `day` or later.
    public func marks(endingOnOrAfter day: LocalDate) -> [OccurrenceMark] {
        marks.all.filter { $0.last >= day }
    }

    /// Applies `updates` in order, then forgets what is older than it keeps, when a batch is
    /// due.
    public func commit(_ updates: [JournalUpdate], at date: Date) {
        for update in updates {
            switch update {
            case .entry(let entry):
                store(entry, at: date)
            case .state(let id, let state, let reason):
                move(id, to: state, reason: reason, at: date)
            case .delivered(let delivery):
                history.record([delivery])
                if let entry = byID[delivery.id]?.entry, entry.state != .delivered, entry.state != .opened, delivery.date >= entry.askedAt {
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
            forget(deliveriesBefore: date.addingTimeInterval(-Self.deliveryRetention), closedBefore: date.addingTimeInterval(-Self.closedRetention))
            nextForgetting = date.addingTimeInterval(Self.forgettingInterval)
        }
    }

    /// Keeps `entry` in place of the one with its id.
    private func store(_ entry: JournalEntry, at date: Date) {
        let id = entry.request.id
        guard let index = byID.index(forKey: id) else {
            let kept = Kept(entry: entry, closedAt: entry.state.isOpen ? nil : date)
            byID[id] = kept
            byID.keepSparse()
            if kept.closedAt != nil { closed.append((date, id)) }
            reorder(from: nil, to: entry)
            return
        }
        replace(at: index, with: entry, at: date)
    }

    /// Moves the entry with id `id`, if there is one, to `state`.
    private func move(_ id: String, to state: LedgerState, reason: String?, at date: Date) {
        guard let index = byID.index(forKey: id) else { return }
        var entry = byID.values[index].entry
        entry.state = state
        entry.reason = reason
        replace(at: index, with: entry, at: date)
    }

    /// Replaces the entry kept at `index` with `entry`, and indexes it as open or closed: an
    /// entry newly closed is kept from `date` on.
    private func replace(at index: Dictionary<String, Kept>.Index, with entry: JournalEntry, at date: Date) {
        let old = byID.values[index]
        var kept = Kept(entry: entry, closedAt: nil)
        if !entry.state.isOpen {
            kept.closedAt = old.entry.state.isOpen ? date : old.closedAt
            if old.entry.state.isOpen { closed.append((date, entry.request.id)) }
        }
        byID.values[index] = kept
        reorder(from: old.entry, to: entry)
    }

    /// Keeps `openInOrder` in order when an entry changes from `old` (`nil` when new) to `new`.
    private func reorder(from old: JournalEntry?, to new: JournalEntry) {
        if let old, old.state.isOpen {
            var index = position(of: old)
            if !(index < openInOrder.endIndex && openInOrder[index].request.id == old.request.id) {
                // Dates that do not order (not a number) leave it elsewhere.
                index = openInOrder.firstIndex { $0.request.id == old.request.id } ?? openInOrder.endIndex
            }
            if index < openInOrder.endIndex {
                if new.state.isOpen, new.fireDate == old.fireDate {
                    openInOrder[index] = new
                    return
                }
                openInOrder.remove(at: index)
            }
        }
        if new.state.isOpen { openInOrder.insert(new, at: position(of: new)) }
    }

    /// The index in `openInOrder` of the first entry that does not come before `entry`, by
    /// fire date then request id.
    private func position(of entry: JournalEntry) -> Int {
        openInOrder.fireOrderIndex(of: entry.fireDate, id: entry.request.id, fireDate: \.fireDate, requestID: \.request.id)
    }

    /// Forgets the deliveries before `deliveryCutoff` and the entries closed before `cutoff`.
    private func forget(deliveriesBefore deliveryCutoff: Date, closedBefore cutoff: Date) {
        history.prune(before: deliveryCutoff)
        // Commit dates mostly grow, so the oldest closings come first.
        let count = closed.prefix { $0.date < cutoff }.count
        guard count > 0 else { return }
        for (_, id) in closed[..<count] {
            guard let index = byID.index(forKey: id), let date = byID.values[index].closedAt, date < cutoff else { continue }
            byID.remove(at: index)
        }
        closed.removeSubrange(..<count)
    }

    /// `entries` by fire date, then request id.
    private static func ordered(_ entries: some Sequence<JournalEntry>) -> [JournalEntry] {
        // Sorts their positions, not the entries themselves, which are large to move.
        let entries = Array(entries)
        // By fire date, then id: the ids are compared only at equal dates.
        return entries.indices.sorted {
            entries[$0].fireDate != entries[$1].fireDate ? entries[$0].fireDate < entries[$1].fireDate : entries[$0].request.id < entries[$1].request.id
        }.map { entries[$0] }
    }
}
