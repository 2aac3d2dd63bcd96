import Foundation

/// Where a scheduler keeps what its rules learned (``SendTimeState`` and ``CopyState`` by rule
/// id), when the user opened each notification and the app, and the occurrences planned under a
/// ``RandomizedHoldout``, so that learning survives a restart: `BugleStore` on disk in an app,
/// ``InMemoryLearningStore`` by default.
///
/// It holds only what the user did with the app's own notifications, on the device. An app
/// lets the user see it (``export()``) and erase it (``erase()``).
public protocol LearningStore: Sendable {
    /// What each rule learned, by rule id.
    func states() async throws -> [String: SendTimeState]
    /// Keeps `state` as what rule `ruleID` learned.
    func save(_ state: SendTimeState, for ruleID: String) async throws
    /// When each notification was opened, by request id, for those opened at or after `date`.
    func opens(since date: Date) async throws -> [String: Date]
    /// Records that the notification `id` was opened at `date`; a later open of the same one
    /// changes nothing (the first counts).
    func recordOpen(id: String, at date: Date) async throws
    /// Forgets the opens before `date`: counted already, or too old to count.
    func forgetOpens(before date: Date) async throws
    /// Records that the user opened the app at `date` (a launch, a return to the foreground):
    /// what ends a run of ignored notifications for ``FatigueBackoff``, and what a
    /// ``RandomizedHoldout`` counts as active.
    func recordEngagement(at date: Date) async throws
    /// When the user last opened the app, as recorded; `nil` when never (or forgotten with
    /// the opens before it).
    func lastEngagement() async throws -> Date?
    /// When the user opened the app, at or after `date`, oldest first (forgotten with the
    /// opens before them).
    func engagements(since date: Date) async throws -> [Date]
    /// What each rule with several texts learned of them, by rule id.
    func copyStates() async throws -> [String: CopyState]
    /// Keeps `state` as what rule `ruleID` learned of its texts.
    func saveCopy(_ state: CopyState, for ruleID: String) async throws
    /// The occurrences planned under a ``RandomizedHoldout``, sent or held out.
    func holdoutRecords() async throws -> [HoldoutRecord]
    /// The records a refresh may still change, oldest first: those not settled yet
    /// (``HoldoutRecord/active`` is `nil`) and those dated before `date`, which it forgets.
    /// A refresh reads these instead of every record, which ``HoldoutBook`` settles and forgets
    /// the same way. By default, ``holdoutRecords()`` filtered.
    func holdoutRecords(unsettledOrBefore date: Date) async throws -> [HoldoutRecord]
    /// Keeps `saving` (replacing records of the same occurrence) and forgets the records of
    /// the occurrences in `removing`.
    func updateHoldoutRecords(saving: [HoldoutRecord], removing: Set<String>) async throws
    /// Everything learned, as JSON a person can read (``LearningExport``).
    func export() async throws -> Data
    /// Forgets everything learned: every rule starts again from its prior.
    func erase() async throws
}

/// What a learning store exports (``LearningStore/export()``): everything it keeps.
public struct LearningExport: Codable, Hashable, Sendable {
    /// What each rule learned of its send time, by rule id.
    public var states: [String: SendTimeState]
    /// What each rule learned of its texts, by rule id.
    public var copy: [String: CopyState]
    /// When each notification was opened, by request id.
    public var opens: [String: Date]
    /// When the user opened the app.
    public var appOpens: [Date]
    /// The occurrences planned under a randomized holdout.
    public var holdout: [HoldoutRecord]

    /// An export of what a store keeps.
    public init(
        states: [String: SendTimeState], copy: [String: CopyState] = [:], opens: [String: Date], appOpens: [Date] = [], holdout: [HoldoutRecord] = []
    ) {
        self.states = states
        self.copy = copy
        self.opens = opens
        self.appOpens = appOpens
        self.holdout = holdout
    }

    /// As JSON a person can read: sorted keys, dates in ISO 8601.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}

extension LearningStore {
    /// ``holdoutRecords()``, filtered: the records not settled and those dated before `date`.
    public func holdoutRecords(unsettledOrBefore date: Date) async throws -> [HoldoutRecord] {
        try await holdoutRecords().filter { $0.mayChange(before: date) }
    }
}

/// A learning store that lives as long as the process: the scheduler's default. Use a durable
/// one (BugleStore) in an app, or learning starts again at each launch.
public actor InMemoryLearningStore: LearningStore {
    private var learned: [String: SendTimeState] = [:]
    private var copy: [String: CopyState] = [:]
    private var opened: [String: Date] = [:]
    /// The app's opens, oldest first.
    private var appOpens: [Date] = []
    private var holdout: [String: HoldoutRecord] = [:]

    /// An empty store.
    public init() {}

    public func states() -> [String: SendTimeState] { learned }
    public func save(_ state: SendTimeState, for ruleID: String) { learned[ruleID] = state }
    public func opens(since date: Date) -> [String: Date] { opened.filter { $0.value >= date } }
    public func recordOpen(id: String, at date: Date) { opened[id] = opened[id] ?? date }
    public func forgetOpens(before date: Date) {
        opened = opened.filter { $0.value >= date }
        appOpens.removeAll { $0 < date }
    }
    public func recordEngagement(at date: Date) {
        // In order: a date before the latest (a clock set back) goes where it belongs.
        let index = appOpens.lastIndex { $0 <= date }.map { $0 + 1 } ?? 0
        appOpens.insert(date, at: index)
    }
    public func lastEngagement() -> Date? { appOpens.last }
    public func engagements(since date: Date) -> [Date] { appOpens.filter { $0 >= date } }
    public func copyStates() -> [String: CopyState] { copy }
    public func saveCopy(_ state: CopyState, for ruleID: String) { copy[ruleID] = state }
    public func holdoutRecords() -> [HoldoutRecord] { HoldoutRecord.ordered(holdout.values) }
    public func holdoutRecords(unsettledOrBefore date: Date) -> [HoldoutRecord] {
        HoldoutRecord.ordered(holdout.values.lazy.filter { $0.mayChange(before: date) })
    }
    public func updateHoldoutRecords(saving: [HoldoutRecord], removing: Set<String>) {
        for id in removing { holdout[id] = nil }
        for record in saving { holdout[record.occurrence] = record }
    }
    public func export() throws -> Data {
        try LearningExport(states: learned, copy: copy, opens: opened, appOpens: appOpens, holdout: holdoutRecords()).json()
    }

    public func erase() {
        learned = [:]
        copy = [:]
        opened = [:]
        appOpens = []
        holdout = [:]
    }
}
