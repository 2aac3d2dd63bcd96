import Bugle
import Foundation

/// Runs a scenario on a virtual clock against a ``SimulatedCenter``.
///
/// Each event triggers the refresh a real app would make: opening the app refreshes
/// (`launch` the first time, `foreground` after); a state change, a permission change, going
/// to the background and a background refresh task refresh too, once the app has been
/// launched. A time-zone change alone does not: iOS does not wake an app for it, and the
/// center re-reads wall-clock triggers by itself. Until the first `open` nothing is planned.
///
/// On Android (``Scenario/android``) the system wakes an app that has been opened once for
/// its broadcasts: `BOOT_COMPLETED` after a reboot (`boot`), `TIMEZONE_CHANGED` (`timeZoneChanged`),
/// `TIME_SET` (`clockChanged`), exact alarms allowed (`permissionChanged`), and each run of
/// its periodic work (`backgroundTask`); see <doc:SimulatedAndroid>.
public struct ScenarioRunner: Sendable {
    /// The scenario each run plays from its start.
    public var scenario: Scenario
    /// Extra sinks that see every scheduler event (a logger, a store).
    public var sinks: [any EventSink]
    /// Where the scheduler keeps its ledger and delivery history; each run gets a new
    /// in-memory journal when `nil`.
    public var journal: (any SchedulerJournal)?

    /// A runner for `scenario` whose scheduler also sends its events to `sinks` and keeps its
    /// ledger in `journal` (a new in-memory journal for each run when `nil`).
    public init(scenario: Scenario, sinks: [any EventSink] = [], journal: (any SchedulerJournal)? = nil) {
        self.scenario = scenario
        self.sinks = sinks
        self.journal = journal
    }

    /// The instant the scenario starts.
    public var startDate: Date {
        scenario.start.resolve(in: ZoneRules(timeZone: scenario.timeZone, around: Date(timeIntervalSince1970: TimeInterval(scenario.start.local.localSeconds))))
    }

    /// The instant `days` local days after the start.
    public func endDate(days: Int? = nil) -> Date {
        let zone = ZoneRules(timeZone: scenario.timeZone, around: startDate)
        let local = zone.localDateTime(at: startDate)
        return zone.date(for: LocalDateTime(date: local.date.adding(days: days ?? scenario.days), time: local.time))
    }

    /// Runs the whole scenario (or `days` of it).
    public func run(days: Int? = nil) async throws -> SimulationResult {
        let simulation = try await Simulation(scenario: scenario, sinks: sinks, journal: journal)
        let end = endDate(days: days)
        try await simulation.play(until: end)
        // The journal learns of the deliveries since the last refresh.
        try await simulation.scheduler.synchronizeJournal()
        return await simulation.result(end: end)
    }

    /// Plays the scenario up to `time` (local to the device's zone at that point of the
    /// timeline, unless written with an offset) and returns the plan at that moment,
    /// without applying it.
    public func plan(at time: WrittenDateTime) async throws -> (plan: Plan, at: Date, timeZone: TimeZone) {
        let simulation = try await Simulation(scenario: scenario, sinks: sinks, journal: journal)
        guard time.resolve(in: ZoneRules(timeZone: scenario.timeZone, around: simulation.start)) >= simulation.start else {
            throw ScenarioError(
                file: scenario.file, message: "\(time.local) is before the scenario's start, \(scenario.start.local); plan at the start or later")
        }
        let date = try await simulation.play(until: time)
        let plan = try await simulation.scheduler.currentPlan()
        return (plan, date, simulation.device.timeZone)
    }
}

/// What a random world's checks need to see of a simulation as it runs.
public protocol SimulationObserver: AnyObject, Sendable {
    /// A refresh has just returned: the center holds what it left.
    func simulation(_ simulation: Simulation, didRefresh result: RefreshResult) async
    /// An event is about to be applied: what the user and the system did before it (opens,
    /// deliveries, background work, with their refreshes) is done.
    func simulation(_ simulation: Simulation, willPlay event: ScenarioEvent, index: Int) async
    /// An event has been applied, with the refreshes it caused.
    func simulation(_ simulation: Simulation, didPlay event: ScenarioEvent, index: Int) async
}

