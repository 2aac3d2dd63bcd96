import Bugle
import Foundation

/// One countdown of the app: a named moment the user waits for, with its reminders.
///
/// Codable in the shape the app stores under `"countdowns"` (ISO 8601 strings for dates), so
/// an existing app's array imports as is (see ``CountdownImport``):
///
/// ```json
/// { "id": "e1", "name": "Rent", "icon": "🏠", "date": "2026-01-31T14:00:00.000Z",
///   "createdAt": "2026-01-02T10:00:00.000Z", "notes": "",
///   "reminderPlan": { "preset": "simple", "enabled": true, "timezone": "America/New_York" },
///   "reminders": [], "recurrence": "monthly",
///   "nextOccurrenceAt": "2026-01-31T14:00:00.000Z", "originalDateAt": "2026-01-31T14:00:00.000Z" }
/// ```
///
/// Missing optional fields read as the app's defensive defaults: no notes, no reminders, no
/// recurrence, the Gregorian calendar, and `date` for both `nextOccurrenceAt` and
/// `originalDateAt`. A countdown that repeats in another calendar adds
/// `"calendar": "chinese"` (or `"korean"`, `"hebrew"`; see ``CountdownCalendar``).
public struct Countdown: Hashable, Sendable, Codable, Identifiable {
    /// The event's unique identifier (a GUID in the app).
    public var id: String
    /// The event's name, shown in every reminder.
    public var name: String
    /// An emoji.
    public var icon: String
    /// The original event date and time.
    public var date: Date
    /// When the user created the event.
    public var createdAt: Date
    /// Free text; its length is limited by ``Entitlements/notesLimit`` when it is edited.
    public var notes: String
    /// Which reminders the event has, and the zone its times are read in.
    public var reminderPlan: ReminderPlan
    /// The reminders built for the next occurrence, as the app stores them.
    public var reminders: [CountdownReminder]
    /// How the event repeats.
    public var recurrence: CountdownRecurrence
    /// The occurrence the event counts down to: `date` for a one-time event, the first
    /// future occurrence for a recurring one once rolled forward.
    public var nextOccurrenceAt: Date
    /// The anchor every occurrence is computed from, kept when the event rolls forward.
    public var originalDateAt: Date
    /// The event's own recurrence, when it came from a calendar
    /// (``CountdownImport/event(fromICalendar:id:createdAt:timeZone:allDayTime:icon:)``):
    /// `RRULE`, `RDATE` and `EXDATE` lines read against `originalDateAt` on the wall clock of
    /// the event's zone, such as `"RRULE:FREQ=YEARLY\nEXDATE;VALUE=DATE:20270415"`. When set
    /// and ``recurrence`` is not `none`, the occurrences follow it instead of ``recurrence``'s
    /// frequency (which still gives the label, "Repeats yearly", and the Pro gate). `nil` for
    /// the events the app makes; stored under `"iCalendarRecurrence"` only when set.
    public var iCalendarRecurrence: String?
    /// The calendar the event repeats in: ``CountdownCalendar/gregorian`` unless the user picks
    /// another, such as ``CountdownCalendar/chinese`` for Lunar New Year (yearly from a day
    /// that is the 1st of the 1st Chinese month) or ``CountdownCalendar/hebrew`` for a Hebrew
    /// birthday. A yearly event then comes back on the same day of the same month of that
    /// calendar, a monthly one on the same day of each of its months, read from
    /// `originalDateAt` on the wall clock of the event's zone; a day a year lacks (a leap
    /// month, a 30th) moves as ``CountdownCalendar`` says. Daily and weekly events repeat
    /// alike in every calendar, and a one-time event is not changed by it. An event imported
    /// with ``iCalendarRecurrence`` follows its own rule, whose `RSCALE` gives this property.
    /// Stored under `"calendar"` only when it is not Gregorian, so the app's older files, which
    /// do not have it, read as Gregorian.
    public var calendar: CountdownCalendar

    /// An event; `nextOccurrenceAt` and `originalDateAt` start at `date`.
    public init(
        id: String, name: String, icon: String = "📅", date: Date, createdAt: Date, notes: String = "",
        reminderPlan: ReminderPlan, reminders: [CountdownReminder] = [], recurrence: CountdownRecurrence = .none,
        calendar: CountdownCalendar = .gregorian
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.date = date
        self.createdAt = createdAt
        self.notes = notes
        self.reminderPlan = reminderPlan
        self.reminders = reminders
        self.recurrence = recurrence
        self.nextOccurrenceAt = date
        self.originalDateAt = date
        self.calendar = calendar
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, icon, date, createdAt, notes, reminderPlan, reminders, recurrence, nextOccurrenceAt, originalDateAt, iCalendarRecurrence, calendar
    }

