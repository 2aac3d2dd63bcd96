import Bugle
import Foundation

extension World {
    /// The kinds of world, drawn in turn: plain rules most often, each recipe too.
    public static let kinds = ["rules", "rules", "rules", "countdowns", "streak-rescue", "study-reminders", "facts-a-day", "activity-windows"]

    /// The kind of the world of `seed`: the kinds take turns.
    public static func kind(ofSeed seed: UInt64) -> String { kinds[Int(seed % UInt64(kinds.count))] }

    /// The world of `seed`: the same seed gives the same world on every machine.
    public init(seed: UInt64) {
        let kind = World.kind(ofSeed: seed)
        var builder = WorldBuilder(dice: Dice(seed: seed), kind: kind)
        self = builder.build(seed: seed)
    }
}

/// Zones with something to say: daylight saving in both hemispheres, half- and
/// quarter-hour offsets, the date line, a zone whose DST pauses for Ramadan.
let worldZones = [
    "America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Berlin", "Asia/Jerusalem", "Australia/Sydney",
    "Pacific/Chatham", "America/Santiago", "Asia/Tokyo", "Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns",
    "Pacific/Kiritimati", "Pacific/Pago_Pago", "Africa/Casablanca", "UTC",
]

/// Days around which something happens to clocks in 2026 (a DST change in one of the zones).
private let clockChangeDays = [
    "2026-03-08", "2026-11-01", "2026-03-29", "2026-10-25", "2026-03-27", "2026-04-05", "2026-10-04", "2026-09-27",
    "2026-09-06", "2026-02-15", "2026-03-22",
]

/// Times of day, with those a DST change skips or repeats (02:30, 01:30), the ends of the
/// day and a few ordinary ones.
private let times = ["02:30", "01:30", "00:00", "23:59", "00:30", "06:30", "07:00", "08:00", "08:30", "09:15", "12:00", "18:00", "21:45", "22:30"]

private let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

struct WorldBuilder {
    var dice: Dice
    let kind: String
    /// The device's zone as the timeline goes.
    private var zone: String
    private var startInstant: Date
    private var days: Int
    private var header: [String] = []
    private var rules: [String] = []
    private var policies: [String] = []
    private var events: [World.Event] = []
    /// The device's clock as the timeline goes (events are written in order on it).
    private var clock: Date
    private var store: Bool

    init(dice: Dice, kind: String) {
        var dice = dice
        self.kind = kind
        zone = dice.pick(worldZones)
        let day: String
        if dice.chance(0.6) {
            day = dice.pick(clockChangeDays)
        } else {
            day = String(format: "2026-%02d-%02d", dice.int(1...12), dice.int(1...28))
        }
        // A few days before the day, so that the change happens inside the run.
        let base = ISO8601DateFormatter().date(from: day + "T00:00:00Z") ?? Date(timeIntervalSince1970: 1_772_000_000)
        startInstant = base.addingTimeInterval(TimeInterval(dice.int(-3 * 86_400...86_400) / 300 * 300))
        days = dice.int(2...9)
        clock = startInstant
        store = dice.chance(0.5)
        self.dice = dice
    }

    mutating func build(seed: UInt64) -> World {
        header = [
            "name: World \(seed)",
            "start: \(Self.utc(startInstant))",
            "timeZone: \(zone)",
            "days: \(days)",
        ]
        switch kind {
        case "countdowns": countdowns()
        case "streak-rescue": streakRescue()
        case "study-reminders": studyReminders()
        case "facts-a-day": factsADay()
        case "activity-windows": activityWindows()
        default: plainRules()
        }
        return World(seed: seed, kind: kind, header: header, rules: rules, policies: policies, events: events, store: store)
    }

    /// `date` in UTC, to the minute: `2026-03-08T06:30Z`.
    static func utc(_ date: Date) -> String {
        LocalDateTime(localSeconds: Int(date.timeIntervalSince1970.rounded(.down))).description + "Z"
    }

    /// The local date of `date` in the starting zone, for rule bounds and one-shots.
    private func localDay(_ date: Date, plus days: Int = 0) -> String {
        local(date, in: zone, plus: days).date.description
    }