extension SimulationObserver {
    /// Does nothing: an observer that only counts what events did need not implement it.
    public func simulation(_ simulation: Simulation, willPlay event: ScenarioEvent, index: Int) async {}
}

/// One run of a scenario in progress: the device, the center, the scheduler and what has
/// been seen so far.
public final class Simulation: @unchecked Sendable {
    /// The scenario being played.
    public let scenario: Scenario
    /// The phone's clock and zone, from the scenario's start and zone.
    public let device: SimulatedDevice
    /// The simulated center: the scenario's pending limit, eviction, authorization, faults.
    public let center: SimulatedCenter
    /// The app's scheduler; a `relaunch` event replaces it with a new one over the same store.
    public private(set) var scheduler: Scheduler
    /// Sees every refresh and every event as it happens: the invariant checks of random worlds.
    public var observer: (any SimulationObserver)?
    /// The app's scheduler's events, in order, across relaunches: the last 1,000 of them
    /// (`EventRecorder.defaultLimit`).
    public let recorder = EventRecorder()
    /// The instant the scenario starts; the result counts deliveries from it on.
    public let start: Date

    private var launched = false
    /// Android: the app has been opened once, so the system delivers its broadcasts.
    private var everOpened = false
    /// Android: the app's process runs (its channels are created when it starts).
    private var processRunning = false
    /// Android: the periodic work's interval, and the next run.
    private var workInterval: TimeInterval?
    private var workPeriodStart: Date?
    private var nextWorkRun: Date?
    private var workHeldByDoze = false
    /// Android: a recipe's event opened the app (``RecipeContext/markOpened()``).
    private var openedByRecipe = false
    private var workGenerator: SeededGenerator
    /// The lateness the last refresh's plan reported, to say when it changes.
    private var lastLatitude: DeliveryLatitude?
    /// The permission that last kept a refresh from scheduling anything, until one may again.
    private var lastWithheld: AuthorizationStatus?
    private var nextEvent = 0
    private var lastEventDate: Date
    /// The plan of the latest refresh.
    private(set) var lastPlan: Plan?
    private var refreshes: [SimulationResult.Refresh] = []
    /// The latest drop of each candidate, by request id.
    private var drops: [String: DroppedCandidate] = [:]
    private var zoneChanges: [SimulationResult.ZoneChange] = []
    /// What policies changed on each planned request, as of the refresh that last planned it.
    private var adjustments: [String: [String]] = [:]
    private var appEvents: [SimulationResult.AppEvent] = []
    /// The place of each of `appEvents` in the timeline (``TimelineOrder``).
    private var appEventOrder: [Int] = []

    /// Adds a line of what the app did to the timeline.
    private func addEvent(_ event: SimulationResult.AppEvent) {
        appEvents.append(event)
        appEventOrder.append(TimelineOrder.next())
    }

    /// Opens the store again after a `relaunch`: by default the same journal, as a store on
    /// disk outlives the process.
    private let reopenJournal: @Sendable (any SchedulerJournal) async throws -> any SchedulerJournal
    private let sinks: [any EventSink]

    /// - Parameters:
    ///   - scenario: The scenario to play.
    ///   - sinks: Event sinks that see the scheduler's events besides the run's own record.
    ///   - journal: The scheduler's journal (a store, to play over one); an in-memory one
    ///     when `nil`.
    ///   - reopenJournal: what a `relaunch` event opens as the new process's store, given
    ///     the old one (close it and open its file again, for a store on disk); the same
    ///     journal when `nil`.
    public init(
        scenario: Scenario, sinks: [any EventSink] = [], journal: (any SchedulerJournal)? = nil,
        reopenJournal: (@Sendable (any SchedulerJournal) async throws -> any SchedulerJournal)? = nil
    ) async throws {
        self.scenario = scenario
        self.sinks = sinks
        self.reopenJournal = reopenJournal ?? { $0 }
        let start = ScenarioRunner(scenario: scenario).startDate
        self.start = start
        self.lastEventDate = start
        device = SimulatedDevice(now: start, timeZone: scenario.timeZone)
        center = SimulatedCenter(
            device: device, pendingLimit: scenario.budget.platform.pendingLimit, eviction: scenario.eviction,
            authorization: scenario.authorization, faults: scenario.faults, android: scenario.android)
        workGenerator = SeededGenerator(seed: (scenario.android?.seed ?? 1) &+ 0x5745_524B)
        let planner = Planner(rules: scenario.rules, policies: scenario.policies, budget: scenario.budget, lookahead: scenario.lookahead)
        scheduler = Scheduler(
            planner: planner, center: center, environment: device.environment, state: scenario.state,
            sink: FanOutSink([recorder] + sinks), journal: journal ?? InMemoryJournal(),
            // A store that keeps the journal keeps what the rules learned too (`bugle simulate --db`).
            learning: (journal as? any LearningStore) ?? InMemoryLearningStore(), learningSeed: scenario.learningSeed)
    }

