import Bugle
import Foundation

/// A simulated stretch of an app's life: a start, a device zone, rules and policies, and a
/// timeline of app events. Read from a YAML file by ``ScenarioParser``.
public struct Scenario: Sendable {
    /// Shown in reports: the file's `name`, else the file's name without its extension.
    public var name: String
    /// The file it was read from, for messages.
    public var file: String?
    /// When the simulation starts; local to `timeZone` unless written with an offset.
    public var start: WrittenDateTime
    /// The device's zone at the start.
    public var timeZone: TimeZone
    /// How many local days the run lasts: it ends at the start's local time that many days
    /// later (7 when a file does not say).
    public var days: Int
    /// The platform's pending limit, which the simulated center keeps, and the safety margin
    /// the planner leaves below it.
    public var budget: Budget
    /// What the simulated center drops past its pending limit.
    public var eviction: SimulatedCenter.Eviction
    /// Whether notifications are allowed at the start.
    public var authorization: AuthorizationStatus
    /// Seeded failures of the center's calls.
    public var faults: SimulatedCenter.Faults
    /// The rules the planner plans (from a file: a recipe's first, then the file's).
    public var rules: [any Rule]
    /// The policies the planner applies, in order (from a file: the file's, then a recipe's).
    public var policies: [any Policy]
    /// The app's state before the first event.
    public var state: AppState
    /// The timeline, in time order on the device's clock.
    public var events: [ScenarioEvent]
    /// How far ahead the planner looks.
    public var lookahead: TimeInterval
    /// The lookahead of a scenario that gives none and whose recipe needs no more: 400 days.
    public static let defaultLookahead: TimeInterval = 400 * 86_400
    /// The recipe the scenario runs, if any; its rules and policies are in `rules` and `policies`.
    public var recipe: (any ScenarioRecipe)?
    /// The simulated Android the scenario runs on (`platform: android`); `nil` for Apple's
    /// systems.
    public var android: AndroidProfile?
    /// The interval of the periodic background work (WorkManager) the app enqueues at its
    /// first launch, on Android; `nil` for none.
    public var periodicWork: TimeInterval?
    /// The user who taps notifications (`user:`); `nil`: only the timeline's events open any.
    public var user: SimulatedUser?
    /// Seeds the draws of the rules that learn their send time (`learningSeed:`, the
    /// scheduler's `learningSeed`); 0 by default.
    public var learningSeed: UInt64

    /// A scenario from its parts. The defaults are a scenario file's: iOS with the default
    /// safety margin, `keepLastAdded`, authorized, no faults, no policies, an empty state, a
    /// 400-day lookahead (or the recipe's ``ScenarioRecipe/lookahead(for:)`` when further), no
    /// recipe, no simulated user and a learning seed of 0.
    public init(
        name: String, file: String? = nil, start: WrittenDateTime, timeZone: TimeZone, days: Int,
        budget: Budget = Budget(), eviction: SimulatedCenter.Eviction = .keepLastAdded,
        authorization: AuthorizationStatus = .authorized, faults: SimulatedCenter.Faults = .none,
        rules: [any Rule], policies: [any Policy] = [], state: AppState = AppState(), events: [ScenarioEvent],
        lookahead: TimeInterval? = nil, recipe: (any ScenarioRecipe)? = nil, android: AndroidProfile? = nil,
        periodicWork: TimeInterval? = nil, user: SimulatedUser? = nil, learningSeed: UInt64 = 0
    ) {
        self.name = name
        self.file = file
        self.start = start
        self.timeZone = timeZone
        self.days = days
        self.budget = budget
        self.eviction = eviction
        self.authorization = authorization
        self.faults = faults
        self.rules = rules
        self.policies = policies
        self.state = state
        self.events = events
        self.lookahead = lookahead ?? ScenarioParser.recipeLookahead(recipe, budget: budget)
        self.recipe = recipe
        self.android = android
        self.periodicWork = periodicWork
        self.user = user
        self.learningSeed = learningSeed
    }
}

/// Something that happens at one moment of a scenario.
public struct ScenarioEvent: Sendable {
    /// What happens. An event may combine several; they apply in the order of this enum.
    public enum Action: Sendable {
        /// Android: the device restarts: every alarm is cleared, the app's process ends, and
        /// its `BOOT_COMPLETED` receiver refreshes (`boot`) once the app has been opened.
        case reboot
        /// The device moves to another zone.
        case timeZone(TimeZone)
        /// The user changes the clock by hand, to this moment.
        case clock(WrittenDateTime)
        /// The user grants or revokes permission in Settings.
        case authorization(AuthorizationStatus)
        /// The app's process ends (the user or the system kills it) and starts again: the
        /// scheduler is created afresh over the same store, with the state the app last set,
        /// and the next `open` is a launch.
        case relaunch
        /// App state changes (a `null` value removes the key).
        case set([String: JSONValue])
        /// The app adds a rule, or replaces the rule with its id (the user picked another
        /// time): `Scheduler/setRule(_:refresh:)`.
        case setRule(any Rule)
        /// The app removes the rule with this id: `Scheduler/removeRule(id:refresh:)`.
        case removeRule(String)
        /// The app marks one rule's local day done or skipped (`complete:`, `skip:`), or takes
        /// the mark back (`undo:`, when the kind is `nil`).
        case mark(OccurrenceMark.Kind?, rule: String, day: LocalDate)
        /// The app pauses rules for a range of local days, both included (`pause:`).
        case pause(RuleSelection, from: LocalDate, through: LocalDate)
        /// The app lifts pauses from a local day on (`resume:`).
        case resume(RuleSelection, from: LocalDate)
        /// The user taps the latest delivered notification of the rule with this id
        /// (`openNotification:`): the scheduler records the open, and the app opens.
        case openNotification(String)
        /// The user opens the app (launch, or back to the foreground).
        case open
        /// The app goes to the background.
        case background
        /// The system runs the app's background refresh task.
        case backgroundRefresh
        /// Android: the user allows (`true`) or denies exact alarms ("Alarms & reminders").
        case exactAlarms(Bool)
        /// Android: the user changes a channel in the system settings: turns it on or off, sets
        /// its importance.
        case channel(id: String, enabled: Bool?, importance: AndroidImportance?)
        /// Android: the app deletes a channel; it creates it again when its process next starts.
        case deleteChannel(String)
        /// Android: the notification permission changes.
        case permission(PermissionChange)
        /// Android: the device starts (`true`) or stops dozing.
        case doze(Bool)
        /// Android: the app enqueues its periodic work with this interval, replacing any
        /// (`nil` cancels it).
        case periodicWork(TimeInterval?)
        /// An event of the scenario's recipe.
        case recipe(RecipeEvent)
    }

    /// How Android's notification permission changes.
    public enum PermissionChange: Sendable, Hashable {
        /// The app asks for `POST_NOTIFICATIONS`; the user allows (`true`) or denies, if the
        /// dialog appears.
        case request(allow: Bool)
        /// The user grants (`true`) or revokes it in the app's settings.
        case settings(granted: Bool)
    }

    /// When; local to the device's zone at that point of the timeline unless written with an offset.
    public var at: WrittenDateTime
    /// What happens, applied in this order (a file's come in the order of
    /// ``ScenarioEvent/Action``'s cases).
    public var actions: [Action]
    /// The line in the scenario file, for messages.
    public var line: Int?

    /// An event at `at` doing `actions`; `line` is its line in the file, for messages.
    public init(at: WrittenDateTime, actions: [Action], line: Int? = nil) {
        self.at = at
        self.actions = actions
        self.line = line
    }
}