    /// `date` as a local date-time of `zone` (UTC for a name the system does not know).
    private func local(_ date: Date, in zone: String, plus days: Int = 0) -> LocalDateTime {
        let rules = ZoneRules(timeZone: TimeZone(identifier: zone) ?? .gmt, around: date)
        let local = rules.localDateTime(at: date)
        return LocalDateTime(date: local.date.adding(days: days), time: local.time)
    }

    // MARK: The platform and the center

    private mutating func platform(allowSmall: Bool = true) {
        if allowSmall, dice.chance(0.35) {
            let limit = dice.int(3...20)
            header.append("pendingLimit: \(limit)")
            if dice.chance(0.5) { header.append("safetyMargin: \(dice.int(0...min(2, limit - 1)))") }
        } else {
            header.append("platform: ios")
        }
        if dice.chance(0.25) {
            header.append(
                "faults: { seed: \(dice.int(1...1_000_000)), addFailureRate: \(Double(dice.int(0...30)) / 100), removeFailureRate: \(Double(dice.int(0...30)) / 100) }"
            )
        }
        if dice.chance(0.2) { header.append("eviction: keepSoonest") }
    }

    // MARK: Plain rules

    private mutating func plainRules() {
        platform()
        if dice.chance(0.3) { header.append("lookahead: \(dice.int(1...30))d") }
        let count = dice.int(1...5)
        var state: [String] = []
        var conditioned: [String] = []
        var dedupe = false
        for index in 0..<count {
            let id = "r\(index)"
            var parts = ["id: \(id)"]
            let time = dice.chance(0.7) ? dice.pick(times) : String(format: "%02d:%02d", dice.int(0...23), dice.int(0...11) * 5)
            var learned = false
            switch dice.int(0...5) {
            case 0, 1: parts.append("daily: \"\(time)\"")
            case 2: parts.append("weekly: { days: [\(dice.some(weekdays).joined(separator: ", "))], time: \"\(time)\" }")
            case 3: parts.append("every: { days: \(dice.int(1...3)), time: \"\(time)\" }")
            case 4:
                parts.append("at: \(localDay(startInstant, plus: dice.int(0...days)))T\(time)")
            default:
                let rule = dice.pick([
                    "FREQ=DAILY;BYHOUR=8,20;BYMINUTE=0", "FREQ=HOURLY;INTERVAL=\(dice.int(3...9))",
                    "FREQ=WEEKLY;BYDAY=\(dice.some(weekdays).joined(separator: ","))",
                    "FREQ=MONTHLY;BYMONTHDAY=-1,1,15", "FREQ=DAILY;COUNT=\(dice.int(1...5))", "FREQ=MINUTELY;INTERVAL=\(dice.int(20...90));COUNT=30",
                    "FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30",
                ])
                parts.append("rrule: \"\(rule)\"")
                parts.append("start: \(localDay(startInstant, plus: dice.int(-2...1)))")
                parts.append("time: \"\(time)\"")
            }
            if parts.contains(where: { ["daily:", "weekly:", "every:"].contains(where: $0.hasPrefix) }), dice.chance(0.3),
                let timing = learnedTiming(around: time)
            {
                parts.append(timing)
                learned = true
            }
            parts.append("title: \"\(id) title\"")
            parts.append("body: \"\(id) body\"")
            // A learned rule follows the device's clock: its window is the device's hours.
            if dice.chance(0.3), !learned { parts.append("basis: zoned") }
            if dice.chance(0.6) { parts.append("group: \(dice.pick(["g1", "g2"]))") }
            if dice.chance(0.4) { parts.append("priority: \(dice.int(-5...5))") }
            if dice.chance(0.25) {
                parts.append("dedupeKey: \(dice.pick(["k1", "k2"]))")
                dedupe = true
            }
            if dice.chance(0.2) { parts.append("relevance: \(dice.int(10...240))m") }
            if dice.chance(0.2), !parts.contains(where: { $0.hasPrefix("at:") || $0.hasPrefix("rrule:") }) {
                parts.append("count: \(dice.int(1...6))")
            }
            if dice.chance(0.5) {
                parts.append("when: { key: on_\(id), equals: true }")
                state.append("on_\(id): true")
                conditioned.append(id)
            }
            rules.append("{ " + parts.joined(separator: ", ") + " }")
        }
        if !state.isEmpty { header.append("state: { \(state.joined(separator: ", ")) }") }
        if dice.chance(0.5) {
            var overrides: [String] = []
            if dice.chance(0.4) { overrides.append("g2: \(dice.pick(["exempt", "defer", "quiet", "suppress"]))") }
            let extra = overrides.isEmpty ? "" : ", overrides: { \(overrides.joined(separator: ", ")) }"
            policies.append(
                "quietHours: { start: \"\(dice.pick(["22:00", "21:30", "23:00", "01:00", "12:00"]))\", end: \"\(dice.pick(["07:00", "06:30", "08:00", "02:45"]))\", mode: \(dice.pick(["suppress", "defer", "quiet"]))\(extra) }"
            )
        }
        if dice.chance(0.4) {
            var caps: [String] = []
            if dice.chance(0.7) { caps.append("perDay: \(dice.int(1...4))") }
            if dice.chance(0.6) { caps.append("perGroupPerDay: { g1: \(dice.int(1...2)) }") }
            if !caps.isEmpty { policies.append("caps: { \(caps.joined(separator: ", ")) }") }
        }
        if dice.chance(0.25) { policies.append("minimumSpacing: \(dice.int(10...240))m") }
        if dedupe || dice.chance(0.2) { policies.append("noRenotify: \(dice.int(1...72))h") }
        // With a back-off, the app is mostly refreshed in the background, so that the user's
        // silence can reach a pause.
        var quiet = "open: {}"
        var refreshEvery: TimeInterval?
        if dice.chance(0.3) {
            if dice.chance(0.7) { quiet = "backgroundRefresh: {}" }
            if dice.chance(0.6) { refreshEvery = TimeInterval(dice.pick([6, 12, 24]) * 3_600) }
            // Small numbers, so that a run of a few days reaches the pause.
            let reduce = dice.int(1...3)
            var fatigue = [
                "reduceAfter: \(reduce)", "pauseAfter: \(reduce + dice.int(1...3))", "reducedEvery: \(dice.int(2...3))",
                "attribution: \(dice.pick(["5m", "30m", "2h", "1d"]))", "lastNotice: { title: \"paused\", body: \"paused body\" }",
                // Mostly the run alone decides, so that short worlds reach a pause.
                "minimumOpenRate: \(dice.pick(["0.15", "1", "1"]))",
            ]
            if dice.chance(0.7) {
                // A daily reminder outside every quiet hours drawn here, that the back-off can
                // thin out and pause; at times one that learns its time.
                let minute = dice.int(32...44) * 15
                let time = String(format: "%02d:%02d", minute / 60, minute % 60)
                let timing = dice.chance(0.5) ? ", timing: { learned: { window: \"08:00-12:00\", slot: 30m, priorWeight: 2 } }" : ""
                rules.append("{ id: rf, daily: \"\(time)\", title: \"rf title\", body: \"rf body\"\(timing) }")
                if dice.chance(0.5) { fatigue.append("rules: [rf]") }
            } else if dice.chance(0.4) {
                fatigue.append("rules: [r\(dice.int(0...(count - 1)))]")
            }
            policies.append("fatigue: { \(fatigue.joined(separator: ", ")) }")
        }
        if dice.chance(0.35) {
            // A user who taps some of what comes in a span of hours.
            let from = dice.int(0...23)
            let to = (from + dice.int(1...12)) % 24
            header.append(
                "user: { opens: \"\(String(format: "%02d:%02d-%02d:00", from, dice.pick([0, 30]), to))\", chance: \(Double(dice.int(2...10)) / 10), after: \(dice.int(0...90))m, seed: \(dice.int(1...1_000)) }"
            )
            header.append("learningSeed: \(dice.int(0...1_000_000))")
        }

        timeline(count: dice.int(3...18), reopen: quiet, backgroundRefreshEvery: refreshEvery) { builder in
            var body: [String] = []
            switch builder.dice.int(0...9) {
            case 0, 1: body.append("open: {}")
            case 2: body.append("background: {}")
            case 3: body.append("backgroundRefresh: {}")
            case 4 where !conditioned.isEmpty:
                body.append("set: { on_\(builder.dice.pick(conditioned)): \(builder.dice.chance(0.5)) }")
            case 4:
                body.append("set: { note: \(builder.dice.int(0...9)) }")
            default: break
            }
            return body
        }
    }

