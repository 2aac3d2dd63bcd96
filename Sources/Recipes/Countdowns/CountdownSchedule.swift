import Bugle
import Foundation

/// Where a countdown stands at a moment.
public enum CountdownStatus: Hashable, Sendable {
    /// The event counts down to this occurrence.
    case upcoming(Date)
    /// A one-time event whose moment has passed: shown as past, with no reminder.
    case past(Date)
}

extension Countdown {
    /// The event's occurrences: its `recurrence` on the recurrence engine, anchored at
    /// `originalDateAt` on the wall clock of the event's zone, counted in its ``calendar``
    /// (`RSCALE`). In the Gregorian calendar, with `SKIP=BACKWARD`, a month or year without
    /// the day clamps to its last day (Jan 31 → Feb 28 → Mar 31, Feb 29 → Feb 28); in the
    /// others the day and month move as ``CountdownCalendar`` says (Lunar New Year is
    /// `RSCALE=CHINESE;FREQ=YEARLY;SKIP=BACKWARD` from a 1st of the 1st month, a Hebrew
    /// birthday `RSCALE=HEBREW;FREQ=YEARLY;SKIP=FORWARD`). An event imported from a calendar
    /// follows its own rule, extra dates and exceptions instead (``iCalendarRecurrence``).
    /// `nil` for a one-time event.
    public var recurrenceSet: Recurrence? {
        let frequency: String
        switch recurrence {
        case .none: return nil
        case .daily: frequency = "DAILY"
        case .weekly: frequency = "WEEKLY"
        case .monthly: frequency = "MONTHLY"
        case .yearly: frequency = "YEARLY"
        }
        let zone = reminderPlan.timezone
        if let lines = iCalendarRecurrence {
            // Checked when the event was imported or decoded.
            return try? Self.recurrence(lines, anchor: originalDateAt, zone: zone)
        }
        let start = ZoneRules(timeZone: zone, around: originalDateAt).localDateTime(at: originalDateAt)
        // A rule of one frequency with a valid start cannot fail to parse or validate. Without
        // BYMONTH and BYMONTHDAY the month and day come from the start, read in the calendar:
        // a start in Adar I (5L) recurs in Adar I, in Adar where a year has none.
        let rule = try? RecurrenceRule(parsing: "FREQ=\(frequency);SKIP=\(calendar.skip.rawValue);RSCALE=\(calendar.scale.rawValue)")
        return try? Recurrence(start: start, rule: rule, timeZone: zone)
    }

    /// The occurrence the event counts down to at `now` for a user with `entitlements`:
    /// `date` for a one-time event while it is ahead; for a recurring one the first
    /// occurrence after `now`, reached in one step however many were missed. Without
    /// ``ProFeature/recurringCountdowns`` (a lapsed subscription) a recurring event stops
    /// repeating: it counts down to the occurrence it shows, `nextOccurrenceAt`, and no
    /// further. `nil` once the event has passed.
    ///
    /// - Complexity: O(1) periods of the rule, however long ago `originalDateAt` is.
    public func nextOccurrence(after now: Date, entitlements: Entitlements) -> Date? {
        guard recurrence.effective(for: entitlements) != .none, let recurrenceSet else {
            let target = recurrence == .none ? date : nextOccurrenceAt
            return target > now ? target : nil
        }
        return recurrenceSet.next(after: now, in: reminderPlan.timezone)?.date
    }

    /// Whether the event is still ahead at `now` for a user with `entitlements`, and when;
    /// past, the occurrence it last counted down to.
    public func status(at now: Date, entitlements: Entitlements) -> CountdownStatus {
        nextOccurrence(after: now, entitlements: entitlements).map(CountdownStatus.upcoming) ?? .past(recurrence == .none ? date : nextOccurrenceAt)
    }

    /// The event as the app stores it after `now`, built for a user with `entitlements`: a
    /// recurring event's `nextOccurrenceAt` moved to its first future occurrence
    /// (`originalDateAt` kept; not moved without Pro), and the reminders rebuilt for that
    /// occurrence only, from the preset the entitlements unlock
    /// (``ReminderPreset/effective(for:)``). A reminder that is kept (same id) keeps its
    /// `notificationId`; ``Countdowns/linkNotifications(pending:namespace:)`` after the
    /// refresh says whether it is still pending. The plan itself (preset, recurrence) is
    /// never changed, so it all comes back with Pro.
    public func rolledForward(at now: Date, entitlements: Entitlements) -> Countdown {
        var event = self
        if recurrence != .none, let next = nextOccurrence(after: now, entitlements: entitlements) { event.nextOccurrenceAt = next }
        let linked = Dictionary(reminders.map { ($0.id, $0.notificationId) }, uniquingKeysWith: { first, _ in first })
        let rebuilt = event.builtReminders(at: now, entitlements: entitlements, disabled: disabledOffsets)
        event.reminders = rebuilt.map { reminder in
            var stored = reminder.stored
            stored.notificationId = linked[reminder.id] ?? nil
            return stored
        }
        // A reminder the user turned off stays off for the occurrences to come, also once its
        // own time has passed or while the preset that has it is locked: it is kept, off,
        // while no rebuilt reminder carries its offset.
        let kept = Set(rebuilt.map(\.offset))
        for offset in ReminderOffset.allCases where disabledOffsets.contains(offset) && !kept.contains(offset) {
            if var stored = reminders.first(where: { !$0.enabled && ReminderOffset(label: $0.typeLabel) == offset }) {
                stored.notificationId = nil
                event.reminders.append(stored)
            }
        }
        return event
    }

