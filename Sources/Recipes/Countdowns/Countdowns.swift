import Bugle
import Foundation

/// The countdown app's events and entitlements, and the edits the app allows.
///
/// A value: every edit checks the user's entitlements and either applies or throws a
/// ``CountdownError`` (a free user picking a Pro preset gets ``CountdownError/Kind/needsPro(_:)``
/// with ``ProFeature/advancedReminders``, the paywall's signal; nothing is downgraded
/// silently). After an edit the app stores ``state()`` in the scheduler and refreshes;
/// ``CountdownsRule`` turns it into reminders.
///
/// ```swift
/// var app = Countdowns(events: try CountdownImport.events(from: stored), entitlements: .free)
/// try app.setPreset(.intense, for: "e1")   // throws needsPro(advanced_reminders)
/// await scheduler.setState(try app.state())
/// try await scheduler.refresh(reason: .dataChanged)
/// ```
public struct Countdowns: Hashable, Sendable {
    /// The key of the events in the scheduler's app state.
    public static let stateKey = "countdowns"

    /// The events, in the app's order.
    public private(set) var events: [Countdown]
    /// What the user's subscription unlocks.
    public var entitlements: Entitlements

    /// The app with `events` (imported as they are: a stored event is never refused).
    public init(events: [Countdown] = [], entitlements: Entitlements = .free) {
        self.events = events
        self.entitlements = entitlements
    }

    /// The event with `id`.
    public subscript(id: String) -> Countdown? { events.first { $0.id == id } }

    /// Adds `event` after checking it against the entitlements.
    public mutating func add(_ event: Countdown) throws(CountdownError) {
        try check(event, replacing: nil)
        events.append(event)
    }

    /// Changes the event with `id`; only what the change touches is checked, so an event
    /// kept from a Pro period can still be renamed.
    public mutating func edit(_ id: String, _ change: (inout Countdown) -> Void) throws(CountdownError) {
        guard let index = events.firstIndex(where: { $0.id == id }) else { throw CountdownError(.unknownEvent(id)) }
        var event = events[index]
        change(&event)
        try check(event, replacing: events[index])
        events[index] = event
    }

    /// Picks a reminder preset for the event with `id`.
    public mutating func setPreset(_ preset: ReminderPreset, for id: String) throws(CountdownError) {
        try edit(id) { $0.reminderPlan.preset = preset }
    }

    /// Sets the event's notes, within the user's limit.
    public mutating func setNotes(_ notes: String, for id: String) throws(CountdownError) {
        try edit(id) { $0.notes = notes }
    }

    /// Deletes the event with `id`; its reminders become orphans at the next refresh.
    public mutating func delete(_ id: String) throws(CountdownError) {
        guard let index = events.firstIndex(where: { $0.id == id }) else { throw CountdownError(.unknownEvent(id)) }
        events.remove(at: index)
    }

    /// Rolls every recurring event forward to its first occurrence after `now` and rebuilds
    /// every event's reminders, as the app does on launch, resume and on opening a screen.
    /// Returns the ids of the events whose occurrence moved.
    @discardableResult
    public mutating func rollForward(at now: Date) -> [String] {
        var moved: [String] = []
        for index in events.indices {
            let rolled = events[index].rolledForward(at: now)
            if rolled.nextOccurrenceAt != events[index].nextOccurrenceAt { moved.append(rolled.id) }
            events[index] = rolled
        }
        return moved
    }

    /// The events as the scheduler's app state: the app's stored JSON under ``stateKey``.
    public func state() throws -> AppState {
        let value = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(events))
        return AppState([Self.stateKey: value])
    }

    /// The events stored in `state` under ``stateKey``; none when the key is absent.
    public static func events(in state: AppState) throws -> [Countdown] {
        guard let value = state[stateKey] else { return [] }
        return try JSONDecoder().decode([Countdown].self, from: JSONEncoder().encode(value))
    }

    /// Refuses what the entitlements do not unlock, looking only at what changed from `old`.
    private func check(_ event: Countdown, replacing old: Countdown?) throws(CountdownError) {
        if event.reminderPlan.preset != old?.reminderPlan.preset, let feature = event.reminderPlan.preset.requiredFeature,
           !entitlements.hasFeature(feature) {
            throw CountdownError(.needsPro(feature))
        }
        if event.recurrence != old?.recurrence, event.recurrence != .none, !entitlements.hasFeature(.recurringCountdowns) {
            throw CountdownError(.needsPro(.recurringCountdowns))
        }
        let length = event.notes.count
        if event.notes != old?.notes, length > entitlements.notesLimit {
            throw CountdownError(.notesTooLong(length: length, limit: entitlements.notesLimit))
        }
    }
}
