import Foundation

/// A journal that lives as long as the process: the scheduler's default.
///
/// It keeps a refresh's intent and outcome like a durable journal does, but a new process
/// starts with an empty one, so ``Scheduler/recover(adopting:)`` over it would take every
/// pending request for an unknown one. Use a durable journal (BugleStore) in an app.
public actor InMemoryJournal: SchedulerJournal {
    private var byID: [String: JournalEntry] = [:]
    private var history = DeliveryHistory()
    private var marks = OccurrenceMarks()

    /// An empty journal.
    public init() {}

    /// Every entry, open or not, by request id.
    public var entries: [JournalEntry] { byID.values.sorted { ($0.fireDate, $0.request.id) < ($1.fireDate, $1.request.id) } }

    /// The entries the center may hold.
    public func openEntries() -> [JournalEntry] { entries.filter(\.state.isOpen) }

    /// Deliveries at or after `date`, oldest first.
    public func deliveries(since date: Date) -> [DeliveredNotification] {
        history.deliveries.filter { $0.date >= date }
    }

    /// The marks whose last day is `day` or later.
    public func marks(endingOnOrAfter day: LocalDate) -> [OccurrenceMark] {
        marks.all.filter { $0.last >= day }
    }

    /// Applies `updates` in order.
    public func commit(_ updates: [JournalUpdate], at date: Date) {
        for update in updates {
            switch update {
            case .entry(let entry):
                byID[entry.request.id] = entry
            case .state(let id, let state, let reason):
                byID[id]?.state = state
                byID[id]?.reason = reason
            case .delivered(let delivery):
                history.record([delivery])
                if let entry = byID[delivery.id], entry.state != .delivered, entry.state != .opened, delivery.date >= entry.askedAt {
                    byID[delivery.id]?.state = .delivered
                    byID[delivery.id]?.reason = nil
                }
            case .mark(let mark):
                marks.insert(mark)
            case .unmark(let mark):
                marks.remove(mark)
            case .forgetMarks(let day):
                marks.removeAll(endingBefore: day)
            }
        }
    }
}
