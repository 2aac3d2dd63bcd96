import Bugle
import Foundation

/// The difficult-card reminder: at 16:30 on the day set when the user left the app with
/// cards of difficulty 4 or 5 due, while the setting is on. Id `difficult-cards@YYYY-MM-DD`.
struct DifficultCardReminderRule: Rule {
    let recipe: StudyReminders

    var id: String { StudyReminders.RuleID.difficultCards }

    func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let facts = StudyFacts(context.state)
        guard facts.settings.difficultCardReminders, let day = facts.difficultCardReminderDate else { return AnyIterator { nil } }
        return oneShot(
            id: "\(id)@\(day)", ruleID: id, at: LocalDateTime(date: day, time: recipe.configuration.difficultCardTime),
            content: recipe.difficultCardReminderContent(language: facts.language), context: context)
    }
}
