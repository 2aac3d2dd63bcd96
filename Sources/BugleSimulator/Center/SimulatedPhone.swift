import Bugle
import Foundation

/// One simulated phone for your tests: its clock, its time zone, the notification center and
/// the app's `Scheduler`, changed together so that they cannot disagree.
///
/// ```swift
/// let phone = try await SimulatedPhone(at: "2026-03-06T07:00", in: "America/New_York", rules: [stretch])
/// try await phone.open()
/// try await phone.advance(to: "2026-03-06T09:00")
/// #expect(await phone.delivered.map(\.description) == ["2026-03-06T08:30 America/New_York Stretch"])
/// ```
///
/// Each thing that happens to a phone has one spelling, and each does what it does in a
/// scenario file's timeline (see <doc:ScenarioFormat>):
///
/// - Time passes with ``advance(by:)`` or `advance(to:)`: the center delivers what
///   the time passes, in order. Nothing refreshes by itself, as on iOS.
/// - The user travels with ``fly(to:)``: wall-clock triggers follow the new zone, zoned
///   instants stay, and a trigger left behind the clock is missed. iOS does not wake the app
///   for it: the next ``open()`` refreshes.
/// - The user sets the clock by hand with ``setClock(to:)``: no time passes; the app,
///   once launched, refreshes (`clockChanged`).
/// - The app opens (``open()``: `launch` the first time, `foreground` after), goes to the
///   background (``background()``), runs its background task (``backgroundRefresh()``), is
///   killed and started again (``relaunch()``); its state changes (``set(_:to:)``); the user
///   allows or denies notifications (``grant()``, ``revoke()``). Each refreshes as the app
///   would, once it has been launched; until the first ``open()`` nothing is planned.
///
/// What the user sees: ``pending`` and ``delivered``, each notification with its local time
/// in the zone the phone shows it in. What the scheduler thought: ``lastPlan`` and
/// ``report``.
///
/// The phone holds its ``SimulatedDevice`` and ``SimulatedCenter``; the device cannot be moved
/// from outside this module, and the center's own movers (``SimulatedCenter/advance(to:)``,
/// ``SimulatedCenter/changeTimeZone(to:)``, ``SimulatedCenter/setClock(to:)``) keep both in
/// step, but skip the app's refreshes and the record of what happened: use the phone's.
///
/// Times written as text (`"2026-03-06T09:00"`) are local to the phone's zone at that moment,
/// unless written with an offset (`"2026-03-06T09:00-05:00"`), as in scenario files; text
/// that is not a time, or a zone that is not an IANA name, throws a ``ScenarioError`` that
/// says what was expected.
public actor SimulatedPhone {
    /// A notification as the user sees it: in the list of pending ones, or shown.
    public struct Notification: Sendable, Hashable, CustomStringConvertible {
        /// The request's id (Bugle's ids start with the planner's namespace, `bugle.`).
        public var id: String
        /// The rule that planned it, when Bugle planned it.
        public var ruleID: String?
        /// Everything the request carries: title, subtitle, body, sound, badge and the rest.
        public var content: NotificationContent
        /// The moment it fires, or fired.
        public var date: Date
        /// The zone the phone shows it in: the phone's zone when it was shown, or now for a
        /// pending one.
        public var timeZone: TimeZone
        /// Its time on the phone's clock in `timeZone`.
        public var localTime: LocalDateTime

        /// The title the user reads.
        public var title: String { content.title }
        /// The body the user reads.
        public var body: String { content.body }

        /// `2026-03-06T08:30 America/New_York Stretch`: when, where and what the user reads.
        public var description: String { "\(localTime) \(timeZone.identifier) \(content.title)" }

        init(id: String, ruleID: String?, content: NotificationContent, date: Date, timeZone: TimeZone) {
            self.id = id
            self.ruleID = ruleID
            self.content = content
            self.date = date
            self.timeZone = timeZone
            self.localTime = ZoneRules(timeZone: timeZone, around: date).localDateTime(at: date)
        }
    }

    private let simulation: Simulation

    /// A phone at `start` in `timeZone` with an app whose scheduler plans `rules` under
    /// `policies`, starting from `state`. The app has not been opened yet.
    ///
    /// - Parameters:
    ///   - start: the moment the phone starts, `YYYY-MM-DDTHH:MM`, local to `timeZone`
    ///     unless written with an offset.
    ///   - timeZone: an IANA zone name, such as `America/New_York`.
    ///   - rules: the app's rules at launch.
    ///   - policies: the policies its planner applies, in order.
    ///   - state: the app's state snapshot at launch.
    ///   - budget: the platform's pending limit (the center keeps that many) and Bugle's margin;
    ///     iOS's by default, Android's (500 alarms, a margin of 50) with `android`.
    ///   - authorization: whether notifications are allowed at the start: allowed by default,
    ///     but not yet asked (`notDetermined`) on Android 13 (API 33) and later.
    ///   - faults: seeded failures of the center's calls.
    ///   - lookahead: how far ahead the planner looks.
    ///   - journal: where the scheduler keeps its ledger and history (a store, to test it with
    ///     the phone); an in-memory journal when `nil`. A ``relaunch()`` keeps it.
    ///   - android: makes the phone a simulated Android (see <doc:SimulatedAndroid>); `nil` for iOS.
    ///   - periodicWork: on Android, the interval of the periodic work the app enqueues at its
    ///     first launch (15 minutes or more); `nil` for none.
    public init(
        at start: String, in timeZone: String, rules: [any Rule], policies: [any Policy] = [], state: AppState = AppState(),
        budget: Budget? = nil, authorization: AuthorizationStatus? = nil, faults: SimulatedCenter.Faults = .none,
        lookahead: TimeInterval = 400 * 86_400, journal: (any SchedulerJournal)? = nil, android: AndroidProfile? = nil,
        periodicWork: TimeInterval? = nil
    ) async throws {
        let zone = try ScenarioValue(text: timeZone, path: "timeZone").timeZone()
        let written = try ScenarioValue(text: start, path: "start").dateTime()
        if let periodicWork, android == nil || periodicWork < AndroidProfile.minimumPeriodicInterval {
            throw ScenarioError(
                message:
                    "periodicWork: \(android == nil ? "periodic work (WorkManager) needs android:" : "\(ScenarioValue.durationText(periodicWork)) is shorter than WorkManager's minimum interval of 15 minutes")"
            )
        }
        if let android, !AndroidProfile.supportedVersions.contains(android.version) {
            throw ScenarioError(message: "android.version: \(android.version) is not an API level the simulation knows; expected 26 to 36")
        }
        let scenario = Scenario(
            name: "Simulated phone", start: written, timeZone: zone, days: 0, budget: budget ?? Budget(platform: android == nil ? .ios : .android),
            authorization: authorization ?? (android?.needsNotificationPermission == true ? .notDetermined : .authorized),
            faults: faults, rules: rules, policies: policies, state: state, events: [], lookahead: lookahead, android: android,
            periodicWork: periodicWork)
        simulation = try await Simulation(scenario: scenario, journal: journal)
    }

    // MARK: What the phone shows

    /// The phone's clock now.
    public var now: Date { simulation.device.now }

    /// The phone's zone now.
    public var timeZone: TimeZone { simulation.device.timeZone }

    /// The time on the phone's clock now, in its zone.
    public var localTime: LocalDateTime { ZoneRules(timeZone: timeZone, around: now).localDateTime(at: now) }

    /// The pending notifications, in the order they will show, each at its time in the
    /// phone's zone now (a wall-clock trigger follows the zone; a zoned instant does not).
    public var pending: [Notification] {
        get async {
            let zone = timeZone
            return await simulation.center.scheduled.map { entry in
                Notification(id: entry.request.id, ruleID: entry.request.ruleID, content: entry.request.content, date: entry.fireDate, timeZone: zone)
            }
        }
    }

    /// Every notification shown so far, in order, each at its time in the zone the phone was
    /// in when it was shown.
    public var delivered: [Notification] {
        get async {
            await simulation.center.deliveries.map { delivery in
                let shown = delivery.notification
                return Notification(id: shown.id, ruleID: shown.ruleID, content: shown.content, date: shown.date, timeZone: delivery.timeZone)
            }
        }
    }

    /// The plan of the app's latest refresh, with its report (what was kept, moved and
    /// dropped, and why); `nil` until the app has refreshed. A refresh the app asks of its
    /// scheduler directly (`complete(_:on:)`, `setRule(_:)`) counts too.
    public var lastPlan: Plan? {
        get async { await simulation.scheduler.lastRefresh?.plan ?? simulation.lastPlan }
    }

    /// Everything since the start, as a scenario run reports it: deliveries, drops with
    /// their reasons, misses, refreshes and the app's events. `TextReport.render(_:)` prints it.
    public var report: SimulationResult {
        get async { await simulation.result(end: now) }
    }

    /// The app's scheduler; ``relaunch()`` replaces it with a new one over the same journal.
    public var scheduler: Scheduler { simulation.scheduler }

    /// The simulated center, for what the phone does not show itself: calls made, requests
    /// evicted or missed, the pending count over time.
    public nonisolated var center: SimulatedCenter { simulation.center }

    /// The app's state snapshot now.
    public var state: AppState {
        get async { await simulation.scheduler.state }
    }

    // MARK: Time

    /// Time passes for `duration`; what it passes is delivered, in order.
    public func advance(by duration: Duration) async throws {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else {
            throw ScenarioError(message: "advance(by:): \(duration) is negative; time only moves forward (setClock(to:) sets the clock back)")
        }
        try await advance(to: now.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18))
    }

    /// Time passes until `time`, local to the phone's zone unless written with an offset
    /// (`"2026-03-09T08:00"`); what it passes is delivered, in order.
    public func advance(to time: String) async throws {
        try await advance(to: resolve(time, path: "advance(to:)"))
    }

    /// Time passes until `date`; what it passes is delivered, in order (on Android, with the
    /// runs of the app's periodic work).
    public func advance(to date: Date) async throws {
        guard date >= now else {
            throw ScenarioError(
                message:
                    "advance(to:): \(describe(date)) is before the phone's clock, \(describe(now)); time only moves forward (setClock(to:) sets the clock back)"
            )
        }
        // Through the simulation, so that Android's periodic work runs on the way.
        try await simulation.play(until: date)
    }

    /// The phone travels to `timeZone` (an IANA name, such as `Asia/Tokyo`): wall-clock
    /// triggers follow, zoned instants stay, and a wall-clock trigger now behind the clock is
    /// missed. The app is not woken: the next ``open()`` refreshes.
    public func fly(to timeZone: String) async throws {
        let zone = try ScenarioValue(text: timeZone, path: "fly(to:)").timeZone()
        try await perform(.timeZone(zone))
    }

    /// The user sets the clock by hand to `time` (local to the phone's zone unless written
    /// with an offset), forward or back: no time passes; a clock set forward delivers what it
    /// passes. A launched app refreshes (`clockChanged`).
    public func setClock(to time: String) async throws {
        let written = try ScenarioValue(text: time, path: "setClock(to:)").dateTime()
        try await perform(.clock(written))
    }

    // MARK: The app and the user

    /// The user opens the app: a refresh with `launch` the first time (and after a
    /// ``relaunch()``), `foreground` after.
    public func open() async throws { try await perform(.open) }

    /// The app goes to the background; a launched app refreshes (`background`).
    public func background() async throws { try await perform(.background) }

    /// The system runs the app's background refresh task; a launched app refreshes
    /// (`backgroundTask`).
    public func backgroundRefresh() async throws { try await perform(.backgroundRefresh) }

    /// The app's process is killed and starts again: a new scheduler over the same journal,
    /// with the state the app last set. The next ``open()`` is a launch.
    public func relaunch() async throws { try await perform(.relaunch) }

    /// The user allows notifications in Settings; a launched app refreshes (`permissionChanged`).
    public func grant() async throws { try await perform(.authorization(.authorized)) }

    /// The user turns notifications off in Settings: the center refuses new requests, and a
    /// launched app refreshes (`permissionChanged`), plans nothing and removes what it had
    /// pending.
    public func revoke() async throws { try await perform(.authorization(.denied)) }

    /// The app's state changes: `value` under `key` (`nil` removes it); a launched app
    /// refreshes (`dataChanged`).
    public func set(_ key: String, to value: JSONValue?) async throws {
        try await perform(.set([key: value ?? .null]))
    }

    // MARK: Android

    /// Android: the phone restarts: every alarm is cleared, and the app's `BOOT_COMPLETED`
    /// receiver refreshes (`boot`) once the app has been opened.
    public func reboot() async throws { try await perform(.reboot) }

    /// Android: the user allows or denies exact alarms. Denying stops the app and cancels its
    /// exact alarms; allowing makes its alarms exact and refreshes (`permissionChanged`).
    public func setExactAlarms(allowed: Bool) async throws { try await perform(.exactAlarms(allowed)) }

    /// Android: the user turns channel `id` on or off, or sets its importance, in the system
    /// settings.
    public func changeChannel(_ id: String, enabled: Bool? = nil, importance: AndroidImportance? = nil) async throws {
        try await perform(.channel(id: id, enabled: enabled, importance: importance))
    }

    /// Android: the app asks for `POST_NOTIFICATIONS`; the user answers `allow` if the dialog
    /// appears (not after two denials).
    public func requestPermission(allow: Bool) async throws { try await perform(.permission(.request(allow: allow))) }

    /// Android: the device starts or stops dozing.
    public func doze(_ on: Bool) async throws { try await perform(.doze(on)) }

    // MARK: Helpers

    private func perform(_ action: ScenarioEvent.Action) async throws {
        try await simulation.perform([action], at: now)
    }

    /// `time` read on the phone's clock: local to its zone now, unless written with an offset.
    private func resolve(_ time: String, path: String) throws -> Date {
        let written = try ScenarioValue(text: time, path: path).dateTime()
        return written.resolve(in: ZoneRules(timeZone: timeZone, around: now))
    }

    /// `2026-03-06T09:00 America/New_York`.
    private func describe(_ date: Date) -> String {
        "\(ZoneRules(timeZone: timeZone, around: date).localDateTime(at: date)) \(timeZone.identifier)"
    }
}
