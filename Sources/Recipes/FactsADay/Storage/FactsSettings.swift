import BugleStore

extension FlagKey<FactsPreferences> {
    /// The preferences saved when onboarding completes.
    static var factsPreferences: Self { FlagKey("factsADay.preferences") }
}

extension FlagKey<Bool> {
    /// Set when onboarding completes; the app opens on the main screen from then on.
    static var factsOnboardingComplete: Self { FlagKey("factsADay.onboardingComplete") }
}

extension FlagKey<String> {
    /// The key the content service gave this device, when it is kept beside the rest of the
    /// app's state (``DatabaseDeviceKeyStore``); on a phone it lives in the Keychain.
    static var factsDeviceKey: Self { FlagKey("factsADay.deviceKey") }
}

extension FactsDatabase {
    /// The saved preferences, once onboarding is complete.
    public func preferences() throws -> FactsPreferences? { try store.value(.factsPreferences) }

    /// Saves the preferences (a new notification time, for instance).
    public func savePreferences(_ preferences: FactsPreferences) throws { try store.set(.factsPreferences, to: preferences) }

    /// Whether onboarding was completed.
    public func isOnboardingComplete() throws -> Bool { try store.value(.factsOnboardingComplete) ?? false }

    /// Saves the preferences and marks onboarding complete.
    public func completeOnboarding(_ preferences: FactsPreferences) throws {
        try store.set(.factsPreferences, to: preferences)
        try store.set(.factsOnboardingComplete, to: true)
    }

    /// The device key kept in the database (``DatabaseDeviceKeyStore``), if any.
    public func deviceKey() throws -> String? { try store.value(.factsDeviceKey) }

    /// Keeps the device key in the database (``DatabaseDeviceKeyStore``).
    public func saveDeviceKey(_ key: String) throws { try store.set(.factsDeviceKey, to: key) }

    /// Removes the device key from the database.
    public func removeDeviceKey() throws { try store.set(.factsDeviceKey, to: nil) }
}
