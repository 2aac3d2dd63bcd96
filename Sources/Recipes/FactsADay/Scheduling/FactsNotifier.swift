import Bugle
import Foundation

/// Schedules the daily facts: picks them in the database, then has Bugle's scheduler put
/// the matching requests in the notification center.
///
/// - ``scheduleAll(time:replacing:language:using:)``: onboarding and a new time. Every upcoming
///   fact is unscheduled, then up to 64 random unscheduled facts of the language get one day
///   each, from ``FactSchedule/firstDay(now:zone:time:)``. Onboarding first rebuilds the
///   record of the facts the notification center still holds (after a reinstall, the
///   system keeps the notifications the app's storage no longer knows): they keep their
///   days, and new facts fill the others.
/// - ``topUp(time:language:reason:using:)``: the main app's launch. When fewer than 64 facts are
///   upcoming, new ones follow the last scheduled day.
///
/// When the center does not take every request, the facts picked by this call are
/// unscheduled again, the schedule it replaced is marked again, and
/// ``FactsError/Code/scheduling`` is thrown: the database holds what it held before the call,
/// so that a retry starts clean and nothing already scheduled is lost.
public struct FactsNotifier: Sendable {
    /// Where the facts are.
    public var database: FactsDatabase
    /// The scheduler whose planner holds a ``FactRule``.
    public var scheduler: Scheduler
    /// How the notifier refreshes once the facts are picked: the scheduler's own refresh,
    /// or a host's that records it (a simulation).
    public var refresh: @Sendable (RefreshReason) async throws -> RefreshResult

    /// How many facts are kept scheduled: 64, or more on Android
    /// (``FactSchedule/limit(for:)`` of the scheduler's budget).
    public var limit: Int { FactSchedule.limit(for: scheduler.planner.budget) }

    /// A notifier over `database` and `scheduler`; `refresh` defaults to the scheduler's.
    public init(database: FactsDatabase, scheduler: Scheduler, refresh: (@Sendable (RefreshReason) async throws -> RefreshResult)? = nil) {
        self.database = database
        self.scheduler = scheduler
        self.refresh = refresh ?? { reason in try await scheduler.refresh(reason: reason) }
    }

    /// A planner for the app on `platform`: the fact rule, and on Apple's systems the whole
    /// pending list for it (the app owns the center, so no safety margin); on Android the
    /// plan's room below the 500 alarms an app may hold (450, ``FactSchedule/limit(for:)``).
    /// It looks ahead the planner's default 400 days, or as far as its last fact when that is
    /// further (``FactSchedule/lookahead(for:)``: 452 days on Android).
    public static func planner(for platform: Platform = .ios) -> Planner {
        let budget = platform.name == Platform.android.name ? Budget(platform: platform) : Budget(platform: platform, safetyMargin: 0)
        return Planner(rules: [FactRule()], budget: budget, lookahead: max(400 * 86_400, FactSchedule.lookahead(for: budget)))
    }

    /// Unschedules the upcoming facts and schedules up to ``limit`` again at `time`; returns how
    /// many are scheduled. Throws ``FactsError/Code/noFacts`` when there is none.
    ///
    /// Onboarding (no `previous` time) keeps the facts whose notifications the center still
    /// holds, on their days (``adoptPending(from:language:)``): after a reinstall they are the
    /// only record of what is coming, so no fact is shown twice and the app's fact of the day
    /// is the one the notification shows. New facts fill the other days.
    ///
    /// `previous` is the time the current schedule was made for, when the user changes it:
    /// the facts still ahead at the old time are the ones not delivered yet, and only they
    /// are unscheduled. Today's 09:00 fact at 08:00 goes, even when the new time has passed
    /// today; at 12:00 it was delivered and stays today's fact, and a new 21:00 schedule
    /// starts tomorrow.
    @discardableResult
    public func scheduleAll(
        time: LocalTime, replacing previous: LocalTime? = nil, language: FactsLanguage,
        using generator: inout some RandomNumberGenerator
    ) async throws -> Int {
        let first = try firstDay(time)
        let undelivered = try previous.map(firstDay) ?? first
        let upcoming = try database.scheduledFacts(from: undelivered)
        try database.clearScheduling(notificationIDs: upcoming.map(\.notificationID))
        let kept = previous == nil ? try await adoptPending(from: first, language: language) : []
        let taken = Set(try database.scheduledFacts(from: first).map(\.date))
        let added = try pick(FactSchedule.days(count: limit - kept.count, from: first, skipping: taken), language: language, using: &generator)
        let scheduled = kept + added
        guard !scheduled.isEmpty else {
            try await apply(time: time, firstDay: first)
            throw FactsError(.noFacts, "there are no \(language.nativeName) facts to schedule")
        }
        try await apply(time: time, firstDay: first, undoing: scheduled, restoring: upcoming)
        return scheduled.count
    }

