import Bugle
import Foundation

/// The study reminder: at 20:30 on the day after the user was last active (left or opened
/// the app), while the setting is on, and on each of the following days up to
/// ``StudyReminders/Configuration/studyReminderDays`` (1, the day after only, by default).
/// Opening the app again moves it to the following day. Id `study@YYYY-MM-DD`, its dedupe key.
struct StudyReminderRule: Rule {
    let recipe: StudyReminders

    var id: String { StudyReminders.RuleID.study }

    func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let facts = StudyFacts(context.state)
        guard facts.settings.studyReminders, let active = facts.lastActiveDate else { return AnyIterator { nil } }
        let (id, time, days) = (self.id, recipe.configuration.studyTime, recipe.configuration.studyReminderDays)
        let content = recipe.studyReminderContent(language: facts.language)
        var offset = 1
        return AnyIterator {
            while offset <= days {
                let day = active.adding(days: offset)
                offset += 1
                let local = LocalDateTime(date: day, time: time)
                let date = context.zone.date(for: local)
                guard date > context.now else { continue }
                let occurrence = "\(id)@\(day)"
                return Candidate(
                    id: occurrence, ruleID: id, fireTime: .wallClock(local), fireDate: date, content: content, group: id, dedupeKey: occurrence)
            }
            return nil
        }
    }
}
