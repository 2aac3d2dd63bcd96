import Bugle
import BugleSimulator
import BugleStore
import Foundation
import RecipeScenarios

/// A promise a world broke.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// Which promise:
    /// - `twice`: an occurrence (rule and occurrence key) was delivered twice.
    /// - `quietHours`: a delivery inside `suppress` quiet hours, or a loud one inside `quiet`.
    /// - `cap`: more deliveries on one local day than a cap allows, in total or for a group.
    /// - `limit`: the center had to evict (the plan outgrew the pending limit), or a plan
    ///   held more than the budget's capacity.
    /// - `pending`: after a refresh without failures, the center's pending list differs from
    ///   the plan.
    /// - `disabled`: a rule or reminder turned off (or an event deleted) delivered after a
    ///   refresh without failures had seen it off.
    /// - `window`: a rule that learns its send time delivered outside its window, other than
    ///   where quiet hours that defer moved it (their end, or where a daylight-saving gap moves it).
    /// - `spacing`: a learning rule's delivery came closer to the one before it than a
    ///   minimum spacing allows.
    /// - `fatigue`: a rule a fatigue back-off paused delivered again (a second last notice
    ///   included) before the user opened the app or a notification.
    /// - `determinism`: the same world gave different results on two runs.
    /// - `error`: the world could not be read or the run threw.
    public var invariant: String
    /// What happened, with the ids and times involved.
    public var message: String

    public var description: String { "\(invariant): \(message)" }
}

/// What the checks can change, to show that they catch a bug planted on purpose.
public struct WorldOptions: Sendable, Hashable {
    /// How long the scheduler remembers delivered occurrences (`Scheduler/occurrenceWindow`);
    /// `0` forgets them at once: the identity check planted out.
    public var occurrenceWindow: TimeInterval?

    /// Whether each rule that learns its send time learns over the whole day instead of its
    /// window, with no prior, while the checks read the window it was given: the window check
    /// planted out.
    public var widenLearnedWindows: Bool

    /// Options for the checks; a `nil` window leaves the scheduler's own.
    public init(occurrenceWindow: TimeInterval? = nil, widenLearnedWindows: Bool = false) {
        self.occurrenceWindow = occurrenceWindow
        self.widenLearnedWindows = widenLearnedWindows
    }
}

/// One run of a world: what broke, and a digest of what the user saw.
public struct WorldOutcome: Sendable {
    /// The promises the run broke, in the order found; empty when it kept them all.
    public var violations: [Violation]
    /// Deliveries and refreshes, one per line: equal for equal runs.
    public var digest: String
    /// How many notifications were delivered (0 when the world did not read).
    public var deliveries: Int
    /// How many refreshes the app made.
    public var refreshes: Int
}

/// Runs random worlds and checks, after every step, the promises a user relies on.
public enum WorldCheck {
    /// Runs `world` twice (the second time from scratch) and checks every invariant, the
    /// same result twice included.
    public static func check(_ world: World, options: WorldOptions = WorldOptions()) async -> WorldOutcome {
        var first = await run(world, options: options)
        guard !first.violations.contains(where: { $0.invariant == "error" }) else { return first }
        let second = await run(world, options: options)
        if second.digest != first.digest {
            let firstLines = first.digest.split(separator: "\n", omittingEmptySubsequences: false)
            let secondLines = second.digest.split(separator: "\n", omittingEmptySubsequences: false)
            let index = zip(firstLines, secondLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(firstLines.count, secondLines.count)
            let a = index < firstLines.count ? String(firstLines[index]) : "(nothing)"
            let b = index < secondLines.count ? String(secondLines[index]) : "(nothing)"
            first.violations.append(
                Violation(invariant: "determinism", message: "two runs differ at line \(index + 1) of what the user saw: \"\(a)\" then \"\(b)\""))
        }
        return first
    }

    /// Checks the worlds of `seeds` with `jobs` of them running at once; the outcomes come
    /// in the order of the seeds, the same whatever `jobs` is.
    public static func check(seeds: [UInt64], jobs: Int, options: WorldOptions = WorldOptions()) async -> [WorldOutcome] {
        var outcomes = [WorldOutcome?](repeating: nil, count: seeds.count)
        await withTaskGroup(of: (Int, WorldOutcome).self) { group in
            var next = 0
            func start() {
                let index = next
                next += 1
                group.addTask { (index, await check(World(seed: seeds[index]), options: options)) }
            }
            while next < min(max(1, jobs), seeds.count) { start() }
            while let (index, outcome) = await group.next() {
                outcomes[index] = outcome
                if next < seeds.count { start() }
            }
        }
        return outcomes.compactMap { $0 }
    }

    /// Runs `world` once, checking after every event and every refresh.
    public static func run(_ world: World, options: WorldOptions = WorldOptions()) async -> WorldOutcome {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(world.yaml, file: "world-\(world.seed).yaml", recipes: RecipeCatalog.all)
        } catch {
            return WorldOutcome(
                violations: [Violation(invariant: "error", message: "the world does not read: \(error)")], digest: "", deliveries: 0, refreshes: 0)
        }
        return await run(scenario, store: world.store, options: options)
    }

