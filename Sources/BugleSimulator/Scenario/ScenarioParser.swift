import Bugle
import Foundation

/// Reads scenario files (YAML). Every mistake is reported with the file, line and column
/// and what was expected; nothing falls back to a silent default.
public enum ScenarioParser {
    /// Reads and parses the file at `path`; `recipes` are those a `recipe:` key may name, and
    /// `ruleKinds` those a rule's `kind:` may name.
    public static func load(path: String, recipes: [any ScenarioRecipe.Type] = [], ruleKinds: [any ScenarioRuleKind.Type] = []) throws -> Scenario {
        let data = try ScenarioFile.read(path, what: "a scenario file (YAML)")
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(file: path, message: "the file is not UTF-8 text; expected a scenario file (YAML)")
        }
        return try parse(text, file: path, recipes: recipes, ruleKinds: ruleKinds)
    }

    static let topLevelKeys = [
        "name", "start", "timeZone", "days", "platform", "pendingLimit", "safetyMargin", "eviction", "authorization", "faults", "lookahead", "policies",
        "rules", "state", "events", "recipe", "androidVersion", "channels", "exactAlarms", "periodicWork", "seed", "user", "learningSeed",
    ]

    /// Parses scenario text; `file` names it in errors, `recipes` are those a `recipe:` key may
    /// name, and `ruleKinds` those a rule's `kind:` may name (see <doc:YourOwnRecipe>).
    public static func parse(
        _ text: String, file: String? = nil, recipes: [any ScenarioRecipe.Type] = [],
        ruleKinds: [any ScenarioRuleKind.Type] = []
    ) throws -> Scenario {
        let root = try ScenarioValue.parse(text, file: file)
        let top = try root.object(topLevelKeys)
        let timeZone = try top.required("timeZone").timeZone()
        let start = try top.required("start").dateTime()
        let days = try top["days"]?.int(in: ScenarioLimits.days) ?? 7

        var platform = Platform.ios
        if let value = top["platform"] {
            switch try value.string() {
            case "ios": platform = .ios
            case "macos": platform = .macos
            case "android": platform = .android
            case let other: throw value.error("platform: unknown platform \"\(other)\"; expected ios, macos or android (or pendingLimit: N)")
            }
        }
        if let value = top["pendingLimit"] {
            if top.has("platform") { throw value.error("pendingLimit: give either platform or pendingLimit, not both") }
            platform = .custom(try value.int(in: ScenarioLimits.pendingLimit))
        }
        var budget = Budget(platform: platform)
        if let value = top["safetyMargin"] {
            budget.safetyMargin = try value.int(in: 0...(platform.pendingLimit - 1))
        } else if top.has("pendingLimit") {
            // A custom limit states exactly the room Bugle has.
            budget.safetyMargin = 0
        }

        var eviction = SimulatedCenter.Eviction.keepLastAdded
        if let value = top["eviction"] {
            let text = try value.string()
            guard let parsed = SimulatedCenter.Eviction(rawValue: text) else {
                throw value.error("eviction: unknown rule \"\(text)\"; expected keepLastAdded or keepSoonest")
            }
            eviction = parsed
        }
        var android = try parseAndroid(top, platform: platform)
        let authorization =
            try top["authorization"].map(parseAuthorization) ?? (android?.needsNotificationPermission == true ? .notDetermined : .authorized)
        var periodicWork: TimeInterval?
        if let value = top["periodicWork"] {
            guard android != nil else { throw value.error("periodicWork: periodic work (WorkManager) needs platform: android") }
            periodicWork = try parseWorkInterval(value)
        }
        let faults = try top["faults"].map(parseFaults) ?? .none

        var setup = ScenarioSetup(start: start, timeZone: timeZone, file: file, android: android)
        var recipe: (any ScenarioRecipe)?
        if let value = top["recipe"] {
            recipe = try parseRecipe(value, recipes: recipes, setup: setup)
            // A recipe that owns its Android channels creates them; the scenario may not.
            if android != nil, let recipe, let channels = recipe.androidChannels {
                if let given = top["channels"] {
                    throw given.error(
                        "channels: the recipe \(type(of: recipe).name) creates its own channels (\(channels.map(\.id).joined(separator: ", "))); leave channels out"
                    )
                }
                android?.channels = channels
                setup.android = android
            }
        }
        // Without one, the default lookahead, or as far as the recipe's plan needs when that
        // is further (Scenario's init); a lookahead the scenario gives wins, even a shorter one.
        let lookahead = try top["lookahead"]?.duration(in: ScenarioLimits.lookahead)
        var rules: [any Rule] = recipe?.rules ?? []
        var ruleIDs = Set(rules.map(\.id))
        let rulesValue = recipe == nil ? try top.required("rules") : top["rules"]
        var reserved = rules.reduce(0) { $0 + $1.reserve }
        for value in try rulesValue?.sequence() ?? [] {
            let rule = try parseRule(value, kinds: ruleKinds, setup: setup)
            guard ruleIDs.insert(rule.id).inserted else {
                throw value.error("\(value.path).id: the rule id \"\(rule.id)\" is used twice")
            }
            // Reserves share the plan's room: together they cannot hold more than it.
            reserved += rule.reserve
            if rule.reserve > 0, reserved > budget.capacity() {
                let entry = (try? value.pairs())?.first { $0.0 == "reserve" }?.1 ?? value
                throw entry.error(
                    "\(entry.path): the rules' reserves add up to \(reserved), more than the \(budget.capacity()) requests a plan can hold (pending limit \(budget.platform.pendingLimit) less a safety margin of \(budget.safetyMargin))"
                )
            }
            rules.append(rule)
        }
        let policies = try (top["policies"].map(parsePolicies) ?? []) + (recipe?.policies ?? [])
        var state = recipe?.initialState ?? AppState()
        if let value = top["state"] {
            for (key, entry) in try value.pairs() { state[key] = try entry.json() }
        }
        let events =
            try top["events"].map { try $0.sequence().map { try parseEvent($0, recipe: recipe, ruleKinds: ruleKinds, setup: setup, android: android) } }
            ?? []
        let user = try top["user"].map(parseUser)
        let learningSeed = try top["learningSeed"].map { UInt64(bitPattern: Int64(try $0.int(in: Int.min...Int.max))) } ?? 0
        let name = try top["name"]?.string() ?? file.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "Scenario"
        return Scenario(
            name: name, file: file, start: start, timeZone: timeZone, days: days, budget: budget, eviction: eviction,
            authorization: authorization, faults: faults, rules: rules, policies: policies, state: state,
            events: events, lookahead: lookahead, recipe: recipe, android: android, periodicWork: periodicWork, user: user,
            learningSeed: learningSeed)
    }

    /// The lookahead of a scenario that gives none: 400 days, or the recipe's
    /// ``ScenarioRecipe/lookahead(for:)`` when further (at most ``ScenarioLimits/lookahead``).
    static func recipeLookahead(_ recipe: (any ScenarioRecipe)?, budget: Budget) -> TimeInterval {
        let needed = recipe?.lookahead(for: budget) ?? 0
        return min(max(Scenario.defaultLookahead, needed.isNaN ? 0 : needed), ScenarioLimits.lookahead.upperBound)
    }

    // MARK: Android

    static let androidKeys = ["androidVersion", "channels", "exactAlarms", "seed"]

    /// The Android profile of a `platform: android` scenario; its keys elsewhere are refused.
    static func parseAndroid(_ top: ScenarioObject, platform: Platform) throws -> AndroidProfile? {
        guard platform == .android else {
            for key in androidKeys {
                if let value = top[key] { throw value.error("\(key): only a platform: android scenario takes \(key)") }
            }
            return nil
        }
        var profile = AndroidProfile()
        if let value = top["androidVersion"] {
            profile.version = try value.int(in: AndroidProfile.supportedVersions)
        }
        if let value = top["exactAlarms"] {
            let allowed = try parseGrant(value, what: "exactAlarms")
            if !profile.exactAlarmsCanBeDenied, !allowed {
                throw value.error("exactAlarms: \(profile.versionName) has no exact-alarm permission (it came with API 31); exact alarms are always allowed")
            }
            profile.exactAlarms = allowed
        }
        if let value = top["seed"] {
            profile.seed = UInt64(bitPattern: Int64(try value.int(in: Int.min...Int.max)))
        }
        if let value = top["channels"] {
            var channels: [SimulatedChannel] = []
            var ruleOwners: [String: String] = [:]
            for item in try value.sequence() {
                let object = try item.object(["id", "importance", "rules"])
                let idValue = try object.required("id")
                let id = try idValue.string()
                guard !id.isEmpty, !id.contains(where: { $0.isWhitespace }) else {
                    throw idValue.error("\(idValue.path): a channel id must be non-empty text without spaces")
                }
                guard !channels.contains(where: { $0.id == id }) else { throw idValue.error("\(idValue.path): the channel id \"\(id)\" is used twice") }
                let importance = try object["importance"].map { try parseImportance($0, allowNone: false) } ?? .default
                var rules: [String]?
                if let list = object["rules"] {
                    rules = []
                    for ruleValue in try list.sequence() {
                        let rule = try ruleValue.string()
                        if let owner = ruleOwners[rule] {
                            throw ruleValue.error("\(ruleValue.path): rule \(rule) already posts to channel \(owner); a rule posts to one channel")
                        }
                        ruleOwners[rule] = id
                        rules?.append(rule)
                    }
                } else if let other = channels.first(where: { $0.rules == nil }) {
                    throw item.error(
                        "\(item.path): channel \(id) has no rules:, and neither has \(other.id); only one channel is the default for the rules no channel names"
                    )
                }
                channels.append(SimulatedChannel(id: id, importance: importance, rules: rules))
            }
            guard !channels.isEmpty else { throw value.error("channels: expected at least one channel (or leave channels out for one default channel)") }
            profile.channels = channels
        }
        return profile
    }

    /// `granted` or `denied`.
    static func parseGrant(_ value: ScenarioValue, what: String) throws -> Bool {
        switch try value.string() {
        case "granted": return true
        case "denied": return false
        case let other: throw value.error("\(value.path): unknown value \"\(other)\"; expected granted or denied")
        }
    }

    /// `none` (only where the user turns a channel off), `min`, `low`, `default` or `high`.
    static func parseImportance(_ value: ScenarioValue, allowNone: Bool) throws -> AndroidImportance {
        let text = try value.string()
        guard let importance = AndroidImportance(rawValue: text), allowNone || importance != .none else {
            throw value.error("\(value.path): unknown importance \"\(text)\"; expected \(allowNone ? "none, " : "")min, low, default or high")
        }
        return importance
    }

    /// `{every: 15m}`: WorkManager's interval, 15 minutes to 7 days.
    static func parseWorkInterval(_ value: ScenarioValue) throws -> TimeInterval {
        let every = try value.object(["every"]).required("every")
        let seconds = try every.duration()
        guard seconds >= AndroidProfile.minimumPeriodicInterval else {
            throw every.error(
                "\(every.path): \(ScenarioValue.durationText(seconds)) is shorter than WorkManager's minimum interval of 15 minutes (PeriodicWorkRequest.MIN_PERIODIC_INTERVAL_MILLIS); write 15m or more"
            )
        }
        return try every.duration(in: AndroidProfile.minimumPeriodicInterval...AndroidProfile.maximumPeriodicInterval)
    }

    /// The Android events of an event entry, in order; refused in a scenario not on Android.
    static func parseAndroidEvent(_ object: ScenarioObject, android: AndroidProfile?) throws -> [ScenarioEvent.Action] {
        var actions: [ScenarioEvent.Action] = []
        let keys = ["exactAlarms", "channel", "deleteChannel", "permission", "doze", "periodicWork"]
        guard let android else {
            for key in ["reboot"] + keys {
                if let value = object.entries[key] { throw value.error("\(value.path): \(key) is an Android event; it needs platform: android") }
            }
            return []
        }
        if let value = object["exactAlarms"] {
            guard android.exactAlarmsCanBeDenied else {
                throw value.error("\(value.path): \(android.versionName) has no exact-alarm permission (it came with API 31); exact alarms are always allowed")
            }
            actions.append(.exactAlarms(try parseGrant(value, what: "exactAlarms")))
        }
        if let value = object["channel"] {
            let spec = try value.object(["id", "enabled", "importance"])
            let idValue = try spec.required("id")
            let id = try idValue.string()
            guard android.channels.contains(where: { $0.id == id }) else {
                throw idValue.error(
                    "\(idValue.path): no channel \"\(id)\"; the app creates \(android.channels.map(\.id).joined(separator: ", "))")
            }
            let enabled = try spec["enabled"]?.bool()
            let importance = try spec["importance"].map { try parseImportance($0, allowNone: true) }
            guard enabled != nil || importance != nil else { throw value.error("\(value.path): expected enabled: true|false, importance: …, or both") }
            actions.append(.channel(id: id, enabled: enabled, importance: importance))
        }
        if let value = object["deleteChannel"] {
            let id = try value.string()
            guard android.channels.contains(where: { $0.id == id }) else {
                throw value.error("\(value.path): no channel \"\(id)\"; the app creates \(android.channels.map(\.id).joined(separator: ", "))")
            }
            actions.append(.deleteChannel(id))
        }
        if let value = object["permission"] {
            let change: ScenarioEvent.PermissionChange
            if value.node.scalar != nil {
                switch try value.string() {
                case "granted": change = .settings(granted: true)
                case "denied": change = .settings(granted: false)
                case "request": change = .request(allow: true)
                case let other: throw value.error("\(value.path): unknown value \"\(other)\"; expected granted, denied, request or {request: allow|deny}")
                }
            } else {
                let answer = try value.object(["request"]).required("request")
                switch try answer.string() {
                case "allow": change = .request(allow: true)
                case "deny": change = .request(allow: false)
                case let other: throw answer.error("\(answer.path): unknown answer \"\(other)\"; expected allow or deny")
                }
            }
            if case .request = change, !android.needsNotificationPermission {
                throw value.error(
                    "\(value.path): \(android.versionName) has no notification permission to request (POST_NOTIFICATIONS came with API 33); notifications are allowed from install"
                )
            }
            actions.append(.permission(change))
        }
        if let value = object["doze"] {
            switch try value.string() {
            case "on": actions.append(.doze(true))
            case "off": actions.append(.doze(false))
            case let other: throw value.error("\(value.path): unknown value \"\(other)\"; expected on or off")
            }
        }
        if let value = object["periodicWork"] {
            if value.node.scalar != nil, try value.string() == "off" {
                actions.append(.periodicWork(nil))
            } else {
                actions.append(.periodicWork(try parseWorkInterval(value)))
            }
        }
        return actions
    }

    static func parseRecipe(_ value: ScenarioValue, recipes: [any ScenarioRecipe.Type], setup: ScenarioSetup) throws -> any ScenarioRecipe {
        let known = recipes.map { $0.name }.sorted()
        let nameValue: ScenarioValue
        var allSettingKeys = ["name"]
        for recipe in recipes { allSettingKeys += recipe.settingKeys }
        if value.node.scalar != nil { nameValue = value } else { nameValue = try value.object(allSettingKeys).required("name") }
        let name = try nameValue.string()
        guard let type = recipes.first(where: { $0.name == name }) else {
            throw nameValue.error(
                "recipe: unknown recipe \"\(name)\"; expected one of: \(known.isEmpty ? "(none available here)" : known.joined(separator: ", "))")
        }
        let settings =
            value.node.scalar != nil
            ? ScenarioObject(value: value, entries: [:])
            : try value.object(["name"] + type.settingKeys)
        return try makeRecipe(type, settings: settings, setup: setup)
    }

    /// Opens the existential metatype (calling `init` on it directly crashes Swift 6.3's SILGen).
    private static func makeRecipe<R: ScenarioRecipe>(_ type: R.Type, settings: ScenarioObject, setup: ScenarioSetup) throws -> any ScenarioRecipe {
        try R(settings: settings, setup: setup)
    }

    private static func eventKeys<R: ScenarioRecipe>(of recipe: R) -> [String] { R.eventKeys }

    static func parseAuthorization(_ value: ScenarioValue) throws -> AuthorizationStatus {
        let text = try value.string()
        guard let status = AuthorizationStatus(rawValue: text) else {
            throw value.error(
                "\(value.path): unknown authorization \"\(text)\"; expected one of: \(AuthorizationStatus.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return status
    }

    static func parseFaults(_ value: ScenarioValue) throws -> SimulatedCenter.Faults {
        let object = try value.object(["seed", "addFailureRate", "removeFailureRate"])
        func rate(_ key: String) throws -> Double {
            try object[key]?.double(in: 0...1) ?? 0
        }
        let seed = try object["seed"].map { try $0.int(in: Int.min...Int.max) } ?? 1
        return SimulatedCenter.Faults(
            seed: UInt64(bitPattern: Int64(seed)), addFailureRate: try rate("addFailureRate"), removeFailureRate: try rate("removeFailureRate"))
    }

    // MARK: Rules

    static let scheduleKeys = ["daily", "weekly", "every", "at", "rrule"]
    static let ruleKeys =
        [
            "id", "basis", "timeZone", "title", "subtitle", "body", "sound", "badge", "thread", "category", "interruption",
            "relevanceScore", "userInfo", "deepLink", "group", "priority", "dedupeKey", "relevance", "start", "end", "count",
            "when", "reserve", "time", "rdate", "exdate", "allDay", "timing", "copy",
        ] + scheduleKeys

    /// A rule of the app's own kind (`kind: bedtime`), else a built-in one.
    static func parseRule(_ value: ScenarioValue, kinds: [any ScenarioRuleKind.Type], setup: ScenarioSetup) throws -> any Rule {
        guard let kindValue = (try value.pairs()).first(where: { $0.0 == "kind" })?.1 else {
            return try parseRule(value, scenarioZone: setup.timeZone, scenarioStart: setup.start.local.date)
        }
        let name = try kindValue.string()
        guard let kind = kinds.first(where: { kindName($0) == name }) else {
            let known = kinds.map { kindName($0) }.sorted()
            throw kindValue.error(
                "\(kindValue.path): unknown rule kind \"\(name)\"; expected one of: \(known.isEmpty ? "(none available here)" : known.joined(separator: ", "))")
        }
        return try parseRule(value, of: kind, setup: setup)
    }

    /// A rule entry's `id`: non-empty text without spaces.
    static func ruleID(_ entry: ScenarioObject) throws -> String {
        let value = try entry.required("id")
        let id = try value.string()
        guard !id.isEmpty, !id.contains(where: { $0.isWhitespace }) else {
            throw value.error("\(entry.value.path).id: a rule id must be non-empty text without spaces")
        }
        return id
    }

    /// Opens the existential metatype, as `makeRecipe` does.
    private static func kindName<K: ScenarioRuleKind>(_ kind: K.Type) -> String { K.name }

    private static func parseRule<K: ScenarioRuleKind>(_ value: ScenarioValue, of kind: K.Type, setup: ScenarioSetup) throws -> any Rule {
        let object = try value.object(["id", "kind"] + K.keys)
        let id = try ruleID(object)
        let rule = try K.rule(id: id, entry: object, setup: setup)
        guard rule.id == id else {
            throw value.error("\(value.path): the rule kind \(K.name) made a rule with id \"\(rule.id)\"; expected \"\(id)\", the entry's id")
        }
        return rule
    }

    static func parseRule(_ value: ScenarioValue, scenarioZone: TimeZone, scenarioStart: LocalDate) throws -> any Rule {
        let object = try value.object(ruleKeys)
        let id = try ruleID(object)
        let given = scheduleKeys.filter { object[$0] != nil }
        guard given.count == 1 else {
            throw value.error(
                "\(value.path) (\(id)): expected exactly one schedule (\(scheduleKeys.joined(separator: ", "))), found \(given.isEmpty ? "none" : given.joined(separator: " and "))"
            )
        }
        var basis = TimeBasis.wallClock
        if let basisValue = object["basis"] {
            switch try basisValue.string() {
            case "wallClock":
                if object["timeZone"] != nil { throw basisValue.error("\(basisValue.path): a wallClock rule follows the device; timeZone needs basis: zoned") }
            case "zoned": basis = .zoned(try object["timeZone"]?.timeZone() ?? scenarioZone)
            case let other: throw basisValue.error("\(basisValue.path): unknown basis \"\(other)\"; expected wallClock or zoned")
            }
        } else if let zoneValue = object["timeZone"] {
            throw zoneValue.error("\(zoneValue.path): timeZone needs basis: zoned")
        }
        let start = try object["start"]?.localDate()
        let end = try object["end"]?.localDate()
        if let start, let end, let endValue = object["end"], end < start { throw endValue.error("\(value.path).end: \(end) is before start \(start)") }

        if object["rrule"] == nil {
            if let time = object["time"] {
                throw time.error("\(time.path): only an rrule takes time:; the other schedules carry their own time")
            }
            for key in ["rdate", "exdate", "allDay"] {
                if let entry = object[key] { throw entry.error("\(entry.path): only an rrule takes \(key):") }
            }
        }
        let recurrence = try object["rrule"].map { try parseRecurrence($0, object: object, id: id, path: value.path, start: start, basis: basis) }
        if let timing = object["timing"], object["daily"] == nil, object["weekly"] == nil, object["every"] == nil {
            throw timing.error("\(timing.path): only a daily, weekly or every rule learns its send time; \(id) has \(given[0]):")
        }
        if let copy = object["copy"], object["daily"] == nil, object["weekly"] == nil, object["every"] == nil {
            throw copy.error("\(copy.path): only a daily, weekly or every rule chooses among texts; \(id) has \(given[0]):")
        }

        let titleValue = try object.required("title")
        let title = try titleValue.string()
        guard title.contains(where: { !$0.isWhitespace }) else {
            throw titleValue.error("\(titleValue.path): a notification needs a title; found an empty one")
        }
        var content = NotificationContent(title: title, body: try object["body"]?.string() ?? "")
        content.subtitle = try object["subtitle"]?.string()
        if let sound = object["sound"] {
            switch try sound.string() {
            case "default": content.sound = .default
            case "none": content.sound = nil
            case let name: content.sound = .named(name)
            }
        }
        content.badge = try object["badge"]?.int(in: ScenarioLimits.badge)
        content.threadID = try object["thread"]?.string()
        content.categoryID = try object["category"]?.string()
        if let level = object["interruption"] {
            let text = try level.string()
            guard let parsed = InterruptionLevel(rawValue: text) else {
                throw level.error("\(level.path): unknown interruption level \"\(text)\"; expected passive, active, timeSensitive or critical")
            }
            content.interruptionLevel = parsed
        }
        content.relevanceScore = try object["relevanceScore"]?.double(in: 0...1)
        if let info = object["userInfo"] {
            guard case .object(let dictionary) = try info.json() else { throw info.error("\(info.path): expected a mapping") }
            content.userInfo = dictionary
        }
        content.deepLink = try object["deepLink"]?.string()

        let count = try object["count"]?.int(in: ScenarioLimits.count)
        let reserve = try object["reserve"]?.int(in: 0...ScenarioLimits.pendingLimit.upperBound) ?? 0
        if let recurrence {
            // With allDay: true, time: is when each day fires rather than DTSTART's time of day.
            let allDayTime = recurrence.isAllDay ? try object["time"]?.localTime() : nil
            return RecurringRule(
                id: id, recurrence: recurrence, basis: basis, content: content,
                priority: try object["priority"]?.int(in: ScenarioLimits.priority) ?? 0,
                group: try object["group"]?.string(),
                dedupeKey: try object["dedupeKey"]?.string(),
                relevance: try object["relevance"]?.duration(in: ScenarioLimits.relevance),
                condition: try object["when"].map(parseCondition),
                reserve: reserve,
                allDayTime: allDayTime ?? RecurringRule.defaultAllDayTime)
        }
        let schedule = try parseSchedule(object, start: start, scenarioStart: scenarioStart)
        var learning: LearnedTiming?
        if let timing = object["timing"] {
            switch schedule {
            case .daily(let time), .weekly(_, let time), .every(_, let time, _): learning = try parseTiming(timing, configured: time)
            case .once, .onceAt: break
            }
        }
        return ScheduledRule(
            id: id, schedule: schedule, basis: basis, content: content,
            priority: try object["priority"]?.int(in: ScenarioLimits.priority) ?? 0,
            group: try object["group"]?.string(),
            dedupeKey: try object["dedupeKey"]?.string(),
            relevance: try object["relevance"]?.duration(in: ScenarioLimits.relevance),
            start: start ?? (count != nil ? scenarioStart : nil),
            end: end, count: count,
            condition: try object["when"].map(parseCondition),
            reserve: reserve, learning: learning, copy: try object["copy"].map(parseCopy))
    }

    /// `copy: { variants: [{ id, title, body }, …], recencyPenalty: 0.75, recoveryHalfLife: 3d,
    /// halfLife: 60d, attribution: 2h, priorWeight: 2 }`: the rule shows one of its texts per
    /// occurrence and learns which the user answers (`CopyVariants`, whose ranges apply).
    static func parseCopy(_ value: ScenarioValue) throws -> CopyVariants {
        let object = try value.object(["variants", "recencyPenalty", "recoveryHalfLife", "halfLife", "attribution", "priorWeight"])
        let variants = try object.required("variants").sequence().map { item -> ContentVariant in
            let spec = try item.object(["id", "title", "body"])
            let titleValue = try spec.required("title")
            let title = try titleValue.string()
            guard title.contains(where: { !$0.isWhitespace }) else {
                throw titleValue.error("\(titleValue.path): a notification needs a title; found an empty one")
            }
            return ContentVariant(id: try spec.required("id").string(), content: NotificationContent(title: title, body: try spec["body"]?.string() ?? ""))
        }
        func days(_ range: ClosedRange<Double>) -> ClosedRange<TimeInterval> { range.lowerBound * 86_400...range.upperBound * 86_400 }
        let copy = CopyVariants(
            variants: variants, attribution: try object["attribution"]?.duration(in: LearnedTiming.attributionRange) ?? 7_200,
            halfLife: try object["halfLife"].map { try $0.duration(in: days(LearnedTiming.halfLifeRange)) / 86_400 } ?? 60,
            recencyPenalty: try object["recencyPenalty"]?.double(in: CopyVariants.recencyPenaltyRange) ?? 0.75,
            recoveryHalfLife: try object["recoveryHalfLife"].map { try $0.duration(in: days(CopyVariants.recoveryHalfLifeRange)) / 86_400 } ?? 3,
            priorWeight: try object["priorWeight"]?.double(in: CopyVariants.priorWeightRange) ?? 2)
        do {
            return try copy.validated()
        } catch {
            throw value.error("\(value.path): \(error)")
        }
    }

    /// `timing: fixed` (the schedule's time, as without `timing:`) or `timing: { learned: {
    /// window: "07:00-10:00", slot: 15m, … } }`: the rule learns its send time in the window,
    /// with the prior on its schedule's time, `configured` (`LearnedTiming`). Each number is
    /// checked against its range, which the error names.
    static func parseTiming(_ value: ScenarioValue, configured: LocalTime) throws -> LearnedTiming? {
        if value.node.scalar != nil {
            let text = try value.string()
            guard text == "fixed" else {
                throw value.error("\(value.path): unknown timing \"\(text)\"; expected fixed or { learned: { window: \"07:00-10:00\", … } }")
            }
            return nil
        }
        let spec = try value.object(["learned"]).required("learned")
        let object = try spec.object([
            "window", "slot", "attribution", "halfLife", "priorHalfLife", "priorWeight", "neighbourWidth", "splitWeekend",
        ])
        let windowValue = try object.required("window")
        let window = try windowValue.string()
        let ends = window.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard ends.count == 2, let first = TimeParsing.localTime(ends[0]), let last = TimeParsing.localTime(ends[1]) else {
            throw windowValue.error("\(windowValue.path): \"\(window)\" is not a window; expected two times of day, HH:MM-HH:MM (07:00-10:00)")
        }
        func minutes(_ range: ClosedRange<Int>) -> ClosedRange<TimeInterval> { TimeInterval(range.lowerBound * 60)...TimeInterval(range.upperBound * 60) }
        func days(_ range: ClosedRange<Double>) -> ClosedRange<TimeInterval> { range.lowerBound * 86_400...range.upperBound * 86_400 }
        var slot = 15
        if let slotValue = object["slot"] {
            let seconds = try slotValue.duration(in: minutes(LearnedTiming.slotMinutesRange))
            guard seconds.remainder(dividingBy: 60) == 0 else {
                throw slotValue.error("\(slotValue.path): a slot is whole minutes; found \(slotValue.describe)")
            }
            slot = Int(seconds / 60)
        }
        let attribution = try object["attribution"]?.duration(in: LearnedTiming.attributionRange) ?? 7_200
        let halfLife = try object["halfLife"].map { try $0.duration(in: days(LearnedTiming.halfLifeRange)) / 86_400 } ?? 60
        let priorHalfLife = try object["priorHalfLife"].map { try $0.duration(in: days(LearnedTiming.priorHalfLifeRange)) / 86_400 } ?? 3
        let priorWeight = try object["priorWeight"]?.double(in: LearnedTiming.priorWeightRange) ?? 20
        let neighbourWidth = try object["neighbourWidth"]?.double(in: LearnedTiming.neighbourWidthRange) ?? 1
        let splitWeekend = try object["splitWeekend"]?.bool() ?? false
        guard first < last else { throw windowValue.error("\(windowValue.path): \(window) ends before it starts; a window lies within one day") }
        guard last.secondOfDay - first.secondOfDay >= slot * 60 else {
            throw windowValue.error("\(windowValue.path): \(window) is shorter than one slot of \(slot) min")
        }
        guard configured >= first, configured < last else {
            throw windowValue.error(
                "\(windowValue.path): \(window) does not hold the rule's time, \(configured), where learning starts; widen the window or move the time")
        }
        do {
            return try LearnedTiming(
                windowStart: first, windowEnd: last, slotMinutes: slot, configured: configured, attribution: attribution, halfLife: halfLife,
                priorHalfLife: priorHalfLife, priorWeight: priorWeight, neighbourWidth: neighbourWidth, splitWeekend: splitWeekend)
        } catch {
            throw spec.error("\(spec.path): \(error)")
        }
    }

    /// `user: { opens: "07:00-08:00", chance: 0.9, after: 5m, from: …, until: …, rules: […], seed: 7 }`:
    /// the user who taps notifications (``SimulatedUser``).
    static func parseUser(_ value: ScenarioValue) throws -> SimulatedUser {
        let object = try value.object(["opens", "chance", "after", "from", "until", "rules", "seed", "chances", "visits"])
        let opensValue = try object.required("opens")
        let opens = try opensValue.string()
        let ends = opens.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard ends.count == 2, let from = TimeParsing.localTime(ends[0]), let to = TimeParsing.localTime(ends[1]), from != to else {
            throw opensValue.error(
                "\(opensValue.path): \"\(opens)\" is not a span of hours; expected two different times of day, HH:MM-HH:MM (07:00-08:00; 22:00-02:00 runs past midnight)"
            )
        }
        let first = try object["from"]?.localDate()
        let last = try object["until"]?.localDate()
        if let first, let last, let untilValue = object["until"], last < first {
            throw untilValue.error("\(untilValue.path): \(last) is before from, \(first)")
        }
        var user = SimulatedUser(
            from: from, to: to, chance: try object["chance"]?.double(in: SimulatedUser.chanceRange) ?? 1,
            after: try object["after"]?.duration(in: SimulatedUser.afterRange) ?? 60, firstDay: first, lastDay: last,
            rules: try object["rules"].map { Set(try $0.sequence().map { try $0.string() }) },
            seed: UInt64(bitPattern: Int64(try object["seed"]?.int(in: Int.min...Int.max) ?? 1)))
        if let chances = object["chances"] {
            // `chances: { "Five minutes of practice?": 0.9 }`: a title's own probability.
            for (title, chance) in try chances.pairs() { user.titleChances[title] = try chance.double(in: SimulatedUser.chanceRange) }
        }
        if let visits = object["visits"] {
            // `visits: { at: "20:30", chance: 0.2 }`: the app opened of the user's own accord.
            let spec = try visits.object(["at", "chance"])
            user.visitAt = try spec.required("at").localTime()
            user.visitChance = try spec.required("chance").double(in: SimulatedUser.chanceRange)
        }
        return user
    }

    /// The schedule of a rule that has no rrule: daily, weekly, every or at.
    static func parseSchedule(_ object: ScenarioObject, start: LocalDate?, scenarioStart: LocalDate) throws -> Schedule {
        if let daily = object["daily"] {
            return .daily(try daily.localTime())
        } else if let weekly = object["weekly"] {
            let spec = try weekly.object(["days", "time"])
            var days = Set<Weekday>()
            for day in try spec.required("days").sequence() {
                let code = try day.string()
                guard let weekday = Weekday(code: code) else {
                    throw day.error("\(day.path): \"\(code)\" is not a weekday; expected MO, TU, WE, TH, FR, SA or SU")
                }
                days.insert(weekday)
            }
            guard !days.isEmpty else { throw weekly.error("\(weekly.path).days: expected at least one weekday") }
            return .weekly(days, try spec.required("time").localTime())
        } else if let every = object["every"] {
            let spec = try every.object(["days", "time"])
            let interval = try spec.required("days").int(in: ScenarioLimits.everyDays)
            return .every(days: interval, time: try spec.required("time").localTime(), anchor: start ?? scenarioStart)
        } else {
            let at = try object.required("at").dateTime()
            if let offset = at.offset {
                return .onceAt(Date(timeIntervalSince1970: TimeInterval(at.local.localSeconds - offset)))
            } else {
                return .once(at.local)
            }
        }
    }

    /// `rrule:` with `start:` (DTSTART's day) and an optional `time:` (its time of day, 00:00
    /// by default); the rule carries its own end (COUNT or UNTIL). `allDay: true` makes the
    /// start a date (`time:` is then when each day's notification fires, 09:00 by default);
    /// `rdate:` and `exdate:` list extra and removed occurrences, dates or date-times.
    static func parseRecurrence(_ rrule: ScenarioValue, object: ScenarioObject, id: String, path: String, start: LocalDate?, basis: TimeBasis) throws
        -> Recurrence
    {
        guard let start else {
            throw rrule.error("\(path) (\(id)): an rrule needs start: the date it counts from (DTSTART)")
        }
        for key in ["end", "count"] {
            if let entry = object[key] {
                throw entry.error("\(entry.path): an rrule ends inside the rule (COUNT=N or UNTIL=YYYYMMDD), not with \(key):")
            }
        }
        let allDay = try object["allDay"]?.bool() ?? false
        let time = allDay ? .midnight : try object["time"]?.localTime() ?? .midnight
        let zone: TimeZone?
        switch basis {
        case .wallClock: zone = nil
        case .zoned(let timeZone): zone = timeZone
        }
        let dates = try object["rdate"].map { try recurrenceValues($0, zone: zone) } ?? []
        let exceptions = try object["exdate"].map { try recurrenceValues($0, zone: zone) } ?? []
        let text = try rrule.string()
        do {
            let rule = try RecurrenceRule(parsing: text)
            let startValue: RecurrenceValue = allDay ? .date(start) : .local(LocalDateTime(date: start, time: time))
            return try Recurrence(start: startValue, rule: rule, dates: dates, exceptions: exceptions, timeZone: zone)
        } catch {
            throw rrule.error("\(rrule.path): \(error)")
        }
    }

    /// A list of `rdate:` or `exdate:` values: dates, or date-times (with an offset only for a
    /// zoned rule), at most `Recurrence/maximumExtraDates`.
    static func recurrenceValues(_ list: ScenarioValue, zone: TimeZone?) throws -> [RecurrenceValue] {
        let items = try list.sequence()
        guard items.count <= Recurrence.maximumExtraDates else {
            throw list.error("\(list.path): \(items.count) values; at most \(Recurrence.maximumExtraDates) are read")
        }
        return try items.map { item in
            let text = try item.string()
            if TimeParsing.localDate(text) != nil { return .date(try item.localDate()) }
            guard TimeParsing.dateTime(text) != nil else {
                throw item.error("\(item.path): \"\(text)\" is not a date or a date-time; expected YYYY-MM-DD or YYYY-MM-DDTHH:MM, optionally with an offset")
            }
            let value = try item.dateTime()
            guard let offset = value.offset else { return .local(value.local) }
            guard zone != nil else {
                throw item.error(
                    "\(item.path): \"\(text)\" has an offset but the rule follows the device's clock (basis: wallClock); write it without one, or give the rule basis: zoned"
                )
            }
            return .zoned(value.local, TimeZone(secondsFromGMT: offset) ?? .gmt)
        }
    }

    static func parseCondition(_ value: ScenarioValue) throws -> Condition {
        let object = try value.object(["key", "equals", "notEquals", "greaterThan", "lessThan", "exists", "all", "any", "not"])
        if let all = object["all"] { return .all(try all.sequence().map(parseCondition)) }
        if let any = object["any"] { return .any(try any.sequence().map(parseCondition)) }
        if let not = object["not"] { return .not(try parseCondition(not)) }
        let key = try object.required("key").string()
        if let equals = object.entries["equals"] { return .equals(key: key, value: try equals.json()) }
        if let notEquals = object.entries["notEquals"] { return .not(.equals(key: key, value: try notEquals.json())) }
        if let greater = object["greaterThan"] { return .greaterThan(key: key, value: try greater.double()) }
        if let less = object["lessThan"] { return .lessThan(key: key, value: try less.double()) }
        if let exists = object["exists"] { return try exists.bool() ? .exists(key: key) : .not(.exists(key: key)) }
        throw value.error("\(value.path): expected a test on \"\(key)\": equals, notEquals, greaterThan, lessThan or exists")
    }

    // MARK: Policies

    static func parsePolicies(_ value: ScenarioValue) throws -> [any Policy] {
        let object = try value.object(["staleness", "quietHours", "noRenotify", "minimumSpacing", "fatigue", "caps", "holdout"])
        // The order in which they apply: stale data first, caps last, so that a cap counts
        // only what survived everything else.
        var policies: [any Policy] = []
        if let staleness = object["staleness"] {
            let spec = try staleness.object(["key", "holdAfter", "cancelAfter", "rules"])
            let hold = try spec.required("holdAfter").duration(in: ScenarioLimits.staleness)
            let cancel = try spec.required("cancelAfter").duration(in: ScenarioLimits.staleness)
            guard cancel >= hold else { throw staleness.error("\(staleness.path): cancelAfter must not be shorter than holdAfter") }
            let rules = try spec["rules"].map { Set(try $0.sequence().map { try $0.string() }) }
            policies.append(Staleness(timestampKey: try spec.required("key").string(), holdAfter: hold, cancelAfter: cancel, rules: rules))
        }
        if let quiet = object["quietHours"] {
            let spec = try quiet.object(["start", "end", "mode", "overrides"])
            let mode = try spec["mode"].map(parseQuietMode) ?? .suppress
            var overrides: [String: QuietHours.Override] = [:]
            if let values = spec["overrides"] {
                for (group, entry) in try values.pairs() {
                    overrides[group] = try entry.string() == "exempt" ? .exempt : .mode(try parseQuietMode(entry))
                }
            }
            policies.append(
                QuietHours(start: try spec.required("start").localTime(), end: try spec.required("end").localTime(), mode: mode, overrides: overrides))
        }
        if let renotify = object["noRenotify"] { policies.append(NoRenotify(within: try renotify.duration(in: ScenarioLimits.noRenotify))) }
        if let spacing = object["minimumSpacing"] { policies.append(MinimumSpacing(try spacing.duration(in: ScenarioLimits.minimumSpacing))) }
        if let fatigue = object["fatigue"] { policies.append(try parseFatigue(fatigue)) }
        if let caps = object["caps"] {
            let spec = try caps.object(["perDay", "perGroupPerDay"])
            var perGroup: [String: Int] = [:]
            if let groups = spec["perGroupPerDay"] {
                for (group, entry) in try groups.pairs() { perGroup[group] = try entry.int(in: ScenarioLimits.cap) }
            }
            policies.append(Caps(perDay: try spec["perDay"]?.int(in: ScenarioLimits.cap), perGroupPerDay: perGroup))
        }
        if let holdout = object["holdout"] {
            // Last: only what every other policy would send is randomized.
            let spec = try holdout.object(["fraction", "attribution", "rules"])
            do {
                policies.append(
                    try RandomizedHoldout(
                        rules: try spec["rules"].map { Set(try $0.sequence().map { try $0.string() }) },
                        fraction: try spec["fraction"]?.double(in: RandomizedHoldout.fractionRange) ?? 0.1,
                        attribution: try spec["attribution"]?.duration(in: LearnedTiming.attributionRange) ?? 7_200))
            } catch let error as LearningError {
                throw holdout.error("\(holdout.path): \(error)")
            }
        }
        return policies
    }

    /// `fatigue: { reduceAfter: 3, pauseAfter: 7, reducedEvery: 3, attribution: 2h,
    /// minimumOpenRate: 0.15, lastNotice: { title: …, body: … }, rules: [a, b] }` (every key optional): a `FatigueBackoff`, its numbers
    /// checked against `FatigueBackoff`'s ranges.
    static func parseFatigue(_ value: ScenarioValue) throws -> FatigueBackoff {
        let spec = try value.object(["reduceAfter", "pauseAfter", "reducedEvery", "attribution", "minimumOpenRate", "lastNotice", "rules"])
        let reduceAfter = try spec["reduceAfter"]?.int(in: ScenarioLimits.fatigueReduceAfter) ?? 3
        let pauseAfter = try spec["pauseAfter"]?.int(in: (reduceAfter + 1)...ScenarioLimits.fatigueReduceAfter.upperBound + 1) ?? max(7, reduceAfter + 1)
        let reducedEvery = try spec["reducedEvery"]?.int(in: ScenarioLimits.fatigueReducedEvery) ?? 3
        let attribution = try spec["attribution"]?.duration(in: LearnedTiming.attributionRange) ?? 7_200
        let minimumOpenRate = try spec["minimumOpenRate"]?.double(in: FatigueBackoff.minimumOpenRateRange) ?? 0.15
        var notice = FatigueBackoff.defaultNotice
        if let noticeValue = spec["lastNotice"] {
            let text = try noticeValue.object(["title", "body"])
            let titleValue = try text.required("title")
            let title = try titleValue.string()
            guard title.contains(where: { !$0.isWhitespace }) else {
                throw titleValue.error("\(titleValue.path): a notification needs a title; found an empty one")
            }
            notice = NotificationContent(title: title, body: try text["body"]?.string() ?? "")
        }
        let rules = try spec["rules"].map { Set(try $0.sequence().map { try $0.string() }) }
        do {
            return try FatigueBackoff(
                rules: rules, reduceAfter: reduceAfter, pauseAfter: pauseAfter, reducedEvery: reducedEvery, attribution: attribution,
                minimumOpenRate: minimumOpenRate, lastNotice: notice)
        } catch {
            throw value.error("\(value.path): \(error)")
        }
    }

    static func parseQuietMode(_ value: ScenarioValue) throws -> QuietHours.Mode {
        let text = try value.string()
        guard let mode = QuietHours.Mode(rawValue: text) else {
            throw value.error(
                "\(value.path): unknown mode \"\(text)\"; expected suppress, defer or quiet\(value.path.contains("overrides") ? " (or exempt)" : "")")
        }
        return mode
    }

    // MARK: Events

    /// Whether the event has `key` (`open: {}`, `open:` or `open: true`); `open: false`, or
    /// any other value, is refused rather than read as "it happens".
    static func happens(_ object: ScenarioObject, _ key: String) throws -> Bool {
        guard let value = object.entries[key] else { return false }
        if value.isNull || (try? value.pairs().isEmpty) == true { return true }
        if value.node.scalar != nil, let happens = try? value.bool() {
            guard happens else { throw value.error("\(value.path): false describes nothing; leave \(key) out of an event in which it does not happen") }
            return true
        }
        throw value.error("\(value.path): expected {} (or true), found \(value.kind)")
    }

    static let eventKeys = [
        "at", "open", "openNotification", "background", "backgroundRefresh", "set", "timeZone", "clock", "authorization", "relaunch",
        "setRule", "removeRule", "complete", "skip", "undo", "pause", "resume",
        "reboot", "exactAlarms", "channel", "deleteChannel", "permission", "doze", "periodicWork",
    ]

    /// `{rule: habit, date: 2026-03-02}`: one rule's local day.
    static func parseRuleDay(_ value: ScenarioValue) throws -> (rule: String, day: LocalDate) {
        let object = try value.object(["rule", "date"])
        return (try object.required("rule").string(), try object.required("date").localDate())
    }

    /// `rule:` when given (a rule's id), else every rule.
    static func parseSelection(_ object: ScenarioObject) throws -> RuleSelection {
        try object["rule"].map { .rule(try $0.string()) } ?? .all
    }

    static func parseEvent(
        _ value: ScenarioValue, recipe: (any ScenarioRecipe)?, ruleKinds: [any ScenarioRuleKind.Type] = [],
        setup: ScenarioSetup? = nil, android: AndroidProfile? = nil
    ) throws -> ScenarioEvent {
        let recipeKeys = recipe.map { eventKeys(of: $0) } ?? []
        let object = try value.object(eventKeys + recipeKeys)
        let at = try object.required("at").dateTime()
        var actions: [ScenarioEvent.Action] = []
        let androidActions = try parseAndroidEvent(object, android: android)
        if try happens(object, "reboot") { actions.append(.reboot) }
        if let zone = object["timeZone"] { actions.append(.timeZone(try zone.timeZone())) }
        if let clock = object["clock"] { actions.append(.clock(try clock.dateTime())) }
        if let status = object["authorization"] {
            if android != nil { throw status.error("\(status.path): on Android write permission: granted, denied or request") }
            actions.append(.authorization(try parseAuthorization(status)))
        }
        if try happens(object, "relaunch") { actions.append(.relaunch) }
        if let set = object["set"] {
            var values: [String: JSONValue] = [:]
            for (key, entry) in try set.pairs() { values[key] = try entry.json() }
            actions.append(.set(values))
        }
        if let rule = object["setRule"] {
            guard let setup else { throw rule.error("\(rule.path): rules cannot change here") }
            actions.append(.setRule(try parseRule(rule, kinds: ruleKinds, setup: setup)))
        }
        if let id = object["removeRule"] { actions.append(.removeRule(try id.string())) }
        for (key, kind) in [("complete", OccurrenceMark.Kind.completed), ("skip", .skipped)] {
            guard let entry = object[key] else { continue }
            let (rule, day) = try parseRuleDay(entry)
            actions.append(.mark(kind, rule: rule, day: day))
        }
        if let entry = object["undo"] {
            let (rule, day) = try parseRuleDay(entry)
            actions.append(.mark(nil, rule: rule, day: day))
        }
        if let entry = object["pause"] {
            let pause = try entry.object(["rule", "from", "through"])
            let (from, through) = (try pause.required("from").localDate(), try pause.required("through").localDate())
            guard from <= through else { throw entry.error("\(entry.path): from \(from) is after through \(through)") }
            actions.append(.pause(try parseSelection(pause), from: from, through: through))
        }
        if let entry = object["resume"] {
            let resume = try entry.object(["rule", "from"])
            actions.append(.resume(try parseSelection(resume), from: try resume.required("from").localDate()))
        }
        if let rule = object["openNotification"] { actions.append(.openNotification(try rule.string())) }
        if try happens(object, "open") { actions.append(.open) }
        if try happens(object, "background") { actions.append(.background) }
        if try happens(object, "backgroundRefresh") { actions.append(.backgroundRefresh) }
        actions += androidActions
        if let recipe {
            for key in recipeKeys {
                guard let entry = object.entries[key] else { continue }
                actions.append(.recipe(RecipeEvent(key: key, value: try recipe.parseEvent(key: key, value: entry))))
            }
        }
        guard !actions.isEmpty else {
            let names = (eventKeys.dropFirst() + recipeKeys).joined(separator: ", ")
            throw value.error("\(value.path): an event needs something to happen: \(names)")
        }
        return ScenarioEvent(at: at, actions: actions, line: value.node.mark?.line)
    }
}
