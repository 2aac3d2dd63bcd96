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
    /// `originalDateAt` on the wall clock of the event's zone, with `SKIP=BACKWARD` so a
    /// month or year without the day clamps to its last day (Jan 31 → Feb 28 → Mar 31,
    /// Feb 29 → Feb 28). `nil` for a one-time event.
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
        let start = ZoneRules(timeZone: zone, around: originalDateAt).localDateTime(at: originalDateAt)
        // A rule of one frequency with a valid start cannot fail to parse or validate.
        let rule = try? RecurrenceRule(parsing: "FREQ=\(frequency);SKIP=BACKWARD;RSCALE=GREGORIAN")
        return try? Recurrence(start: start, rule: rule, timeZone: zone)
    }

    /// The occurrence the event counts down to at `now`: `date` for a one-time event while
    /// it is ahead; for a recurring one the first occurrence after `now`, reached in one step
    /// however many were missed. `nil` once a one-time event has passed.
    ///
    /// - Complexity: O(1) periods of the rule, however long ago `originalDateAt` is.
    public func nextOccurrence(after now: Date) -> Date? {
        guard let recurrenceSet else { return date > now ? date : nil }
        return recurrenceSet.next(after: now, in: reminderPlan.timezone)?.date
    }

    /// Whether the event is still ahead at `now`, and when.
    public func status(at now: Date) -> CountdownStatus {
        nextOccurrence(after: now).map(CountdownStatus.upcoming) ?? .past(date)
    }

    /// The event as the app stores it after `now`: a recurring event's `nextOccurrenceAt`
    /// moved to its first future occurrence (`originalDateAt` kept), and the reminders
    /// rebuilt for that occurrence only. A reminder that is kept (same id) keeps its
    /// `notificationId`; ``Countdowns/linkNotifications(pending:namespace:)`` after the
    /// refresh says whether it is still pending.
    public func rolledForward(at now: Date) -> Countdown {
        var event = self
        if recurrence != .none, let next = nextOccurrence(after: now) { event.nextOccurrenceAt = next }
        let linked = Dictionary(reminders.map { ($0.id, $0.notificationId) }, uniquingKeysWith: { first, _ in first })
        event.reminders = reminders(at: now).map { reminder in
            var stored = reminder.stored
            stored.notificationId = linked[reminder.id] ?? nil
            return stored
        }
        return event
    }

    /// The reminders to schedule at `now` for the next occurrence: the preset's offsets whose
    /// time is still ahead (a "7 days before" that has passed is left out, never fired late),
    /// none when the plan is disabled or the event has passed.
    public func reminders(at now: Date) -> [ScheduledReminder] {
        guard reminderPlan.enabled, let occurrence = nextOccurrence(after: now) else { return [] }
        let millis = Int64((occurrence.timeIntervalSince1970 * 1_000).rounded())
        return reminderPlan.preset.offsets.compactMap { offset in
            let fireAt = occurrence.addingTimeInterval(-offset.seconds)
            guard fireAt > now else { return nil }
            return ScheduledReminder(event: self, offset: offset, occurrence: occurrence, fireAt: fireAt,
                                     id: "\(id)_reminder_\(offset.rawValue)_\(millis)")
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

    init(event: Countdown, offset: ReminderOffset, occurrence: Date, fireAt: Date, id: String) {
        eventId = event.id
        eventName = event.name
        self.offset = offset
        self.occurrence = occurrence
        self.fireAt = fireAt
        timeZone = event.reminderPlan.timezone
        self.id = id
    }

    /// "Event Name - 1 day before".
    public var title: String { "\(eventName) - \(offset.label)" }

    /// `"Event Name" 1 day before`.
    public var body: String { "\"\(eventName)\" \(offset.label.lowercased())" }

    /// What the notification shows and carries: `{eventId, reminderId, type: "reminder"}`.
    public var content: NotificationContent {
        NotificationContent(title: title, body: body, threadID: eventId,
                            userInfo: ["eventId": .string(eventId), "reminderId": .string(id), "type": "reminder"])
    }

    /// The candidate of ``CountdownsRule``: a zoned instant in the event's zone.
    public var candidate: Candidate {
        Candidate(id: CountdownsRule.candidateID(forReminder: id), ruleID: CountdownsRule.ruleID,
                  fireTime: .zoned(ZonedInstant(date: fireAt, timeZone: timeZone)), fireDate: fireAt, content: content)
    }

    /// The request the planner makes of ``candidate`` in `namespace`.
    public func request(in namespace: Namespace) -> NotificationRequest {
        let candidate = candidate
        return NotificationRequest(id: namespace.requestID(for: candidate.id), fireTime: candidate.fireTime, content: candidate.content,
                                   ruleID: candidate.ruleID, group: candidate.group, dedupeKey: candidate.dedupeKey)
    }

    /// The reminder as the app stores it inside its event.
    public var stored: CountdownReminder {
        CountdownReminder(id: id, eventId: eventId, fireAt: fireAt, typeLabel: offset.label)
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
