import Foundation

/// How the user answered a rule's recent notifications: what ``FatigueBackoff`` reads.
///
/// The scheduler counts it from the deliveries it keeps (35 days) with
/// ``FatigueBackoff/engagement(of:opens:appOpens:now:)``; a delivery whose attribution window
/// is still open counts neither way.
public struct RuleEngagement: Hashable, Sendable, Codable {
    /// The rule's latest deliveries in a row that the user did not open within the attribution
    /// window: back to the latest one the user opened, or to the user's return after a pause
    /// (an app open once ``FatigueBackoff/pauseAfter`` were ignored).
    public var ignoredInARow: Int
    /// The rule's latest delivery, if any: the reduced sends are counted in days from it.
    public var lastDelivery: Date?
    /// The rule's deliveries whose answer is known, in the kept history.
    public var sent: Int
    /// How many of ``sent`` the user opened within the attribution window.
    public var opened: Int

    /// `ignoredInARow` ignored deliveries, the latest at `lastDelivery`, out of `sent` answered
    /// ones (`ignoredInARow` when left out: the run is all that is known) of which `opened`
    /// were opened.
    public init(ignoredInARow: Int, lastDelivery: Date?, sent: Int? = nil, opened: Int = 0) {
        self.ignoredInARow = ignoredInARow
        self.lastDelivery = lastDelivery
        self.sent = Swift.max(sent ?? ignoredInARow, ignoredInARow + opened)
        self.opened = opened
    }

    /// How often the user opens the rule's notifications, as far as the history tells:
    /// `(opened + 1) / (sent + 2)`, the mean of a uniform prior updated by the answers, so
    /// that a rule with little history reads near one in two rather than 0 or 1.
    public var openRate: Double { (Double(opened) + 1) / (Double(sent) + 2) }

    /// How likely a run of ``ignoredInARow`` ignored ones was at the rate the user opened
    /// the rule's notifications before it: `(1 − r)^run`, where `r` is ``openRate`` without
    /// the run. Small for a user who used to answer and stopped: 0.16³ = 0.4 % after three
    /// ignored from a user who opened 20 of 23.
    public var runChance: Double {
        let before = (Double(opened) + 1) / (Double(Swift.max(sent - ignoredInARow, opened)) + 2)
        return Foundation.pow(1 - before, Double(ignoredInARow))
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
    /// In the reduced stage, a send every this many days: 2 to 30; 3 by default.
    public var reducedEvery: Int
    /// How long after a delivery an open counts for it, in seconds: 300 (5 minutes) to 86,400
    /// (24 hours); 7,200 (2 hours) by default.
    public var attribution: TimeInterval
    /// The back-off acts only on a rule the user opens less often than this
    /// (``RuleEngagement/openRate``): 0.01 to 1; 0.15 by default.
    public var minimumOpenRate: Double
    /// Whether any app open ends a run of ignored notifications; `false` by default: only an
    /// opened notification does, and an app open ends the pause.
    public var appOpenEndsRun: Bool

    /// The settings given, or the defaults: every third day after 3 ignored, a pause after 7,
    /// for a rule opened less than 15 % of the time.
    public init(
        reduceAfter: Int = 3, pauseAfter: Int = 7, reducedEvery: Int = 3, attribution: TimeInterval = 7_200, minimumOpenRate: Double = 0.15,
        appOpenEndsRun: Bool = false
    ) {
        (self.reduceAfter, self.pauseAfter, self.reducedEvery, self.attribution, self.minimumOpenRate, self.appOpenEndsRun) =
            (reduceAfter, pauseAfter, reducedEvery, attribution, minimumOpenRate, appOpenEndsRun)
    }

    /// The seeds' escalation ladders' back-off (Streak Rescue's kick-off, Study Reminders'
    /// reminder), whose goal is the visit: every other day after 3 ignored, a pause after 7,
    /// whatever the rule's open rate, and opening the app ends a run (the user answered by
    /// coming back, tapped or not).
    public static let escalationLadder = FatigueSettings(reducedEvery: 2, minimumOpenRate: 1, appOpenEndsRun: true)

    private enum CodingKeys: String, CodingKey { case reduceAfter, pauseAfter, reducedEvery, attribution, minimumOpenRate, appOpenEndsRun }

    /// Decodes the settings; `minimumOpenRate` and `appOpenEndsRun`, which settings kept before
    /// they existed lack, are 1 and `true` when missing: the back-off those settings described.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            reduceAfter: try container.decode(Int.self, forKey: .reduceAfter), pauseAfter: try container.decode(Int.self, forKey: .pauseAfter),
            reducedEvery: try container.decode(Int.self, forKey: .reducedEvery), attribution: try container.decode(TimeInterval.self, forKey: .attribution),
            minimumOpenRate: try container.decodeIfPresent(Double.self, forKey: .minimumOpenRate) ?? 1,
            appOpenEndsRun: try container.decodeIfPresent(Bool.self, forKey: .appOpenEndsRun) ?? true)
    }
}

