import BugleSimulator

/// The recipes scenario files can name with `recipe:`, as the `bugle` tool ships them.
///
/// Each recipe lives in its own target under `Sources/Recipes/`, depending on Bugle only;
/// its scenario glue (a ``ScenarioRecipe`` conformance) lives in this target.
public enum RecipeCatalog {
    public static let all: [any ScenarioRecipe.Type] = [ActivityWindowsScenario.self, StreakRescueScenario.self, StudyRemindersScenario.self, CountdownsScenario.self, FactsADayScenario.self]
}
