import Bugle
import Foundation

/// An app's notification logic that scenario files can run: `recipe: { name: streak-rescue, … }`.
///
/// A recipe adds rules and policies to the scenario's own, starts the app's state, and
/// handles the app events its scenarios use (`play`, `completePuzzle`, `leaveApp`). The
/// simulator knows no recipe by name: whoever reads a scenario passes the recipes it may
/// name to ``ScenarioParser/parse(_:file:recipes:ruleKinds:)`` (the `bugle` tool passes
/// the ones it ships, `RecipeCatalog.all` of the `RecipeScenarios` library). An app
/// defines its own in its test target and passes it the same way: see <doc:YourOwnRecipe>.
///
/// The scenario file is read first, whole: ``init(settings:setup:)`` reads the recipe's
/// mapping and ``parseEvent(key:value:)`` each of its events, so that every mistake is
/// reported with its line before anything runs. During the run, ``handle(_:context:)`` acts
/// on the recipe's events and ``respond(to:context:)`` on the timeline's lifecycle events
/// (`open`, `background`, …).
public protocol ScenarioRecipe: Sendable {
    /// The name scenario files use.
    static var name: String { get }
    /// Keys the recipe reads from its `recipe:` mapping, besides `name`.
    static var settingKeys: [String] { get }
    /// Event keys the recipe handles.
    static var eventKeys: [String] { get }

    /// Reads the recipe's settings; throw `settings.value.error(…)` for a bad one.
    init(settings: ScenarioObject, setup: ScenarioSetup) throws

    /// Rules added to the scenario's.
    var rules: [any Rule] { get }
    /// Policies applied after the scenario's.
    var policies: [any Policy] { get }
    /// The app's state before the first event (the scenario's `state` is laid over it).
    var initialState: AppState { get }

    /// Checks one recipe event's value when the file is read, so that mistakes surface
    /// with their line before anything runs; returns the value to hand to ``handle(_:context:)``.
    func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue

    /// Acts on an event during the run: changes the app's state, calls
    /// ``RecipeContext/refresh(_:)`` as the app would, notes what the user saw.
    func handle(_ event: RecipeEvent, context: RecipeContext) async throws

    /// Answers a lifecycle signal of the timeline (the app opened or went to the background,
    /// the clock, the permission or the state changed): what the app does then. The default
    /// refreshes with `reason`; a recipe overrides it to run the app's own logic first (check
    /// the clock, roll the day over) and to decide whether to refresh at all.
    func respond(to reason: RefreshReason, context: RecipeContext) async throws

    /// The channels the app creates on Android, when the recipe owns them; `nil` (the
    /// default) leaves them to the scenario's `channels:`. A `platform: android` scenario of a
    /// recipe that owns its channels refuses `channels:`.
    var androidChannels: [SimulatedChannel]? { get }

    /// How far ahead the planner must look for the recipe's plan with `budget`, when that is
    /// further than the scenario's default of 400 days (Facts a Day's 450 daily facts on
    /// Android need 452); `nil` (the default) for the default. A scenario's own `lookahead:`
    /// wins, even a shorter one.
    func lookahead(for budget: Budget) -> TimeInterval?
}

extension ScenarioRecipe {
    public var policies: [any Policy] { [] }
    public var initialState: AppState { AppState() }

    public func respond(to reason: RefreshReason, context: RecipeContext) async throws {
        try await context.refresh(reason)
    }

    /// None: the scenario's `channels:` (or one default channel) on Android.
    public var androidChannels: [SimulatedChannel]? { nil }

    /// None: the scenario's default lookahead (400 days).
    public func lookahead(for budget: Budget) -> TimeInterval? { nil }
}

/// What a recipe or a rule kind knows of the scenario when it reads its settings.
public struct ScenarioSetup: Sendable {
    /// The scenario's `start`.
    public var start: WrittenDateTime
    /// The scenario's `timeZone`: the device's zone at the start.
    public var timeZone: TimeZone
    /// The scenario file, for messages.
    public var file: String?
    /// The device's Android profile in a `platform: android` scenario (its `channels` as the
    /// scenario gives them); `nil` on Apple's systems.
    public var android: AndroidProfile?

