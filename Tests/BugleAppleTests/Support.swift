import Bugle
import BugleApple
import Foundation

func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier)! }

func instant(_ text: String) -> Date { TimeParsing.instant(text)! }

func local(_ text: String) -> LocalDateTime {
    // "2026-03-10T08:30" or with seconds.
    let parts = text.split(separator: "T")
    let day = parts[0].split(separator: "-").map { Int($0)! }
    let time = parts[1].split(separator: ":").map { Int($0)! }
    return LocalDateTime(
        date: try! LocalDate(year: day[0], month: day[1], day: day[2]),
        time: try! LocalTime(hour: time[0], minute: time[1], second: time.count > 2 ? time[2] : 0))
}

func calendar(in identifier: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone(identifier)
    return calendar
}

/// A notification system in memory that keeps what the real one keeps and gives back what
/// the real one gives back: no sound, the next trigger date filled in, added requests
/// replacing those with the same identifier, attachments whose file is missing left out,
/// categories merged with those other code registered.
actor MemorySystem: NotificationSystem {
    private(set) var pending: [String: NotificationRequestDescription] = [:]
    private(set) var order: [String] = []
    private(set) var delivered: [DeliveredNotificationDescription] = []
    private(set) var adds = 0
    private(set) var removeCalls: [[String]] = []
    private(set) var categories: [NotificationCategoryDescription] = []
    private(set) var askedOptions: [AuthorizationOptions] = []
    var permission: PermissionState
    var grants: AuthorizationStatus
    /// Gives requests back as iOS may after it took them: a time-sensitive or critical level
    /// lowered to active (no entitlement), the badge changed.
    var altersLevelAndBadge = false

    init(permission: PermissionState = PermissionState(status: .authorized), grants: AuthorizationStatus = .authorized) {
        self.permission = permission
        self.grants = grants
    }

    func pendingRequests() async -> [NotificationRequestDescription] {
        order.compactMap { pending[$0] }.map { description in
            var readBack = description
            readBack.content.sound = nil
            readBack.trigger.nextTriggerDate = Date(timeIntervalSince1970: 0)
            if altersLevelAndBadge {
                if readBack.content.interruptionLevel != .passive { readBack.content.interruptionLevel = .active }
                readBack.content.badge = readBack.content.badge.map { $0 + 1 }
            }
            return readBack
        }
    }

    func add(_ request: NotificationRequestDescription) async throws -> [DroppedAttachment] {
        adds += 1
        var request = request
        let (loaded, dropped) = AttachmentLoading.load(request.content.attachments) { attachment in
            guard FileManager.default.fileExists(atPath: attachment.url.path) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: attachment.url.path])
            }
            return attachment
        }
        request.content.attachments = loaded
        if pending[request.identifier] == nil { order.append(request.identifier) }
        pending[request.identifier] = request
        return dropped
    }

    func removePendingRequests(withIdentifiers ids: [String]) async {
        removeCalls.append(ids)
        for id in ids { pending[id] = nil }
        order.removeAll { !pending.keys.contains($0) }
    }

    func deliveredNotifications() async -> [DeliveredNotificationDescription] { delivered }

    func permissionState() async -> PermissionState { permission }

    func requestAuthorization(_ options: AuthorizationOptions) async throws -> Bool {
        askedOptions.append(options)
        permission.status = grants
        return grants.allowsDelivery
    }

    func setCategories(_ categories: [NotificationCategoryDescription]) async {
        self.categories = CategoryMerge.merged(existing: self.categories, ours: categories, identifier: \.identifier)
    }

    /// Other code in the app registers its categories, replacing the whole set as the real
    /// `setNotificationCategories` does.
    func setForeignCategories(_ categories: [NotificationCategoryDescription]) { self.categories = categories }

    /// Gives requests back with their level lowered and their badge changed.
    func alterLevelAndBadge() { altersLevelAndBadge = true }

    /// The system shows the pending request `id` now.
    func deliver(_ id: String, at date: Date) {
        guard var description = pending[id] else { return }
        description.content.sound = nil
        pending[id] = nil
        order.removeAll { $0 == id }
        delivered.append(DeliveredNotificationDescription(identifier: id, date: date, content: description.content))
    }

    /// Other code in the app adds a request.
    func addForeign(_ id: String) {
        order.append(id)
        pending[id] = NotificationRequestDescription(
            identifier: id, trigger: TriggerDescription(dateComponents: nil, repeats: false, nextTriggerDate: Date(timeIntervalSince1970: 2_000_000_000)),
            content: ContentDescription(title: "Other", body: "Not Bugle's"))
    }
}

/// A clock that moves only when a test advances it.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [(deadline: Instant, continuation: CheckedContinuation<Void, Never>)] = []

    var now: Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleeps are waiting.
    var sleeping: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if deadline <= current {
                lock.unlock()
                continuation.resume()
            } else {
                sleepers.append((deadline, continuation))
                lock.unlock()
            }
        }
    }

    func advance(by duration: Duration) {
        lock.lock()
        current = current.advanced(by: duration)
        let due = sleepers.filter { $0.deadline <= current }
        sleepers.removeAll { $0.deadline <= current }
        lock.unlock()
        for sleeper in due { sleeper.continuation.resume() }
    }
}

/// Records refreshes and can hold each one open until the test lets it finish.
final class RefreshLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RefreshReason] = []
    private var running = 0
    private(set) var maxConcurrent = 0

    var reasons: [RefreshReason] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func refresh(_ reason: RefreshReason) async {
        begin(reason)
        await Task.yield()
        end()
    }

    private func begin(_ reason: RefreshReason) {
        lock.withLock {
            stored.append(reason)
            running += 1
            maxConcurrent = max(maxConcurrent, running)
        }
    }

    private func end() {
        lock.withLock { running -= 1 }
    }
}

/// Lets other tasks run for a while.
func yieldMany(_ times: Int = 50) async {
    for _ in 0..<times { await Task.yield() }
}

/// What happened, in order, across tasks.
final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ entry: String) { lock.withLock { stored.append(entry) } }

    var entries: [String] { lock.withLock { stored } }
}

/// A gate a task waits at until the test opens it.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    func open() {
        lock.lock()
        isOpen = true
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume() }
    }
}

/// A journal whose writes are slow: each one waits at `gate`, and says in `log` when it
/// starts and when it is written.
struct SlowJournal: SchedulerJournal {
    let inner = InMemoryJournal()
    let gate: Gate
    let log: OrderLog

    func openEntries() async throws -> [JournalEntry] { await inner.openEntries() }
    func deliveries(since date: Date) async throws -> [DeliveredNotification] { await inner.deliveries(since: date) }
    func marks(endingOnOrAfter day: LocalDate) async throws -> [OccurrenceMark] { await inner.marks(endingOnOrAfter: day) }
    func commit(_ updates: [JournalUpdate], at date: Date) async throws {
        log.append("journal write started")
        await gate.wait()
        await inner.commit(updates, at: date)
        log.append("journal written")
    }
}

/// Waits, letting other tasks run, until `condition` holds or about five seconds pass.
@discardableResult
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<5_000 {
        if condition() { return true }
        await Task.yield()
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}