    /// Runs `scenario` (a world's, or any scenario file's) once, checking after every event
    /// and every refresh; with `store`, the journal is a BugleStore file that each
    /// `relaunch` closes and opens again.
    public static func run(_ scenario: Scenario, store: Bool, options: WorldOptions = WorldOptions()) async -> WorldOutcome {
        var folder: URL?
        defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
        let observer = Observer(scenario: scenario, options: options)
        do {
            var journal: any SchedulerJournal = InMemoryJournal()
            var reopen: (@Sendable (any SchedulerJournal) async throws -> any SchedulerJournal)?
            if store {
                let made = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-world-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
                folder = made
                let file = made.appendingPathComponent("store.sqlite")
                journal = try BugleDatabase.open(at: file)
                // A relaunch opens the file again, as the new process would.
                reopen = { _ in try BugleDatabase.open(at: file) }
            }
            let simulation = try await Simulation(scenario: scenario, journal: journal, reopenJournal: reopen)
            await observer.configure(simulation)
            simulation.observer = observer
            let end = ScenarioRunner(scenario: scenario).endDate()
            try await simulation.play(until: end)
            await observer.finish(simulation)
        } catch {
            observer.violations.append(Violation(invariant: "error", message: "the run stopped: \(error)"))
        }
        return WorldOutcome(
            violations: observer.violations, digest: observer.digest.joined(separator: "\n"),
            deliveries: observer.deliveriesSeen, refreshes: observer.refreshCount)
    }

    /// The smallest world found, by leaving out events, rules and policies, that still
    /// breaks `invariant`; at most `attempts` runs.
    public static func shrink(_ world: World, invariant: String, options: WorldOptions = WorldOptions(), attempts: Int = 400) async -> World {
        var best = world
        var runs = 0
        func breaks(_ candidate: World) async -> Bool {
            runs += 1
            let outcome = invariant == "determinism" ? await check(candidate, options: options) : await run(candidate, options: options)
            return outcome.violations.contains { $0.invariant == invariant }
        }
        var progress = true
        while progress, runs < attempts {
            progress = false
            // Events: halves first, then smaller runs, down to one at a time. The first
            // event (the app's first open) stays.
            var chunk = max(1, best.events.count / 2)
            while chunk >= 1, runs < attempts {
                var start = 1
                while start < best.events.count, runs < attempts {
                    var candidate = best
                    candidate.events.removeSubrange(start..<min(best.events.count, start + chunk))
                    if await breaks(candidate) {
                        best = candidate
                        progress = true
                    } else {
                        start += chunk
                    }
                }
                chunk /= 2
            }
            for index in stride(from: best.rules.count - 1, through: 0, by: -1) where runs < attempts && best.rules.count > 1 {
                var candidate = best
                candidate.rules.remove(at: index)
                if await breaks(candidate) {
                    best = candidate
                    progress = true
                }
            }
            for index in stride(from: best.policies.count - 1, through: 0, by: -1) where runs < attempts {
                var candidate = best
                candidate.policies.remove(at: index)
                if await breaks(candidate) {
                    best = candidate
                    progress = true
                }
            }
        }
        return best
    }
}

extension Scheduler {
    func setOccurrenceWindow(_ window: TimeInterval) { occurrenceWindow = window }
}

