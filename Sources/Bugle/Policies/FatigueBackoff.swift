import Foundation

/// How the user answered a rule's recent notifications: what ``FatigueBackoff`` reads.
public struct RuleEngagement: Hashable, Sendable, Codable {
    /// The rule's latest deliveries in a row that the user did not open within the attribution
    /// window, since the user last engaged (opened one of them, or the app).
    public var ignoredInARow: Int
    /// The rule's latest delivery, if any: the reduced sends are counted in days from it.
    public var lastDelivery: Date?

    /// `ignoredInARow` ignored deliveries, the latest at `lastDelivery`.
    public init(ignoredInARow: Int, lastDelivery: Date?) {
        self.ignoredInARow = ignoredInARow
        self.lastDelivery = lastDelivery
    }
}

/// What is wrong with a fatigue setting: "fatigue back-off: pauseAfter: 40 is outside 2…30".
public struct FatigueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence.
    public var description: String

    init(_ description: String) { self.description = "fatigue back-off: \(description)" }
}

/// The numbers of a ``FatigueBackoff``, without the rules it covers and the words of its last
/// notice: what an app's or a recipe's configuration keeps (`Codable`). They are checked when
/// the back-off is made from them (``FatigueBackoff/init(rules:settings:lastNotice:)``), with
/// the ranges ``FatigueBackoff`` documents.
public struct FatigueSettings: Hashable, Sendable, Codable {
    /// After this many ignored in a row, fewer sends: 1 to 29; 3 by default.
    public var reduceAfter: Int
    /// After this many ignored in a row, the last notice, then a pause: more than
    /// ``reduceAfter``, at most 30; 7 by default.
    public var pauseAfter: Int
    /// In the reduced stage, a send every this many days: 2 to 30; 2 by default.
    public var reducedEvery: Int
    /// How long after a delivery an open counts for it, in seconds: 300 (5 minutes) to 86,400
    /// (24 hours); 7,200 (2 hours) by default.
    public var attribution: TimeInterval

    /// The settings given, or the defaults: every other day after 3 ignored, a pause after 7.
    public init(reduceAfter: Int = 3, pauseAfter: Int = 7, reducedEvery: Int = 2, attribution: TimeInterval = 7_200) {
        (self.reduceAfter, self.pauseAfter, self.reducedEvery, self.attribution) = (reduceAfter, pauseAfter, reducedEvery, attribution)
    }
}

/// Sends less to a user who stops answering, then stops, and starts again when the user comes
/// back (issue: fatigue back-off).
///
/// For each rule it covers, it reads how many of the rule's latest notifications in a row the
/// user ignored (``RuleEngagement``, which the scheduler counts: not opened within
/// ``attribution``, since the user last opened one of them or the app):
///
/// - fewer than ``reduceAfter``: every candidate is kept;
/// - ``reduceAfter`` or more: only candidates on days a multiple of ``reducedEvery`` after the
///   latest delivery (every other day, by default) are kept;
/// - exactly ``pauseAfter``: the first of those becomes the last one, with ``lastNotice`` as
///   its text ("We'll pause these reminders"), and the rest wait for its answer (as does
///   everything while the latest delivery's answer is not known: it may be the notice);
/// - more: nothing, until the user opens the app or one of the rule's notifications.
///
/// Every drop says why (``DropReason/fatigue``), and a kept candidate it changed says so in
/// its adjustments. The seeds' escalation ladders (a streak saver, a study reminder) are the
/// rules it is for: a reminder the user keeps ignoring is one they will turn off.
public struct FatigueBackoff: Policy, Hashable {
    /// The rules it covers; `nil`: every rule.
    public var rules: Set<String>?
    /// After this many ignored in a row, fewer sends: 1 to 29; 3 by default.
    public var reduceAfter: Int
    /// After this many ignored in a row, the last notice, then a pause: more than
    /// ``reduceAfter``, at most 30 (the scheduler counts 35 days of deliveries); 7 by default.
    public var pauseAfter: Int
    /// In the reduced stage, a send every this many days: 2 to 30; 2 (every other day) by default.
    public var reducedEvery: Int
    /// How long after a delivery an open counts for it, in seconds: 5 minutes to 24 hours; 2
    /// hours by default.
    public var attribution: TimeInterval
    /// The text of the last notification before the pause.
    public var lastNotice: NotificationContent
    /// The last notice in the app's languages, by language code, for an app whose language is in
    /// its state (``languageKey``); empty by default.
    public var lastNoticeByLanguage: [String: NotificationContent] = [:]
    /// The state key that holds the app's language code (`"language"`): the last notice is
    /// ``lastNoticeByLanguage``'s for that language, else ``lastNotice``. `nil` by default:
    /// always ``lastNotice``.
    public var languageKey: String?