    /// `timing: { learned: … }` for a rule at `time` (`HH:MM`): a window around it inside 05:00 to
    /// 23:00, away from the hours daylight saving skips or repeats; `nil` for a time outside.
    private mutating func learnedTiming(around time: String) -> String? {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        let minute = parts[0] * 60 + parts[1]
        guard (5 * 60..<(22 * 60 + 45)).contains(minute) else { return nil }
        let start = max(5 * 60, minute - dice.int(0...8) * 15)
        let end = min(23 * 60, minute + dice.int(1...8) * 15)
        let slot = dice.pick([5, 10, 15, 30].filter { $0 <= end - start })
        var settings = [String(format: "window: \"%02d:%02d-%02d:%02d\"", start / 60, start % 60, end / 60, end % 60), "slot: \(slot)m"]
        if dice.chance(0.5) { settings.append("priorWeight: \(dice.pick([0, 2, 20]))") }
        if dice.chance(0.3) { settings.append("neighbourWidth: \(dice.pick([0, 3]))") }
        if dice.chance(0.3) { settings.append("splitWeekend: true") }
        if dice.chance(0.3) { settings.append("halfLife: \(dice.pick(["1d", "7d"]))") }
        if dice.chance(0.3) { settings.append("attribution: \(dice.pick(["5m", "1d"]))") }
        return "timing: { learned: { \(settings.joined(separator: ", ")) } }"
    }

