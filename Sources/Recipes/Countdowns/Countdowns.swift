import Bugle
import Foundation

/// The countdown app's events and entitlements, and the edits the app allows.
///
/// A value: every edit checks the user's entitlements and either applies or throws a
/// ``CountdownError`` (a free user picking a Pro preset gets ``CountdownError/Kind/needsPro(_:)``
/// with ``ProFeature/advancedReminders``, the paywall's signal; an edit is never downgraded
/// silently). The entitlements are checked again at every build (``rollForward(at:)``) and
/// every sync (``CountdownsRule`` reads them from ``state()``): when Pro lapses, an event's
/// Pro preset gives the free reminder only and a recurring event stops repeating, while
/// what the user chose is kept for when Pro comes back. After an edit the app stores
/// ``state()`` in the scheduler and refreshes; ``CountdownsRule`` turns it into reminders.
/// Then ``linkNotifications(to:)`` writes each reminder's `notificationId` back, and the
/// app saves the events when it changed any.
///
/// ```swift
/// var app = Countdowns(events: try CountdownImport.events(from: stored), entitlements: .free)
/// try app.setPreset(.intense, for: "e1")   // throws needsPro(advanced_reminders)
/// await scheduler.setState(try app.state())
/// try await scheduler.refresh(reason: .dataChanged)
/// if try await !app.linkNotifications(to: scheduler).isEmpty { try save(JSONEncoder().encode(app.events)) }
/// ```
public struct Countdowns: Hashable, Sendable {
    /// The key of the events in the scheduler's app state.
    public static let stateKey = "countdowns"
    /// The key of the entitlements in the scheduler's app state.
    public static let entitlementsKey = "countdowns.entitlements"

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

