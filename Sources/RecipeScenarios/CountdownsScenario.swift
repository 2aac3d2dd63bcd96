import Bugle
import BugleSimulator
import Countdowns
import Foundation

/// `recipe: countdowns`: the countdown app's reminders (`Countdowns`) in a scenario.
///
/// Settings: `pro` (whether the user subscribes at the start; `false` by default) and
/// `stored` (the app's stored `countdowns` array, in its JSON shape, imported as is).
///
/// Events, besides the built-in ones (`open`, `background`, zone and clock changes go
/// through the same app logic: recovery once at launch, roll forward, refresh, then each
/// reminder's `notificationId` linked to its pending request and the events stored again):
///
/// | event | what happens |
/// | --- | --- |
/// | `legacy: [{ id, eventId, at, title }]` | an older app version left these notifications pending (`at` with an offset) |
/// | `openApp: {}` | the user opens the app |
/// | `addEvent: { id, name, icon, date, timezone, preset, recurrence, calendar, notes }` | creates an event; `date` is local to `timezone`; without `timezone` and `preset`, the default plan (`ReminderPlan/defaultPlan(in:)`) in the device's zone; `calendar` (`gregorian` unless given, `chinese`, `korean`, `hebrew`) is the one it repeats in (`CountdownCalendar`) |
/// | `editEvent: { id, name, date }` | renames or moves an event (`date` local to the event's zone) |
/// | `setPreset: { event, preset }` | picks a reminder preset |
/// | `setReminder: { event, reminder, enabled }` | turns one reminder (`7 days before`, `1 day before`, `1 hour before`, `At start`) on or off |
/// | `setRemindersEnabled: { event, enabled }` | turns all of an event's reminders off or on |
/// | `clearAllReminders: {}` | turns every event's reminders off |
/// | `setNotes: { event, notes }` | writes an event's notes |
/// | `deleteEvent: id` | deletes an event |
/// | `deleteAllEvents: {}` | deletes every event |
/// | `upgrade: {}` | the user buys Pro |
/// | `downgrade: {}` | the Pro subscription lapses: Pro presets remind at the start only, recurring events stop repeating |
public struct CountdownsScenario: ScenarioRecipe {
    public static let name = "countdowns"
    public static let settingKeys = ["pro", "stored"]
    public static let eventKeys = [
        "legacy", "openApp", "addEvent", "editEvent", "setPreset", "setReminder", "setRemindersEnabled", "clearAllReminders",
        "setNotes", "deleteEvent", "deleteAllEvents", "upgrade", "downgrade",
    ]

    let initialApp: Countdowns
    public let initialState: AppState

    public init(settings: ScenarioObject, setup: ScenarioSetup) throws {
        let pro = try settings["pro"]?.bool() ?? false
        var events: [Countdown] = []
        if let stored = settings["stored"] {
            do {
                events = try CountdownImport.events(from: JSONEncoder().encode(try stored.json()))
            } catch let error as CountdownImportError {
                // Point at the event, and in it at the field, where the file has them.
                let place = error.index.map { stored.descendant(at: "[\($0)]" + (error.field.map { "." + $0 } ?? "")) } ?? stored
                throw place.error("\(stored.path): \(error)")
            }
        }
        initialApp = Countdowns(events: events, entitlements: Entitlements(isPro: pro))
        initialState = try initialApp.state()
    }

    public var rules: [any Rule] { [CountdownsRule()] }