    /// The timeline: a first open soon after the start, then `count` events at random gaps,
    /// each with what `app` adds and, at random, the device's own events (a flight, a clock
    /// set by hand, permission changed in Settings, the app killed and launched again).
    /// With `backgroundRefreshEvery`, the system also runs the app's background refresh that
    /// often between them, to the end of the run.
    private mutating func timeline(
        count: Int, firstOpen: String = "open: {}", reopen: String = "open: {}", backgroundRefreshEvery: TimeInterval? = nil,
        app: (inout WorldBuilder) -> [String]
    ) {
        advance(by: TimeInterval(dice.int(1...90) * 60))
        events.append(World.Event(at: Self.utc(clock), body: firstOpen))
        /// Background refreshes from the clock up to `date`, each `backgroundRefreshEvery`.
        func refreshes(before date: Date) {
            guard let every = backgroundRefreshEvery else { return }
            while clock.addingTimeInterval(every) < date {
                advance(by: every)
                events.append(World.Event(at: Self.utc(clock), body: "backgroundRefresh: {}"))
            }
        }
        for _ in 0..<count {
            // Mostly hours apart, sometimes minutes, sometimes more than a day.
            let gap = dice.pick([dice.int(1...30), dice.int(30...600), dice.int(600...2_000), dice.int(60...200)])
            refreshes(before: clock.addingTimeInterval(TimeInterval(gap * 60)))
            advance(by: TimeInterval(gap * 60))
            var body: [String] = []
            if dice.chance(0.15) {
                var next = dice.pick(worldZones)
                if next == zone { next = "Asia/Tokyo" == zone ? "America/Los_Angeles" : "Asia/Tokyo" }
                zone = next
                body.append("timeZone: \(next)")
            }
            var jumped: Date?
            if dice.chance(0.1) {
                // Forward by up to two days, back by up to one; a few minutes, often.
                let minutes = dice.chance(0.5) ? dice.int(-1_440...2_880) : dice.int(-30...30)
                jumped = clock.addingTimeInterval(TimeInterval(minutes * 60))
                body.append("clock: \(Self.utc(jumped!))")
            }
            if dice.chance(0.06) { body.append("authorization: \(dice.pick(["denied", "authorized", "provisional"]))") }
            if dice.chance(0.1) {
                body.append("relaunch: {}")
                if dice.chance(0.7) { body.append(reopen) }
            }
            for part in app(&self) where !body.contains(part) { body.append(part) }
            if body.isEmpty { body.append(reopen) }
            events.append(World.Event(at: Self.utc(clock), body: body.joined(separator: ", ")))
            if let jumped { clock = jumped }
        }
        refreshes(before: startInstant.addingTimeInterval(TimeInterval(days * 86_400 - 3_600)))
    }

