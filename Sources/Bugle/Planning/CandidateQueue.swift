import Foundation

/// The planner's candidates waiting to be considered, in the order it considers them.
///
/// A binary min-heap of small keys (24 bytes) over a side table of the candidates themselves:
/// sifting copies three words per step instead of a whole candidate with its strings and
/// content, and a heap of a hundred thousand rules' first candidates stays compact. A key
/// may also stand for a rule's first candidate that is only announced (see
/// ``Rule/firstCandidate(in:)``); it is the only key of its rule until the planner builds it.
///
/// The order: the soonest first; at equal fire dates the higher priority, then the rule
/// listed first, then the smaller candidate id, then the one queued first (so that even a
/// rule that repeats an id at one moment plans the same way every time). Ids are compared
/// only on a full tie of the rest, which only built candidates of one rule can reach.
///
/// Fill it with ``announce(source:cursor:fireDate:priority:)`` and ``insert(_:)``, then call
/// ``order()`` once (O(*n*)); from then on ``push(_:)`` and ``pop()`` are O(log *n*).
struct CandidateQueue {
    /// A candidate on its way through the planner.
    struct Item {
        var candidate: Candidate
        /// The rule's index in the planner's rules.
        var source: Int
        /// The index of the rule's cursor in the planner's cursors.
        var cursor: Int
        /// How many times a policy moved it.
        var moves: Int
        /// Its place in the side table, which is also the order in which it was queued.
        fileprivate(set) var slot = 0

        init(candidate: Candidate, source: Int, cursor: Int, moves: Int) {
            self.candidate = candidate
            self.source = source
            self.cursor = cursor
            self.moves = moves
        }

        fileprivate var key: Key {
            Key(
                fireDate: candidate.fireDate.timeIntervalSinceReferenceDate, priority: candidate.priority, source: Int32(truncatingIfNeeded: source),
                slot: Int32(truncatingIfNeeded: slot))
        }

        /// Whether `self` comes before `other` in the queue's order.
        func precedes(_ other: Item) -> Bool {
            CandidateQueue.precedes(key, other.key, candidate.id, other.candidate.id)
        }
    }

    /// What comes out: a built candidate, or the turn of a rule whose first candidate was
    /// only announced (with the rule's cursor, when it has one yet).
    enum Entry {
        case item(Item)
        case announced(source: Int, cursor: Int?)
    }

    fileprivate struct Key {
        /// `Date.timeIntervalSinceReferenceDate`, which is what a date holds.
        var fireDate: Double
        var priority: Int
        var source: Int32
        /// The item's index in `items`; for an announced first candidate `-1`, or
        /// `-2 - cursor` when its rule has a cursor.
        var slot: Int32

        var isAnnounced: Bool { slot < 0 }
    }

    private var keys: [Key] = []
    /// Built candidates by slot; a popped one leaves a `nil`.
    private var items: [Item?] = []

    /// An empty queue with room for `announced` announced first candidates and `built` candidates.
    init(announced: Int, built: Int) {
        precondition(announced + built < Int(Int32.max), "CandidateQueue: too many rules")
        keys.reserveCapacity(announced + built)
        items.reserveCapacity(built)
    }

    /// Adds the announced first candidate of rule `source`, before ``order()``.
    mutating func announce(source: Int, cursor: Int?, fireDate: Date, priority: Int) {
        let slot = cursor.map { -2 - Int32(truncatingIfNeeded: $0) } ?? -1
        keys.append(Key(fireDate: fireDate.timeIntervalSinceReferenceDate, priority: priority, source: Int32(truncatingIfNeeded: source), slot: slot))
    }

    /// Adds a built candidate, before ``order()``.
    mutating func insert(_ item: consuming Item) {
        item.slot = items.count
        keys.append(item.key)
        items.append(consume item)
    }

    /// Puts the keys added so far in heap order.
    mutating func order() {
        var index = keys.count / 2 - 1
        while index >= 0 {
            siftDown(index)
            index -= 1
        }
    }

    mutating func push(_ item: consuming Item) {
        insert(item)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(keys[child], keys[parent]) else { break }
            keys.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard !keys.isEmpty else { return nil }
        keys.swapAt(0, keys.count - 1)
        let key = keys.removeLast()
        if !keys.isEmpty { siftDown(0) }
        guard !key.isAnnounced, let item = items[Int(key.slot)].take() else {
            return .announced(source: Int(key.source), cursor: key.slot <= -2 ? Int(-2 - key.slot) : nil)
        }
        return .item(item)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let count = keys.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var smallest = left
            let right = left + 1
            if right < count, precedes(keys[right], keys[left]) { smallest = right }
            guard precedes(keys[smallest], keys[parent]) else { return }
            keys.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private func id(_ key: Key) -> String? { key.isAnnounced ? nil : items[Int(key.slot)]?.candidate.id }

    private func precedes(_ lhs: Key, _ rhs: Key) -> Bool {
        Self.precedes(lhs, rhs, id(lhs), id(rhs))
    }

    private static func precedes(_ lhs: Key, _ rhs: Key, _ lhsID: @autoclosure () -> String?, _ rhsID: @autoclosure () -> String?) -> Bool {
        if lhs.fireDate != rhs.fireDate { return lhs.fireDate < rhs.fireDate }
        if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
        if lhs.source != rhs.source { return lhs.source < rhs.source }
        if let left = lhsID(), let right = rhsID(), left != right { return left < right }
        return max(lhs.slot, -1) < max(rhs.slot, -1)
    }
}
