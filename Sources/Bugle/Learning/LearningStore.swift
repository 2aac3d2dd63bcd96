import Foundation

/// Where a scheduler keeps what its rules learned (``SendTimeState`` by rule id) and when the
/// user opened each notification, so that learning survives a restart: `BugleStore` on disk in
/// an app, ``InMemoryLearningStore`` by default.
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
    /// what ends a run of ignored notifications for ``FatigueBackoff``.
    func recordEngagement(at date: Date) async throws
    /// When the user last opened the app, as recorded; `nil` when never (or forgotten with
    /// the opens before it).
    func lastEngagement() async throws -> Date?
    /// Everything learned, as JSON a person can read (``LearningExport``).
    func export() async throws -> Data
    /// Forgets everything learned: every rule starts again from its prior.
    func erase() async throws
}

/// What a learning store exports (``LearningStore/export()``): every rule's state and the
/// opens kept.
public struct LearningExport: Codable, Hashable, Sendable {
    /// What each rule learned, by rule id.
    public var states: [String: SendTimeState]
    /// When each notification was opened, by request id.
    public var opens: [String: Date]

    /// An export of `states` and `opens`.
    public init(states: [String: SendTimeState], opens: [String: Date]) {
        self.states = states
        self.opens = opens
    }

    /// As JSON a person can read: sorted keys, dates in ISO 8601.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}

/// A learning store that lives as long as the process: the scheduler's default. Use a durable
/// one (BugleStore) in an app, or learning starts again at each launch.
public actor InMemoryLearningStore: LearningStore {
    private var learned: [String: SendTimeState] = [:]
    private var opened: [String: Date] = [:]
    private var engaged: Date?

    /// An empty store.
    public init() {}

    public func states() -> [String: SendTimeState] { learned }
    public func save(_ state: SendTimeState, for ruleID: String) { learned[ruleID] = state }
    public func opens(since date: Date) -> [String: Date] { opened.filter { $0.value >= date } }
    public func recordOpen(id: String, at date: Date) { opened[id] = opened[id] ?? date }
    public func forgetOpens(before date: Date) {
        opened = opened.filter { $0.value >= date }
        if let engaged, engaged < date { self.engaged = nil }
    }
    public func recordEngagement(at date: Date) { engaged = max(engaged ?? date, date) }
    public func lastEngagement() -> Date? { engaged }
    public func export() throws -> Data { try LearningExport(states: learned, opens: opened).json() }

    public func erase() {
        learned = [:]
        opened = [:]
        engaged = nil
    }
}
