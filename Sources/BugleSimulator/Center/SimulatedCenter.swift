import Bugle
import Foundation

/// A notification center with iOS semantics on a virtual clock.
///
/// - A pending limit, and what happens past it: iOS 11 and later keep the *last* N added
///   (``Eviction/keepLastAdded``); ``Eviction/keepSoonest`` keeps the N that fire first.
/// - Wall-clock triggers are re-resolved when the device changes zone; zoned instants stay.
///   A wall-clock trigger whose time is behind the clock after a change never fires (as a
///   calendar trigger whose date has passed): it is reported as missed.
/// - Delivery happens as ``advance(to:)`` passes each fire time, in order.
/// - Adds and removes can fail, at seeded rates.
public actor SimulatedCenter: Center {
    /// What the center drops when an add exceeds the pending limit.
    public enum Eviction: String, Sendable, CaseIterable {
        /// Drop the request added longest ago, so that the last `pendingLimit` added stay, as
        /// iOS 11 and later do (a request that replaces one with its id counts as just added).
        case keepLastAdded
        /// Drop the request that fires last (of those at one moment, the one added last), so
        /// that the `pendingLimit` soonest stay; it may be the request just added.
        case keepSoonest
    }

    /// Seeded failures of center calls.
    public struct Faults: Sendable, Hashable {
        /// Seeds the generator that decides which calls fail: the same seed, the same failures.
        public var seed: UInt64
        /// The chance that one add fails.
        public var addFailureRate: Double
        /// The chance that one remove call fails (nothing is removed).
        public var removeFailureRate: Double

        /// Faults drawn from `seed`; each rate runs from 0 (never, the default) to 1 (always).
        public init(seed: UInt64 = 1, addFailureRate: Double = 0, removeFailureRate: Double = 0) {
            self.seed = seed
            self.addFailureRate = addFailureRate
            self.removeFailureRate = removeFailureRate
        }

        /// No injected failures; an add is still refused when notifications are not allowed.
        public static let none = Faults()
    }

    /// An error the center throws for an injected failure or a refused call.
    public struct Failure: Error, CustomStringConvertible, Hashable {
        public var description: String
    }

    /// One delivery, with the zone the device was in when it happened.
    public struct Delivery: Sendable, Hashable {
        /// What was shown, with its fire moment as its date.
        public var notification: DeliveredNotification
        /// The device's zone when it was delivered.
        public var timeZone: TimeZone
    }

    /// Center calls, counted one per request added and one per id asked to be removed.
    public struct CallCounts: Sendable, Hashable {
        /// Requests added, failed adds included.
        public var adds = 0
        /// Ids asked to be removed, those of failed calls included.
        public var removes = 0
        /// Adds that threw: an injected failure, or notifications not allowed.
        public var failedAdds = 0
        /// Ids in remove calls that threw an injected failure (none of them was removed).
        public var failedRemoves = 0
    }

    /// How many requests were pending from a moment on: the center's count after the last
    /// change at that instant (adds, removals, deliveries, evictions, misses).
    public struct PendingSample: Sendable, Hashable {
        /// The moment on the device's clock from which `count` held.
        public var at: Date
        /// How many requests were pending from `at` on.
        public var count: Int

        /// A sample of `count` pending requests from `at`.
        public init(at: Date, count: Int) {
            self.at = at
            self.count = count
        }
    }

    /// A pending request and the moment it fires as things stand: a wall-clock trigger's
    /// moment moves when the device changes zone.
    public struct Scheduled: Sendable, Hashable {
        /// The request as it was added.
        public var request: NotificationRequest
        /// When it fires, in the device's zone now.
        public var fireDate: Date
    }

    private struct Entry {
        var request: NotificationRequest
        var fireDate: Date
        var sequence: Int
    }

    /// The device whose clock and zone the center runs on; the center moves it.
    public let device: SimulatedDevice
    /// How many requests the center keeps pending; an add past it evicts one by `eviction`.
    public let pendingLimit: Int
    /// Which request goes when an add exceeds `pendingLimit`.
    public let eviction: Eviction
    private var faults: Faults
    private var generator: SeededGenerator
    private var pending: [String: Entry] = [:] {
        didSet { samplePending() }
    }
    /// The device zone's rules, read again when the zone changes.
    private var zoneRules: ZoneRules
    private var sequence = 0
    private var delivered: [Delivery] = []
    /// Wall-clock requests a zone change left behind the clock, with the moment of the change.
    public private(set) var missed: [(request: NotificationRequest, at: Date, timeZone: TimeZone)] = []
    /// The requests evicted to stay within `pendingLimit`, in the order they went.
    public private(set) var evicted: [NotificationRequest] = []
    /// The center calls so far, with those that failed.
    public private(set) var calls = CallCounts()
    /// The most requests pending at once, counted after evictions, so never more than
    /// `pendingLimit`; 0 until the first add.
    public private(set) var peakPending = 0
    /// The pending count over time: one sample per instant at which it changed, holding the
    /// count after the last change at that instant; the first is the center's creation.
    public private(set) var pendingSamples: [PendingSample]
    /// Whether the user allows notifications now: an add throws unless it allows delivery.
    /// Changed with ``SimulatedCenter/setAuthorization(_:)``.
    public private(set) var authorization: AuthorizationStatus

    /// An empty center on `device` that keeps `pendingLimit` requests (64 by default, as iOS),
    /// evicts by `eviction` past it (the last added stay, by default), starts with
    /// `authorization`, and fails calls as `faults` say (never, by default).
    public init(
        device: SimulatedDevice, pendingLimit: Int = 64, eviction: Eviction = .keepLastAdded, authorization: AuthorizationStatus = .authorized,
        faults: Faults = .none
    ) {
        self.device = device
        self.pendingLimit = pendingLimit
        self.eviction = eviction
        self.authorization = authorization
        self.faults = faults
        self.generator = SeededGenerator(seed: faults.seed)
        self.zoneRules = ZoneRules(timeZone: device.timeZone, around: device.now)
        self.pendingSamples = [PendingSample(at: device.now, count: 0)]
    }

    // MARK: Center

    /// The pending requests in fire order (then by id). Never throws.
    public func pendingRequests() async throws -> [NotificationRequest] {
        scheduled.map(\.request)
    }

    /// Adds `request`, replacing a pending request with its id, then evicts by `eviction` while
    /// more than `pendingLimit` are pending. Throws ``SimulatedCenter/Failure`` for an injected
    /// failure or when `authorization` does not allow delivery; nothing is added then. Every
    /// call counts in `calls`.
    public func add(_ request: NotificationRequest) async throws {
        calls.adds += 1
        if faults.addFailureRate > 0, Double.random(in: 0..<1, using: &generator) < faults.addFailureRate {
            calls.failedAdds += 1
            throw Failure(description: "injected failure adding \(request.id)")
        }
        guard authorization.allowsDelivery else {
            calls.failedAdds += 1
            throw Failure(description: "notifications are not allowed (\(authorization.rawValue))")
        }
        sequence += 1
        pending[request.id] = Entry(request: request, fireDate: fireDate(of: request), sequence: sequence)
        if pending.count > pendingLimit { evict() }
        peakPending = max(peakPending, pending.count)
    }

    /// Removes the pending requests among `ids`; an id that is not pending is ignored. An
    /// injected failure throws ``SimulatedCenter/Failure`` and removes none of them.
    public func removePendingRequests(withIdentifiers ids: [String]) async throws {
        calls.removes += ids.count
        if faults.removeFailureRate > 0, Double.random(in: 0..<1, using: &generator) < faults.removeFailureRate {
            calls.failedRemoves += ids.count
            throw Failure(description: "injected failure removing \(ids.count) requests")
        }
        for id in ids { pending[id] = nil }
    }

    /// Every notification delivered so far, in the order delivered
    /// (``SimulatedCenter/deliveries`` has the zone of each). Never throws.
    public func deliveredNotifications() async throws -> [DeliveredNotification] {
        delivered.map(\.notification)
    }

    /// The current `authorization`.
    public func authorizationStatus() async -> AuthorizationStatus { authorization }

    // MARK: Simulation

    /// Every delivery so far, in order.
    public var deliveries: [Delivery] { delivered }

    /// The pending requests in fire order (then by id), each with its fire moment.
    public var scheduled: [Scheduled] {
        pending.values.sorted { ($0.fireDate, $0.request.id) < ($1.fireDate, $1.request.id) }
            .map { Scheduled(request: $0.request, fireDate: $0.fireDate) }
    }

    /// How many requests are pending now.
    public var pendingCount: Int { pending.count }

    /// The user grants or revokes permission.
    public func setAuthorization(_ status: AuthorizationStatus) { authorization = status }

    /// Changes the fault rates from now on (the generator keeps its sequence).
    public func setFaults(_ faults: Faults) { self.faults = faults }

    /// Adds a request outside any scheduler, as other code in an app would.
    public func addForeign(_ request: NotificationRequest) async throws { try await add(request) }

    /// Moves the virtual clock to `date`, delivering every request whose fire time is
    /// passed, in fire-time order; returns those deliveries.
    @discardableResult
    public func advance(to date: Date) -> [Delivery] {
        deliver(through: date, move: device.advance(to:))
    }

    /// The device changes zone: wall-clock triggers follow, zoned instants stay put. A
    /// wall-clock trigger that now lies behind the clock is missed.
    public func changeTimeZone(to zone: TimeZone) {
        device.setTimeZone(zone)
        zoneRules = ZoneRules(timeZone: zone, around: device.now)
        let now = device.now
        for (id, entry) in pending {
            guard case .wallClock = entry.request.fireTime else { continue }
            let date = fireDate(of: entry.request)
            if date <= now {
                pending[id] = nil
                missed.append((entry.request, now, zone))
            } else {
                pending[id]?.fireDate = date
            }
        }
    }

    /// The user sets the clock by hand: triggers keep their instants, so moving forward
    /// delivers what it passes at once and moving back delays them. No time passes: the
    /// device's monotonic clock stays where it was.
    @discardableResult
    public func setClock(to date: Date) -> [Delivery] {
        if date >= device.now { return deliver(through: date, move: device.setClock(to:)) }
        device.setClock(to: date)
        return []
    }

    /// Delivers every request due by `date` in fire-time order, moving the device's clock
    /// to each fire time and then to `date` with `move`.
    private func deliver(through date: Date, move: (Date) -> Void) -> [Delivery] {
        let due = pending.values.filter { $0.fireDate <= date }.sorted { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
        var made: [Delivery] = []
        for entry in due {
            // The clock first, so that the pending sample of this delivery carries its moment.
            move(max(device.now, entry.fireDate))
            pending[entry.request.id] = nil
            let delivery = Delivery(notification: DeliveredNotification(request: entry.request, date: entry.fireDate), timeZone: device.timeZone)
            delivered.append(delivery)
            made.append(delivery)
        }
        move(max(device.now, date))
        return made
    }

    private func fireDate(of request: NotificationRequest) -> Date {
        request.fireTime.resolve(in: zoneRules)
    }

    private func samplePending() {
        let now = device.now
        if let last = pendingSamples.last, last.at == now {
            pendingSamples[pendingSamples.count - 1].count = pending.count
        } else if pendingSamples.last?.count != pending.count {
            pendingSamples.append(PendingSample(at: now, count: pending.count))
        }
    }

    private func evict() {
        while pending.count > pendingLimit {
            let victim: Entry?
            switch eviction {
            case .keepLastAdded: victim = pending.values.min { $0.sequence < $1.sequence }
            case .keepSoonest: victim = pending.values.max { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
            }
            guard let victim else { return }
            pending[victim.request.id] = nil
            evicted.append(victim.request)
        }
    }
}