    /// The last notice unless told otherwise.
    public static let defaultNotice = NotificationContent(
        title: "We'll pause these reminders", body: "You haven't opened the last few. Open the app any time to turn them back on.")

    /// A back-off for `rules` (every rule when `nil`); throws ``FatigueError`` when a number is
    /// outside its range.
    public init(
        rules: Set<String>? = nil, reduceAfter: Int = 3, pauseAfter: Int = 7, reducedEvery: Int = 2, attribution: TimeInterval = 7_200,
        lastNotice: NotificationContent = FatigueBackoff.defaultNotice
    ) throws(FatigueError) {
        guard (1...29).contains(reduceAfter) else { throw FatigueError("reduceAfter: \(reduceAfter) is outside 1…29") }
        guard (reduceAfter + 1...30).contains(pauseAfter) else {
            throw FatigueError("pauseAfter: \(pauseAfter) is outside \(reduceAfter + 1)…30 (more than reduceAfter, \(reduceAfter))")
        }
        guard (2...30).contains(reducedEvery) else { throw FatigueError("reducedEvery: \(reducedEvery) is outside 2…30 days") }
        guard LearnedTiming.attributionRange.contains(attribution) else {
            throw FatigueError("attribution: \(attribution) s is outside 300…86400 s")
        }
        (self.rules, self.reduceAfter, self.pauseAfter, self.reducedEvery, self.attribution, self.lastNotice) =
            (rules, reduceAfter, pauseAfter, reducedEvery, attribution, lastNotice)
    }

    /// A back-off for `rules` (every rule when `nil`) with the numbers of `settings`; throws
    /// ``FatigueError`` when one is outside its range.
    public init(rules: Set<String>? = nil, settings: FatigueSettings, lastNotice: NotificationContent = FatigueBackoff.defaultNotice) throws(FatigueError) {
        try self.init(
            rules: rules, reduceAfter: settings.reduceAfter, pauseAfter: settings.pauseAfter, reducedEvery: settings.reducedEvery,
            attribution: settings.attribution, lastNotice: lastNotice)
    }

    /// Its numbers.
    public var settings: FatigueSettings {
        FatigueSettings(reduceAfter: reduceAfter, pauseAfter: pauseAfter, reducedEvery: reducedEvery, attribution: attribution)
    }

    /// The last notice for an app in `state`: in its language when ``languageKey`` names one
    /// that ``lastNoticeByLanguage`` has.
    public func lastNotice(in state: AppState) -> NotificationContent {
        guard let languageKey, case .string(let language)? = state[languageKey] else { return lastNotice }
        return lastNoticeByLanguage[language] ?? lastNotice
    }

    /// Whether it covers the rule `ruleID`.
    public func covers(_ ruleID: String) -> Bool { rules?.contains(ruleID) ?? true }

