import Bugle

/// What a "turn on notifications" button should do, given what the user allowed so far.
public enum PermissionPrompt: Hashable, Sendable {
    /// Ask the system with these options (it shows its prompt, or grants provisional
    /// authorization quietly).
    case request(AuthorizationOptions)
    /// The user said no: only the Settings app can change that.
    case openSettings
    /// Nothing to ask: the app already has what it asks for.
    case none

    /// The step for an app that wants `options` and has `status`.
    ///
    /// Provisional authorization counts as granted when the app asks for provisional; an app
    /// that asks for full authorization may still prompt from provisional, once.
    public static func step(for status: AuthorizationStatus, asking options: AuthorizationOptions) -> PermissionPrompt {
        switch status {
        case .notDetermined: .request(options)
        case .provisional: options.contains(.provisional) ? .none : .request(options)
        case .denied: .openSettings
        case .authorized: .none
        }
    }
}
