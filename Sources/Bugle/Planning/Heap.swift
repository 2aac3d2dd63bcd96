/// A binary min-heap, enough for merging rule iterators.
///
/// - Complexity: `insert` and `popMin` are O(log *n*).
struct MinHeap<Element: Comparable> {
    private var storage: [Element] = []

    init() {}

    init(_ elements: [Element]) {
        storage = elements
        var index = storage.count / 2 - 1
        while index >= 0 {
            siftDown(index)
            index -= 1
        }
    }

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }

    mutating func insert(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Element? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let minimum = storage.removeLast()
        if !storage.isEmpty { siftDown(0) }
        return minimum
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let count = storage.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var smallest = left
            let right = left + 1
            if right < count, storage[right] < storage[left] { smallest = right }
            guard storage[smallest] < storage[parent] else { return }
            storage.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