    /// Reads the app's stored shape; a bad field throws a `DecodingError` whose coding path
    /// names it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        icon = try container.decodeIfPresent(String.self, forKey: .icon) ?? ""
        date = try ISODate.decode(container, .date)
        createdAt = try ISODate.decodeIfPresent(container, .createdAt) ?? date
        notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
        reminderPlan = try container.decode(ReminderPlan.self, forKey: .reminderPlan)
        reminders = try container.decodeIfPresent([CountdownReminder].self, forKey: .reminders) ?? []
        recurrence = try container.decodeIfPresent(CountdownRecurrence.self, forKey: .recurrence) ?? .none
        nextOccurrenceAt = try ISODate.decodeIfPresent(container, .nextOccurrenceAt) ?? date
        originalDateAt = try ISODate.decodeIfPresent(container, .originalDateAt) ?? date
        iCalendarRecurrence = try container.decodeIfPresent(String.self, forKey: .iCalendarRecurrence)
        calendar = try container.decodeIfPresent(CountdownCalendar.self, forKey: .calendar) ?? .gregorian
        if let lines = iCalendarRecurrence {
            do throws(ICalendarError) {
                _ = try Self.recurrence(lines, anchor: originalDateAt, zone: reminderPlan.timezone)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .iCalendarRecurrence, in: container, debugDescription: "\(error)")
            }
        }
    }

    /// Writes the app's stored shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(icon, forKey: .icon)
        try container.encode(ISODate.string(date), forKey: .date)
        try container.encode(ISODate.string(createdAt), forKey: .createdAt)
        try container.encode(notes, forKey: .notes)
        try container.encode(reminderPlan, forKey: .reminderPlan)
        try container.encode(reminders, forKey: .reminders)
        try container.encode(recurrence, forKey: .recurrence)
        try container.encode(ISODate.string(nextOccurrenceAt), forKey: .nextOccurrenceAt)
        try container.encode(ISODate.string(originalDateAt), forKey: .originalDateAt)
        try container.encodeIfPresent(iCalendarRecurrence, forKey: .iCalendarRecurrence)
        if calendar != .gregorian { try container.encode(calendar, forKey: .calendar) }
    }

    /// `lines` (``iCalendarRecurrence``) read from `anchor` on the wall clock of `zone`.
    static func recurrence(_ lines: String, anchor: Date, zone: TimeZone) throws(ICalendarError) -> Recurrence {
        let start = ZoneRules(timeZone: zone, around: anchor).localDateTime(at: anchor)
        return try Recurrence(iCalendar: lines, start: .zoned(start, zone))
    }
}

/// Which reminders an event has and the zone its times are read in.
public struct ReminderPlan: Hashable, Sendable, Codable {
    /// The set of offsets.
    public var preset: ReminderPreset
    /// Off means no reminder, whatever the preset.
    public var enabled: Bool
    /// The event's own zone: its wall-clock time and its recurrence are read there.
    public var timezone: TimeZone

    /// A plan with `preset`, read in `timezone`.
    public init(preset: ReminderPreset, enabled: Bool = true, timezone: TimeZone) {
        self.preset = preset
        self.enabled = enabled
        self.timezone = timezone
    }

    /// The plan of a new event whose user picks none (the seed's
    /// `createDefaultReminderPlan()`): the ``ReminderPreset/simple`` preset, a reminder at
    /// the start, which every user has; on; read in `timeZone`, the device's zone when the
    /// event is created.
    public static func defaultPlan(in timeZone: TimeZone) -> ReminderPlan {
        ReminderPlan(preset: .simple, enabled: true, timezone: timeZone)
    }

    private enum CodingKeys: String, CodingKey { case preset, enabled, timezone }

    /// Reads `{ preset, enabled, timezone }`; `timezone` is an IANA name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        preset = try container.decode(ReminderPreset.self, forKey: .preset)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        let name = try container.decode(String.self, forKey: .timezone)
        guard let zone = TimeZone(identifier: name) else {
            throw DecodingError.dataCorruptedError(forKey: .timezone, in: container, debugDescription: "unknown time zone \"\(name)\"")
        }
        timezone = zone
    }

    /// Writes `{ preset, enabled, timezone }`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(preset, forKey: .preset)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(timezone.identifier, forKey: .timezone)
    }
}

/// How an event repeats; it rolls forward to its next occurrence, never duplicates.
public enum CountdownRecurrence: String, Hashable, Sendable, Codable, CaseIterable {
    /// A one-time event.
    case none
    /// Every day at the same wall-clock time in the event's zone.
    case daily
    /// Every week on the same weekday.
    case weekly
    /// Every month on the same day, or the month's last day when it is shorter.
    case monthly
    /// Every year on the same date; February 29 is on February 28 in other years.
    case yearly