/// Watches one run. A simulation runs one step at a time, so no two calls overlap.
private final class Observer: SimulationObserver, @unchecked Sendable {
    let scenario: Scenario
    let options: WorldOptions
    var violations: [Violation] = []
    var digest: [String] = []
    var refreshCount = 0
    var deliveriesSeen = 0

    /// Each refresh: how many deliveries had been made by then, the device's zone,
    /// whether every center call succeeded, and whether the user had opened the app (a launch
    /// or a foreground refresh: what ends a run of ignored notifications).
    private var refreshes: [(deliveries: Int, zone: String, clean: Bool, engaged: Bool)] = []
    /// Whether the latest refresh made while the current event was applied had no failures
    /// (an event can refresh twice: for a clock change, then for the app's own change); reset
    /// before each event is applied.
    private var cleanRefreshInEvent = false
    /// Identities delivered, with the delivery's index.
    private var delivered: [String: Int] = [:]
    /// Things turned off (a rule's `on_` key, a countdown's reminder or the whole event):
    /// waiting for a refresh without failures, or off since the delivery index given.
    private var turningOff: Set<String> = []
    /// The countdowns added so far, by id.
    private var countdowns: [String] = []
    private var off: [String: Int] = [:]
    /// Android: channels turned off, since the delivery index given.
    private var channelOff: [String: Int] = [:]
    /// The scheduler the options were last applied to (a relaunch makes a new one).
    private var configured: ObjectIdentifier?

    init(scenario: Scenario, options: WorldOptions) {
        self.scenario = scenario
        self.options = options
    }

    /// Applies the options to the simulation's scheduler, once per scheduler.
    func configure(_ simulation: Simulation) async {
        let scheduler = simulation.scheduler
        guard configured != ObjectIdentifier(scheduler) else { return }
        configured = ObjectIdentifier(scheduler)
        if let window = options.occurrenceWindow { await scheduler.setOccurrenceWindow(window) }
        guard options.widenLearnedWindows else { return }
        for case var rule as ScheduledRule in await scheduler.rules {
            guard let timing = rule.learning else { continue }
            rule.learning = try? LearnedTiming(
                windowStart: .midnight, windowEnd: "23:45", configured: timing.configured, priorWeight: 0)
            _ = try? await scheduler.setRule(rule, refresh: false)
        }
    }

    func simulation(_ simulation: Simulation, didRefresh result: RefreshResult) async {
        await configure(simulation)
        refreshCount += 1
        let deliveries = await simulation.center.deliveries
        await checkDeliveries(deliveries)
        let clean = result.failures == 0
        refreshes.append((deliveries.count, simulation.device.timeZone.identifier, clean, result.reason == .launch || result.reason == .foreground))
        digest.append(
            "refresh \(result.reason.rawValue) at \(Int(simulation.device.now.timeIntervalSince1970)): \(result.plan.entries.count) planned, +\(result.changes.additions.count) -\(result.changes.removals.count), \(result.failures) failed"
        )
        cleanRefreshInEvent = clean
        if clean {
            for key in turningOff { off[key] = deliveries.count }
            turningOff = []
            let namespace = simulation.scheduler.planner.namespace
            let pending = (try? await simulation.center.pendingRequests()) ?? []
            // The same request: its id, trigger and content (the fingerprint); which occurrence
            // it is named is bookkeeping that reconcile leaves alone.
            // On Android an inexact alarm whose time has passed may still be on its way: the
            // refresh leaves it, though the plan no longer has it.
            let centerLatitude = await simulation.center.deliveryLatitude()
            let latitude = result.plan.report.mayArriveLate.first?.latitude.upTo ?? centerLatitude?.upTo ?? 0
            let now = simulation.device.now
            let zone = ZoneRules(timeZone: simulation.device.timeZone, around: now)
            let ours = Set(
                pending.filter {
                    guard namespace.owns($0.id) else { return false }
                    let fire = $0.fireTime.resolve(in: zone)
                    return !(latitude > 0 && fire <= now && fire > now.addingTimeInterval(-latitude))
                }.map { "\($0.id) \($0.fingerprintHex)" })
            let planned = Set(result.plan.entries.map { "\($0.request.id) \($0.request.fingerprintHex)" })
            if ours != planned {
                let extra = ours.subtracting(planned).sorted().prefix(3)
                let missing = planned.subtracting(ours).sorted().prefix(3)
                violations.append(
                    Violation(
                        invariant: "pending",
                        message:
                            "after the \(result.reason.rawValue) refresh at \(stamp(simulation.device.now)) the center holds \(ours.count) of Bugle's requests and the plan \(planned.count); pending only: \(extra.joined(separator: ", ")); planned only: \(missing.joined(separator: ", "))"
                    ))
            }
        }
        let capacity = scenario.budget.capacity()
        if result.plan.entries.count > capacity {
            violations.append(
                Violation(
                    invariant: "limit",
                    message:
                        "the \(result.reason.rawValue) refresh at \(stamp(simulation.device.now)) planned \(result.plan.entries.count) requests for a capacity of \(capacity)"
                ))
        }
        let evicted = await simulation.center.evicted
        if let first = evicted.first {
            violations.append(
                Violation(
                    invariant: "limit",
                    message: "the center evicted \(first.id): the plan outgrew the pending limit of \(scenario.budget.platform.pendingLimit)"))
        }
    }