    public func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue {
        switch key {
        case "legacy":
            return .array(
                try value.sequence().map { item in
                    let object = try item.object(["id", "eventId", "at", "title"])
                    let at = try object.required("at")
                    guard let date = TimeParsing.instant(try at.string()) else {
                        throw at.error("\(at.path): expected a date-time with an offset, such as 2028-01-31T09:00-05:00")
                    }
                    return .object([
                        "id": .string(try object.required("id").string()), "eventId": .string(try object.required("eventId").string()),
                        "at": .double(date.timeIntervalSince1970), "title": .string(try object["title"]?.string() ?? ""),
                    ])
                })
        case "addEvent":
            let object = try value.object(["id", "name", "icon", "date", "timezone", "preset", "recurrence", "calendar", "notes"])
            var result: [String: JSONValue] = [:]
            for field in ["id", "name", "date"] { result[field] = .string(try object.required(field).string()) }
            _ = try object.required("date").dateTime()
            if let zone = object["timezone"] {
                _ = try zone.timeZone()
                result["timezone"] = .string(try zone.string())
            }
            result["icon"] = .string(try object["icon"]?.string() ?? "📅")
            if let preset = try Self.choice(object["preset"], ReminderPreset.self) { result["preset"] = .string(preset) }
            result["recurrence"] = .string(try Self.choice(object["recurrence"], CountdownRecurrence.self) ?? "none")
            result["calendar"] = .string(try Self.choice(object["calendar"], CountdownCalendar.self) ?? "gregorian")
            result["notes"] = .string(try object["notes"]?.string() ?? "")
            return .object(result)
        case "editEvent":
            let object = try value.object(["id", "name", "date"])
            var result: [String: JSONValue] = ["id": .string(try object.required("id").string())]
            if let name = object["name"] { result["name"] = .string(try name.string()) }
            if let date = object["date"] {
                _ = try date.dateTime()
                result["date"] = .string(try date.string())
            }
            return .object(result)
        case "setPreset":
            let object = try value.object(["event", "preset"])
            return .object([
                "event": .string(try object.required("event").string()),
                "preset": .string(try Self.choice(object.required("preset"), ReminderPreset.self) ?? "off"),
            ])
        case "setReminder":
            let object = try value.object(["event", "reminder", "enabled"])
            let reminder = try object.required("reminder")
            let label = try reminder.string()
            guard ReminderOffset(label: label) != nil else {
                throw reminder.error("\(reminder.path): expected one of \(ReminderOffset.allCases.map(\.label).joined(separator: ", ")), found \"\(label)\"")
            }
            return .object([
                "event": .string(try object.required("event").string()), "reminder": .string(label),
                "enabled": .bool(try object.required("enabled").bool()),
            ])
        case "setRemindersEnabled":
            let object = try value.object(["event", "enabled"])
            return .object(["event": .string(try object.required("event").string()), "enabled": .bool(try object.required("enabled").bool())])
        case "setNotes":
            let object = try value.object(["event", "notes"])
            return .object(["event": .string(try object.required("event").string()), "notes": .string(try object.required("notes").string())])
        case "deleteEvent":
            return .string(try value.string())
        default:
            try value.expectEmpty()
            return .null
        }
    }