    private mutating func advance(by interval: TimeInterval) { clock = clock.addingTimeInterval(interval) }

    // MARK: Recipes

    private mutating func countdowns() {
        platform(allowSmall: false)
        let pro = dice.chance(0.8)
        header.append("recipe: { name: countdowns, pro: \(pro) }")
        var made = 0
        var live: [String] = []
        var upgraded = pro
        timeline(count: dice.int(3...14), firstOpen: "openApp: {}", reopen: "openApp: {}") { builder in
            // Without a live event, the changes to one become new events.
            var roll = builder.dice.int(0...9)
            if live.isEmpty, (3...6).contains(roll) { roll = 0 }
            switch roll {
            case 0, 1, 2:
                made += 1
                let id = "e\(made)"
                // Mostly within days, so that its reminders come inside the run; in a zone of
                // its own at times.
                let hours = builder.dice.chance(0.7) ? builder.dice.int(1...96) : builder.dice.int(1...(21 * 24))
                let date = builder.clock.addingTimeInterval(TimeInterval(hours * 3_600 + builder.dice.int(0...59) * 60))
                let zone = builder.dice.chance(0.7) ? builder.zone : builder.dice.pick(worldZones)
                let local = builder.local(date, in: zone).description
                let preset = builder.dice.pick(["simple", "standard", "intense", "intense", "off"])
                let recurrence = builder.dice.pick(["none", "none", "daily", "weekly", "monthly", "yearly"])
                // Without Pro, the app refuses Pro presets and recurrence: the event is not made.
                if upgraded || (["simple", "off"].contains(preset) && recurrence == "none") { live.append(id) }
                return ["addEvent: { id: \(id), name: \"Event \(id)\", date: \(local), timezone: \(zone), preset: \(preset), recurrence: \(recurrence) }"]
            case 3:
                let id = builder.dice.pick(live)
                let date = builder.clock.addingTimeInterval(TimeInterval(builder.dice.int(1...(4 * 24)) * 3_600))
                return ["editEvent: { id: \(id), date: \(builder.local(date, in: builder.zone).description) }"]
            case 4, 5:
                let reminder = builder.dice.pick(["7 days before", "1 day before", "1 hour before", "At start"])
                return ["setReminder: { event: \(builder.dice.pick(live)), reminder: \(reminder), enabled: \(builder.dice.chance(0.3)) }"]
            case 6:
                let id = builder.dice.pick(live)
                live.removeAll { $0 == id }
                return ["deleteEvent: \(id)"]
            case 7:
                upgraded = true
                return ["upgrade: {}"]
            case 8 where builder.dice.chance(0.5):
                switch builder.dice.int(0...4) {
                case 0:
                    upgraded = false
                    return ["downgrade: {}"]
                case 1, 2:
                    guard !live.isEmpty else { return ["clearAllReminders: {}"] }
                    return ["setRemindersEnabled: { event: \(builder.dice.pick(live)), enabled: \(builder.dice.chance(0.4)) }"]
                case 3: return ["clearAllReminders: {}"]
                default:
                    live = []
                    return ["deleteAllEvents: {}"]
                }
            default: return ["openApp: {}"]
            }
        }
    }

    private mutating func streakRescue() {
        platform(allowSmall: false)
        header.append("authorization: notDetermined")
        header.append(
            "recipe: { name: streak-rescue, kickoffTime: \"\(dice.pick(times))\", saverTime: \"\(dice.pick(["20:00", "21:30", "23:30", "19:00"]))\", systemPromptAnswer: \(dice.pick(["authorized", "denied", "authorized"])) }"
        )
        timeline(count: dice.int(4...16), firstOpen: "openApp: {}", reopen: "openApp: {}") { builder in
            switch builder.dice.int(0...9) {
            case 0, 1: return ["openApp: {}"]
            case 2: return ["leaveApp: {}"]
            case 3: return ["play: {}"]
            case 4:
                let total = builder.dice.int(1...5)
                return ["completePuzzle: { completed: \(builder.dice.int(1...total)), total: \(total) }"]
            case 5: return ["explanation: \(builder.dice.pick(["accept", "decline"]))"]
            case 6, 7: return ["midnight: {}"]
            default: return []
            }
        }
    }