    /// A refresh before the event (the user opening a notification, background work) is not
    /// the event's: a switch the event turns off is off from the event's own clean refresh, or
    /// from the next one.
    func simulation(_ simulation: Simulation, willPlay event: ScenarioEvent, index: Int) async {
        cleanRefreshInEvent = false
    }

    func simulation(_ simulation: Simulation, didPlay event: ScenarioEvent, index: Int) async {
        await configure(simulation)
        var newlyOff: [String] = []
        var backOn: [String] = []
        /// A switch the event sets: anything but `false` turns it (back) on.
        func turn(_ key: String, _ value: JSONValue?) {
            if value == .bool(false) { newlyOff.append(key) } else { backOn.append(key) }
        }
        for action in event.actions {
            switch action {
            case .set(let values):
                // A rule's switch: a key the world starts with (`on_r1: true`) and its `when` reads.
                for (key, value) in values where key.hasPrefix("on_") && scenario.state[key] != nil {
                    turn(key, value)
                }
            case .recipe(let recipeEvent) where recipeEvent.key == "setReminder":
                guard case .object(let fields) = recipeEvent.value, case .string(let event)? = fields["event"],
                    case .string(let label)? = fields["reminder"], let offset = Self.offsets[label]
                else { continue }
                let key = "\(event)_reminder_\(offset)_"
                turn(key, fields["enabled"])
            case .recipe(let recipeEvent) where recipeEvent.key == "addEvent":
                if case .object(let fields) = recipeEvent.value, case .string(let id)? = fields["id"] { countdowns.append(id) }
            case .recipe(let recipeEvent) where recipeEvent.key == "deleteEvent":
                if case .string(let id) = recipeEvent.value { newlyOff.append("\(id)_reminder_") }
            case .recipe(let recipeEvent) where recipeEvent.key == "setRemindersEnabled":
                guard case .object(let fields) = recipeEvent.value, case .string(let event)? = fields["event"] else { continue }
                turn("\(event)_reminder_", fields["enabled"])
            case .recipe(let recipeEvent) where recipeEvent.key == "clearAllReminders" || recipeEvent.key == "deleteAllEvents":
                // Every countdown so far; one added later has its reminders on.
                newlyOff += countdowns.map { "\($0)_reminder_" }
            case .recipe(let recipeEvent) where recipeEvent.key == "downgrade":
                // Without Pro only the reminder at the start remains.
                newlyOff += ["7d", "1d", "1h"].map { "_reminder_\($0)_" }
            case .recipe(let recipeEvent) where recipeEvent.key == "upgrade":
                backOn += ["7d", "1d", "1h"].map { "_reminder_\($0)_" }
            case .recipe(let recipeEvent) where recipeEvent.key == "toggleMode":
                // Activity windows: a mode is a rule of its own.
                guard case .object(let modes) = recipeEvent.value else { continue }
                for (mode, on) in modes { turn("rule:\(mode)", on) }
            case .recipe(let recipeEvent) where recipeEvent.key == "masterSwitch":
                turn("all", recipeEvent.value)
            case .recipe(let recipeEvent) where recipeEvent.key == "toggle":
                // Study reminders: each setting turns one rule on or off.
                guard case .object(let fields) = recipeEvent.value, case .string(let setting)? = fields["setting"],
                    let rule = Self.studyRules[setting]
                else { continue }
                turn("rule:\(rule)", fields["on"])
            case .channel(let id, let enabled, let importance):
                // Android: a channel the user turns off shows nothing from now on.
                let isOff = enabled == false || importance == AndroidImportance.none
                let isOn = enabled == true || (importance != nil && importance != AndroidImportance.none)
                if isOff { channelOff["channel:\(id)"] = await simulation.center.deliveries.count } else if isOn { channelOff["channel:\(id)"] = nil }
            default: break
            }
        }
        let deliveries = await simulation.center.deliveries
        await checkDeliveries(deliveries)
        for key in backOn {
            turningOff.remove(key)
            off[key] = nil
        }
        for key in newlyOff where off[key] == nil {
            // Its refresh came with the event: off from here. Otherwise from the next clean one.
            if cleanRefreshInEvent { off[key] = deliveries.count } else { turningOff.insert(key) }
        }
    }