    /// The raw value of one of `Choice`'s cases, checked.
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ value: ScenarioValue?, _ type: Choice.Type) throws -> String?
    where Choice.RawValue == String {
        guard let value else { return nil }
        let text = try value.string()
        guard Choice(rawValue: text) != nil else {
            throw value.error("\(value.path): expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(text)\"")
        }
        return text
    }

    private static let storageKey = "countdowns"
    private static let recoveredKey = "@notification_recovery_completed"

    public func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
        switch event.key {
        case "legacy":
            try await addLegacy(event.value, context: context)
        case "openApp":
            try await respond(to: context.markOpened(), context: context)
        default:
            var app = try context.stored(StoredApp.self, forKey: Self.storageKey)?.app ?? initialApp
            // The app makes a new id for each event it adds: a scenario that reuses one is wrong.
            if event.key == "addEvent", app[event.value.string("id")] != nil {
                throw ScenarioError(message: "a countdown with the id \"\(event.value.string("id"))\" exists already; give the new event an id of its own")
            }
            // A refusal is the app's answer to the user (a paywall, an unknown event), not a
            // failure of the run. It comes back as a value: Swift 6.3.1's optimizer crashes
            // (SIL ownership verification in CopyPropagation) when this async function
            // switches over an error it caught.
            if let refusal = Self.refusal(editing: &app, with: event, context: context) {
                context.note(refusal)
                return
            }
            try await saveAndRefresh(&app, reason: .dataChanged, context: context)
        }
    }

    /// Applies one of the app's edits to `app`; returns what the app told the user when it
    /// refused the edit (`nil` when the edit was applied).
    private static func refusal(editing app: inout Countdowns, with event: RecipeEvent, context: RecipeContext) -> String? {
        do {
            try edit(&app, with: event, context: context)
            return nil
        } catch {
            switch error.kind {
            case .needsPro(let feature): return "refused, needs Pro: paywall for \(feature.rawValue)"
            case .notesTooLong, .unknownEvent, .idInUse: return "refused: \(error)" + (error.paywallFeature.map { "; paywall for \($0.rawValue)" } ?? "")
            }
        }
    }

    /// Applies one of the app's edits (add, edit, preset, reminders, notes, delete,
    /// subscription) to `app`.
    private static func edit(_ app: inout Countdowns, with event: RecipeEvent, context: RecipeContext) throws(CountdownError) {
        switch event.key {
        case "addEvent":
            var plan = ReminderPlan.defaultPlan(in: TimeZone(ianaName: event.value.string("timezone")) ?? context.timeZone)
            if let preset = ReminderPreset(rawValue: event.value.string("preset")) { plan.preset = preset }
            let date = Self.date(event.value.string("date"), in: plan.timezone)
            let countdown = Countdown(
                id: event.value.string("id"), name: event.value.string("name"), icon: event.value.string("icon"), date: date,
                createdAt: context.now, notes: event.value.string("notes"), reminderPlan: plan,
                recurrence: CountdownRecurrence(rawValue: event.value.string("recurrence")) ?? .none,
                calendar: CountdownCalendar(rawValue: event.value.string("calendar")) ?? .gregorian)
            context.note(
                "add \(countdown.icon) \(countdown.name): \(Self.describe(date, plan.timezone))\(Self.calendarDate(of: countdown, at: date)), \(plan.preset.rawValue)"
                    + (countdown.recurrence.label.map { ", \(CountdownRecurrence.indicator) \($0)" } ?? "")
                    + (countdown.calendar == .gregorian ? "" : " in the \(countdown.calendar.name) calendar"))
            try app.add(countdown)
        case "editEvent":
            let id = event.value.string("id")
            guard case .object(let fields) = event.value, let old = app[id] else { throw CountdownError(.unknownEvent(id)) }
            let zone = old.reminderPlan.timezone
            var changes: [String] = []
            if case .string(let name)? = fields["name"] { changes.append("renamed \"\(name)\"") }
            if case .string(let text)? = fields["date"] { changes.append("moved to \(Self.describe(Self.date(text, in: zone), zone))") }
            context.note("edit \(old.name): " + changes.joined(separator: ", "))
            try app.edit(id) { countdown in
                if case .string(let name)? = fields["name"] { countdown.name = name }
                if case .string(let text)? = fields["date"] {
                    let date = Self.date(text, in: zone)
                    countdown.date = date
                    countdown.originalDateAt = date
                    countdown.nextOccurrenceAt = date
                }
            }
        case "setPreset":
            let id = event.value.string("event")
            context.note("\(app[id]?.name ?? id): preset \(event.value.string("preset"))")
            try app.setPreset(ReminderPreset(rawValue: event.value.string("preset")) ?? .off, for: id)
        case "setReminder":
            let id = event.value.string("event")
            let label = event.value.string("reminder")
            let enabled = event.value.bool("enabled")
            context.note("\(app[id]?.name ?? id): \(label) turned \(enabled ? "on" : "off")")
            try app.setReminder(ReminderOffset(label: label) ?? .atStart, enabled: enabled, for: id)
        case "setRemindersEnabled":
            let id = event.value.string("event")
            let enabled = event.value.bool("enabled")
            context.note("\(app[id]?.name ?? id): reminders \(enabled ? "on" : "off")")
            try app.setRemindersEnabled(enabled, for: id)
        case "clearAllReminders":
            let names = app.clearAllReminders().compactMap { app[$0]?.name }
            context.note("all reminders cleared: " + (names.isEmpty ? "none were on" : names.joined(separator: ", ")))
        case "setNotes":
            let id = event.value.string("event")
            let notes = event.value.string("notes")
            context.note("\(app[id]?.name ?? id): notes of \(notes.count) characters")
            try app.setNotes(notes, for: id)
        case "deleteEvent":
            guard case .string(let id) = event.value else { return }
            context.note("delete \(app[id]?.name ?? id)")
            try app.delete(id)
        case "deleteAllEvents":
            let names = app.events.map(\.name)
            app.deleteAllEvents()
            context.note("delete all: " + (names.isEmpty ? "no events" : names.joined(separator: ", ")))
        case "downgrade":
            let before = app.entitlements
            context.note(before.isPro ? "Pro ended" : "Pro ended: the user had no Pro")
            app.entitlements = .free
            // What changes for the events still ahead; a past one has nothing left to lose.
            for countdown in app.events where countdown.nextOccurrence(after: context.now, entitlements: before) != nil {
                if let effects = Self.lapse(of: countdown, under: app.entitlements) { context.note("\(countdown.name): \(effects)") }
            }
        default:
            context.note("upgrade to Pro")
            app.entitlements = .pro
        }
    }

    /// What a lapsed subscription changes for `event`, as the app tells the user; `nil`
    /// when it uses no Pro feature.
    private static func lapse(of event: Countdown, under entitlements: Entitlements) -> String? {
        let effects = event.lockedFeatures(for: entitlements).compactMap { feature -> String? in
            switch feature {
            case .advancedReminders:
                let kept =
                    event.reminderPlan.enabled
                    ? event.reminderPlan.preset.effective(for: entitlements).offsets.filter { !event.disabledOffsets.contains($0) } : []
                let reminds = kept.isEmpty ? "no reminder left on" : "reminds \(kept.map { $0.label.lowercased() }.joined(separator: ", ")) only"
                return "\(event.reminderPlan.preset.rawValue) locked, \(reminds)"
            case .recurringCountdowns:
                return "stops repeating \(event.recurrence.rawValue) after \(Self.describe(event.nextOccurrenceAt, event.reminderPlan.timezone))"
            case .longNotes:
                return "notes of \(event.notes.count) characters kept, they cannot grow"
            case .powerNotes, .notesSearch, .notesOverview, .unitControls, .advancedAnalytics, .noAds:
                return nil
            }
        }
        return effects.isEmpty ? nil : effects.joined(separator: "; ")
    }

    public func respond(to reason: RefreshReason, context: RecipeContext) async throws {
        var app = try context.stored(StoredApp.self, forKey: Self.storageKey)?.app ?? initialApp
        if reason == .launch || reason == .foreground {
            let done = try context.stored(Bool.self, forKey: Self.recoveredKey) ?? false
            if let outcome = try await CountdownRecovery.run(
                events: app.events, entitlements: app.entitlements, scheduler: context.scheduler,
                alreadyDone: done)
            {
                try context.store(true, forKey: Self.recoveredKey)
                let adopted = outcome.adopted.keys.sorted()
                context.note(
                    "recovery: adopted \(adopted.isEmpty ? "none" : adopted.joined(separator: ", ")); removed \(outcome.removed.isEmpty ? "none" : outcome.removed.joined(separator: ", "))"
                )
            }
        }
        try await saveAndRefresh(&app, reason: reason, context: context)
    }

    /// What the app does after every edit, launch and resume: rolls the events forward and
    /// stores them, refreshes, then links each reminder to its pending notification and
    /// stores the events again when a `notificationId` changed.
    private func saveAndRefresh(_ app: inout Countdowns, reason: RefreshReason, context: RecipeContext) async throws {
        try await save(&app, context: context)
        try await context.refresh(reason)
        let changed = Set(try await app.linkNotifications(to: context.scheduler))
        guard !changed.isEmpty else { return }
        try context.store(StoredApp(app: app), forKey: Self.storageKey)
        let linked = app.events.flatMap(\.reminders).filter { changed.contains($0.id) && $0.notificationId != nil }.count
        let cleared = changed.count - linked
        let storedText = "stored \(linked) notificationId\(linked == 1 ? "" : "s")"
        let clearedText = "cleared \(cleared) notificationId\(cleared == 1 ? "" : "s")"
        context.note(linked == 0 ? clearedText : storedText + (cleared == 0 ? "" : ", cleared \(cleared)"))
    }

    /// Rolls the events forward, notes what moved, and stores them and the entitlements in
    /// the app and its state.
    private func save(_ app: inout Countdowns, context: RecipeContext) async throws {
        for id in app.rollForward(at: context.now) {
            if let event = app[id] {
                context.note(
                    "\(event.name) rolls forward to \(Self.describe(event.nextOccurrenceAt, event.reminderPlan.timezone))"
                        + Self.calendarDate(of: event, at: event.nextOccurrenceAt))
            }
        }
        try context.store(StoredApp(app: app), forKey: Self.storageKey)
        for (key, value) in try app.state().values { await context.set(key, value) }
    }

    /// Puts an older version's notifications in the center, as it left them.
    private func addLegacy(_ value: JSONValue, context: RecipeContext) async throws {
        guard case .array(let items) = value else { return }
        for item in items {
            guard case .object(let fields) = item, case .string(let id)? = fields["id"], case .string(let eventID)? = fields["eventId"],
                let seconds = fields["at"]?.number, case .string(let title)? = fields["title"]
            else { continue }
            let date = Date(timeIntervalSince1970: seconds)
            let content = NotificationContent(
                title: title, body: title,
                userInfo: ["eventId": .string(eventID), "reminderId": .string(id), "type": "reminder"])
            try await context.center.addForeign(
                NotificationRequest(id: id, fireTime: .zoned(ZonedInstant(date: date, timeZone: context.timeZone)), content: content))
            context.note("left by an older version: \(id) for \(eventID) at \(Self.describe(date, context.timeZone))")
        }
    }

    /// A local date-time of a checked scenario value, read in `zone`.
    private static func date(_ text: String, in zone: TimeZone) -> Date {
        guard let written = TimeParsing.dateTime(text) else { return Date(timeIntervalSince1970: 0) }
        return written.resolve(
            in: ZoneRules(
                timeZone: zone, from: Date(timeIntervalSince1970: TimeInterval(written.local.localSeconds - 86_400)),
                through: Date(timeIntervalSince1970: TimeInterval(written.local.localSeconds + 86_400))))
    }

    /// ` (14 Adar II 5787)`: the day of `date` in the event's calendar, in its zone; empty in
    /// the Gregorian calendar.
    private static func calendarDate(of event: Countdown, at date: Date) -> String {
        let zone = event.reminderPlan.timezone
        let day = ZoneRules(timeZone: zone, around: date).localDateTime(at: date).date
        return event.calendar.date(of: day).map { " (\($0))" } ?? ""
    }

    /// `2028-02-12T19:30 America/New_York`.
    private static func describe(_ date: Date, _ zone: TimeZone) -> String {
        "\(ZoneRules(timeZone: zone, around: date).localDateTime(at: date)) \(zone.identifier)"
    }
}

/// The app's storage during a run: the events in their stored shape and the subscription.
private struct StoredApp: Codable {
    var events: [Countdown]
    var pro: Bool

    init(app: Countdowns) {
        events = app.events
        pro = app.entitlements.isPro
    }

    var app: Countdowns { Countdowns(events: events, entitlements: Entitlements(isPro: pro)) }
}