    /// The seed's mark of a recurring event, shown before its ``label``.
    public static let indicator = "↻"

    /// The seed's "Repeats {type}" line of a recurring event: "Repeats daily", "Repeats
    /// weekly", "Repeats monthly", "Repeats yearly"; `nil` for a one-time event.
    public var label: String? { self == .none ? nil : "Repeats \(rawValue)" }

    /// How the event repeats for a user with `entitlements`: recurrence needs
    /// ``ProFeature/recurringCountdowns``, so without it every event is one-time.
    public func effective(for entitlements: Entitlements) -> CountdownRecurrence {
        self == .none || entitlements.hasFeature(.recurringCountdowns) ? self : .none
    }
}

/// A reminder as the app stores it inside its event.
public struct CountdownReminder: Hashable, Sendable, Codable {
    /// `eventId_reminder_<offset>_<occurrence in ms>`: stable for one occurrence and offset.
    public var id: String
    /// The event it belongs to.
    public var eventId: String
    /// When it fires.
    public var fireAt: Date
    /// "1 day before", "At start".
    public var typeLabel: String
    /// Whether it is active.
    public var enabled: Bool
    /// The id of the pending notification request that carries it; `nil` when none does
    /// (not scheduled yet, passed, disabled, or left out by the budget). Set by
    /// ``Countdowns/linkNotifications(pending:namespace:)`` after a refresh.
    public var notificationId: String?

    /// A reminder; see the properties.
    public init(id: String, eventId: String, fireAt: Date, typeLabel: String, enabled: Bool = true, notificationId: String? = nil) {
        self.id = id
        self.eventId = eventId
        self.fireAt = fireAt
        self.typeLabel = typeLabel
        self.enabled = enabled
        self.notificationId = notificationId
    }

    private enum CodingKeys: String, CodingKey { case id, eventId, fireAtISO, typeLabel, enabled, notificationId }

    /// The id of the request Bugle makes for this reminder in `namespace`: deterministic
    /// from ``id``, the same as ``ScheduledReminder/request(in:)``'s.
    public func requestID(in namespace: Namespace = Namespace()) -> String {
        namespace.requestID(for: CountdownsRule.candidateID(forReminder: id))
    }

    /// Reads `{ id, eventId, fireAtISO, typeLabel, enabled, notificationId }`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        eventId = try container.decode(String.self, forKey: .eventId)
        fireAt = try ISODate.decode(container, .fireAtISO)
        typeLabel = try container.decodeIfPresent(String.self, forKey: .typeLabel) ?? ""
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        notificationId = try container.decodeIfPresent(String.self, forKey: .notificationId)
    }

    /// Writes the stored shape, `notificationId` as `null` when unset.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(eventId, forKey: .eventId)
        try container.encode(ISODate.string(fireAt), forKey: .fireAtISO)
        try container.encode(typeLabel, forKey: .typeLabel)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(notificationId, forKey: .notificationId)
    }
}

/// The app's ISO 8601 strings: JavaScript's `toISOString()` (`2026-01-31T14:00:00.000Z`),
/// read with or without fractional seconds and with any offset.
enum ISODate {
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let whole = Date.ISO8601FormatStyle()

    static func parse(_ text: String) -> Date? {
        (try? fractional.parse(text)) ?? (try? whole.parse(text)) ?? TimeParsing.instant(text)
    }

    static func string(_ date: Date) -> String { fractional.format(date) }

    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let date = parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "expected an ISO 8601 date-time, found \"\(text)\"")
        }
        return date
    }

    static func decodeIfPresent<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Date? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try decode(container, key)
    }
}

extension ReminderPreset {
    /// Reads the preset's name; another name is an error that lists the valid ones.
    public init(from decoder: any Decoder) throws { self = try decodeChoice(decoder) }
}

extension CountdownRecurrence {
    /// Reads the recurrence's name; another name is an error that lists the valid ones.
    public init(from decoder: any Decoder) throws { self = try decodeChoice(decoder) }
}

extension CountdownCalendar {
    /// Reads the calendar's name; another name is an error that lists the valid ones.
    public init(from decoder: any Decoder) throws { self = try decodeChoice(decoder) }
}

/// One case of `Choice` by its raw value, or an error that lists the valid values.
private func decodeChoice<Choice: RawRepresentable & CaseIterable>(_ decoder: any Decoder) throws -> Choice where Choice.RawValue == String {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Choice(rawValue: text) else {
        let valid = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected one of \(valid); found \"\(text)\"")
    }
    return value
}
