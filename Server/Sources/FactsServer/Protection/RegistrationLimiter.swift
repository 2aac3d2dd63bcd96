/// The registration rate limits, per client address and in total, as a state machine: each
/// registration asks ``admit(_:at:)``, which answers whether it may pass and, when not, how
/// long to wait. Time is an input, a point on a monotonic clock.
///
/// It remembers at most ``maximumAddresses`` addresses: past that it forgets those whose
/// bucket has filled again, then the older half of the rest, so neither its memory nor its
/// work grows with the number of clients. A forgotten address starts again with a full bucket.
struct RegistrationLimiter: Sendable {
    /// What ``admit(_:at:)`` decided.
    enum Admission: Sendable, Equatable {
        case allowed
        /// Refused; `retryAfter` whole seconds until it would pass, at least 1.
        case refused(retryAfter: Int, scope: Scope)
    }

    /// Which limit refused.
    enum Scope: Sendable, Equatable {
        case address, total
    }

    /// The most addresses remembered at once.
    static let maximumAddresses = 100_000

    private let perAddress: Int
    private var total: TokenBucket
    private var addresses: [String: (bucket: TokenBucket, seen: Duration)] = [:]

    /// A limiter for `limits`, started at `now`.
    init(_ limits: ServerLimits, now: Duration) {
        perAddress = limits.registrationsPerAddress
        total = TokenBucket(capacity: limits.registrationsInTotal, now: now)
    }

    /// How many addresses it remembers now.
    var rememberedAddresses: Int { addresses.count }

    /// Whether a registration from `address` may pass at `now`; takes a token from both
    /// limits when it does, from neither when it does not.
    mutating func admit(_ address: String, at now: Duration) -> Admission {
        total.refill(at: now)
        var bucket = addresses[address]?.bucket ?? TokenBucket(capacity: perAddress, now: now)
        bucket.refill(at: now)
        defer { remember(address, bucket, at: now) }
        guard bucket.hasToken else { return .refused(retryAfter: bucket.secondsUntilToken, scope: .address) }
        guard total.hasToken else { return .refused(retryAfter: total.secondsUntilToken, scope: .total) }
        bucket.take()
        total.take()
        return .allowed
    }

    private mutating func remember(_ address: String, _ bucket: TokenBucket, at now: Duration) {
        if addresses[address] == nil, addresses.count >= Self.maximumAddresses {
            addresses = addresses.filter { _, entry in
                var refilled = entry.bucket
                refilled.refill(at: now)
                return !refilled.isFull
            }
            if addresses.count >= Self.maximumAddresses {
                // Forgets the older half at once, so that the work is amortized: a flood from
                // new addresses costs O(log n) a registration, not O(n).
                let newest = addresses.sorted { $0.value.seen > $1.value.seen }.prefix(Self.maximumAddresses / 2)
                addresses = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
            }
        }
        addresses[address] = (bucket, now)
    }
}
