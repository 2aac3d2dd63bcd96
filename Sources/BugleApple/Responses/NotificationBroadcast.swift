import Foundation

/// Hands every value it is sent to each of its consumers, and keeps the values that arrive
/// while it has none for the first consumer to come.
///
/// `NotificationDelegateBridge` sends the user's taps through one, so that every window of
/// an app sees them:
///
/// ```swift
/// // In each scene:
/// .task {
///     for await tap in bridge.taps.stream() {
///         if let url = tap.destination { router.open(url) }
///     }
/// }
/// ```
///
/// - Each ``stream()`` gets every value sent from the moment it was made, in the order they
///   were sent; a second window's stream takes nothing from the first one's.
/// - A value sent while there is no consumer is kept, up to ``bufferLimit`` of them, the
///   newest: the tap that launched the app arrives before any scene iterates. The first
///   stream made after that gets them, then the buffer is empty again.
/// - A stream whose iteration ends (its task is cancelled, its scene goes away, it is
///   dropped) stops being a consumer; values sent after that, with no other consumer left,
///   are kept for the next one.
/// - A stream keeps at most ``bufferLimit`` values its consumer has not read yet (at least
///   one), the newest.
///
/// Safe to use from any thread or task: a lock guards its state, and sending never waits.
public final class NotificationBroadcast<Element: Sendable>: @unchecked Sendable {
    /// How many values are kept while there is no consumer, and how many a consumer that does
    /// not keep up may fall behind; the oldest go first.
    public let bufferLimit: Int

    private let lock = NSLock()
    private var consumers: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextConsumer = 0
    private var waiting: [Element] = []

    /// A broadcast that keeps up to `bufferLimit` values (16 by default) while there is no
    /// consumer; a negative limit counts as 0, which keeps none.
    public init(bufferLimit: Int = 16) {
        self.bufferLimit = max(0, bufferLimit)
    }

    deinit {
        for continuation in consumers.values { continuation.finish() }
    }

    /// A new consumer: a stream of every value sent from now on, and, when there was no
    /// consumer before it, of the values kept until now first.
    public func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(max(1, bufferLimit)))
        lock.lock()
        let id = nextConsumer
        nextConsumer += 1
        consumers[id] = continuation
        for element in waiting { continuation.yield(element) }
        waiting.removeAll()
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Sends `element` to every consumer, or keeps it when there is none.
    public func send(_ element: Element) {
        lock.lock()
        defer { lock.unlock() }
        if consumers.isEmpty {
            guard bufferLimit > 0 else { return }
            waiting.append(element)
            if waiting.count > bufferLimit { waiting.removeFirst(waiting.count - bufferLimit) }
        } else {
            for continuation in consumers.values { continuation.yield(element) }
        }
    }

    /// How many streams are consuming now.
    public var consumerCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return consumers.count
    }

    /// How many values wait for the first consumer.
    public var waitingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count
    }

    private func remove(_ id: Int) {
        lock.lock()
        consumers[id] = nil
        lock.unlock()
    }
}