    private static let studyRules = ["studyReminders": "study", "difficultCardReminders": "difficult-cards"]

    private static let offsets = ["7 days before": "7d", "1 day before": "1d", "1 hour before": "1h", "At start": "0"]

    func finish(_ simulation: Simulation) async {
        let deliveries = await simulation.center.deliveries
        await checkDeliveries(deliveries)
        checkPolicies(deliveries)
        checkLearning(deliveries)
        checkFatigue(deliveries)
        for delivery in deliveries {
            let notification = delivery.notification
            digest.append(
                "delivered \(notification.id) at \(Int(notification.date.timeIntervalSince1970)) in \(delivery.timeZone.identifier): \(notification.content.title) | \(notification.content.body) | \(notification.content.interruptionLevel.rawValue)"
            )
        }
        digest.append("pending at the end: \(await simulation.center.pendingCount), missed \(await simulation.center.missed.count)")
        if scenario.android != nil {
            let peak = await simulation.center.peakPending
            if peak > AndroidProfile.alarmLimit {
                violations.append(Violation(invariant: "limit", message: "\(peak) alarms were set at once, more than Android's \(AndroidProfile.alarmLimit)"))
            }
            if let refused = await simulation.center.systemEvents.first(where: { $0.text.hasPrefix("alarm refused") }) {
                violations.append(Violation(invariant: "limit", message: "\(stamp(refused.at)): \(refused.text)"))
            }
        }
    }

    /// Twice and disabled: every delivery not yet looked at.
    private func checkDeliveries(_ deliveries: [SimulatedCenter.Delivery]) async {
        guard deliveriesSeen < deliveries.count else { return }
        for index in deliveriesSeen..<deliveries.count {
            let notification = deliveries[index].notification
            if let rule = notification.ruleID {
                let identity = "\(rule) / \(notification.occurrence ?? notification.id)"
                if let earlier = delivered[identity] {
                    let first = deliveries[earlier].notification
                    violations.append(
                        Violation(
                            invariant: "twice",
                            message: "\(identity) delivered at \(stamp(first.date)) (\(first.id)) and again at \(stamp(notification.date)) (\(notification.id))"
                        ))
                } else {
                    delivered[identity] = index
                }
            }
            if let android = scenario.android {
                for (key, since) in channelOff where index >= since && "channel:\(android.channelID(forRule: notification.ruleID) ?? "")" == key {
                    violations.append(
                        Violation(invariant: "channel", message: "\(notification.id) shown at \(stamp(notification.date)) on \(key), which the user turned off")
                    )
                }
                if deliveries[index].android?.importance == AndroidImportance.none {
                    violations.append(Violation(invariant: "channel", message: "\(notification.id) shown on a channel that is off"))
                }
            }
            for (key, since) in off where index >= since && Self.matches(notification, key) {
                violations.append(
                    Violation(
                        invariant: "disabled",
                        message:
                            "\(notification.id) delivered at \(stamp(notification.date)) although \(key.hasPrefix("on_") ? "\(key) was false" : "\(key) was turned off or deleted")"
                    ))
            }
        }
        deliveriesSeen = deliveries.count
    }

