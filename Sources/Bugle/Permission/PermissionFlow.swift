import Foundation

/// When and how an app asks for notification permission, as a state machine.
///
/// The flow is a value: feed it what happened (``Input``) and perform the ``Action``s it
/// returns (show the explanation, call the system prompt, open Settings). It never asks
/// again after a denial, and offers the way to Settings at most once per session. Its
/// ``Memory`` is `Codable`, for the app to keep between launches; the whole flow is
/// `Codable` too, for an app (or a simulation) that keeps it while a system prompt is open.
///
/// ```swift
/// var flow = PermissionFlow(policy: .afterValueMoment(delay: 2, explanation: true))
/// flow.handle(.valueMoment, now: now)        // [.schedulePrompt(at: now + 2)]
/// flow.handle(.promptDue, now: now + 2)      // [.showExplanation]
/// flow.handle(.explanationAccepted, now: …)  // [.requestAuthorization(provisional: false)]
/// flow.handle(.systemAnswered(.authorized), now: …)
/// ```
public struct PermissionFlow: Hashable, Sendable, Codable {
    /// When the app asks.
    public enum AskPolicy: Hashable, Sendable, Codable {
        /// After the user got something of value (a first puzzle solved), once `delay` has
        /// passed, optionally after the app's own explanation step.
        case afterValueMoment(delay: TimeInterval, explanation: Bool)
        /// When the user turns on a setting that needs notifications.
        case whenSettingEnabled
        /// The user cannot go on without it (an onboarding step).
        case requiredToProceed
    }

    /// What the app does when the user declines its own explanation step.
    public enum OnExplanationDeclined: Hashable, Sendable, Codable {
        /// Never ask again.
        case neverAskAgain
        /// Ask for provisional authorization instead: quiet delivery, no system prompt.
        case requestProvisional
    }

    /// What happened.
    public enum Input: Hashable, Sendable {
        /// The app was launched or came back: a new session.
        case sessionStarted
        /// The system's status, read at launch or on return from Settings.
        case statusRead(AuthorizationStatus)
        /// The moment of value that the `afterValueMoment` policy waits for.
        case valueMoment
        /// The delay after the value moment has passed.
        case promptDue
        /// The user accepted the app's explanation: the flow asks the system, if it still may.
        case explanationAccepted
        /// The user declined the app's explanation: the flow remembers it and asks no more after a
        /// value moment, or asks for provisional authorization when
        /// ``PermissionFlow/onExplanationDeclined`` is `.requestProvisional`.
        case explanationDeclined
        /// The user turned a setting on (`whenSettingEnabled`).
        case settingTurnedOn(String)
        /// The user wants to go on (`requiredToProceed`).
        case proceedRequested
        /// The system prompt was answered.
        case systemAnswered(AuthorizationStatus)
    }

    /// What the app should do.
    public enum Action: Hashable, Sendable {
        /// Deliver ``Input/promptDue`` at this moment.
        case schedulePrompt(at: Date)
        /// Show the app's own explanation ("Don't lose your streak!").
        case showExplanation
        /// Call the system's authorization request.
        case requestAuthorization(provisional: Bool)
        /// Turn the setting on: notifications are allowed.
        case enableSetting(String)
        /// Leave the setting off: notifications are not allowed.
        case keepSettingOff(String)
        /// Offer to open the system Settings (at most once per session).
        case offerSettings
        /// Notifications are allowed; go on.
        case proceed
        /// Notifications are denied: tell the user and stay.
        case blockProceeding
    }

    /// What the flow remembers between launches.
    public struct Memory: Hashable, Sendable, Codable {
        /// The user declined the app's explanation: never asked again.
        public var explanationDeclined = false
        /// The system prompt was shown once (it can be shown only once on Apple's systems).
        public var systemPromptShown = false
        /// A memory of a user never asked: nothing declined, no system prompt shown.
        public init() {}
    }

    /// When the app asks.
    public let policy: AskPolicy
    /// What happens when the user declines the app's explanation; `.neverAskAgain` by default.
    public let onExplanationDeclined: OnExplanationDeclined
    /// The system's status as last read or answered
    /// (``PermissionFlow/Input/statusRead(_:)``, ``PermissionFlow/Input/systemAnswered(_:)``).
    public private(set) var status: AuthorizationStatus
    /// What the flow remembers between launches: keep it, and pass it back at the next launch.
    public private(set) var memory: Memory
    /// Whether the way to Settings was offered in this session.
    public private(set) var settingsOfferedThisSession = false
    /// A setting waiting for the system's answer.
    public private(set) var pendingSetting: String?
    private var awaitingProceed = false

    /// A flow that asks by `policy`, starting from the status and memory the app kept; by
    /// default a user never asked (`.notDetermined`, nothing remembered).
    public init(
        policy: AskPolicy, onExplanationDeclined: OnExplanationDeclined = .neverAskAgain, status: AuthorizationStatus = .notDetermined,
        memory: Memory = Memory()
    ) {
        self.policy = policy
        self.onExplanationDeclined = onExplanationDeclined
        self.status = status
        self.memory = memory
    }

    /// Whether the app may still ask: nothing decided, never declined.
    public var mayAsk: Bool {
        status == .notDetermined && !memory.explanationDeclined && !memory.systemPromptShown
    }

    /// Advances the flow; returns what the app should do, in order.
    @discardableResult
    public mutating func handle(_ input: Input, now: Date) -> [Action] {
        switch input {
        case .sessionStarted:
            settingsOfferedThisSession = false
            return []
        case .statusRead(let read):
            status = read
            return []
        case .valueMoment:
            guard case .afterValueMoment(let delay, _) = policy, mayAsk else { return [] }
            return [.schedulePrompt(at: now.addingTimeInterval(delay))]
        case .promptDue:
            guard case .afterValueMoment(_, let explanation) = policy, mayAsk else { return [] }
            return explanation ? [.showExplanation] : [ask(provisional: false)]
        case .explanationAccepted:
            guard mayAsk else { return [] }
            return [ask(provisional: false)]
        case .explanationDeclined:
            memory.explanationDeclined = true
            if onExplanationDeclined == .requestProvisional, status == .notDetermined, !memory.systemPromptShown {
                return [ask(provisional: true)]
            }
            return []
        case .settingTurnedOn(let setting):
            if status.allowsDelivery { return [.enableSetting(setting)] }
            if mayAsk || (status == .notDetermined && policy == .whenSettingEnabled && !memory.systemPromptShown) {
                pendingSetting = setting
                return [ask(provisional: false)]
            }
            return [.keepSettingOff(setting)] + offerSettings()
        case .proceedRequested:
            if status.allowsDelivery { return [.proceed] }
            if status == .notDetermined, !memory.systemPromptShown {
                awaitingProceed = true
                return [ask(provisional: false)]
            }
            return [.blockProceeding] + offerSettings()
        case .systemAnswered(let answer):
            status = answer
            var actions: [Action] = []
            if let setting = pendingSetting {
                pendingSetting = nil
                actions += answer.allowsDelivery ? [.enableSetting(setting)] : [.keepSettingOff(setting)]
            }
            if awaitingProceed {
                awaitingProceed = false
                actions += answer.allowsDelivery ? [.proceed] : [.blockProceeding]
            }
            return actions
        }
    }

    private mutating func ask(provisional: Bool) -> Action {
        if !provisional { memory.systemPromptShown = true }
        return .requestAuthorization(provisional: provisional)
    }

    private mutating func offerSettings() -> [Action] {
        guard status == .denied, !settingsOfferedThisSession else { return [] }
        settingsOfferedThisSession = true
        return [.offerSettings]
    }
}