    /// Plays every event up to and including `date`, then moves the clock to `date`.
    public func play(until date: Date) async throws {
        _ = try await play(until: { _ in date })
        try await runUser(through: date)
        try await runPeriodicWork(through: date)
        await center.advance(to: date)
    }

    /// Plays every event up to `time`, read in the device's zone as the timeline reaches it;
    /// returns the instant it stands for.
    @discardableResult
    public func play(until time: WrittenDateTime) async throws -> Date {
        let target = try await play(until: { zone in time.resolve(in: zone()) })
        try await runUser(through: target)
        try await runPeriodicWork(through: target)
        await center.advance(to: target)
        return target
    }

    /// Plays the events up to `target`, which reads the device's zone rules when it needs them
    /// (a moment given as an instant does not).
    private func play(until target: (() -> ZoneRules) -> Date) async throws -> Date {
        while nextEvent < scenario.events.count {
            let event = scenario.events[nextEvent]
            let zone = ZoneRules(timeZone: device.timeZone, around: device.now)
            let at = event.at.resolve(in: zone)
            guard at <= target({ zone }) else { break }
            guard at >= lastEventDate else {
                throw ScenarioError(
                    file: scenario.file, line: event.line,
                    message:
                        "events[\(nextEvent)]: \(event.at.local) comes before the previous event or the start; events must be in time order on the device's clock (after a clock: event, its new time)"
                )
            }
            nextEvent += 1
            try await runUser(through: at)
            try await runPeriodicWork(through: at)
            await center.advance(to: at)
            await observer?.simulation(self, willPlay: event, index: nextEvent - 1)
            try await apply(event, at: at)
            // Events are read on the device's clock: after the user sets it, on the new time.
            lastEventDate = device.now
            await observer?.simulation(self, didPlay: event, index: nextEvent - 1)
        }
        return target { ZoneRules(timeZone: device.timeZone, around: device.now) }
    }

    private func apply(_ event: ScenarioEvent, at: Date) async throws {
        try await perform(event.actions, at: at, line: event.line, index: nextEvent - 1)
    }

