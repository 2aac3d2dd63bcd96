import Foundation

/// Where the scheduler reads the time and the calendar: the only two facts of the outside
/// world the core needs. The app passes the system's; tests and the simulator pass theirs.
public struct SchedulerEnvironment: Sendable {
    /// Returns the current moment: `{ Date() }` in an app.
    public var now: @Sendable () -> Date
    /// Returns the device's calendar, whose time zone is the device's zone: `{ .current }` in
    /// an app. Read again at every refresh, so that a change of zone is followed.
    public var calendar: @Sendable () -> Calendar

    /// An environment that reads the time from `now` and the calendar from `calendar`.
    public init(now: @escaping @Sendable () -> Date, calendar: @escaping @Sendable () -> Calendar) {
        self.now = now
        self.calendar = calendar
    }
}

/// The outcome of one refresh.
public struct RefreshResult: Sendable {
    /// Why the refresh was asked for.
    public var reason: RefreshReason
    /// The plan it computed. Its entries are empty when notifications are not allowed; its
    /// report still explains the drops.
    public var plan: Plan
    /// What it asked the center to do: the removals, the additions, and how many requests it left alone.
    public var changes: ChangeSet
    /// Center calls that failed; the next refresh repairs them.
    public var failures: Int
}

/// The outcome of ``Scheduler/recover(adopting:)``.
public struct RecoveryResult: Sendable, Hashable {
    /// Requests added again: lost by the center, interrupted, or adopted.
    public var added: [String]
    /// Requests removed: unknown, legacy, or removals a stop interrupted.
    public var removed: [String]
    /// Legacy request id → the id it was adopted as.
    public var adoptions: [String: String]
    /// Center calls that failed; the next refresh or recovery repairs them.
    public var failures: Int
}

