import BugleSimulator

/// The recipes scenario files can name with `recipe:`, as the `bugle` tool ships them.
///
/// Each recipe lives in its own target under `Sources/Recipes/`, depending on Bugle only;
/// its scenario glue (a `ScenarioRecipe` conformance) lives in this target. An app's tests
/// that add their own recipes pass both: `ScenarioParser.parse(text, recipes: RecipeCatalog.all + [MyAppRecipe.self])`.
public enum RecipeCatalog {
    /// Every recipe the `bugle` tool ships.
    public static let all: [any ScenarioRecipe.Type] = [
        ActivityWindowsScenario.self, StreakRescueScenario.self, StudyRemindersScenario.self, CountdownsScenario.self, FactsADayScenario.self,
    ]
}