/// Sends less to a user who stops answering, then stops, and starts again when the user comes
/// back (issue: fatigue back-off).
///
/// For each rule it covers, it reads how the user answered the rule's recent notifications
/// (``RuleEngagement``, which the scheduler counts with
/// ``engagement(of:opens:appOpens:now:)``): how many of the latest in a row were not opened
/// within ``attribution``, and how often the user opens them at all
/// (``RuleEngagement/openRate``). It acts on a reminder that does not work for this user (one
/// opened less than ``minimumOpenRate`` of the time) or no longer does (a run of ignored ones
/// that had less than a 1 % chance at the user's earlier rate, ``RuleEngagement/runChance``);
/// a run of three from a user who opens 30 % of them is a bad week, and changes nothing
/// (``backsOff(_:)``). Then:
///
/// - fewer than ``reduceAfter`` ignored in a row: every candidate is kept;
/// - ``reduceAfter`` or more: only candidates on days a multiple of ``reducedEvery`` after the
///   latest delivery (every third day, by default) are kept;
/// - exactly ``pauseAfter``: the first of those becomes the last one, with ``lastNotice`` as
///   its text ("We'll pause these reminders"), and the rest wait for its answer (as does
///   everything while the latest delivery's answer is not known: it may be the notice);
/// - more: nothing, until the user opens the app or one of the rule's notifications.
///
/// Opening the app of their own accord does not end a run of ignored reminders (unless
/// ``appOpenEndsRun``): a user who studies every evening but never taps the 19:00 reminder
/// does not need it daily. It ends the pause, as the last notice promises: once
/// ``pauseAfter`` were ignored, the user's next app open starts the count again. A rule whose
/// goal is the visit itself (the seeds' ladders, ``FatigueSettings/escalationLadder``) sets
/// ``appOpenEndsRun``.
///
/// Why these defaults: on the lab's default population (`bugle lab`, <doc:LearnedSendTimes>),
/// a back-off that counted three ignored in a row for every user, each app open starting
/// again, sent 12 % fewer notifications but cost 0.87 active days per user in 12 weeks; at a
/// 20 % open rate, three ignored in a row is mostly chance. This one sends 16 % fewer, with
/// active days the same within the interval (−0.13, 95 % −0.33 to +0.07), and 7 points fewer
/// users leave (35 % to 28 %).
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
    /// In the reduced stage, a send every this many days: 2 to 30; 3 (every third day) by default.
    public var reducedEvery: Int
    /// How long after a delivery an open counts for it, in seconds: 5 minutes to 24 hours; 2
    /// hours by default.
    public var attribution: TimeInterval
    /// The back-off acts only on a rule the user opens less often than this
    /// (``RuleEngagement/openRate``): 0.01 to 1; 0.15 by default. 1 backs off any rule on its
    /// run of ignored ones alone.
    public var minimumOpenRate: Double
    /// Whether any app open ends a run of ignored notifications (a rule whose goal is the
    /// visit, answered by coming back later as well as by a tap); `false` by default: only an
    /// opened notification does, and an app open ends the pause.
    public var appOpenEndsRun: Bool
    /// The text of the last notification before the pause.
    public var lastNotice: NotificationContent
    /// The last notice in the app's languages, by language code, for an app whose language is in
    /// its state (``languageKey``); empty by default.
    public var lastNoticeByLanguage: [String: NotificationContent] = [:]
    /// The state key that holds the app's language code (`"language"`): the last notice is
    /// ``lastNoticeByLanguage``'s for that language, else ``lastNotice``. `nil` by default:
    /// always ``lastNotice``.
    public var languageKey: String?

    /// See ``minimumOpenRate``.
    public static let minimumOpenRateRange: ClosedRange<Double> = 0.01...1

    /// The last notice unless told otherwise.
    public static let defaultNotice = NotificationContent(
        title: "We'll pause these reminders", body: "You haven't opened the last few. Open the app any time to turn them back on.")

    /// A back-off for `rules` (every rule when `nil`); throws ``FatigueError`` when a number is
    /// outside its range.
    public init(
        rules: Set<String>? = nil, reduceAfter: Int = 3, pauseAfter: Int = 7, reducedEvery: Int = 3, attribution: TimeInterval = 7_200,
        minimumOpenRate: Double = 0.15, appOpenEndsRun: Bool = false, lastNotice: NotificationContent = FatigueBackoff.defaultNotice
    ) throws(FatigueError) {
        guard (1...29).contains(reduceAfter) else { throw FatigueError("reduceAfter: \(reduceAfter) is outside 1…29") }
        guard (reduceAfter + 1...30).contains(pauseAfter) else {
            throw FatigueError("pauseAfter: \(pauseAfter) is outside \(reduceAfter + 1)…30 (more than reduceAfter, \(reduceAfter))")
        }
        guard (2...30).contains(reducedEvery) else { throw FatigueError("reducedEvery: \(reducedEvery) is outside 2…30 days") }
        guard LearnedTiming.attributionRange.contains(attribution) else {
            throw FatigueError("attribution: \(attribution) s is outside 300…86400 s")
        }
        guard Self.minimumOpenRateRange.contains(minimumOpenRate) else {
            throw FatigueError("minimumOpenRate: \(minimumOpenRate) is outside 0.01…1")
        }
        (self.rules, self.reduceAfter, self.pauseAfter, self.reducedEvery, self.attribution, self.minimumOpenRate, self.appOpenEndsRun) =
            (rules, reduceAfter, pauseAfter, reducedEvery, attribution, minimumOpenRate, appOpenEndsRun)
        self.lastNotice = lastNotice
    }

    /// A back-off for `rules` (every rule when `nil`) with the numbers of `settings`; throws
    /// ``FatigueError`` when one is outside its range.
    public init(rules: Set<String>? = nil, settings: FatigueSettings, lastNotice: NotificationContent = FatigueBackoff.defaultNotice) throws(FatigueError) {
        try self.init(
            rules: rules, reduceAfter: settings.reduceAfter, pauseAfter: settings.pauseAfter, reducedEvery: settings.reducedEvery,
            attribution: settings.attribution, minimumOpenRate: settings.minimumOpenRate, appOpenEndsRun: settings.appOpenEndsRun,
            lastNotice: lastNotice)
    }

    /// Its numbers.
    public var settings: FatigueSettings {
        FatigueSettings(
            reduceAfter: reduceAfter, pauseAfter: pauseAfter, reducedEvery: reducedEvery, attribution: attribution, minimumOpenRate: minimumOpenRate,
            appOpenEndsRun: appOpenEndsRun)
    }

    /// The last notice for an app in `state`: in its language when ``languageKey`` names one
    /// that ``lastNoticeByLanguage`` has.
    public func lastNotice(in state: AppState) -> NotificationContent {
        guard let languageKey, case .string(let language)? = state[languageKey] else { return lastNotice }
        return lastNoticeByLanguage[language] ?? lastNotice
    }

    /// Whether it covers the rule `ruleID`.
    public func covers(_ ruleID: String) -> Bool { rules?.contains(ruleID) ?? true }

    /// Whether the back-off acts on a rule the user answered so: at least ``reduceAfter``
    /// ignored in a row, and either a rule this user opens less than ``minimumOpenRate`` of the
    /// time (``RuleEngagement/openRate``), or a run that had less than a 1 % chance at the rate
    /// the user answered before it (``RuleEngagement/runChance``): a user who stopped answering.
    public func backsOff(_ answers: RuleEngagement) -> Bool {
        answers.ignoredInARow >= reduceAfter && (answers.openRate < minimumOpenRate || answers.runChance < Self.unlikelyRun)
    }

    /// A run of ignored notifications less likely than this, at the user's earlier rate, means
    /// the user stopped answering: 1 %. (At 5 %, users who answer a third of the time were
    /// backed off after chance runs of seven, and the lab's default population lost 0.45 active
    /// days per user.)
    public static let unlikelyRun = 0.01

    /// What the back-off does with a candidate on a day: a pure function of how the user
    /// answered the rule (``backsOff(_:)``, and how many of its latest notifications in a row
    /// were ignored) and how many days the day is after the rule's latest delivery (`nil`:
    /// none yet). ``evaluate(_:context:ledger:)`` applies it to each candidate; `bugle lab`
    /// runs it on synthetic users.
    ///
    /// ```swift
    /// let backoff = try FatigueBackoff(reduceAfter: 3, pauseAfter: 7, reducedEvery: 3)
    /// let rarely = RuleEngagement(ignoredInARow: 4, lastDelivery: nil, sent: 30, opened: 1)
    /// backoff.stage(rarely, daysSinceLastDelivery: 1)  // .waiting(days: 2)
    /// let often = RuleEngagement(ignoredInARow: 4, lastDelivery: nil, sent: 30, opened: 9)
    /// backoff.stage(often, daysSinceLastDelivery: 1)  // .normal: a bad week
    /// ```
    public func stage(_ answers: RuleEngagement, daysSinceLastDelivery gap: Int?) -> FatigueStage {
        guard backsOff(answers) else { return .normal }
        let ignored = answers.ignoredInARow
        guard ignored <= pauseAfter else { return .paused }
        let gap = gap ?? reducedEvery
        guard gap > 0, gap % reducedEvery == 0 else { return .waiting(days: gap > 0 ? reducedEvery - gap % reducedEvery : reducedEvery - gap) }
        return ignored == pauseAfter ? .lastNotice : .reduced
    }

    /// Whether the user's opening the app now ends a run of `ignored` notifications in a row:
    /// always with ``appOpenEndsRun``; otherwise only once the run has reached ``pauseAfter``
    /// (the last notice is due or was sent), since the last notice promises that opening the
    /// app turns the reminders back on.
    public func appOpenResumes(ignoredInARow ignored: Int) -> Bool { appOpenEndsRun || ignored >= pauseAfter }

    /// How the user answered `deliveries`, one rule's, oldest first: the run of ignored ones
    /// at the end, how many were sent and opened, and the latest. `opens` holds when the user
    /// opened a notification, by request id; `appOpens` when the user opened the app, oldest
    /// first. A delivery is opened when its open falls within ``attribution`` after it,
    /// ignored when that window closed by `now` without one, and not counted while it is open.
    public func engagement(of deliveries: [DeliveredNotification], opens: [String: Date], appOpens: [Date], now: Date) -> RuleEngagement {
        var run = 0
        var sent = 0
        var opened = 0
        // When the run reached `pauseAfter`: an app open after it starts the count again.
        var reached: Date?
        var nextAppOpen = appOpens.startIndex
        func resume(before limit: Date) {
            while nextAppOpen < appOpens.endIndex, appOpens[nextAppOpen] < limit {
                if appOpenEndsRun || reached.map({ appOpens[nextAppOpen] > $0 }) ?? false {
                    run = 0
                    reached = nil
                }
                nextAppOpen += 1
            }
        }
        for delivery in deliveries {
            resume(before: delivery.date)
            let closes = delivery.date.addingTimeInterval(attribution)
            if let at = opens[delivery.id], at >= delivery.date, at <= closes {
                (run, reached) = (0, nil)
                sent += 1
                opened += 1
            } else if closes <= now {
                run += 1
                sent += 1
                if reached == nil, appOpenResumes(ignoredInARow: run) { reached = delivery.date }
            }
        }
        resume(before: now.addingTimeInterval(1))
        return RuleEngagement(ignoredInARow: run, lastDelivery: deliveries.last?.date, sent: sent, opened: opened)
    }

    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        guard covers(candidate.ruleID), let engagement = context.engagement[candidate.ruleID], backsOff(engagement) else {
            return .keep(candidate)
        }
        let ignored = engagement.ignoredInARow
        // Past anything a plan reaches: the rule proposes nothing more in this plan.
        let never = context.now.addingTimeInterval(PlanningContext.maximumLookahead + 86_400)
        let zone = context.zone
        let day = zone.dayNumber(at: candidate.fireDate)
        let every = reducedEvery
        let answered = "opened \(engagement.opened) of \(engagement.sent)"
        switch stage(engagement, daysSinceLastDelivery: engagement.lastDelivery.map { day - zone.dayNumber(at: $0) }) {
        case .normal:
            return .keep(candidate)
        case .paused:
            return .dropUntil(
                .fatigue, detail: Explanation { "paused: \(ignored) ignored in a row, \(answered); back when the user opens the app or one of them" },
                until: never)
        case .waiting(let days):
            return .dropUntil(
                .fatigue, detail: Explanation { "every \(every) days after \(ignored) ignored in a row, \(answered)" },
                until: zone.startOfDay(LocalDate(dayNumber: day + days)))
        case .reduced:
            var kept = candidate
            kept.adjustments.append(Adjustment(policy: .fatigue, detail: "every \(every) days after \(ignored) ignored in a row, \(answered)"))
            return .keep(kept)
        case .lastNotice:
            // One notice: none while one is planned, nor while the latest delivery's answer is
            // not known (it may be the notice, planned by an earlier refresh).
            let answerPending = engagement.lastDelivery.map { $0.addingTimeInterval(attribution) > context.now } ?? false
            guard ledger.keptCount(rule: candidate.ruleID) == 0, !answerPending else {
                return .dropUntil(.fatigue, detail: Explanation { "waits for the answer to the last notice" }, until: never)
            }
            var notice = candidate
            // Its words; what earlier policies decided for the candidate (quiet hours' interruption
            // level and sound, its thread, its link) stays.
            let words = lastNotice(in: context.state)
            (notice.content.title, notice.content.subtitle, notice.content.body) = (words.title, words.subtitle, words.body)
            notice.adjustments.append(Adjustment(policy: .fatigue, detail: "the last one before a pause: \(ignored) ignored in a row, \(answered)"))
            return .keep(notice)
        }
    }

    public var movesCandidates: Bool { false }
    public var readsRuleCounts: Bool { true }

    /// "fatigue: below a 15 % open rate, every 3 days after 3 ignored, a last notice and a pause
    /// after 7".
    public var summary: String {
        let percent = (minimumOpenRate * 1_000).rounded() / 10
        let rate = percent == percent.rounded() ? "\(Int(percent))" : "\(percent)"
        return "fatigue: below a \(rate) % open rate, every \(reducedEvery) days after \(reduceAfter) ignored, a last notice and a pause after \(pauseAfter)"
    }
}

/// What a ``FatigueBackoff`` does with a rule's candidate on a day
/// (``FatigueBackoff/stage(_:daysSinceLastDelivery:)``).
public enum FatigueStage: Hashable, Sendable {
    /// The back-off does not act (``FatigueBackoff/backsOff(_:)``): sent as planned.
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