/// The one object an app talks to: `refresh(reason:)` plans, reconciles, applies, records
/// and emits events.
///
/// ```swift
/// let scheduler = Scheduler(planner: Planner(rules: [morning]), center: center, environment: .init(now: { Date() }, calendar: { .current }), journal: store)
/// try await scheduler.recover()
/// try await scheduler.refresh(reason: .launch)
/// ```
///
/// Every change to the center is journaled: the intent before the calls, the outcome after.
/// A process that stops between two steps leaves the journal knowing what may be half
/// done; ``recover(adopting:)`` at the next launch finishes it.
///
/// The app changes what is planned through the scheduler, and each change refreshes unless
/// told not to: the state (`set(_:to:refresh:)`, ``setState(from:refresh:)``), the rules
/// (``setRules(_:refresh:)``, ``setRule(_:refresh:)``, ``removeRule(id:refresh:)``), and the days
/// of a rule that are done (``complete(_:on:refresh:)``, ``skip(_:on:refresh:)``,
/// ``pause(_:from:through:refresh:)``). See <doc:SchedulerConcurrency> for what runs on the
/// actor and what waits.
public actor Scheduler {
    /// The planner the scheduler was made with: its policies, budget, namespace and
    /// lookahead plan every refresh. Its rules are the first ones; ``rules`` are those a
    /// refresh plans now.
    public nonisolated let planner: Planner
    /// The notification center the scheduler reads and changes.
    public nonisolated let center: any Center
    /// Where the scheduler reads the time and the calendar.
    public nonisolated let environment: SchedulerEnvironment

    /// Today on the device's clock: the local date the environment's clock shows in its
    /// calendar's zone now, the day a user means by "done today"
    /// (`complete("habit", on: scheduler.today())`).
    public nonisolated func today() -> LocalDate { today(at: environment.now()) }

    /// The local date the device shows at `now`, in the environment's calendar's zone.
    nonisolated func today(at now: Date) -> LocalDate {
        ZoneRules.cached(timeZone: environment.calendar().timeZone, around: now).localDate(at: now)
    }
    /// Where its events go: by default an ``EventRecorder`` that keeps the last 1,000.
    public nonisolated let sink: any EventSink
    /// The ledger and the delivery history.
    public nonisolated let journal: any SchedulerJournal
    /// What the rules that learn their send time (``ScheduledRule/learning``) learned, and when
    /// the user opened each notification.
    public nonisolated let learning: any LearningStore
    /// Seeds the learners' draws (``PlanInput/learningSeed``): keep one per install.
    public nonisolated let learningSeed: UInt64
    /// The app's state snapshot, which conditions and policies read. Change it with
    /// ``Scheduler/setState(_:)``, ``Scheduler/update(_:to:)`` or ``Scheduler/setState(from:refresh:)``.
    public internal(set) var state: AppState
    /// The deliveries the policies count, those of the last ``Scheduler/historyWindow``, and the
    /// occurrences delivered within ``Scheduler/occurrenceWindow``: read from the journal the
    /// first time the scheduler needs them, then added to as the center reports more.
    public private(set) var history: DeliveryHistory
    /// How far back deliveries are kept for the policies: ``defaultHistoryWindow`` unless set.
    public var historyWindow: TimeInterval = Scheduler.defaultHistoryWindow
    /// 35 days: how far back a scheduler keeps deliveries for the policies, and the opens that
    /// a fatigue back-off and the learners count, unless its ``historyWindow`` is set.
    public static let defaultHistoryWindow: TimeInterval = 35 * 86_400
    /// How long a delivered occurrence is remembered, so that no plan holds it again
    /// whatever changes (the time, the zone, the clock set back): 400 days, the planner's
    /// default lookahead. At most one entry per occurrence is kept.
    public var occurrenceWindow: TimeInterval = 400 * 86_400
    /// Whether the journal's deliveries have been read into `history`.
    private var historyLoaded = false
    /// ``planner`` with the rules of now.
    var activePlanner: Planner {
        didSet {
            lastPlanned = nil
            readsOpens = Self.readsOpens(activePlanner)
        }
    }
    /// The planner's plan at the latest refresh, with the calendar and state it was planned
    /// on: the next refresh on the same continues it (``Planner/plan(_:continuing:)``).
    private var lastPlanned: (plan: Plan, calendar: Calendar, state: AppState, revision: Int)?
    /// The days the app marked completed, skipped or paused, as far as the journal has been
    /// read (see ``loadMarks(now:)``).
    var storedMarks = OccurrenceMarks()
    /// Whether the journal's marks have been read into `storedMarks`.
    private var marksLoaded = false

    /// A scheduler that plans with `planner` and applies the plans to `center`, starting from
    /// `state` and `history` (empty by default). Events go to `sink`; the intents and outcomes
    /// go to `journal`, in memory by default: pass a durable one so that a new process knows
    /// what an earlier one did. Rules that learn their send time keep what they learn in
    /// `learning` (in memory by default), their draws seeded by `learningSeed`.
    public init(
        planner: Planner, center: any Center, environment: SchedulerEnvironment, state: AppState = AppState(), history: DeliveryHistory = DeliveryHistory(),
        sink: any EventSink = EventRecorder(), journal: any SchedulerJournal = InMemoryJournal(),
        learning: any LearningStore = InMemoryLearningStore(), learningSeed: UInt64 = 0
    ) {
        self.planner = planner
        self.activePlanner = planner
        self.readsOpens = Self.readsOpens(planner)
        self.center = center
        self.environment = environment
        self.state = state
        self.history = history
        self.sink = sink
        self.journal = journal
        self.learning = learning
        self.learningSeed = learningSeed
    }

    /// Replaces the state snapshot; call `refresh(reason: .dataChanged)` after, or use
    /// ``setState(from:refresh:)`` or `set(_:to:refresh:)`, which refresh.
    public func setState(_ state: AppState) { self.state = state }

    /// What the latest refresh planned, changed and failed to change, whoever asked for it
    /// (a lifecycle signal, ``complete(_:on:refresh:)``, ``setRule(_:refresh:)``, …); `nil`
    /// until the first refresh of this scheduler.
    public private(set) var lastRefresh: RefreshResult?

    /// Changes one value of the state snapshot; call `refresh(reason: .dataChanged)` after,
    /// or use `set(_:to:refresh:)`, which refreshes.
    public func update(_ key: String, to value: JSONValue?) { state[key] = value }

    /// Records that the user tapped the notification `id`.
    public func opened(id: String) async throws {
        let now = environment.now()
        try await journal.commit([.state(id: id, .opened, reason: nil)], at: now)
        if readsOpens {
            // What a learning rule counts once the delivery's attribution window closes, and
            // what ends a run of ignored ones for a fatigue back-off.
            try await learning.recordOpen(id: id, at: now)
        }
        sink.record(.opened(id: id, at: now))
    }

    /// Records that the system showed `notification` while the app was running (a
    /// foreground presentation): the policies count it from now on, and a later refresh
    /// does not report it again. Notifications outside the planner's namespace are ignored.
    public func delivered(_ notification: DeliveredNotification) async throws {
        guard planner.namespace.owns(notification.id) else { return }
        try await loadHistory(now: environment.now())
        guard !history.contains(id: notification.id, date: notification.date) else { return }
        // Journaled like the deliveries a refresh finds, so a restart still counts it.
        try await journal.commit([.delivered(notification)], at: environment.now())
        history.record([notification])
        sink.record(.delivered(notification))
    }

    /// The plan for this moment, without touching the center.
    public func currentPlan() async throws -> Plan {
        let pending = try await center.pendingRequests()
        let now = environment.now()
        try await loadHistory(now: now)
        try await loadMarks(now: now)
        var plan = activePlanner.plan(try await planInput(now: now, pending: pending, keepLearning: false))
        plan.noteLatitude(await center.deliveryLatitude())
        return plan
    }

    /// Plans, reconciles and applies: after it returns, the center's pending list in
    /// Bugle's namespace equals the plan, except where a center call failed.
    ///
    /// The journal is first brought in line with the center (the center is right), then
    /// records the intent of the changes, then their outcome.
    ///
    /// Refreshes never overlap: one asked for while another runs (a foreground open and a
    /// background task at once) starts when it has finished, in the order asked, and sees
    /// what it did. So two at once give what one after the other gives, and the second
    /// finds nothing to change.
    @discardableResult
    public func refresh(reason: RefreshReason) async throws -> RefreshResult {
        try await oneAtATime { try await refreshNow(reason: reason) }
    }

    private func refreshNow(reason: RefreshReason) async throws -> RefreshResult {
        let now = environment.now()
        sink.record(.refreshed(reason: reason, at: now))
        // The user opened the app: a run of ignored notifications ends here.
        if reason == .launch || reason == .foreground, readsOpens { try await learning.recordEngagement(at: now) }
        let pending = try await synchronize(now: now)
        try await loadMarks(now: now)
        // The journal forgets them when the app next marks a day.
        storedMarks.removeAll(endingBefore: markableDays(now: now).lowerBound)
        let input = try await planInput(now: now, pending: pending, keepLearning: true)
        let previous = lastPlanned.flatMap { $0.calendar == input.calendar && $0.state == input.state ? $0 : nil }
        // `history` is the one the last plan read, with what was delivered since.
        var plan = activePlanner.plan(input, continuing: previous?.plan, revision: previous?.revision)
        lastPlanned = (plan, input.calendar, input.state, history.revision)
        // Opens older than the deliveries kept count for nothing.
        if readsOpens { try await learning.forgetOpens(before: now.addingTimeInterval(-historyWindow)) }
        let authorization = await center.authorizationStatus()
        if !authorization.allowsDelivery {
            sink.record(.skipped(reason: "notifications are \(authorization.rawValue)", at: now))
            plan.entries = []
        }
        try await recordHoldouts(plan: plan, now: now)
        let latitude = await center.deliveryLatitude()
        plan.noteLatitude(latitude)
        var changes = Reconcile.changes(plan: plan, pending: pending)
        if let latitude {
            // A request whose time has passed but may still arrive (an inexact alarm in its
            // window) is on its way: removing it would lose it.
            let zone = ZoneRules.cached(timeZone: environment.calendar().timeZone, around: now)
            let arriving = Set(
                pending.filter {
                    let fire = $0.fireTime.resolve(in: zone)
                    return fire <= now && fire > now.addingTimeInterval(-latitude.upTo)
                }.map(\.id))
            changes.removals.removeAll { arriving.contains($0.id) }
        }
        for drop in plan.report.dropped { sink.record(.dropped(drop, at: now)) }
        let fireDates = Self.fireDates(in: plan, count: changes.additions.count)
        let additions = changes.additions.map { JournalEntry(request: $0, fireDate: fireDates($0.id) ?? now, state: .adding, askedAt: now) }
        let intent = changes.removals.map { JournalUpdate.state(id: $0.id, .removing, reason: $0.reason.description) } + additions.map { .entry($0) }
        let failures = try await apply(intent: intent, removals: changes.removals, additions: additions, held: input.pendingRequestIDs, now: now)
        let result = RefreshResult(reason: reason, plan: plan, changes: changes, failures: failures)
        lastRefresh = result
        return result
    }

    /// The fire date of the entry of `plan` whose request has a given id (a plan holds each
    /// id once), for `count` lookups: a refresh usually adds a few requests, the latest of the
    /// plan, whose entries are found by reading the plan from its end rather than by indexing
    /// every entry.
    private static func fireDates(in plan: Plan, count: Int) -> (String) -> Date? {
        guard count > 16 else {
            return { id in plan.entries.lastIndex { $0.request.id == id }.map { plan.entries[$0].candidate.fireDate } }
        }
        let dates = Dictionary(plan.entries.map { ($0.request.id, $0.candidate.fireDate) }, uniquingKeysWith: { _, last in last })
        return { dates[$0] }
    }

    /// Brings the journal in line with the center without planning: records new
    /// deliveries in the history, confirms what the center holds and closes what it no
    /// longer holds. ``refresh(reason:)`` does this first; call it alone to keep the history
    /// current without changing anything (when the app goes to the background, at the end
    /// of a simulation).
    public func synchronizeJournal() async throws {
        try await oneAtATime { _ = try await synchronize(now: environment.now()) }
    }

    /// What the planner reads at `now`, with the center's `pending` requests; with
    /// `keepLearning`, what the learning rules counted is kept (a refresh) rather than only read
    /// (``currentPlan()``).
    private func planInput(now: Date, pending: [NotificationRequest], keepLearning: Bool) async throws -> PlanInput {
        // Without an array of the ids in between.
        var pendingIDs = Set<String>(minimumCapacity: pending.count)
        for index in pending.indices { pendingIDs.insert(pending[index].id) }
        var input = PlanInput(
            now: now, calendar: environment.calendar(), state: state, history: history, pendingRequestIDs: pendingIDs,
            marks: storedMarks, silencedRules: await center.silencedRules(among: activePlanner.rules.map(\.id)))
        // The opens the learners and the back-off read, once.
        let opens = readsOpens ? try await learning.opens(since: now.addingTimeInterval(-historyWindow)) : [:]
        input.learning = try await learnedStates(now: now, opens: opens, save: keepLearning)
        input.copyLearning = try await learnedCopy(now: now, opens: opens, save: keepLearning)
        input.learningSeed = learningSeed
        input.engagement = try await engagement(now: now, opens: opens)
        return input
    }

    /// Whether a rule learns its send time or its text, or a policy backs off when ignored or
    /// holds occurrences out: then the scheduler records when the user opens a notification or
    /// the app. Kept as ``activePlanner`` changes: a refresh asks several times.
    private var readsOpens: Bool

    /// Whether `planner`'s rules or policies read the opens (see `readsOpens`).
    private static func readsOpens(_ planner: Planner) -> Bool {
        planner.policies.contains { $0 is FatigueBackoff || $0 is RandomizedHoldout }
            || planner.rules.contains { ($0 as? ScheduledRule).map { $0.learning != nil || $0.copy != nil } ?? false }
    }

    /// How the user answered the recent notifications of each rule a ``FatigueBackoff`` covers
    /// (``FatigueBackoff/engagement(of:opens:appOpens:now:)``), from the deliveries kept and the
    /// app opens since the oldest of them.
    private func engagement(now: Date, opens: [String: Date]) async throws -> [String: RuleEngagement] {
        let backoffs = activePlanner.policies.compactMap { $0 as? FatigueBackoff }
        guard !backoffs.isEmpty else { return [:] }
        var appOpens: [Date] = []
        if let oldest = history.deliveries.first { appOpens = try await learning.engagements(since: oldest.date) }
        var byRule: [String: [DeliveredNotification]] = [:]
        for delivery in history.deliveries { if let rule = delivery.ruleID { byRule[rule, default: []].append(delivery) } }
        var result: [String: RuleEngagement] = [:]
        for rule in activePlanner.rules {
            guard let backoff = backoffs.first(where: { $0.covers(rule.id) }) else { continue }
            result[rule.id] = backoff.engagement(of: byRule[rule.id] ?? [], opens: opens, appOpens: appOpens, now: now)
        }
        return result
    }

    // MARK: Learning

    /// What each rule that learns its send time knows at `now`: its stored state, with the
    /// deliveries whose answer is known since counted (``SendTimeLearner/settling(_:deliveries:opens:now:zone:)``).
    /// A rule whose window changed starts again. With `save`, the counted states are kept.
    private func learnedStates(now: Date, opens: [String: Date], save: Bool) async throws -> [String: SendTimeState] {
        let rules = activePlanner.rules.compactMap { rule in (rule as? ScheduledRule).flatMap { scheduled in scheduled.learning.map { (rule.id, $0) } } }
        guard !rules.isEmpty else { return [:] }
        let zone = ZoneRules.cached(timeZone: environment.calendar().timeZone, around: now)
        let stored = try await learning.states()
        var states: [String: SendTimeState] = [:]
        for (id, timing) in rules {
            let learner = SendTimeLearner(timing: timing)
            let fresh = SendTimeState(timing: timing, startingOn: zone.localDate(at: now))
            let known = stored[id].flatMap { $0.sends.count == fresh.sends.count ? $0 : nil } ?? fresh
            let settled = learner.settling(known, deliveries: history.deliveries.filter { $0.ruleID == id }, opens: opens, now: now, zone: zone)
            if save, settled != stored[id] { try await learning.save(settled, for: id) }
            states[id] = settled
        }
        return states
    }

    /// What each rule with several texts knows at `now`: its stored state, with the deliveries
    /// whose answer is known since counted (``CopyBandit/settling(_:deliveries:opens:now:zone:)``).
    /// With `save`, the counted states are kept.
    private func learnedCopy(now: Date, opens: [String: Date], save: Bool) async throws -> [String: CopyState] {
        let rules = activePlanner.rules.compactMap { rule in (rule as? ScheduledRule).flatMap { scheduled in scheduled.copy.map { (rule.id, $0) } } }
        guard !rules.isEmpty else { return [:] }
        let zone = ZoneRules.cached(timeZone: environment.calendar().timeZone, around: now)
        let stored = try await learning.copyStates()
        var states: [String: CopyState] = [:]
        for (id, copy) in rules {
            let known = stored[id] ?? CopyState(startingOn: zone.localDate(at: now))
            let settled = CopyBandit(copy: copy).settling(
                known, deliveries: history.deliveries.filter { $0.ruleID == id }, opens: opens, now: now, zone: zone)
            if save, settled != stored[id] { try await learning.saveCopy(settled, for: id) }
            states[id] = settled
        }
        return states
    }

    /// Keeps the occurrences `plan` sent or held out under a ``RandomizedHoldout`` and settles
    /// those whose attribution window has closed (``HoldoutBook``).
    private func recordHoldouts(plan: Plan, now: Date) async throws {
        let holdouts = activePlanner.policies.compactMap { $0 as? RandomizedHoldout }
        guard !holdouts.isEmpty else { return }
        let covering = { (rule: String) in holdouts.first { $0.covers(rule) } }
        var planned = plan.entries.compactMap { entry in
            covering(entry.candidate.ruleID).map { _ in
                HoldoutRecord(occurrence: entry.candidate.occurrence, ruleID: entry.candidate.ruleID, date: entry.candidate.fireDate, heldOut: false)
            }
        }
        planned += plan.report.dropped.compactMap { drop in
            drop.reason == .holdout
                ? HoldoutRecord(occurrence: drop.candidate.occurrence, ruleID: drop.candidate.ruleID, date: drop.candidate.fireDate, heldOut: true) : nil
        }
        let book = HoldoutBook(
            records: try await learning.holdoutRecords(unsettledOrBefore: now.addingTimeInterval(-HoldoutBook.retention)), deliveries: history.deliveries,
            opens: try await learning.opens(since: now.addingTimeInterval(-historyWindow)),
            appOpens: try await learning.engagements(since: now.addingTimeInterval(-historyWindow)))
        let change = book.updated(planned: planned, now: now) { covering($0)?.attribution ?? 7_200 }
        if !change.saving.isEmpty || !change.removing.isEmpty {
            try await learning.updateHoldoutRecords(saving: change.saving, removing: change.removing)
        }
    }

    /// What a holdout measured so far, by rule id: the lift of each rule's notifications on the
    /// user being active (``HoldoutLift``), from the settled records in the learning store.
    public func holdoutLift() async throws -> [String: HoldoutLift] {
        HoldoutLift.of(try await learning.holdoutRecords())
    }

    /// How each text of rule `ruleID` has done (``CopyBandit/results(_:on:)``); empty for a rule
    /// without several texts.
    public func variantResults(for ruleID: String) async throws -> [VariantResult] {
        guard let copy = activePlanner.rules.lazy.compactMap({ $0 as? ScheduledRule }).first(where: { $0.id == ruleID })?.copy else { return [] }
        let now = environment.now()
        let today = ZoneRules.cached(timeZone: environment.calendar().timeZone, around: now).localDate(at: now)
        let state = try await learning.copyStates()[ruleID] ?? CopyState(startingOn: today)
        return CopyBandit(copy: copy).results(state, on: today)
    }

    // MARK: One at a time

    /// Whether a refresh, a synchronization or a recovery runs now.
    private var running = false
    /// The ones asked for meanwhile, in order.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` when nothing else that reads and changes the center and the journal runs:
    /// the actor alone would let two of them interleave at every center call.
    func oneAtATime<T>(_ body: () async throws -> T) async throws -> T {
        if running {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running = true
        }
        defer {
            if waiting.isEmpty {
                running = false
            } else {
                // The next one runs straight after, without a gap another could take.
                waiting.removeFirst().resume()
            }
        }
        return try await body()
    }

    /// Synchronizes the journal with the center; returns the center's pending requests.
    private func synchronize(now: Date) async throws -> [NotificationRequest] {
        let zone = ZoneRules.cached(timeZone: environment.calendar().timeZone, around: now)
        let delivered = try await collectDeliveries(now: now)
        let pending = try await center.pendingRequests()
        let open = try await journal.openEntries()
        let sync = LedgerRepair.sync(open: open, pending: pending, delivered: delivered.all, namespace: planner.namespace, now: now, zone: zone)
        try await commit(delivered.new.map { .delivered($0) } + sync, now: now)
        record(delivered.new, now: now)
        return pending
    }

    /// Finishes what a stop interrupted, trusting the journal: adds again what the center
    /// lost while its time is ahead, finishes interrupted removals, removes requests of the
    /// namespace the journal never asked for, and adopts requests of an older id scheme
    /// that `matcher` recognises. Call it at launch, before the first refresh.
    ///
    /// It is journaled like a refresh, so a stop during recovery is finished by the next.
    @discardableResult
    public func recover(adopting matcher: LegacyMatcher = .none) async throws -> RecoveryResult {
        try await oneAtATime { try await recoverNow(adopting: matcher) }
    }

    private func recoverNow(adopting matcher: LegacyMatcher) async throws -> RecoveryResult {
        let now = environment.now()
        let zone = ZoneRules.cached(timeZone: environment.calendar().timeZone, around: now)
        let delivered = try await collectDeliveries(now: now)
        let pending = try await center.pendingRequests()
        let open = try await journal.openEntries()
        let repair = LedgerRepair.recovery(
            open: open, pending: pending, delivered: delivered.all, namespace: planner.namespace,
            adopting: matcher, now: now, zone: zone)
        try await commit(delivered.new.map { .delivered($0) }, now: now)
        record(delivered.new, now: now)
        let failures = try await apply(
            intent: repair.intent, removals: repair.removals, additions: repair.additions, held: Set(pending.map(\.id)), now: now)
        return RecoveryResult(added: repair.additions.map(\.request.id), removed: repair.removals.map(\.id), adoptions: repair.adoptions, failures: failures)
    }

    /// The center's deliveries in the namespace within the history window, and those not
    /// in `history` yet.
    private func collectDeliveries(now: Date) async throws -> (all: [DeliveredNotification], new: [DeliveredNotification]) {
        try await loadHistory(now: now)
        let delivered = try await center.deliveredNotifications(since: now.addingTimeInterval(-historyWindow)).filter { planner.namespace.owns($0.id) }
        return (delivered, history.unkept(delivered))
    }

    /// Reads the journal's deliveries once, so that a new process counts what an earlier
    /// one saw.
    private func loadHistory(now: Date) async throws {
        guard !historyLoaded else { return }
        history.record(try await journal.deliveries(since: now.addingTimeInterval(-max(historyWindow, occurrenceWindow))))
        history.prune(before: now.addingTimeInterval(-historyWindow))
        historyLoaded = true
    }

    /// The days a mark may cover: from the day ``occurrenceWindow`` before today (older
    /// marks cover no candidate a plan could hold, and are forgotten) to the day
    /// ``PlanningContext/maximumLookahead`` after (no plan reaches further).
    func markableDays(now: Date) -> ClosedRange<LocalDate> {
        let today = today(at: now)
        let back = Int(min(max(occurrenceWindow.isNaN ? 0 : occurrenceWindow, 0), PlanningContext.maximumLookahead) / 86_400)
        return today.adding(days: -back)...today.adding(days: Int(PlanningContext.maximumLookahead / 86_400))
    }

    /// Reads the journal's marks once: those that end inside ``markableDays(now:)`` or later.
    func loadMarks(now: Date) async throws {
        guard !marksLoaded else { return }
        storedMarks = OccurrenceMarks(try await journal.marks(endingOnOrAfter: markableDays(now: now).lowerBound))
        marksLoaded = true
    }

    /// Adds journaled deliveries to `history` and emits them.
    private func record(_ new: [DeliveredNotification], now: Date) {
        history.record(new)
        history.prune(before: now.addingTimeInterval(-historyWindow))
        history.pruneOccurrences(before: now.addingTimeInterval(-occurrenceWindow))
        for delivery in new.sorted(by: { $0.date < $1.date }) { sink.record(.delivered(delivery)) }
    }

    private func commit(_ updates: [JournalUpdate], now: Date) async throws {
        if !updates.isEmpty { try await journal.commit(updates, at: now) }
    }

    /// Journals `intent`, makes the calls, journals what the center accepted, starting from
    /// the ids the center `held` (its pending requests'); returns the number of failed
    /// calls. A refused call leaves its intent open for the next refresh or recovery to settle.
    ///
    /// The center never holds more than the platform's limit: when removals fail, the
    /// requests they would have made room for are not added (the latest first, as additions
    /// come soonest first) and count as failed, so that the system does not drop one of its
    /// own choosing (iOS drops the oldest added, often the very next notification).
    private func apply(intent: [JournalUpdate], removals: [Removal], additions: [JournalEntry], held: Set<String>, now: Date) async throws -> Int {
        let limit = planner.budget.platform.pendingLimit
        var held = held
        try await commit(intent, now: now)
        var outcome: [JournalUpdate] = []
        var failures = 0
        if !removals.isEmpty {
            do {
                try await center.removePendingRequests(withIdentifiers: removals.map(\.id))
                held.subtract(removals.map(\.id))
                for removal in removals {
                    outcome.append(.state(id: removal.id, .cancelled, reason: removal.reason.description))
                    sink.record(.cancelled(id: removal.id, reason: removal.reason, at: now))
                }
            } catch {
                failures += removals.count
                sink.record(.failed(operation: "remove", id: nil, message: String(describing: error), at: now))
            }
        }
        for entry in additions {
            guard held.contains(entry.request.id) || held.count < limit else {
                failures += 1
                sink.record(
                    .failed(
                        operation: "add", id: entry.request.id,
                        message: "not added: the center holds \(held.count) of its \(limit) and the removals that would make room failed", at: now))
                continue
            }
            do {
                try await center.add(entry.request)
                held.insert(entry.request.id)
                outcome.append(.state(id: entry.request.id, .pending, reason: entry.reason))
                sink.record(.scheduled(entry.request, fireDate: entry.fireDate, at: now))
            } catch {
                failures += 1
                sink.record(.failed(operation: "add", id: entry.request.id, message: String(describing: error), at: now))
            }
        }
        try await commit(outcome, now: now)
        return failures
    }
}
