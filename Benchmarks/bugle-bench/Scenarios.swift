import Bugle
import Foundation

/// Fixed planning inputs: never `Date()`, never `TimeZone.current`.
enum Fixture {
    static let timeZone = TimeZone(identifier: "America/New_York")!

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }()

    /// 2026-03-01T12:00Z (07:00 in New York; the spring-forward change on 2026-03-08 is
    /// inside every plan's horizon).
    static let now = Date(timeIntervalSince1970: TimeInterval(day(2026, 3, 1).dayNumber * 86_400 + 12 * 3_600))

    static let budget = Budget(platform: .custom(64), safetyMargin: 0)

    static func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDate { try! LocalDate(year: year, month: month, day: day) }
    static func time(_ hour: Int, _ minute: Int) -> LocalTime { try! LocalTime(hour: hour, minute: minute) }

    /// The instant a New York wall clock shows `hour:minute` on `date`.
    static func instant(_ date: LocalDate, _ hour: Int, _ minute: Int) -> Date {
        ZoneRules(timeZone: timeZone, around: now).date(for: LocalDateTime(date: date, time: time(hour, minute)))
    }
}

/// Case 1: a realistic small app: daily, weekly, every-N-days, a one-shot, and a
/// daily that lands in quiet hours; quiet hours (defer) and caps.
enum SmallApp {
    static let quietHours = QuietHours(
        start: Fixture.time(22, 0), end: Fixture.time(7, 0), mode: .defer,
        overrides: ["appointments": .exempt])
    static let caps = Caps(perDay: 4, perGroupPerDay: ["daily": 2, "fitness": 1])

    static func dentist(title: String = "Dentist at 9:15") -> ScheduledRule {
        ScheduledRule(
            id: "dentist",
            schedule: .once(LocalDateTime(date: Fixture.day(2026, 3, 10), time: Fixture.time(9, 15))),
            content: NotificationContent(
                title: title, body: "Dr. Ortiz, 2nd floor. Bring your insurance card.",
                threadID: "appointments", categoryID: "appointment", interruptionLevel: .timeSensitive,
                userInfo: ["appointment": 4_711], deepLink: "app://appointments/4711"),
            priority: 5, group: "appointments")
    }

    static func morning(at time: LocalTime = Fixture.time(8, 30)) -> ScheduledRule {
        ScheduledRule(
            id: "morning", schedule: .daily(time),
            content: NotificationContent(
                title: "Good morning", body: "Your plan for today is ready.", threadID: "daily",
                userInfo: ["screen": "today"], deepLink: "app://today"),
            priority: 1, group: "daily")
    }

    static func rules(dentistTitle: String = "Dentist at 9:15", morningAt: LocalTime = Fixture.time(8, 30)) -> [any Rule] {
        [
            morning(at: morningAt),
            ScheduledRule(
                id: "workout", schedule: .weekly([.monday, .wednesday, .friday], Fixture.time(18, 0)),
                content: NotificationContent(
                    title: "Workout time", body: "30 minutes, you planned it this morning.", threadID: "fitness",
                    userInfo: ["plan": "strength", "minutes": 30], deepLink: "app://workout"),
                group: "fitness", dedupeKey: "workout"),
            ScheduledRule(
                id: "plants", schedule: .every(days: 3, time: Fixture.time(21, 0), anchor: Fixture.day(2026, 2, 27)),
                content: NotificationContent(title: "Water the plants", body: "The ficus and the basil are thirsty.", threadID: "home"),
                group: "home"),
            dentist(title: dentistTitle),
            ScheduledRule(
                id: "journal", schedule: .daily(Fixture.time(22, 30)),
                content: NotificationContent(
                    title: "Evening journal", body: "Three lines about today.", threadID: "daily",
                    interruptionLevel: .passive, deepLink: "app://journal/new"),
                group: "daily", relevance: 12 * 3_600),
        ]
    }

    static func planner(dentistTitle: String = "Dentist at 9:15", morningAt: LocalTime = Fixture.time(8, 30)) -> Planner {
        Planner(rules: rules(dentistTitle: dentistTitle, morningAt: morningAt), policies: [quietHours, caps], budget: Fixture.budget)
    }