    /// Adds `event` after checking it against the entitlements; its id must be new.
    public mutating func add(_ event: Countdown) throws(CountdownError) {
        guard self[event.id] == nil else { throw CountdownError(.idInUse(event.id)) }
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

    /// Turns one of the event's reminders on or off, by its offset: off, it is never
    /// scheduled, for this occurrence and the ones after, until it is turned on again.
    public mutating func setReminder(_ offset: ReminderOffset, enabled: Bool, for id: String) throws(CountdownError) {
        try edit(id) { event in
            var found = false
            for index in event.reminders.indices where ReminderOffset(label: event.reminders[index].typeLabel) == offset {
                event.reminders[index].enabled = enabled
                found = true
            }
            guard !found, !enabled else { return }
            // Not built yet (or already passed): kept, off, so that the choice is stored.
            event.reminders.append(
                CountdownReminder(
                    id: "\(event.id)_reminder_\(offset.rawValue)", eventId: event.id,
                    fireAt: event.nextOccurrenceAt.addingTimeInterval(-offset.seconds),
                    typeLabel: offset.label, enabled: false))
        }
    }

    /// Turns all of the event's reminders off or on (its `reminderPlan.enabled`), keeping its
    /// preset and each reminder's own switch: off, none is scheduled and the next refresh
    /// cancels those pending (the seed's `cancelEventReminders`); on, they come back.
    public mutating func setRemindersEnabled(_ enabled: Bool, for id: String) throws(CountdownError) {
        try edit(id) { $0.reminderPlan.enabled = enabled }
    }

    /// Clears every event's reminders: each event's reminders are turned off as by
    /// ``setRemindersEnabled(_:for:)``, so the next refresh cancels every pending one. The
    /// events, their presets and notes stay; an event added later has its reminders on.
    /// Returns the ids of the events whose reminders were on.
    @discardableResult
    public mutating func clearAllReminders() -> [String] {
        let cleared = events.filter(\.reminderPlan.enabled).map(\.id)
        for index in events.indices { events[index].reminderPlan.enabled = false }
        return cleared
    }

    /// Sets the event's notes, within the user's limit (``Entitlements/notesLimit``).
    /// Notes already over it (kept from a Pro period, or from an app version that allowed
    /// more) are never cut: they may be edited as long as they do not grow.
    public mutating func setNotes(_ notes: String, for id: String) throws(CountdownError) {
        try edit(id) { $0.notes = notes }
    }

    /// Deletes the event with `id`; the next refresh cancels every request it owns.
    public mutating func delete(_ id: String) throws(CountdownError) {
        guard let index = events.firstIndex(where: { $0.id == id }) else { throw CountdownError(.unknownEvent(id)) }
        events.remove(at: index)
    }

    /// Deletes every event; the next refresh cancels every request they own, and leaves
    /// the rest of the app's requests alone. Returns the ids of the deleted events.
    @discardableResult
    public mutating func deleteAllEvents() -> [String] {
        let deleted = events.map(\.id)
        events.removeAll()
        return deleted
    }

    /// Rolls every recurring event forward to its first occurrence after `now` and rebuilds
    /// every event's reminders for the user's entitlements, as the app does on launch,
    /// resume and on opening a screen (``Countdown/rolledForward(at:entitlements:)``).
    /// Returns the ids of the events whose occurrence moved.
    @discardableResult
    public mutating func rollForward(at now: Date) -> [String] {
        var moved: [String] = []
        for index in events.indices {
            let rolled = events[index].rolledForward(at: now, entitlements: entitlements)
            if rolled.nextOccurrenceAt != events[index].nextOccurrenceAt { moved.append(rolled.id) }
            events[index] = rolled
        }
        return moved
    }

    /// Links every stored reminder to the notification that carries it, as the app stores
    /// it: `notificationId` becomes the id of the request in `pending` made for the
    /// reminder, or `nil` when none is pending (the reminder has passed, its event is
    /// disabled or was moved, the budget left it out, notifications are off). Returns the
    /// ids of the reminders whose `notificationId` changed, in the events' order: when it
    /// is empty there is nothing to save.
    ///
    /// Call it after `Scheduler/refresh(reason:)` with the center's pending
    /// requests: the refresh keeps the center equal to the plan, and request ids are
    /// deterministic from the reminder (``CountdownReminder/requestID(in:)``), so the center
    /// is the truth even where a call failed. Pure: other requests in `pending` are ignored.
    ///
    /// ```swift
    /// try await scheduler.refresh(reason: .dataChanged)
    /// let pending = try await scheduler.center.pendingRequests()
    /// if !app.linkNotifications(pending: pending, namespace: scheduler.planner.namespace).isEmpty {
    ///     try save(JSONEncoder().encode(app.events))
    /// }
    /// ```
    ///
    /// - Complexity: O(*p* + *r*) for *p* pending requests and *r* stored reminders.
    @discardableResult
    public mutating func linkNotifications(pending: [NotificationRequest], namespace: Namespace = Namespace()) -> [String] {
        let pendingIDs = Set(pending.map(\.id))
        var changed: [String] = []
        for event in events.indices {
            for index in events[event].reminders.indices {
                let requestID = events[event].reminders[index].requestID(in: namespace)
                let linked = pendingIDs.contains(requestID) ? requestID : nil
                guard events[event].reminders[index].notificationId != linked else { continue }
                events[event].reminders[index].notificationId = linked
                changed.append(events[event].reminders[index].id)
            }
        }
        return changed
    }

    /// ``linkNotifications(pending:namespace:)`` with `scheduler`'s pending requests and
    /// namespace: the step after each refresh.
    @discardableResult
    public mutating func linkNotifications(to scheduler: Scheduler) async throws -> [String] {
        linkNotifications(pending: try await scheduler.center.pendingRequests(), namespace: scheduler.planner.namespace)
    }

    /// The events and entitlements as the scheduler's app state: the app's stored JSON
    /// under ``stateKey``, and `{ "isPro": … }` under ``entitlementsKey``.
    public func state() throws -> AppState {
        let value = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(events))
        return AppState([Self.stateKey: value, Self.entitlementsKey: .object(["isPro": .bool(entitlements.isPro)])])
    }

    /// The events stored in `state` under ``stateKey``; none when the key is absent.
    public static func events(in state: AppState) throws -> [Countdown] {
        guard let value = state[stateKey] else { return [] }
        return try JSONDecoder().decode([Countdown].self, from: JSONEncoder().encode(value))
    }

    /// The entitlements stored in `state` under ``entitlementsKey``; free unless it says
    /// `isPro: true`, so that nothing Pro is scheduled without the word of a subscription.
    public static func entitlements(in state: AppState) -> Entitlements {
        guard case .object(let fields)? = state[entitlementsKey], fields["isPro"] == .bool(true) else { return .free }
        return .pro
    }

    /// Refuses what the entitlements do not unlock, looking only at what changed from `old`:
    /// a Pro preset newly picked, a recurrence newly set, notes over the limit that grew.
    private func check(_ event: Countdown, replacing old: Countdown?) throws(CountdownError) {
        if event.reminderPlan.preset != old?.reminderPlan.preset, let feature = event.reminderPlan.preset.requiredFeature,
            !entitlements.hasFeature(feature)
        {
            throw CountdownError(.needsPro(feature))
        }
        if event.recurrence != old?.recurrence, event.recurrence != .none, !entitlements.hasFeature(.recurringCountdowns) {
            throw CountdownError(.needsPro(.recurringCountdowns))
        }
        let length = event.notes.count
        if event.notes != old?.notes, length > entitlements.notesLimit, length > (old?.notes.count ?? 0) {
            throw CountdownError(.notesTooLong(length: length, limit: entitlements.notesLimit))
        }
    }
}
