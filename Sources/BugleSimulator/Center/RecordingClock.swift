import Foundation

/// A `Clock` on virtual time, for tests of code that waits, such as a download's backoff:
/// every sleep returns at once, moves the clock's time on to its deadline, and is recorded.
///
/// ```swift
/// let clock = RecordingClock()
/// let downloader = FactsDownloader(service: service, database: database, clock: clock)
/// // … a download that retried three times …
/// #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4)])
/// ```
public final class RecordingClock: Clock, @unchecked Sendable {
    /// A moment on the clock: the virtual time elapsed since it was made.
    public struct Instant: InstantProtocol {
        /// Virtual time since the clock was made.
        public var offset: Duration

        /// The instant `offset` after the clock was made.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later (earlier when `duration` is negative).
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The virtual time from this instant to `other`; negative when `other` is earlier.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var recorded: [Duration] = []

    /// A clock at virtual time zero that has not slept.
    public init() {}

    /// The clock's virtual time: zero at first, then the latest deadline a sleep reached.
    public var now: Instant { lock.withLock { current } }
    /// One nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }
    /// The sleeps asked for, in order, each as long as it was asked to be.
    public var sleeps: [Duration] { lock.withLock { recorded } }

    /// Returns at once: records the sleep's length (from `now` to `deadline`, as asked), then
    /// moves the clock on to `deadline` unless it is already later. `tolerance` is ignored.
    /// Throws `CancellationError` when the task is cancelled, before recording anything.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock {
            recorded.append(current.duration(to: deadline))
            current = max(current, deadline)
        }
    }
}