    /// A scenario's setup: it starts at `start` in `timeZone`, on Android with `android`;
    /// `file` is `nil` in code.
    public init(start: WrittenDateTime, timeZone: TimeZone, file: String? = nil, android: AndroidProfile? = nil) {
        self.start = start
        self.timeZone = timeZone
        self.file = file
        self.android = android
    }
}

/// One recipe event of the timeline.
public struct RecipeEvent: Sendable, Hashable {
    /// The event's key in the file (`play`).
    public var key: String
    /// What ``ScenarioRecipe/parseEvent(key:value:)`` returned for its value.
    public var value: JSONValue

    /// The event `key` with `value`, as ``ScenarioRecipe/parseEvent(key:value:)`` returned it.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A kind of rule an app defines, which a scenario's `rules:` names with `kind:`:
///
/// ```yaml
/// rules:
///   - { id: wind-down, kind: bedtime, wake: "07:00", sleep: 8h }
/// ```
///
/// The entry's `id` and `kind` are read by the parser; ``keys`` are the others it takes, and
/// any other key is refused with its line. Pass the kinds a scenario may name to
/// ``ScenarioParser/parse(_:file:recipes:ruleKinds:)``.
public protocol ScenarioRuleKind {
    /// The name `kind:` takes.
    static var name: String { get }
    /// The keys an entry of this kind takes besides `id` and `kind`.
    static var keys: [String] { get }
    /// The rule an entry describes, with the entry's `id`; throw `entry.value.error(…)` (or
    /// the error of the value at fault) for a bad entry.
    static func rule(id: String, entry: ScenarioObject, setup: ScenarioSetup) throws -> any Rule
}

/// What a recipe can do while handling an event: read the time, change the app's state,
/// refresh as the app would, and note what the user saw.
public struct RecipeContext: Sendable {
    let simulation: Simulation
    /// The moment of the event on the device's clock (after a `clock:` action, the new time).
    public let now: Date

    /// The device's zone now.
    public var timeZone: TimeZone { simulation.device.timeZone }
    /// The device's zone rules now.
    public var zone: ZoneRules { ZoneRules(timeZone: simulation.device.timeZone, around: now) }
    /// The scheduler of the run.
    public var scheduler: Scheduler { simulation.scheduler }
    /// The simulated center.
    public var center: SimulatedCenter { simulation.center }
    /// Whether the app has been opened yet.
    public var launched: Bool { simulation.isLaunched }
    /// The device's monotonic clock, which counts sleep and ignores clock changes (see
    /// ``SimulatedDevice/uptime``).
    public var uptime: TimeInterval { simulation.device.uptime }

    /// The app's state snapshot now.
    public func state() async -> AppState { await simulation.scheduler.state }

    /// Changes one value of the app's state (`nil` removes it).
    public func set(_ key: String, _ value: JSONValue?) async { await simulation.scheduler.update(key, to: value) }

    /// Marks the app as running (the user opened it); the first time is its launch.
    /// Returns the refresh reason for it: `launch` the first time, else `foreground`.
    /// On Android the open does what the scenario's `open` does once the event is handled:
    /// the device leaves Doze, the app's process starts (it creates its channels), and the
    /// first open enqueues the periodic work and lets the app receive broadcasts.
    public func markOpened() -> RefreshReason { simulation.markOpened() }

    /// Plans, reconciles and applies, as the app would now; recorded in the result.
    @discardableResult
    public func refresh(_ reason: RefreshReason) async throws -> RefreshResult {
        try await simulation.refresh(reason)
    }

    /// Adds a line to the timeline: what the user saw or what the app logged.
    public func note(_ text: String) { simulation.note(text, at: now) }

    /// Adds a line to the timeline at another moment: what a timer of the app did (an
    /// explanation shown two seconds after a result) or what happened while the app was
    /// away (a notification shown in the foreground).
    public func note(_ text: String, at date: Date) { simulation.note(text, at: date) }

    /// The value the app stored under `key` in its own storage (UserDefaults, AsyncStorage)
    /// during this run, if any.
    public func stored<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        guard let data = simulation.storage[key] else { return nil }
        return try JSONDecoder().decode(type, from: data)
    }

    /// Stores `value` under `key` in the app's own storage for the rest of the run.
    public func store<Value: Encodable>(_ value: Value, forKey key: String) throws {
        simulation.storage[key] = try JSONEncoder().encode(value)
    }
}
