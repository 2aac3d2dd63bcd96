/// A rate limit's state: up to `capacity` tokens, refilled evenly at `capacity` a minute;
/// each admitted request takes one. Time is an input (a point on a monotonic clock), so the
/// bucket is a pure value.
struct TokenBucket: Sendable, Equatable {
    /// The most tokens the bucket holds, and how many it regains a minute.
    let capacity: Int
    private var tokens: Double
    private var updated: Duration

    /// A full bucket at `now`.
    init(capacity: Int, now: Duration) {
        self.capacity = capacity
        tokens = Double(capacity)
        updated = now
    }

    /// Tokens regained a second.
    private var refillPerSecond: Double { Double(capacity) / 60 }

    /// Brings the bucket to `now`: it regains what the time since its last update is worth.
    mutating func refill(at now: Duration) {
        guard now > updated else { return }
        let elapsed = Double((now - updated).components.seconds) + Double((now - updated).components.attoseconds) / 1e18
        tokens = min(Double(capacity), tokens + elapsed * refillPerSecond)
        updated = now
    }

    /// Whether a request may pass now; takes no token.
    var hasToken: Bool { tokens >= 1 }

    /// Whether the bucket is full again: its state then says nothing a new bucket would not.
    var isFull: Bool { tokens >= Double(capacity) }

    /// Takes one token; call only when ``hasToken``.
    mutating func take() {
        tokens -= 1
    }

    /// Whole seconds until a token is back, at least 1.
    var secondsUntilToken: Int {
        max(1, Int(((1 - tokens) / refillPerSecond).rounded(.up)))
    }
}