    /// Rebuilds the record of scheduled facts from the requests the notification center
    /// holds, for days from `firstDay`; returns the facts it marked scheduled again.
    ///
    /// A pending request of the ``FactRule`` (`bugle.fact.<day>`, with its fact's id in the
    /// payload's `factID`) is adopted when its fact is stored in `language` and not scheduled,
    /// and no fact is scheduled on its day: the fact gets that day and that request's id, as
    /// when it was first scheduled. After a reinstall, the app's storage is gone but the
    /// system still holds these notifications; without this, onboarding would give their
    /// days other facts and could schedule their facts again on other days.
    public func adoptPending(from firstDay: LocalDate, language: FactsLanguage) async throws -> [ScheduledFact] {
        let namespace = scheduler.planner.namespace
        var pendingByFact: [Int: (day: LocalDate, id: String)] = [:]
        for request in try await scheduler.center.pendingRequests() {
            guard let day = namespace.candidateID(from: request.id).flatMap(FactSchedule.day(ofCandidateID:)), day >= firstDay,
                case .int(let factID)? = request.content.userInfo["factID"]
            else { continue }
            if let seen = pendingByFact[factID], seen.day <= day { continue }
            pendingByFact[factID] = (day, request.id)
        }
        var taken = Set(try database.scheduledFacts(from: firstDay).map(\.date))
        var adopted: [ScheduledFact] = []
        for fact in try database.unscheduledFacts(ids: Array(pendingByFact.keys), language: language) {
            guard let pending = pendingByFact[fact.id], taken.insert(pending.day).inserted else { continue }
            adopted.append(ScheduledFact(fact: fact, date: pending.day, notificationID: pending.id))
        }
        try database.markScheduled(adopted)
        return adopted.sorted { $0.date < $1.date }
    }

    /// Adds facts after the last scheduled day until ``limit`` are upcoming, then refreshes for
    /// `reason`; returns how many were added (0 when that many already are, or when no fact is left).
    @discardableResult
    public func topUp(time: LocalTime, language: FactsLanguage, reason: RefreshReason = .launch, using generator: inout some RandomNumberGenerator) async throws
        -> Int
    {
        let first = try firstDay(time)
        let upcoming = try database.scheduledFacts(from: first).count
        let days = FactSchedule.days(count: limit - upcoming, firstDay: first, lastScheduled: try database.lastScheduledDate())
        let added = try pick(days, language: language, using: &generator)
        try await apply(time: time, firstDay: first, reason: reason, undoing: added)
        return added.count
    }

    private func firstDay(_ time: LocalTime) throws -> LocalDate {
        let now = scheduler.environment.now()
        return FactSchedule.firstDay(now: now, zone: ZoneRules(timeZone: scheduler.environment.calendar().timeZone, around: now), time: time)
    }

    /// Gives `days`, in order, random unscheduled facts of `language`, as many as there are.
    private func pick(_ days: [LocalDate], language: FactsLanguage, using generator: inout some RandomNumberGenerator) throws -> [ScheduledFact] {
        guard !days.isEmpty else { return [] }
        let facts = try database.randomUnscheduledFacts(days.count, language: language, using: &generator)
        let picked = zip(facts, days).map { fact, day in
            ScheduledFact(fact: fact, date: day, notificationID: scheduler.planner.namespace.requestID(for: FactSchedule.candidateID(for: day)))
        }
        try database.markScheduled(picked)
        return picked
    }

    /// Hands the upcoming facts to the scheduler and refreshes. When the refresh fails, the
    /// facts this call `added` are unscheduled and the schedule it replaced (`restoring`) is
    /// marked again, so that the database keeps what it held before the call.
    private func apply(
        time: LocalTime, firstDay: LocalDate, reason: RefreshReason = .dataChanged, undoing added: [ScheduledFact] = [],
        restoring replaced: [ScheduledFact] = []
    ) async throws {
        let upcoming = try database.scheduledFacts(from: firstDay)
        for (key, value) in FactSchedule.stateValues(for: upcoming, time: time) { await scheduler.update(key, to: value) }
        let result: RefreshResult
        do {
            result = try await refresh(reason)
        } catch {
            try undo(added, restoring: replaced)
            throw FactsError(.scheduling, "\(error)")
        }
        if result.failures > 0 {
            try undo(added, restoring: replaced)
            throw FactsError(.scheduling, "the notification center refused \(result.failures) request\(result.failures == 1 ? "" : "s")")
        }
    }

    private func undo(_ added: [ScheduledFact], restoring replaced: [ScheduledFact]) throws {
        try database.clearScheduling(notificationIDs: added.map(\.notificationID))
        try database.markScheduled(replaced)
    }
}