    /// The offsets of the reminders the user turned off (``CountdownReminder/enabled``), read
    /// from their labels: a reminder's id changes with each occurrence, its label does not.
    public var disabledOffsets: Set<ReminderOffset> {
        Set(reminders.filter { !$0.enabled }.compactMap { ReminderOffset(label: $0.typeLabel) })
    }

    /// The reminders to schedule at `now` for the next occurrence, for a user with
    /// `entitlements`: the offsets of the preset they unlock whose time is still ahead (a
    /// "7 days before" that has passed is left out, never fired late) and that the user has
    /// not turned off; none when the plan is disabled or the event has passed.
    public func reminders(at now: Date, entitlements: Entitlements) -> [ScheduledReminder] {
        builtReminders(at: now, entitlements: entitlements, disabled: disabledOffsets).filter(\.enabled)
    }

    /// Every reminder of the next occurrence still ahead at `now`, those turned off included
    /// (with ``ScheduledReminder/enabled`` false), as the app stores them.
    private func builtReminders(at now: Date, entitlements: Entitlements, disabled: Set<ReminderOffset>) -> [ScheduledReminder] {
        guard reminderPlan.enabled, let occurrence = nextOccurrence(after: now, entitlements: entitlements) else { return [] }
        let millis = Int64((occurrence.timeIntervalSince1970 * 1_000).rounded())
        let recurrence = recurrence.effective(for: entitlements)
        return reminderPlan.preset.effective(for: entitlements).offsets.compactMap { offset in
            let fireAt = occurrence.addingTimeInterval(-offset.seconds)
            guard fireAt > now else { return nil }
            return ScheduledReminder(
                event: self, offset: offset, occurrence: occurrence, fireAt: fireAt, recurrence: recurrence,
                id: "\(id)_reminder_\(offset.rawValue)_\(millis)", enabled: !disabled.contains(offset))
        }
    }
}

/// One reminder of an event's next occurrence, ready to become a notification.
public struct ScheduledReminder: Hashable, Sendable {
    /// The event's id.
    public var eventId: String
    /// The event's name.
    public var eventName: String
    /// Which of the preset's reminders it is.
    public var offset: ReminderOffset
    /// The occurrence it announces.
    public var occurrence: Date
    /// When it fires, in `timeZone`.
    public var fireAt: Date
    /// The event's zone.
    public var timeZone: TimeZone
    /// `eventId_reminder_<offset>_<occurrence in ms>`: the same reminder keeps it across
    /// refreshes; another date or offset is another reminder.
    public var id: String
    /// Whether the user keeps it on; one turned off is stored, never scheduled.
    public var enabled: Bool
    /// How the event repeats for the user: `none` for a one-time event, and for a recurring
    /// one without Pro (it stops after this occurrence).
    public var recurrence: CountdownRecurrence

    init(event: Countdown, offset: ReminderOffset, occurrence: Date, fireAt: Date, recurrence: CountdownRecurrence, id: String, enabled: Bool) {
        eventId = event.id
        eventName = event.name
        self.offset = offset
        self.occurrence = occurrence
        self.fireAt = fireAt
        timeZone = event.reminderPlan.timezone
        self.id = id
        self.enabled = enabled
        self.recurrence = recurrence
    }

    /// "Event Name - 1 day before".
    public var title: String { "\(eventName) - \(offset.label)" }

    /// The seed's mark of a recurring event, "↻ Repeats monthly", the line under the title;
    /// `nil` when the event does not repeat for the user.
    public var subtitle: String? { recurrence.label.map { "\(CountdownRecurrence.indicator) \($0)" } }

    /// `"Event Name" 1 day before`.
    public var body: String { "\"\(eventName)\" \(offset.label.lowercased())" }

    /// What the notification shows (``title``, ``subtitle``, ``body``) and carries:
    /// `{eventId, reminderId, type: "reminder"}`.
    public var content: NotificationContent {
        NotificationContent(
            title: title, subtitle: subtitle, body: body, threadID: eventId,
            userInfo: ["eventId": .string(eventId), "reminderId": .string(id), "type": "reminder"])
    }

    /// The candidate of ``CountdownsRule``: a zoned instant in the event's zone.
    public var candidate: Candidate {
        Candidate(
            id: CountdownsRule.candidateID(forReminder: id), ruleID: CountdownsRule.ruleID,
            fireTime: .zoned(ZonedInstant(date: fireAt, timeZone: timeZone)), fireDate: fireAt, content: content)
    }

    /// The request the planner makes of ``candidate`` in `namespace`.
    public func request(in namespace: Namespace) -> NotificationRequest {
        let candidate = candidate
        return NotificationRequest(
            id: namespace.requestID(for: candidate.id), fireTime: candidate.fireTime, content: candidate.content,
            ruleID: candidate.ruleID, group: candidate.group, dedupeKey: candidate.dedupeKey)
    }

    /// The reminder as the app stores it inside its event.
    public var stored: CountdownReminder {
        CountdownReminder(id: id, eventId: eventId, fireAt: fireAt, typeLabel: offset.label, enabled: enabled)
    }
}

/// Where a tap on a reminder takes the user: a pure value the app's router switches over.
public enum CountdownRoute: Hashable, Sendable {
    /// The event's detail.
    case event(id: String)

    /// The route of a notification's payload; `nil` when it is not a countdown reminder.
    public init?(userInfo: [String: JSONValue]) {
        guard userInfo["type"] == "reminder", case .string(let id)? = userInfo["eventId"] else { return nil }
        self = .event(id: id)
    }
}