    /// Whether `notification` is what `key` turned off: a rule (`on_<rule>` in the state,
    /// `rule:<rule>` in a recipe's settings), everything (`all`), a countdown's reminder
    /// (`<event>_reminder_<offset>_`) or all of an event's (`<event>_reminder_`).
    private static func matches(_ notification: DeliveredNotification, _ key: String) -> Bool {
        if key == "all" { return notification.ruleID != nil }
        if key.hasPrefix("on_") { return notification.ruleID == String(key.dropFirst(3)) }
        if key.hasPrefix("rule:") { return notification.ruleID == String(key.dropFirst(5)) }
        guard let range = notification.id.range(of: key) else { return false }
        if key.hasPrefix("_") { return true }
        // The event's id whole: `e1_reminder_` is not inside `e11_reminder_`.
        guard range.lowerBound != notification.id.startIndex else { return true }
        let before = notification.id[notification.id.index(before: range.lowerBound)]
        return !(before.isLetter || before.isNumber || before == "_")
    }

    /// Quiet hours and caps, for the deliveries the planner could answer for: those whose
    /// latest refresh before them had no failures and was made in the zone they were shown
    /// in (a flight with no refresh since moves zoned requests to hours it never planned).
    private func checkPolicies(_ deliveries: [SimulatedCenter.Delivery]) {
        let quietHours = scenario.policies.compactMap { $0 as? QuietHours }
        let caps = scenario.policies.compactMap { $0 as? Caps }
        var refreshIndex = -1
        for (index, delivery) in deliveries.enumerated() {
            refreshIndex = refresh(before: index, from: refreshIndex)
            guard refreshIndex >= 0, refreshes[refreshIndex].clean, refreshes[refreshIndex].zone == delivery.timeZone.identifier else { continue }
            let notification = delivery.notification
            let zone = ZoneRules(timeZone: delivery.timeZone, around: notification.date)
            let local = zone.localDateTime(at: notification.date)
            for policy in quietHours where policy.contains(local.time) {
                var mode = policy.mode
                if let group = notification.group, let override = policy.overrides[group] {
                    guard case .mode(let groupMode) = override else { continue }
                    mode = groupMode
                }
                if mode == .suppress {
                    violations.append(
                        Violation(
                            invariant: "quietHours",
                            message:
                                "\(notification.id) delivered at \(local) in \(delivery.timeZone.identifier), inside quiet hours \(policy.start)–\(policy.end) (suppress)"
                        ))
                } else if mode == .quiet, notification.content.interruptionLevel != .passive {
                    violations.append(
                        Violation(
                            invariant: "quietHours",
                            message:
                                "\(notification.id) delivered \(notification.content.interruptionLevel.rawValue) at \(local) in \(delivery.timeZone.identifier), inside quiet hours \(policy.start)–\(policy.end) (quiet)"
                        ))
                }
            }
            let sameDay = deliveries[...index].filter { zone.localDateTime(at: $0.notification.date).date == local.date }
            for cap in caps {
                if let perDay = cap.perDay, sameDay.count > perDay {
                    violations.append(
                        Violation(
                            invariant: "cap",
                            message:
                                "\(notification.id) is delivery \(sameDay.count) on \(local.date) in \(delivery.timeZone.identifier), cap \(perDay) a day: \(sameDay.map(\.notification.id).joined(separator: ", "))"
                        ))
                }
                if let group = notification.group, let limit = cap.perGroupPerDay[group] {
                    let inGroup = sameDay.filter { $0.notification.group == group }
                    if inGroup.count > limit {
                        violations.append(
                            Violation(
                                invariant: "cap",
                                message:
                                    "\(notification.id) is delivery \(inGroup.count) of group \(group) on \(local.date) in \(delivery.timeZone.identifier), cap \(limit): \(inGroup.map(\.notification.id).joined(separator: ", "))"
                            ))
                    }
                }
            }
        }
    }

    /// The index of the latest refresh before the delivery at `index` (−1 for none), from the one
    /// before it, `previous`.
    private func refresh(before index: Int, from previous: Int) -> Int {
        var latest = previous
        while latest + 1 < refreshes.count, refreshes[latest + 1].deliveries <= index { latest += 1 }
        return latest
    }

