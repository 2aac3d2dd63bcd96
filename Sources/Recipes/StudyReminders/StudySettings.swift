/// One of the two reminder toggles in the app's settings.
public enum StudySetting: String, CaseIterable, Hashable, Sendable, Codable {
    /// The study reminder, at 20:30 by default on the day after the user leaves the app.
    case studyReminders
    /// The difficult-card reminder, at 16:30 by default, scheduled when the user leaves the app
    /// with difficult cards due.
    case difficultCardReminders
}

/// The notification settings as the app persists them (UserDefaults, as JSON): both off
/// until the user turns one on and the system allows notifications.
public struct StudySettings: Hashable, Sendable, Codable {
    /// The study reminder at 20:30.
    public var studyReminders: Bool
    /// The difficult-card reminder at 16:30.
    public var difficultCardReminders: Bool

    /// Both off unless told otherwise.
    public init(studyReminders: Bool = false, difficultCardReminders: Bool = false) {
        self.studyReminders = studyReminders
        self.difficultCardReminders = difficultCardReminders
    }

    /// Whether `setting` is on.
    public subscript(setting: StudySetting) -> Bool {
        get {
            switch setting {
            case .studyReminders: studyReminders
            case .difficultCardReminders: difficultCardReminders
            }
        }
        set {
            switch setting {
            case .studyReminders: studyReminders = newValue
            case .difficultCardReminders: difficultCardReminders = newValue
            }
        }
    }
}