    private mutating func studyReminders() {
        platform(allowSmall: false)
        header.append("authorization: notDetermined")
        header.append(
            "recipe: { name: study-reminders, language: \(dice.pick(["en", "es", "fr"])), systemPromptAnswer: \(dice.pick(["authorized", "denied", "authorized"])) }"
        )
        timeline(count: dice.int(4...16), firstOpen: "openApp: {}", reopen: "openApp: {}") { builder in
            switch builder.dice.int(0...7) {
            case 0, 1: return ["openApp: {}"]
            case 2, 3: return ["leaveApp: { difficultCardsDue: \(builder.dice.int(0...12)) }"]
            case 4: return ["toggle: { \(builder.dice.pick(["studyReminders", "difficultCardReminders"])): \(builder.dice.chance(0.5) ? "on" : "off") }"]
            case 5: return ["language: \(builder.dice.pick(["en", "es", "fr"]))"]
            default: return []
            }
        }
    }

    private mutating func factsADay() {
        header.append("platform: ios")
        header.append("safetyMargin: \(dice.int(0...4))")
        header.append("authorization: notDetermined")
        let facts = (1...dice.int(1...80)).map { "\"Fact \($0)\"" }
        header.append("recipe: { name: facts-a-day, seed: \(dice.int(0...1_000_000)), facts: [\(facts.joined(separator: ", "))] }")
        timeline(count: dice.int(3...12), firstOpen: "onboard: { time: \"\(dice.pick(times))\" }") { builder in
            switch builder.dice.int(0...5) {
            case 0, 1: return ["open: {}"]
            case 2: return ["setTime: \"\(builder.dice.pick(times))\""]
            case 3: return ["background: {}"]
            default: return []
            }
        }
    }

    private mutating func activityWindows() {
        header.append("authorization: notDetermined")
        header.append("recipe: { name: activity-windows, platform: \(dice.pick(["ios", "ios", "android"])) }")
        let activities = dice.pick(["[swim]", "[run]", "[swim, run]"])
        let dog = dice.chance(0.5) ? ", dog: \(dice.pick(["Luna", "rex", "Max"]))" : ""
        let onboard =
            "onboard: { activities: \(activities)\(dog), preset: \(dice.pick(["cautious", "balanced", "hardy"])), permission: \(dice.pick(["allow", "allow", "deny", "notNow"])), version: \"1.0.0\" }"
        var version = 0
        timeline(count: dice.int(4...14), firstOpen: onboard + ", newForecast: " + forecast(fetchedAt: clock), reopen: "openApp: {}") { builder in
            switch builder.dice.int(0...11) {
            case 0, 1, 2:
                return [
                    "newForecast: " + builder.forecast(fetchedAt: builder.clock.addingTimeInterval(TimeInterval(-builder.dice.int(0...600) * 60))),
                    "openApp: {}",
                ]
            case 3: return [builder.dice.chance(0.5) ? "openApp: {}" : "resumeApp: {}"]
            case 4, 5: return ["backgroundTask: {}"]
            case 6: return ["toggleMode: { \(builder.dice.pick(["swim_solo", "swim_dog", "run_solo", "run_dog"])): \(builder.dice.chance(0.4)) }"]
            case 7: return ["masterSwitch: \(builder.dice.chance(0.6))"]
            case 8:
                return [
                    "quietHours: { enabled: \(builder.dice.chance(0.6)), start: \"\(builder.dice.pick(["22:00", "21:00", "23:30"]))\", end: \"\(builder.dice.pick(["07:00", "06:30", "08:00"]))\" }"
                ]
            case 9: return ["setPreset: \(builder.dice.pick(["cautious", "balanced", "hardy"]))"]
            case 10:
                version += 1
                return ["appUpdate: \"1.\(version).0\""]
            default: return ["restart: {}"]
            }
        }
    }

