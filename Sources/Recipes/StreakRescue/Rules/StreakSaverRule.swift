import Bugle
import Foundation

/// The streak saver at 20:00 local, on the day after the last game: the one day on which a
/// streak is alive (streak > 0) and no game has been played yet.
///
/// Its copy gives the whole hours from the fire time to the end of that local day (4 at
/// 20:00; 5 on a day whose midnight repeats an hour). Id `saver@YYYY-MM-DD`; time-sensitive.
struct StreakSaverRule: Rule {
    let recipe: StreakRescue

    var id: String { StreakRescue.RuleID.saver }

    func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let facts = StreakFacts(context.state)
        guard facts.streak > 0, let lastPlayed = facts.lastPlayedDate else { return AnyIterator { nil } }
        let day = lastPlayed.adding(days: 1)
        let intended = LocalDateTime(date: day, time: recipe.configuration.saverTime)
        let hoursLeft = Self.hoursLeft(after: intended, zone: context.zone)
        let local = facts.deviceTime(for: intended)
        let date = context.zone.date(for: local)
        guard date > context.now else { return AnyIterator { nil } }
        let occurrence = "\(id)@\(day)"
        var candidate: Candidate? = Candidate(
            id: occurrence, ruleID: id, fireTime: .wallClock(local), fireDate: date,
            content: recipe.saverContent(streak: facts.streak, hoursLeft: hoursLeft, day: day),
            priority: 10, group: id, dedupeKey: occurrence, relevance: TimeInterval(hoursLeft * 3600))
        return AnyIterator {
            defer { candidate = nil }
            return candidate
        }
    }

    /// Whole hours, rounded, from `local` to the start of the next local day; at least 1.
    static func hoursLeft(after local: LocalDateTime, zone: ZoneRules) -> Int {
        let seconds = zone.startOfDay(local.date.adding(days: 1)).timeIntervalSince(zone.date(for: local))
        return max(1, Int((seconds / 3600).rounded()))
    }
}
