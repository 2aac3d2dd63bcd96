import Bugle
import Foundation

/// The daily kick-off at 08:30 local, every day but the day the user last played.
///
/// Skipping only the last day played (not "while played today") keeps tomorrow's kick-off
/// planned after a game today; playing removes today's at the next refresh. Ids are
/// `kickoff@YYYY-MM-DD`, and the body is that date's message of the rotation.
struct KickoffRule: Rule {
    let recipe: StreakRescue

    var id: String { StreakRescue.RuleID.kickoff }

    func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let facts = StreakFacts(context.state)
        let time = recipe.configuration.kickoffTime
        let recipe = self.recipe
        let id = self.id
        // Yesterday covers a trigger moved before midnight by the clock offset.
        var day = context.today.adding(days: -1)
        var finished = false
        return AnyIterator {
            while !finished {
                let current = day
                day = day.adding(days: 1)
                if current == facts.lastPlayedDate { continue }
                let local = facts.deviceTime(for: LocalDateTime(date: current, time: time))
                let date = context.zone.date(for: local)
                guard date > context.now else { continue }
                // The first kick-off past the lookahead tells the planner there is more.
                if date > context.lookaheadEnd { finished = true }
                let occurrence = "\(id)@\(current)"
                return Candidate(
                    id: occurrence, ruleID: id, fireTime: .wallClock(local), fireDate: date,
                    content: recipe.kickoffContent(for: current), priority: 0, group: id, dedupeKey: occurrence)
            }
            return nil
        }
    }
}
