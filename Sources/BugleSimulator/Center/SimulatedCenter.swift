import Bugle
import BugleAndroid
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
///
/// With an ``AndroidProfile`` it behaves as Android instead (see <doc:SimulatedAndroid>):
/// alarms that keep their instant, at most 500 of them, cleared by ``reboot()``; inexact alarms
/// when exact ones are not allowed; Doze; channels; the `POST_NOTIFICATIONS` permission.
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
        /// What was shown, with its fire moment as its date (on Android, the moment it was
        /// shown, which an inexact alarm or Doze may make later).
        public var notification: DeliveredNotification
        /// The device's zone when it was delivered.
        public var timeZone: TimeZone
        /// How Android showed it; `nil` on Apple's systems.
        public var android: AndroidDelivery?
    }

    /// How the simulated Android showed a notification.
    public struct AndroidDelivery: Sendable, Hashable {
        /// The integer notification id (`NotificationManager.notify`), derived from the request id.
        public var id: Int32
        /// The channel it was posted to.
        public var channel: String
        /// The channel's importance when it was shown.
        public var importance: AndroidImportance
        /// Whether its alarm was exact (`setExactAndAllowWhileIdle`) or a window (`setWindow`).
        public var exact: Bool
        /// How long after its planned time it was shown: 0 for an exact alarm outside Doze.
        public var lateBy: TimeInterval
    }

    /// A notification whose alarm fired but that Android did not show, and why.
    public struct NotShown: Sendable, Hashable {
        /// The request.
        public var request: NotificationRequest
        /// When its alarm fired.
        public var at: Date
        /// The device's zone then.
        public var timeZone: TimeZone
        /// Why: "channel swim_solo is off", "POST_NOTIFICATIONS is not granted".
        public var reason: String
        /// The integer id its alarm and notification had (`BugleAndroid`'s `AndroidIDTable`).
        public var androidID: Int32
    }

    /// Something the simulated system did on its own (a reboot, a refused alarm, Doze holding
    /// an alarm), for the timeline.
    public struct SystemEvent: Sendable, Hashable {
        /// When.
        public var at: Date
        /// The device's zone then.
        public var timeZone: TimeZone
        /// What, in a few words.
        public var text: String
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

    /// The pending entries by request id, and in fire order (then by id), kept in both as
    /// each changes, so that a refresh's read of the list and a delivery's look at what is
    /// due sort nothing.
    private struct PendingEntries {
        private var byID: [String: Entry] = [:]
        /// The entries by fire date, then request id.
        private(set) var values: [Entry] = []

        var count: Int { byID.count }

        subscript(id: String) -> Entry? {
            get { byID[id] }
            set {
                let old = newValue.map { byID.updateValue($0, forKey: id) } ?? byID.removeValue(forKey: id)
                if let old, let index = index(of: old) { values.remove(at: index) }
                if let newValue { values.insert(newValue, at: Self.insertion(of: newValue, in: values)) }
            }
        }

        mutating func removeAll() {
            byID.removeAll()
            values.removeAll()
        }

        /// Where `entry` goes among `values`: after every entry that comes before it.
        private static func insertion(of entry: Entry, in values: [Entry]) -> Int {
            values.fireOrderIndex(of: entry.fireDate, id: entry.request.id, fireDate: \.fireDate, requestID: \.request.id)
        }

        /// The index in `values` of the entry with `entry`'s request id.
        private func index(of entry: Entry) -> Int? {
            let index = Self.insertion(of: entry, in: values)
            if index < values.endIndex, values[index].request.id == entry.request.id { return index }
            // A date that does not order (not a number) left it elsewhere.
            return values.firstIndex { $0.request.id == entry.request.id }
        }
    }

    private struct Entry {
        var request: NotificationRequest
        /// When it fires as planned: on Android, the instant the alarm was set for.
        var fireDate: Date
        var sequence: Int
        /// When it is delivered: `fireDate`, or later for an inexact alarm or one Doze held.
        var deliverAt: Date
        /// Android: an exact, allow-while-idle alarm (else a window alarm).
        var exact = true
        /// Android: the zone the alarm's instant was computed in.
        var setZone: TimeZone
        /// Android: a window alarm Doze holds until its next maintenance window or its end.
        var heldByDoze = false
    }

    /// The device whose clock and zone the center runs on; the center moves it.
    public let device: SimulatedDevice
    /// How many requests the center keeps pending; an add past it evicts one by `eviction`.
    public let pendingLimit: Int
    /// Which request goes when an add exceeds `pendingLimit`.
    public let eviction: Eviction
    private var faults: Faults
    private var generator: SeededGenerator
    private var pending = PendingEntries() {
        didSet {
            samplePending()
            requestsCache = nil
        }
    }
    /// `pending`'s requests in order, kept until `pending` changes: a refresh reads the list
    /// once or twice, and the center changes a few requests a day.
    private var requestsCache: [NotificationRequest]?
    /// The device zone's rules, read again when the zone changes.
    private var zoneRules: ZoneRules
    private var sequence = 0
    /// Every delivery, in order; `record(_:)` adds one.
    private var delivered: [Delivery] = []
    /// The indices of `delivered` by the date of each delivery, then the order delivered, so
    /// that a refresh reads the last weeks without copying the whole record.
    private var deliveriesByDate: [Int] = []
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

    /// The Android profile the center follows; `nil` for Apple's semantics.
    public let android: AndroidProfile?
    /// Android: whether the app may set exact alarms now.
    public private(set) var exactAlarmsAllowed: Bool
    /// Android: whether the device dozes now.
    public private(set) var dozing = false
    /// Android: when the device began to doze, while it dozes.
    private var dozingSince: Date?
    /// Android: notifications whose alarm fired but that were not shown, in order.
    public private(set) var notShown: [NotShown] = []
    /// Android: what the system did on its own, in order.
    public private(set) var systemEvents: [SystemEvent] = []
    /// The place of each of `systemEvents` in the timeline (``TimelineOrder``).
    private(set) var systemEventOrder: [Int] = []
    /// Android: how many times the user denied the permission in the system dialog.
    public private(set) var permissionDenials = 0
    private var channels: [String: ChannelState] = [:]
    /// Android: the integer id of each alarm set, as `BugleAndroid` gives them to a host.
    private var alarmNumbers = AndroidIDTable()
    /// Android: the moments allow-while-idle alarms fired, for the Doze quota.
    private var allowWhileIdleFired: [Date] = []
    /// Android: draws the moment of each inexact alarm in its window.
    private var androidGenerator: SeededGenerator

    /// An empty center on `device` that keeps `pendingLimit` requests (64 by default, as iOS),
    /// evicts by `eviction` past it (the last added stay, by default), starts with
    /// `authorization`, and fails calls as `faults` say (never, by default).
    ///
    /// With `android`, the center is a simulated Android instead: it keeps at most
    /// ``AndroidProfile/alarmLimit`` alarms and refuses more (`pendingLimit` and `eviction`
    /// are not used), and `authorization` defaults to `notDetermined` from API 33 on
    /// (`authorized` before, and on Apple's systems).
    public init(
        device: SimulatedDevice, pendingLimit: Int = 64, eviction: Eviction = .keepLastAdded, authorization: AuthorizationStatus? = nil,
        faults: Faults = .none, android: AndroidProfile? = nil
    ) {
        self.device = device
        self.pendingLimit = android == nil ? pendingLimit : AndroidProfile.alarmLimit
        self.eviction = eviction
        self.authorization = authorization ?? (android?.needsNotificationPermission == true ? .notDetermined : .authorized)
        self.faults = faults
        self.generator = SeededGenerator(seed: faults.seed)
        self.zoneRules = ZoneRules(timeZone: device.timeZone, around: device.now)
        self.pendingSamples = [PendingSample(at: device.now, count: 0)]
        self.android = android
        self.exactAlarmsAllowed = android.map { $0.exactAlarms ?? $0.exactAlarmsByDefault } ?? true
        self.androidGenerator = SeededGenerator(seed: android?.seed ?? 1)
    }

    // MARK: Center

    /// The pending requests in fire order (then by id). Never throws.
    ///
    /// On Android an alarm keeps the instant it was set for: a wall-clock request whose time
    /// in the device's zone now is another instant is listed as the zoned instant it holds, so
    /// that reconcile sets it again.
    public func pendingRequests() async throws -> [NotificationRequest] {
        guard android != nil else {
            if let requestsCache { return requestsCache }
            let requests = sortedEntries.map(\.request)
            requestsCache = requests
            return requests
        }
        return sortedEntries.map { entry in
            guard case .wallClock = entry.request.fireTime, fireDate(of: entry.request) != entry.fireDate else { return entry.request }
            let request = entry.request
            return NotificationRequest(
                id: request.id, fireTime: .zoned(ZonedInstant(date: entry.fireDate, timeZone: entry.setZone)), content: request.content,
                ruleID: request.ruleID, group: request.group, dedupeKey: request.dedupeKey, occurrence: request.occurrence)
        }
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
        if android != nil {
            try addAlarm(request)
            return
        }
        guard authorization.allowsDelivery else {
            calls.failedAdds += 1
            throw Failure(description: "notifications are not allowed (\(authorization.rawValue))")
        }
        sequence += 1
        let date = fireDate(of: request)
        pending[request.id] = Entry(request: request, fireDate: date, sequence: sequence, deliverAt: date, setZone: device.timeZone)
        if pending.count > pendingLimit { evict() }
        peakPending = max(peakPending, pending.count)
    }

    /// Android: sets the request's alarm, exact or in a window; an app that holds
    /// ``AndroidProfile/alarmLimit`` alarms is refused another. The permission is not checked:
    /// Android sets the alarm, and does not show the notification when it fires.
    private func addAlarm(_ request: NotificationRequest) throws {
        guard pending[request.id] != nil || pending.count < AndroidProfile.alarmLimit else {
            calls.failedAdds += 1
            note(
                "alarm refused: \(AndroidProfile.alarmLimit) alarms already set (IllegalStateException) for #\(number(of: request.id)) \(request.content.title)"
            )
            throw Failure(
                description: "Maximum limit of concurrent alarms \(AndroidProfile.alarmLimit) reached (IllegalStateException); \(request.id) was not set")
        }
        sequence += 1
        alarmNumbers.assign([request.id])
        let date = fireDate(of: request)
        var entry = Entry(request: request, fireDate: date, sequence: sequence, deliverAt: date, exact: exactAlarmsAllowed, setZone: device.timeZone)
        if !exactAlarmsAllowed {
            let offset = Double.random(in: 0...1, using: &androidGenerator) * AndroidProfile.inexactWindow
            entry.deliverAt = date.addingTimeInterval(offset.rounded())
        }
        pending[request.id] = entry
        peakPending = max(peakPending, pending.count)
    }

    /// Android: how late a request added now may arrive: the inexact window when exact alarms
    /// are not allowed.
    public func deliveryLatitude() async -> DeliveryLatitude? {
        guard android != nil, !exactAlarmsAllowed else { return nil }
        guard dozing else { return DeliveryLatitude(upTo: AndroidProfile.inexactWindow, reason: "exact alarms are not allowed") }
        // A window alarm waits for a maintenance window, the longest idle period at most.
        return DeliveryLatitude(
            upTo: AndroidProfile.dozeLongestIdle + AndroidProfile.inexactWindow,
            reason: "exact alarms are not allowed and the device dozes (window alarms wait for a maintenance window)")
    }

    /// Android: the rules among `ruleIDs` that post to a channel the user turned off or the app
    /// deleted, each with why ("channel tips is off"); none on Apple's semantics. A channel not
    /// created yet silences nothing: the app creates its channels when its process starts.
    public func silencedRules(among ruleIDs: [String]) async -> [String: String] {
        guard let android else { return [:] }
        var silenced: [String: String] = [:]
        for rule in ruleIDs {
            guard let channelID = android.channelID(forRule: rule), let channel = channels[channelID] else { continue }
            if channel.deleted {
                silenced[rule] = "channel \(channelID) was deleted"
            } else if channel.importance == .none {
                silenced[rule] = "channel \(channelID) is off"
            }
        }
        return silenced
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
        freeNumbers()
    }

    /// Every notification delivered so far, in the order delivered
    /// (``SimulatedCenter/deliveries`` has the zone of each). Never throws.
    public func deliveredNotifications() async throws -> [DeliveredNotification] {
        delivered.map(\.notification)
    }

    /// The notifications delivered at or after `date`, in the order delivered.
    ///
    /// - Complexity: O(*k* log *k*) for the *k* it returns, when the deliveries came in date
    ///   order, as they do unless the clock or the zone changed.
    public func deliveredNotifications(since date: Date) async throws -> [DeliveredNotification] {
        var first = deliveriesByDate.count
        while first > 0, delivered[deliveriesByDate[first - 1]].notification.date >= date { first -= 1 }
        let indices = deliveriesByDate[first...]
        // In the order delivered: the order by date, unless one arrived out of order.
        if zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 }) { return indices.map { delivered[$0].notification } }
        return indices.sorted().map { delivered[$0].notification }
    }

    /// Adds `delivery` to the record, and indexes it after every delivery at its date or
    /// earlier: at the end, unless it arrives out of order.
    private func record(_ delivery: Delivery) {
        var index = deliveriesByDate.count
        while index > 0, delivered[deliveriesByDate[index - 1]].notification.date > delivery.notification.date { index -= 1 }
        deliveriesByDate.insert(delivered.count, at: index)
        delivered.append(delivery)
    }

    /// The current `authorization`.
    public func authorizationStatus() async -> AuthorizationStatus { authorization }

    // MARK: Simulation

    /// Every delivery so far, in order.
    public var deliveries: [Delivery] { delivered }

    /// The pending requests in fire order (then by id), each with its fire moment.
    public var scheduled: [Scheduled] {
        sortedEntries.map { Scheduled(request: $0.request, fireDate: $0.fireDate) }
    }

    private var sortedEntries: [Entry] { pending.values }

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
    ///
    /// On Android alarms keep their instants: nothing moves, nothing is missed; the app hears
    /// `TIMEZONE_CHANGED` and must set its alarms again.
    public func changeTimeZone(to zone: TimeZone) {
        device.setTimeZone(zone)
        zoneRules = ZoneRules(timeZone: zone, around: device.now)
        guard android == nil else { return }
        let now = device.now
        for entry in pending.values {
            let id = entry.request.id
            guard case .wallClock = entry.request.fireTime else { continue }
            let date = fireDate(of: entry.request)
            if date <= now {
                pending[id] = nil
                missed.append((entry.request, now, zone))
            } else {
                pending[id]?.fireDate = date
                pending[id]?.deliverAt = date
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
        if android != nil { return deliverAlarms(through: date, move: move) }
        // The entries are in fire order: the due ones come first.
        let due = pending.values.prefix { $0.fireDate <= date }.sorted { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
        var made: [Delivery] = []
        for entry in due {
            // The clock first, so that the pending sample of this delivery carries its moment.
            move(max(device.now, entry.fireDate))
            pending[entry.request.id] = nil
            let delivery = Delivery(notification: DeliveredNotification(request: entry.request, date: entry.fireDate), timeZone: device.timeZone)
            record(delivery)
            made.append(delivery)
        }
        move(max(device.now, date))
        return made
    }

    /// Android: fires the alarms due by `date` in order of their delivery moments; in Doze,
    /// holds window alarms until it ends and allow-while-idle alarms past the quota until a slot
    /// frees. A fired alarm posts its notification, which its channel or the permission may
    /// keep from being shown.
    private func deliverAlarms(through date: Date, move: (Date) -> Void) -> [Delivery] {
        guard let android else { return [] }
        var made: [Delivery] = []
        while let entry = pending.values.filter({ $0.deliverAt <= date }).min(by: {
            ($0.deliverAt, $0.sequence) < ($1.deliverAt, $1.sequence)
        }) {
            move(max(device.now, entry.deliverAt))
            let now = device.now
            let id = entry.request.id
            if let window = maintenanceWindow(), !window.contains(now) {
                if !entry.exact {
                    pending[id]?.heldByDoze = true
                    pending[id]?.deliverAt = window.lowerBound
                    note(
                        "Doze holds the window alarm of #\(number(of: id)) \(entry.request.content.title) until its next maintenance window at \(zoneRules.localDateTime(at: window.lowerBound).time)"
                    )
                    continue
                }
                allowWhileIdleFired.removeAll { $0 <= now.addingTimeInterval(-android.dozeQuotaWindow) }
                if allowWhileIdleFired.count >= android.dozeQuota, let oldest = allowWhileIdleFired.first {
                    let free = oldest.addingTimeInterval(android.dozeQuotaWindow)
                    pending[id]?.deliverAt = free
                    note(
                        "Doze: #\(number(of: id)) \(entry.request.content.title) waits, \(android.dozeQuota) allow-while-idle alarms already fired in \(Int(android.dozeQuotaWindow / 60)) min"
                    )
                    continue
                }
            }
            if entry.exact { allowWhileIdleFired.append(now) }
            pending[id] = nil
            if let delivery = post(entry, android: android) {
                record(delivery)
                made.append(delivery)
            }
        }
        freeNumbers()
        move(max(device.now, date))
        return made
    }

    /// Android: while the device dozes, its maintenance window open now or the next one (see
    /// ``AndroidProfile/dozeMaintenanceWindow(dozingSince:atOrAfter:)``); `nil` when awake.
    private func maintenanceWindow() -> Range<Date>? {
        guard dozing, let dozingSince else { return nil }
        return AndroidProfile.dozeMaintenanceWindow(dozingSince: dozingSince, atOrAfter: device.now)
    }

    /// Android: whether work may run now: the device is awake, or in a maintenance window of
    /// Doze. When it may not, the moment the next maintenance window opens.
    public func workDeferredByDoze() -> Date? {
        guard let window = maintenanceWindow(), !window.contains(device.now) else { return nil }
        return window.lowerBound
    }

    /// Android: the integer id of the alarm `id` (its hash when it holds none).
    private func number(of id: String) -> Int32 {
        (alarmNumbers[id] ?? AndroidNotificationID.hashed(id)).rawValue
    }

    /// Android: frees the integer ids of the alarms no longer set, as a host's table does when
    /// it is rebuilt from the alarms it holds.
    private func freeNumbers() {
        guard android != nil, alarmNumbers.ids.count != pending.count else { return }
        alarmNumbers.retain(only: Set(pending.values.map(\.request.id)))
    }

    /// Android: posts a fired alarm's notification to its channel; `nil` when it is not shown
    /// (recorded in ``notShown``).
    private func post(_ entry: Entry, android: AndroidProfile) -> Delivery? {
        let now = device.now
        let request = entry.request
        func refuse(_ reason: String) -> Delivery? {
            notShown.append(NotShown(request: request, at: now, timeZone: device.timeZone, reason: reason, androidID: number(of: request.id)))
            return nil
        }
        guard authorization.allowsDelivery else {
            return refuse(android.needsNotificationPermission ? "POST_NOTIFICATIONS is not granted" : "notifications are turned off for the app")
        }
        guard let channelID = android.channelID(for: request) else { return refuse("rule \(request.ruleID ?? "?") posts to no channel") }
        guard let channel = channels[channelID] else { return refuse("channel \(channelID) was never created") }
        guard !channel.deleted else { return refuse("channel \(channelID) was deleted") }
        guard channel.importance != .none else { return refuse("channel \(channelID) is off") }
        return Delivery(
            notification: DeliveredNotification(request: request, date: now), timeZone: device.timeZone,
            android: AndroidDelivery(
                id: number(of: request.id), channel: channelID, importance: channel.importance, exact: entry.exact,
                lateBy: now.timeIntervalSince(entry.fireDate)))
    }

    private func note(_ text: String) {
        systemEvents.append(SystemEvent(at: device.now, timeZone: device.timeZone, text: text))
        systemEventOrder.append(TimelineOrder.next())
    }

    // MARK: Android

    /// Android: the device restarts. Every alarm is cleared (an app's `BOOT_COMPLETED`
    /// receiver must set them again) and Doze ends. Shown notifications stay in the record.
    /// Does nothing on Apple's semantics.
    public func reboot() {
        guard android != nil else { return }
        let count = pending.count
        pending.removeAll()
        freeNumbers()
        dozing = false
        dozingSince = nil
        note("device restarted: \(count) alarm\(count == 1 ? "" : "s") cleared")
    }

    /// Android: the user allows or denies exact alarms ("Alarms & reminders").
    ///
    /// Denying cancels every exact alarm of the app (Android stops the app too; the caller
    /// relaunches it). Allowing sets the app's window alarms again as exact, as its receiver of
    /// `ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED` must.
    ///
    /// - SeeAlso: [Exact alarm permission](https://developer.android.com/about/versions/12/behavior-changes-12#exact-alarm-permission)
    public func setExactAlarms(allowed: Bool) {
        guard android != nil, allowed != exactAlarmsAllowed else { return }
        exactAlarmsAllowed = allowed
        if allowed {
            var count = 0
            for entry in pending.values where !entry.exact {
                let id = entry.request.id
                pending[id]?.exact = true
                if !entry.heldByDoze { pending[id]?.deliverAt = entry.fireDate }
                count += 1
            }
            note("exact alarms allowed: the app sets its \(count) window alarm\(count == 1 ? "" : "s") again as exact")
        } else {
            let exact = pending.values.filter(\.exact).map(\.request.id)
            for id in exact { pending[id] = nil }
            freeNumbers()
            note("exact alarms denied: Android stops the app and cancels its \(exact.count) exact alarm\(exact.count == 1 ? "" : "s")")
        }
    }

    /// Android: the device starts or stops dozing. When it wakes, the window alarms Doze held
    /// are delivered at once.
    @discardableResult
    public func setDoze(_ on: Bool) -> [Delivery] {
        guard android != nil, on != dozing else { return [] }
        dozing = on
        dozingSince = on ? device.now : nil
        guard !on else { return [] }
        let now = device.now
        for entry in pending.values where entry.heldByDoze {
            let id = entry.request.id
            pending[id]?.heldByDoze = false
            pending[id]?.deliverAt = now
        }
        return deliver(through: now, move: device.advance(to:))
    }

    /// Android: the app creates its channels (`createNotificationChannel`), as it does each
    /// time its process starts. A new channel gets the app's importance; a deleted one comes
    /// back with the settings it had; an existing one keeps its importance, unless the app
    /// asks for a lower one and the user never changed it.
    ///
    /// - SeeAlso: [`NotificationManager.createNotificationChannel`](https://developer.android.com/reference/android/app/NotificationManager#createNotificationChannel(android.app.NotificationChannel))
    public func createChannels() {
        guard let android else { return }
        for spec in android.channels {
            guard var state = channels[spec.id] else {
                channels[spec.id] = ChannelState(importance: spec.importance)
                continue
            }
            if state.deleted {
                state.deleted = false
                note("channel \(spec.id) created again: it keeps its old settings (\(state.importance.rawValue))")
            } else if spec.importance < state.importance, !state.userChanged {
                state.importance = spec.importance
            }
            channels[spec.id] = state
        }
    }

    /// Android: the app deletes a channel (`deleteNotificationChannel`); creating it again
    /// restores its settings.
    public func deleteChannel(_ id: String) {
        channels[id]?.deleted = true
    }

    /// Android: the user changes a channel in the system settings: turns it off or on, or
    /// sets its importance. Throws ``SimulatedCenter/Failure`` when the channel does not exist
    /// (never created, or deleted), since settings list only existing channels.
    public func userChangeChannel(_ id: String, enabled: Bool?, importance: AndroidImportance?) throws {
        guard var state = channels[id], !state.deleted else {
            throw Failure(description: "channel \(id) does not exist on the device (the app creates its channels when it starts, and may have deleted it)")
        }
        if let importance {
            state.importance = importance
            state.importanceBeforeOff = nil
        }
        if enabled == false, state.importance != .none {
            state.importanceBeforeOff = state.importance
            state.importance = .none
        } else if enabled == true, state.importance == .none {
            state.importance = state.importanceBeforeOff ?? android?.channels.first { $0.id == id }?.importance ?? .default
            state.importanceBeforeOff = nil
        }
        state.userChanged = true
        channels[id] = state
    }

    /// Android: a channel's importance now, `nil` when it does not exist on the device.
    public func channelImportance(_ id: String) -> AndroidImportance? {
        guard let state = channels[id], !state.deleted else { return nil }
        return state.importance
    }

    /// Android: the app asks for `POST_NOTIFICATIONS` and the user answers `allow` if the
    /// system dialog appears. It does not after the user denied twice (Android 11 and later):
    /// the request returns denied at once. Returns what happened, for the timeline.
    ///
    /// - SeeAlso: [Request runtime permissions](https://developer.android.com/training/permissions/requesting#handle-denial),
    ///   [Notification runtime permission](https://developer.android.com/develop/ui/views/notifications/notification-permission)
    public func requestPermission(allow: Bool) -> String {
        if authorization == .authorized { return "permission requested: already granted, no dialog" }
        if permissionDenials >= 2 {
            authorization = .denied
            return "permission requested: no dialog (denied twice before); the app must open its notification settings"
        }
        if allow {
            authorization = .authorized
            return "permission requested: the user allowed"
        }
        permissionDenials += 1
        authorization = .denied
        return "permission requested: the user denied (\(permissionDenials == 1 ? "once" : "twice: the dialog will not appear again"))"
    }

    /// When `request` fires in the device's zone now: the zone's rules are read again when the
    /// clock nears the end of their window (about two years), so that a long simulation does
    /// not ask the time-zone database for every request.
    private func fireDate(of request: NotificationRequest) -> Date {
        if !zoneRules.covers(device.now.addingTimeInterval(Self.zoneRulesAhead)) {
            zoneRules = ZoneRules(timeZone: device.timeZone, around: device.now)
        }
        return request.fireTime.resolve(in: zoneRules)
    }

    /// How far ahead of the clock the zone's rules are kept: the planner's default lookahead.
    private static let zoneRulesAhead: TimeInterval = 400 * 86_400

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