    /// Applies `actions` at `at` (the device's clock), as an event of the timeline at `line`
    /// and `index` does, then refreshes as the app would.
    func perform(_ actions: [ScenarioEvent.Action], at: Date, line: Int? = nil, index: Int? = nil) async throws {
        var reason: RefreshReason?
        /// Android: the refresh comes from a broadcast, which wakes an app opened once.
        var broadcast = false
        let isAndroid = scenario.android != nil
        func event(_ text: String) { addEvent(.init(at: device.now, timeZone: device.timeZone.identifier, text: text)) }
        for action in actions {
            switch action {
            case .reboot:
                await center.reboot()
                try await relaunch(note: false)
                processRunning = false
                event(everOpened ? "BOOT_COMPLETED: the app plans again" : "the app was never opened: no BOOT_COMPLETED receiver runs")
                if everOpened {
                    reason = .boot
                    broadcast = true
                }
            case .timeZone(let zone):
                let old = device.timeZone
                await center.changeTimeZone(to: zone)
                zoneChanges.append(SimulationResult.ZoneChange(at: at, from: old.identifier, to: zone.identifier))
                addEvent(
                    .init(at: at, timeZone: old.identifier, text: "time zone \(old.identifier) → \(zone.identifier)\(isAndroid ? " (TIMEZONE_CHANGED)" : "")"))
                if isAndroid {
                    reason = reason ?? .timeZoneChanged
                    broadcast = true
                }
            case .clock(let written):
                let target = written.resolve(in: ZoneRules(timeZone: device.timeZone, around: device.now))
                _ = await center.setClock(to: target)
                addEvent(.init(at: at, timeZone: device.timeZone.identifier, text: "clock set to \(written.local)\(isAndroid ? " (TIME_SET)" : "")"))
                reason = reason ?? .clockChanged
                broadcast = broadcast || isAndroid
            case .authorization(let status):
                await center.setAuthorization(status)
                addEvent(.init(at: at, timeZone: device.timeZone.identifier, text: "notifications \(status.rawValue)"))
                reason = .permissionChanged
            case .relaunch:
                try await relaunch()
                reason = nil
            case .set(let values):
                for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                    await scheduler.update(key, to: value == .null ? nil : value)
                }
                let text = values.keys.sorted().map { "\($0) = \(values[$0]!)" }.joined(separator: ", ")
                addEvent(.init(at: at, timeZone: device.timeZone.identifier, text: "state: \(text)"))
                reason = .dataChanged
            case .setRule, .removeRule, .mark, .pause, .resume:
                // What the app tells its scheduler; the refresh follows with the event's others.
                do {
                    addEvent(.init(at: at, timeZone: device.timeZone.identifier, text: try await tell(action)))
                } catch let error as SchedulerError {
                    throw ScenarioError(file: scenario.file, line: line, message: "\(index.map { "events[\($0)]: " } ?? "")\(error)")
                }
                reason = reason ?? .dataChanged
            case .openNotification(let rule):
                guard let delivery = await center.deliveries.last(where: { $0.notification.ruleID == rule }) else {
                    throw ScenarioError(
                        file: scenario.file, line: line,
                        message: "\(index.map { "events[\($0)]." } ?? "")openNotification: no notification of the rule \(rule) has been delivered yet")
                }
                try await tap(delivery.notification)
                reason = launched ? .foreground : .launch
                launched = true
                try await androidOpened()
            case .open:
                reason = launched ? .foreground : .launch
                launched = true
                try await androidOpened()
                addEvent(.init(at: at, timeZone: device.timeZone.identifier, text: "app opened"))
            case .background:
                reason = reason ?? .background
                addEvent(.init(at: at, timeZone: device.timeZone.identifier, text: "app to background"))
            case .backgroundRefresh:
                reason = reason ?? .backgroundTask
                addEvent(.init(at: at, timeZone: device.timeZone.identifier, text: "background refresh"))
            case .exactAlarms(let allowed):
                await center.setExactAlarms(allowed: allowed)
                if allowed {
                    event("exact alarms allowed (SCHEDULE_EXACT_ALARM granted)")
                    reason = reason ?? .permissionChanged
                    broadcast = true
                } else {
                    event("exact alarms denied (SCHEDULE_EXACT_ALARM revoked): the app is stopped")
                    try await relaunch(note: false)
                    processRunning = false
                }
            case .channel(let id, let enabled, let importance):
                let before = await center.channelImportance(id)
                do {
                    try await center.userChangeChannel(id, enabled: enabled, importance: importance)
                } catch let failure as SimulatedCenter.Failure {
                    throw ScenarioError(file: scenario.file, line: line, message: "\(index.map { "events[\($0)]." } ?? "")channel: \(failure)")
                }
                let now = await center.channelImportance(id)
                // From API 28, the app hears that a channel was blocked or unblocked.
                let blockChanged = (before == AndroidImportance.none) != (now == AndroidImportance.none)
                let hears = blockChanged && (scenario.android?.version ?? 0) >= 28
                event(
                    "channel \(id) \(now == AndroidImportance.none ? "turned off" : "set to \(now?.rawValue ?? "?")") by the user\(hears ? " (NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED)" : "")"
                )
                if hears {
                    reason = reason ?? .permissionChanged
                    broadcast = true
                }
            case .deleteChannel(let id):
                await center.deleteChannel(id)
                event("the app deleted channel \(id)")
            case .permission(.request(let allow)):
                event(await center.requestPermission(allow: allow))
                reason = reason ?? .permissionChanged
            case .permission(.settings(let granted)):
                await center.setAuthorization(granted ? .authorized : .denied)
                if granted {
                    event("notifications allowed in the app's settings")
                } else {
                    // Android stops an app whose runtime permission is revoked.
                    event("notifications turned off in the app's settings: the app is stopped")
                    try await relaunch(note: false)
                    processRunning = false
                }
            case .doze(let on):
                await center.setDoze(on)
                event(on ? "device dozing" : "device awake (Doze ends)")
                if !on, workHeldByDoze {
                    workHeldByDoze = false
                    try await runWork()
                }
            case .periodicWork(let every):
                if let every {
                    enqueueWork(every: every)
                    event("periodic work enqueued: every \(ScenarioValue.durationText(every))")
                } else {
                    (workInterval, nextWorkRun, workHeldByDoze) = (nil, nil, false)
                    event("periodic work cancelled")
                }
            case .recipe(let recipeEvent):
                // The recipe refreshes itself, as the app would.
                if let reasonSoFar = reason, launched {
                    try await respond(to: reasonSoFar)
                    reason = nil
                }
                do {
                    try await scenario.recipe?.handle(recipeEvent, context: RecipeContext(simulation: self, now: device.now))
                    if openedByRecipe {
                        openedByRecipe = false
                        try await androidOpened()
                    }
                } catch var error as ScenarioError where error.file == nil && error.line == nil {
                    // A recipe says what is wrong; the event's place in the file is known here.
                    (error.file, error.line) = (scenario.file, line)
                    error.message = "\(index.map { "events[\($0)]." } ?? "")\(recipeEvent.key): \(error.message)"
                    throw error
                }
            }
        }
        guard let reason else { return }
        if launched {
            try await respond(to: reason)
        } else if broadcast, everOpened {
            // The system starts the app's process for its receiver.
            try await startProcess()
            try await respond(to: reason)
        }
    }

    /// The user taps `notification`: the scheduler records the open; the app opens after.
    private func tap(_ notification: DeliveredNotification) async throws {
        try await scheduler.opened(id: notification.id)
        addEvent(.init(at: device.now, timeZone: device.timeZone.identifier, text: "notification opened: \(notification.id)"))
    }

    /// The deliveries the simulated user has looked at, and the taps to come, in time order.
    private var userSeen = 0
    private var userTaps: [(at: Date, notification: DeliveredNotification)] = []
    /// The last day whose visit of the user's own accord was looked at, and the next visit.
    private var userVisitDay: LocalDate?
    private var userVisit: Date?

    /// The user's next visit of their own accord (``SimulatedUser/visit(on:)``) from now: a year
    /// of days is looked at, at most, per call.
    private func nextUserVisit(_ user: SimulatedUser) -> Date? {
        if let userVisit { return userVisit }
        guard user.visitAt != nil, user.visitChance > 0 else { return nil }
        let zone = ZoneRules(timeZone: device.timeZone, around: device.now)
        var day = userVisitDay.map { $0.adding(days: 1) } ?? zone.localDate(at: device.now)
        for _ in 0..<366 {
            userVisitDay = day
            if let time = user.visit(on: day) {
                let at = zone.date(for: LocalDateTime(date: day, time: time))
                if at >= device.now {
                    userVisit = at
                    return at
                }
            }
            day = day.adding(days: 1)
        }
        return nil
    }

    /// Moves the clock to `date` a delivery or a tap at a time, so that the simulated user
    /// (``Scenario/user``) answers each delivery as it comes: a tap records the open and opens
    /// the app, which refreshes.
    private func runUser(through date: Date) async throws {
        guard let user = scenario.user else { return }
        while true {
            let deliveries = await center.deliveries
            for delivery in deliveries.dropFirst(userSeen) {
                let local = ZoneRules(timeZone: delivery.timeZone, around: delivery.notification.date).localDateTime(at: delivery.notification.date)
                guard let at = user.opens(delivery.notification, shownAt: local) else { continue }
                let index = userTaps.firstIndex { $0.at > at } ?? userTaps.endIndex
                userTaps.insert((max(at, device.now), delivery.notification), at: index)
            }
            userSeen = deliveries.count
            let nextFire = await center.scheduled.first { $0.fireDate > device.now }?.fireDate
            let nextTap = userTaps.first?.at
            let nextVisit = nextUserVisit(user)
            guard let next = [nextFire, nextTap, nextVisit].compactMap({ $0 }).min(), next <= date else { return }
            await center.advance(to: next)
            if let nextVisit, nextVisit == next, nextTap.map({ $0 > next }) ?? true {
                // Deliveries at the same moment come first.
                if await center.deliveries.count > userSeen { continue }
                userVisit = nil
                addEvent(.init(at: device.now, timeZone: device.timeZone.identifier, text: "the user opens the app of their own accord"))
                try await perform([.open], at: device.now)
                continue
            }
            guard let due = userTaps.first, due.at <= device.now, nextTap == next else { continue }
            // Deliveries at the same moment come first: the user answers them too.
            if await center.deliveries.count > userSeen { continue }
            userTaps.removeFirst()
            try await tap(due.notification)
            try await perform([.open], at: device.now)
        }
    }

    /// Android: the user opened the app: the screen is on (the device leaves Doze), its process
    /// runs, and the first open enqueues its periodic work and lets it receive broadcasts.
    private func androidOpened() async throws {
        guard scenario.android != nil else { return }
        await center.setDoze(false)
        if workHeldByDoze {
            // The work Doze held runs now that the device is awake, after the open.
            workHeldByDoze = false
            nextWorkRun = device.now
        }
        try await startProcess()
        if !everOpened, let every = scenario.periodicWork { enqueueWork(every: every) }
        everOpened = true
    }

    /// Android: the app's process starts (an open, a receiver, its work): it creates its channels.
    private func startProcess() async throws {
        guard scenario.android != nil, !processRunning else { return }
        processRunning = true
        await center.createChannels()
    }

    /// Android: the app enqueues periodic work every `every`, from now.
    private func enqueueWork(every: TimeInterval) {
        workInterval = every
        workPeriodStart = device.now
        workHeldByDoze = false
        scheduleNextWork()
    }

    /// The next run: at a moment the system picks in the current interval (seeded).
    private func scheduleNextWork() {
        guard let every = workInterval, let start = workPeriodStart else { return }
        let offset = Double.random(in: 0..<1, using: &workGenerator) * every
        nextWorkRun = start.addingTimeInterval(offset.rounded(.down))
    }

    /// Runs the periodic work due by `date`, in order; in Doze a run waits for the next
    /// maintenance window, or for the device to wake if that comes first.
    private func runPeriodicWork(through date: Date) async throws {
        while let next = nextWorkRun, next <= date {
            await center.advance(to: next)
            if let window = await center.workDeferredByDoze() {
                workHeldByDoze = true
                nextWorkRun = window
                continue
            }
            workHeldByDoze = false
            try await runWork()
        }
    }

    /// One run of the periodic work: a refresh (`backgroundTask`) once the app has been opened.
    private func runWork() async throws {
        guard let every = workInterval, let start = workPeriodStart else { return }
        addEvent(.init(at: device.now, timeZone: device.timeZone.identifier, text: "periodic work ran"))
        if everOpened {
            try await startProcess()
            try await respond(to: .backgroundTask)
        }
        // The next interval starts where this one ends, or now when Doze held the run past it.
        var nextStart = start.addingTimeInterval(every)
        while nextStart.addingTimeInterval(every) <= device.now { nextStart = nextStart.addingTimeInterval(every) }
        workPeriodStart = max(nextStart, device.now)
        scheduleNextWork()
    }

    /// The app's answer to a lifecycle signal: the recipe's, when the scenario has one, else a refresh.
    private func respond(to reason: RefreshReason) async throws {
        if let recipe = scenario.recipe {
            try await recipe.respond(to: reason, context: RecipeContext(simulation: self, now: device.now))
        } else {
            try await refresh(reason)
        }
    }

    var isLaunched: Bool { launched }

    /// Tells the scheduler of a rule change or a mark, without refreshing; returns the line
    /// the timeline shows.
    private func tell(_ action: ScenarioEvent.Action) async throws -> String {
        switch action {
        case .setRule(let rule):
            let known = await scheduler.rules.contains { $0.id == rule.id }
            try await scheduler.setRule(rule, refresh: false)
            return "rule \(rule.id) \(known ? "changed" : "added")"
        case .removeRule(let id):
            try await scheduler.removeRule(id: id, refresh: false)
            return "rule \(id) removed"
        case .mark(let kind?, let rule, let day):
            if kind == .completed {
                try await scheduler.complete(rule, on: day, refresh: false)
            } else {
                try await scheduler.skip(rule, on: day, refresh: false)
            }
            return "\(rule) on \(day) marked \(kind.rawValue)"
        case .mark(nil, let rule, let day):
            try await scheduler.undo(rule, on: day, refresh: false)
            return "\(rule) on \(day): mark taken back"
        case .pause(let rules, let first, let last):
            try await scheduler.pause(rules, from: first, through: last, refresh: false)
            return "\(rules) paused \(first) to \(last)"
        case .resume(let rules, let first):
            try await scheduler.resume(rules, from: first, refresh: false)
            return "\(rules) resumed from \(first)"
        default:
            return ""
        }
    }

    /// The app's process ends and starts again: a new scheduler over the store reopened,
    /// with the state the app last set; the next open is a launch.
    private func relaunch(note: Bool = true) async throws {
        let state = await scheduler.state
        // The app builds its rules at launch from what it stored: the rules it last set.
        var planner = scheduler.planner
        planner.rules = await scheduler.rules
        let journal = try await reopenJournal(scheduler.journal)
        // What the rules learned lives with the app's data, as the journal does.
        scheduler = Scheduler(
            planner: planner, center: center, environment: device.environment, state: state,
            sink: FanOutSink([recorder] + sinks), journal: journal, learning: scheduler.learning, learningSeed: scheduler.learningSeed)
        launched = false
        processRunning = false
        if note { addEvent(.init(at: device.now, timeZone: device.timeZone.identifier, text: "app relaunched")) }
    }

    func markOpened() -> RefreshReason {
        defer { launched = true }
        // On Android the open's effects on the device follow the recipe's event.
        openedByRecipe = scenario.android != nil
        addEvent(.init(at: device.now, timeZone: device.timeZone.identifier, text: "app opened"))
        return launched ? .foreground : .launch
    }

    func note(_ text: String, at date: Date) {
        addEvent(.init(at: date, timeZone: device.timeZone.identifier, text: text))
    }

    /// The app's own storage for this run (UserDefaults, AsyncStorage), by key.
    var storage: [String: Data] = [:]

    @discardableResult
    func refresh(_ reason: RefreshReason) async throws -> RefreshResult {
        let result = try await scheduler.refresh(reason: reason)
        await observer?.simulation(self, didRefresh: result)
        lastPlan = result.plan
        // The timeline says when the plan's notifications start or stop being able to come late.
        let latitude = result.plan.report.mayArriveLate.first?.latitude
        if latitude != lastLatitude, !(latitude == nil && result.plan.entries.isEmpty) {
            if let latitude {
                note("the plan's \(result.plan.entries.count) notifications \(latitude)", at: device.now)
            } else if lastLatitude != nil {
                note("the plan's notifications are exact again", at: device.now)
            }
            lastLatitude = latitude
        }
        // The timeline says once why a refresh scheduled nothing: the permission it lacks.
        let authorization = await center.authorizationStatus()
        if authorization.allowsDelivery {
            lastWithheld = nil
        } else if authorization != lastWithheld {
            lastWithheld = authorization
            note("nothing is scheduled: notifications are \(authorization.rawValue)", at: device.now)
        }
        let coverage = result.plan.report.coverage
        refreshes.append(
            .init(
                at: device.now, reason: reason.rawValue, planned: result.plan.entries.count,
                added: result.changes.additions.count, removed: result.changes.removals.count, failures: result.failures,
                horizon: coverage.horizon, limit: coverage.limit.rawValue))
        for index in result.plan.entries.indices {
            let moved = result.plan.entries[index].candidate.adjustments
            // Nothing to forget for a request no policy moved while none is remembered.
            if moved.isEmpty, adjustments.isEmpty { continue }
            adjustments[result.plan.entries[index].request.id] = moved.isEmpty ? nil : moved.map(\.detail)
        }
        for drop in result.plan.report.dropped {
            drops[result.plan.namespace.requestID(for: drop.candidate.id)] = drop
        }
        return result
    }

    /// What happened between the start and `end`.
    public func result(end: Date) async -> SimulationResult {
        let deliveries = await center.deliveries.filter { $0.notification.date >= start && $0.notification.date <= end }
        // What the simulated Android did on its own joins the app's lines, each in the place
        // it happened: "device restarted" before the BOOT_COMPLETED that follows it.
        let systemEvents = await center.systemEvents
        let systemLines = zip(systemEvents, await center.systemEventOrder).filter { $0.0.at >= start && $0.0.at <= end }.map {
            (SimulationResult.AppEvent(at: $0.0.at, timeZone: $0.0.timeZone.identifier, text: $0.0.text), $0.1)
        }
        let timeline = (Array(zip(appEvents, appEventOrder)) + systemLines).sorted { ($0.0.at, $0.1) < ($1.0.at, $1.1) }.map(\.0)
        let notShown = await center.notShown.filter { $0.at >= start && $0.at <= end }.map {
            SimulationResult.NotShown(
                id: $0.request.id, androidID: $0.androidID, rule: $0.request.ruleID ?? "", at: $0.at,
                timeZone: $0.timeZone.identifier, title: $0.request.content.title, reason: $0.reason)
        }
        let deliveredIDs = Set(deliveries.map(\.notification.id))
        let namespace = scheduler.planner.namespace
        let dropped = drops.filter { id, drop in
            !deliveredIDs.contains(id) && drop.candidate.fireDate >= start && drop.candidate.fireDate <= end
        }.values.sorted { ($0.candidate.fireDate, $0.candidate.id) < ($1.candidate.fireDate, $1.candidate.id) }
        let zoneAt = zoneLookup()
        return SimulationResult(
            name: scenario.name,
            timeZone: scenario.timeZone.identifier,
            start: start,
            end: end,
            platform: scenario.budget.platform,
            capacity: scenario.budget.capacity(),
            deliveries: deliveries.map { delivery in
                SimulationResult.Delivery(
                    id: delivery.notification.id, rule: delivery.notification.ruleID ?? "", at: delivery.notification.date,
                    timeZone: delivery.timeZone.identifier, title: delivery.notification.content.title,
                    subtitle: delivery.notification.content.subtitle, body: delivery.notification.content.body,
                    interruptionLevel: delivery.notification.content.interruptionLevel.rawValue,
                    adjustments: adjustments[delivery.notification.id] ?? [], android: delivery.android)
            },
            dropped: dropped.map { drop in
                // A wall-clock candidate planned before a zone change would have fired at its
                // wall-clock time in the zone the device was in by then.
                let zone = zoneAt(drop.candidate.fireDate)
                var at = drop.candidate.fireDate
                if case .wallClock(let local) = drop.candidate.fireTime, let timeZone = TimeZone(identifier: zone) {
                    at = ZoneRules(timeZone: timeZone, around: at).date(for: local)
                }
                return SimulationResult.Drop(
                    id: namespace.requestID(for: drop.candidate.id), rule: drop.candidate.ruleID, at: at,
                    timeZone: zone, title: drop.candidate.content.title,
                    reason: drop.reason.rawValue, detail: drop.detail)
            },
            missed: await center.missed.map { missed in
                SimulationResult.Missed(
                    id: missed.request.id, rule: missed.request.ruleID ?? "", title: missed.request.content.title,
                    fireTime: missed.request.fireTime.description, at: missed.at, timeZone: missed.timeZone.identifier)
            },
            evicted: await center.evicted.count,
            calls: await center.calls,
            peakPending: await center.peakPending,
            pendingAtEnd: await center.pendingCount,
            coverage: lastPlan?.report.coverage,
            refreshes: refreshes,
            zoneChanges: zoneChanges,
            appEvents: timeline,
            quietHours: scenario.policies.compactMap { $0 as? QuietHours },
            pendingSamples: await center.pendingSamples,
            android: scenario.android,
            exactAlarmsAtEnd: scenario.android == nil ? nil : await center.exactAlarmsAllowed,
            notShown: notShown)
    }

    /// The device's zone identifier at any moment of the run so far.
    private func zoneLookup() -> @Sendable (Date) -> String {
        let changes = zoneChanges
        let initial = scenario.timeZone.identifier
        return { date in changes.last(where: { $0.at <= date })?.to ?? initial }
    }
}