    /// What the back-off does with a candidate on a day: a pure function of how many of the
    /// rule's latest notifications in a row were ignored and how many days the day is after the
    /// rule's latest delivery (`nil`: none yet). ``evaluate(_:context:ledger:)`` applies it to
    /// each candidate; `bugle lab` runs it on synthetic users.
    ///
    /// ```swift
    /// let backoff = try FatigueBackoff(reduceAfter: 3, pauseAfter: 7)
    /// backoff.stage(ignoredInARow: 4, daysSinceLastDelivery: 1)  // .waiting(days: 1)
    /// ```
    public func stage(ignoredInARow ignored: Int, daysSinceLastDelivery gap: Int?) -> FatigueStage {
        guard ignored >= reduceAfter else { return .normal }
        guard ignored <= pauseAfter else { return .paused }
        let gap = gap ?? reducedEvery
        guard gap > 0, gap % reducedEvery == 0 else { return .waiting(days: gap > 0 ? reducedEvery - gap % reducedEvery : reducedEvery - gap) }
        return ignored == pauseAfter ? .lastNotice : .reduced
    }

    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        guard covers(candidate.ruleID), let engagement = context.engagement[candidate.ruleID], engagement.ignoredInARow >= reduceAfter else {
            return .keep(candidate)
        }
        let ignored = engagement.ignoredInARow
        // Past anything a plan reaches: the rule proposes nothing more in this plan.
        let never = context.now.addingTimeInterval(PlanningContext.maximumLookahead + 86_400)
        let zone = context.zone
        let day = zone.dayNumber(at: candidate.fireDate)
        let every = reducedEvery
        switch stage(ignoredInARow: ignored, daysSinceLastDelivery: engagement.lastDelivery.map { day - zone.dayNumber(at: $0) }) {
        case .normal:
            return .keep(candidate)
        case .paused:
            return .dropUntil(
                .fatigue, detail: Explanation { "paused: \(ignored) ignored in a row; back when the user opens the app or one of them" }, until: never)
        case .waiting(let days):
            return .dropUntil(
                .fatigue, detail: Explanation { "every \(every) days after \(ignored) ignored in a row" },
                until: zone.startOfDay(LocalDate(dayNumber: day + days)))
        case .reduced:
            var kept = candidate
            kept.adjustments.append(Adjustment(policy: .fatigue, detail: "every \(every) days after \(ignored) ignored in a row"))
            return .keep(kept)
        case .lastNotice:
            // One notice: none while one is planned, nor while the latest delivery's answer is
            // not known (it may be the notice, planned by an earlier refresh).
            let answerPending = engagement.lastDelivery.map { $0.addingTimeInterval(attribution) > context.now } ?? false
            guard ledger.keptCount(rule: candidate.ruleID) == 0, !answerPending else {
                return .dropUntil(.fatigue, detail: Explanation { "waits for the answer to the last notice" }, until: never)
            }
            var notice = candidate
            notice.content = lastNotice(in: context.state)
            notice.adjustments.append(Adjustment(policy: .fatigue, detail: "the last one before a pause: \(ignored) ignored in a row"))
            return .keep(notice)
        }
    }

    public var movesCandidates: Bool { false }
    public var readsRuleCounts: Bool { true }

    /// "fatigue: every 2 days after 3 ignored, a last notice and a pause after 7".
    public var summary: String {
        "fatigue: every \(reducedEvery) days after \(reduceAfter) ignored, a last notice and a pause after \(pauseAfter)"
    }
}

/// What a ``FatigueBackoff`` does with a rule's candidate on a day
/// (``FatigueBackoff/stage(ignoredInARow:daysSinceLastDelivery:)``).
public enum FatigueStage: Hashable, Sendable {
    /// Fewer than ``FatigueBackoff/reduceAfter`` ignored in a row: sent as planned.
    case normal
    /// Fewer sends, and this day is one of them (every ``FatigueBackoff/reducedEvery`` days
    /// after the latest delivery).
    case reduced
    /// Fewer sends, and this day is not one of them: the next is `days` later.
    case waiting(days: Int)
    /// Exactly ``FatigueBackoff/pauseAfter`` ignored, on a day to send: the last notice
    /// (``FatigueBackoff/lastNotice``) before the pause.
    case lastNotice
    /// More than ``FatigueBackoff/pauseAfter`` ignored: nothing until the user engages again.
    case paused
}
