/// An alert the onboarding shows over its current screen.
public enum OnboardingAlert: Hashable, Sendable {
    /// The permission was denied: the user must allow notifications in Settings.
    case permissionRequired
    /// The notification center did not take the schedule; Enable tries again.
    case schedulingFailed
    /// The chosen language, categories and difficulty have no facts, so there is nothing to
    /// send: onboarding cannot complete with them. Dismissing it goes back to the categories.
    case noFacts
    /// The facts could not be downloaded (after the download's own attempts); shown as soon
    /// as the download gives up, and Enable tries again. Only a server that cannot be reached
    /// (``FactsError/Code/network``) asks to check the internet connection; other failures
    /// say what happened.
    case downloadFailed(FactsError)

    /// The alert's title.
    public var title: String {
        switch self {
        case .permissionRequired: "Notification Permission Required"
        case .schedulingFailed: "Notification Scheduling Failed"
        case .noFacts: "No Facts Available"
        case .downloadFailed: "Download Failed"
        }
    }

    /// The alert's message.
    public var message: String {
        switch self {
        case .permissionRequired:
            "Facts A Day sends one fact a day as a notification. Allow notifications in Settings > Facts A Day > Notifications, then tap Enable Notifications again."
        case .schedulingFailed: "Failed to create notifications. Please try again."
        case .noFacts:
            "There are no facts for the categories and difficulty you chose, so there is nothing to send. Choose other categories or another difficulty."
        case .downloadFailed(let error) where error.code == .network:
            "The facts could not be downloaded (\(error.message)). Check your internet connection and tap Enable Notifications to try again."
        case .downloadFailed(let error): "The facts could not be downloaded. \(error.message). Tap Enable Notifications to try again."
        }
    }
}