    /// A forecast for the next two days from its fetch time, hour by hour, inline:
    /// values that wander as weather does, now good for a swim or a run, now not.
    private mutating func forecast(fetchedAt: Date) -> String {
        let first = fetchedAt.addingTimeInterval(-fetchedAt.timeIntervalSince1970.truncatingRemainder(dividingBy: 3_600))
        var wave = Double(dice.int(2...15)) / 10
        var water = Double(dice.int(15...27))
        var air = Double(dice.int(8...30))
        var wind = Double(dice.int(0...30))
        var aqi = Double(dice.int(10...120))
        var hours: [String] = []
        for hour in 0..<48 {
            wave = (min(3, max(0.1, wave + Double(dice.int(-2...2)) / 10)) * 10).rounded() / 10
            // The sea warms and cools slowly: half a degree a step at most.
            water = min(32, max(8, water + Double(dice.int(-1...1)) / 2))
            air = min(45, max(-5, air + Double(dice.int(-2...2))))
            wind = min(80, max(0, wind + Double(dice.int(-4...4))))
            aqi = min(300, max(5, aqi + Double(dice.int(-10...10))))
            let time = first.addingTimeInterval(TimeInterval(hour * 3_600))
            let uv = max(0, 10 - abs(Double(Int(time.timeIntervalSince1970 / 3_600) % 24) - 12) * 1.2)
            hours.append(
                "{ time: \"\(Self.utc(time))\", sea: { wave_height_m: \(wave), water_temp_c: \(water) }, air: { temp_c: \(air), feels_like_c: \(air + 1), uv_index: \((uv * 10).rounded() / 10), wind_kph: \(wind), aqi: \(aqi) } }"
            )
        }
        return
            "{ location: { id: here, name: Here, latitude: 32.08, longitude: 34.77, timezone: \(zone) }, fetched_at: \"\(Self.utc(fetchedAt))\", hourly: [\(hours.joined(separator: ", "))] }"
    }
}

extension World {
    /// The Android world of `seed`: a plain-rules world (that of seed `8 × seed`) moved to a
    /// simulated Android (see `AndroidProfile` in BugleSimulator) at a random API level, with
    /// two channels (one of them carrying some rules), the permission asked at the first open
    /// from API 33 on, and Android's events mixed into its timeline at random: reboots, exact
    /// alarms denied and allowed, a channel turned off and on, Doze, periodic work.
    public init(androidSeed seed: UInt64) {
        var world = World(seed: seed &* 8)
        var dice = Dice(seed: seed ^ 0xA11D_501D)
        let version = dice.pick([26, 29, 30, 31, 33, 34, 34, 35, 36])
        let ruleIDs = world.rules.compactMap { line -> String? in
            guard let range = line.range(of: "id: ") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "," && $0 != " " && $0 != "}" })
        }
        let extraRules = ruleIDs.filter { _ in dice.chance(0.5) }
        world.header.removeAll { $0.hasPrefix("pendingLimit:") || $0.hasPrefix("safetyMargin:") || $0.hasPrefix("platform:") || $0.hasPrefix("eviction:") }
        world.header += [
            "platform: android",
            "androidVersion: \(version)",
            "seed: \(dice.int(1...1_000_000))",
            "channels: [{ id: main }, { id: extra, importance: low, rules: [\(extraRules.joined(separator: ", "))] }]",
        ]
        if dice.chance(0.3) { world.header.append("periodicWork: { every: \(dice.pick(["15m", "1h", "6h"])) }") }
        if dice.chance(0.3), version >= 31 { world.header.append("exactAlarms: \(dice.pick(["granted", "denied"]))") }
        for index in world.events.indices {
            var body = world.events[index].body
            for (old, new) in [
                ("authorization: denied", "permission: denied"), ("authorization: authorized", "permission: granted"),
                ("authorization: provisional", "permission: granted"),
            ] {
                body = body.replacingOccurrences(of: old, with: new)
            }
            if index == 0 {
                if version >= 33 { body += ", permission: request" }
            } else if dice.chance(0.35) {
                var parts = ["reboot: {}", "channel: { id: extra, enabled: \(dice.chance(0.6) ? "false" : "true") }", "doze: \(dice.pick(["on", "off"]))"]
                if version >= 31 { parts.append("exactAlarms: \(dice.pick(["granted", "denied"]))") }
                let part = dice.pick(parts)
                let key = String(part.prefix { $0 != ":" })
                if !body.contains(key + ":") { body += ", " + part }
            }
            world.events[index].body = body
        }
        self = world
        self.kind = "android"
    }
}
