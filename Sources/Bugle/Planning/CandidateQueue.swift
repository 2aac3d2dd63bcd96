import Foundation

/// The planner's candidates waiting to be considered, in the order it considers them.
///
/// A binary min-heap of small keys over a side table of the candidates themselves: sifting
/// copies a few words per step instead of a whole candidate with its strings and content.
/// A key may also stand for a rule's first candidate that is only announced (see
/// ``Rule/firstCandidate(in:)``); it is the only key of its rule until the planner builds it.
///
/// The order: the soonest first; at equal fire dates the higher priority, then the rule
/// listed first, then the smaller candidate id, then the one queued first (so that even a
/// rule that repeats an id at one moment plans the same way every time). Ids are compared
/// only on a full tie of the rest, which only built candidates of one rule can reach.
///
/// - Complexity: `push` and `pop` are O(log *n*) for *n* keys; `init` is O(*n*).
struct CandidateQueue {
    /// A candidate on its way through the planner.
    struct Item {
        var candidate: Candidate
        /// The rule's index in the planner's rules.
        var source: Int
        /// How many times a policy moved it.
        var moves: Int
        /// Its place in the side table, which is also the order in which it was queued.
        fileprivate(set) var slot = 0

        init(candidate: Candidate, source: Int, moves: Int) {
            self.candidate = candidate
            self.source = source
            self.moves = moves
        }

        fileprivate var key: Key { Key(fireDate: candidate.fireDate, priority: candidate.priority, source: source, slot: slot) }

        /// Whether `self` comes before `other` in the queue's order.
        func precedes(_ other: Item) -> Bool {
            CandidateQueue.precedes(key, other.key, candidate.id, other.candidate.id)
        }
    }

    /// What comes out: a built candidate, or the turn of a rule whose first candidate was
    /// only announced.
    enum Entry {
        case item(Item)
        case announced(source: Int)
    }

    fileprivate struct Key {
        var fireDate: Date
        var priority: Int
        var source: Int
        /// The item's index in `items`; `nil` for an announced first candidate.
        var slot: Int?
    }

    private var keys: [Key] = []
    /// Built candidates by slot; a popped one leaves a `nil`.
    private var items: [Item?] = []

    /// A queue of the rules' first candidates: `announced` ones, by rule index, fire date and
    /// priority, and `built` ones.
    init(announced: [(source: Int, fireDate: Date, priority: Int)], built: [Item]) {
        keys.reserveCapacity(announced.count + built.count)
        for first in announced {
            keys.append(Key(fireDate: first.fireDate, priority: first.priority, source: first.source, slot: nil))
        }
        items.reserveCapacity(built.count)
        for var item in built {
            item.slot = items.count
            keys.append(item.key)
            items.append(item)
        }
        var index = keys.count / 2 - 1
        while index >= 0 {
            siftDown(index)
            index -= 1
        }
    }

    mutating func push(_ item: consuming Item) {
        item.slot = items.count
        keys.append(item.key)
        items.append(consume item)
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
        guard let slot = key.slot, let item = items[slot].take() else { return .announced(source: key.source) }
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

    private func precedes(_ lhs: Key, _ rhs: Key) -> Bool {
        Self.precedes(lhs, rhs, lhs.slot.flatMap { items[$0]?.candidate.id }, rhs.slot.flatMap { items[$0]?.candidate.id })
    }

    private static func precedes(_ lhs: Key, _ rhs: Key, _ lhsID: @autoclosure () -> String?, _ rhsID: @autoclosure () -> String?) -> Bool {
        if lhs.fireDate != rhs.fireDate { return lhs.fireDate < rhs.fireDate }
        if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
        if lhs.source != rhs.source { return lhs.source < rhs.source }
        if let left = lhsID(), let right = rhsID(), left != right { return left < right }
        return (lhs.slot ?? -1) < (rhs.slot ?? -1)
    }
}