    /// Window and spacing, for the deliveries of rules that learn their send time that the
    /// planner could answer for (as ``checkPolicies(_:)`` takes them): learning chooses a time
    /// within what its window and the policies allow, never around them.
    private func checkLearning(_ deliveries: [SimulatedCenter.Delivery]) {
        let timings = Dictionary(
            scenario.rules.compactMap { rule in (rule as? ScheduledRule)?.learning.map { (rule.id, $0) } }, uniquingKeysWith: { first, _ in first })
        guard !timings.isEmpty else { return }
        let quietHours = scenario.policies.compactMap { $0 as? QuietHours }
        let spacing = scenario.policies.compactMap { $0 as? MinimumSpacing }.map(\.interval).max()
        var refreshIndex = -1
        for (index, delivery) in deliveries.enumerated() {
            refreshIndex = refresh(before: index, from: refreshIndex)
            let notification = delivery.notification
            guard let timing = timings[notification.ruleID ?? ""], refreshIndex >= 0, refreshes[refreshIndex].clean,
                refreshes[refreshIndex].zone == delivery.timeZone.identifier
            else { continue }
            let zone = ZoneRules(timeZone: delivery.timeZone, around: notification.date)
            let local = zone.localDateTime(at: notification.date)
            // Deferred to the end of quiet hours: that wall-clock time, or where a daylight-saving
            // gap moves it.
            let deferredTo = quietHours.contains { policy in
                var mode = policy.mode
                if let group = notification.group, case .mode(let groupMode)? = policy.overrides[group] { mode = groupMode }
                return mode == .defer && zone.date(for: LocalDateTime(date: local.date, time: policy.end)) == notification.date
            }
            if timing.slot(of: local.time) == nil, !deferredTo {
                violations.append(
                    Violation(
                        invariant: "window",
                        message:
                            "\(notification.id) delivered at \(local) in \(delivery.timeZone.identifier), outside its learned window \(timing.windowStart)–\(timing.windowEnd)"
                    ))
            }
            if let spacing, index > 0 {
                let previous = deliveries[index - 1].notification
                if notification.date.timeIntervalSince(previous.date) < spacing {
                    violations.append(
                        Violation(
                            invariant: "spacing",
                            message:
                                "\(notification.id) delivered at \(stamp(notification.date)), \(Int(notification.date.timeIntervalSince(previous.date))) s after \(previous.id); the minimum spacing is \(Int(spacing)) s"
                        ))
                }
            }
        }
    }

    /// A rule a fatigue back-off paused (its last notice delivered after a refresh without
    /// failures) delivers nothing more until the user opens the app, for the deliveries the
    /// planner could answer for.
    private func checkFatigue(_ deliveries: [SimulatedCenter.Delivery]) {
        let backoffs = scenario.policies.compactMap { $0 as? FatigueBackoff }
        guard !backoffs.isEmpty else { return }
        /// The rules paused, with their notice's id.
        var paused: [String: String] = [:]
        var refreshIndex = -1
        for (index, delivery) in deliveries.enumerated() {
            let previous = refreshIndex
            refreshIndex = refresh(before: index, from: refreshIndex)
            if refreshIndex > previous, refreshes[(previous + 1)...refreshIndex].contains(where: \.engaged) { paused = [:] }
            let notification = delivery.notification
            guard let rule = notification.ruleID, let backoff = backoffs.first(where: { $0.covers(rule) }) else { continue }
            if let notice = paused[rule], refreshIndex >= 0, refreshes[refreshIndex].clean {
                violations.append(
                    Violation(
                        invariant: "fatigue",
                        message:
                            "\(notification.id) delivered at \(stamp(notification.date)) after the last notice \(notice) paused \(rule), and the user had not opened the app since"
                    ))
            }
            // A notice counts as a pause only when the refresh before it had no failures: after a
            // failed one, the center may still hold a notice the scheduler had already taken
            // back (the user came back before it was shown; world 7226).
            if notification.content == backoff.lastNotice(in: scenario.state), refreshIndex < 0 || refreshes[refreshIndex].clean {
                paused[rule] = notification.id
            }
        }
    }

    private func stamp(_ date: Date) -> String { WorldBuilder.utc(date) }
}
