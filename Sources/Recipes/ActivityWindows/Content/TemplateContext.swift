/// Which template a notification uses.
public enum TemplateContext: String, Hashable, Sendable, Codable, CaseIterable {
    /// The best window averages 85 or more.
    case perfect
    /// The best window averages 70 or more.
    case good
    /// A second window.
    case backup
    /// Tomorrow's best window, the day before.
    case tomorrow
    /// No window for the dog run today: too warm.
    case heatWarning = "heat_warning"
}