    /// What the app saw delivered this morning and last night: the caps count it, and the
    /// planner keeps its occurrences out of the plan (recorded as the scheduler records them).
    static let history = DeliveryHistory([
        DeliveredNotification(
            id: "bugle.journal@2026-02-28", date: Fixture.instant(Fixture.day(2026, 3, 1), 7, 0),
            content: NotificationContent(title: "Evening journal", body: "Three lines about today."),
            ruleID: "journal", group: "daily", occurrence: "journal@2026-02-28"),
        DeliveredNotification(
            id: "bugle.workout@2026-02-27", date: Fixture.instant(Fixture.day(2026, 2, 27), 18, 0),
            content: NotificationContent(title: "Workout time", body: "30 minutes, you planned it this morning."),
            ruleID: "workout", group: "fitness", dedupeKey: "workout", occurrence: "workout@2026-02-27"),
    ])
}

/// Case 2: many rules: one-shots spread over a year (fixed seed) and ten daily rules.
enum ManyRules {
    static let dailyCount = 10
    static let quietHours = QuietHours(start: Fixture.time(22, 0), end: Fixture.time(7, 0), mode: .defer)

    static func rules(count: Int, seed: UInt64 = 0xB061E) -> [any Rule] {
        var random = SplitMix64(seed: seed)
        var rules: [any Rule] = []
        rules.reserveCapacity(count)
        for index in 0..<min(dailyCount, count) {
            rules.append(
                ScheduledRule(
                    id: "daily-\(index)", schedule: .daily(Fixture.time(7 + index / 2, (index % 2) * 30)),
                    content: NotificationContent(title: "Daily \(index)", body: "A daily reminder.", threadID: "daily"),
                    group: "daily"))
        }
        let first = Fixture.day(2026, 3, 1)
        for index in 0..<max(0, count - dailyCount) {
            // Any minute of any day of the year ahead; day 0 before noon is already past.
            let date = first.adding(days: random.next(below: 365))
            let minute = random.next(below: 24 * 60)
            rules.append(
                ScheduledRule(
                    id: "event-\(index)",
                    schedule: .once(LocalDateTime(date: date, time: Fixture.time(minute / 60, minute % 60))),
                    content: NotificationContent(
                        title: "Event \(index)", body: "Starts in 15 minutes.", threadID: "events",
                        userInfo: ["event": .int(index)], deepLink: "app://events/\(index)"),
                    priority: random.next(below: 3), group: "events"))
        }
        return rules
    }

    static func planner(count: Int) -> Planner {
        Planner(rules: rules(count: count), policies: [quietHours], budget: Fixture.budget)
    }
}

/// A minimal pending list standing in for the center: it applies calls and counts them.
struct MiniCenter {
    private(set) var pending: [String: NotificationRequest] = [:]
    private(set) var calls = 0

    init(_ requests: [NotificationRequest]) {
        for request in requests { pending[request.id] = request }
    }

    /// The pending list as `pendingRequests()` would return it.
    var requests: [NotificationRequest] { pending.values.sorted { $0.id < $1.id } }

    mutating func remove(_ id: String) {
        calls += 1
        pending[id] = nil
    }

    /// Adding an id that is pending replaces it, as on iOS.
    mutating func add(_ request: NotificationRequest) {
        calls += 1
        pending[request.id] = request
    }

    /// Ours: exactly the reconcile diff.
    mutating func apply(_ changes: ChangeSet) {
        for removal in changes.removals { remove(removal.id) }
        for request in changes.additions { add(request) }
    }

    /// Naive: remove every pending request of the namespace, then add every planned one.
    mutating func replaceAll(with plan: Plan) {
        for id in pending.keys.sorted() where plan.namespace.owns(id) { remove(id) }
        for entry in plan.entries { add(entry.request) }
    }

    /// Whether the namespace's pending requests are exactly the plan's (ids and fingerprints).
    func matches(_ plan: Plan) -> Bool {
        let ours = pending.filter { plan.namespace.owns($0.key) }
        guard ours.count == plan.entries.count else { return false }
        return plan.entries.allSatisfy { ours[$0.request.id]?.fingerprint == $0.request.fingerprint }
    }
}

/// One refresh as the app sees it: pending list in, plan and diff out.
@inline(__always)
func planAndReconcile(_ planner: Planner, pending: [NotificationRequest], history: DeliveryHistory = DeliveryHistory()) -> (Plan, ChangeSet) {
    let input = PlanInput(
        now: Fixture.now, calendar: Fixture.calendar, history: history,
        pendingRequestIDs: Set(pending.map(\.id)))
    let plan = planner.plan(input)
    return (plan, Reconcile.changes(plan: plan, pending: pending))
}
