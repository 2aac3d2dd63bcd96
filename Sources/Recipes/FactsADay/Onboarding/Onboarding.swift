import Bugle
import Foundation

/// The onboarding as a value: feed it what the user and the background work did
/// (``Input``), perform the ``Action``s it returns, and draw its state.
///
/// The seed's rules, in order and with no way to skip:
/// 1. **Language**: preselected from the system locale; Continue registers the device and
///    fetches the metadata (``isInitializing`` while it runs); a failure shows
///    ``initializationError`` and Continue tries again: "Check your internet connection"
///    when the server cannot be reached (``FactsError/Code/network``), otherwise what went
///    wrong ("The server at … did not answer within 5 s. Tap Continue to try again.").
/// 2. **Categories**: loaded from the database after initialization, never before (a
///    visit before initialization lands on the language step); Continue needs at least 5.
/// 3. **Difficulty**: ``Difficulty/all`` by default; Continue starts the download in the
///    background and moves on at once.
/// 4. **Notifications**: 09:00 by default; Enable asks for permission at once, even while
///    the download runs. A denial shows ``OnboardingAlert/permissionRequired`` and stays;
///    a grant waits for the download (``isScheduling``, "Getting your app ready..."), then
///    schedules. A scheduling failure shows ``OnboardingAlert/schedulingFailed`` and Enable
///    retries. The download's end shows on this screen as soon as it comes, whether or not
///    Enable was tapped: a failure (after its retries) shows
///    ``OnboardingAlert/downloadFailed(_:)``, and Enable downloads again; a selection without
///    a single fact shows ``OnboardingAlert/noFacts``, whose dismissal goes back to the
///    categories to choose again. Never completion without facts.
/// 5. **Success**: saves the preferences, marks onboarding complete, and opens the main
///    app 2 seconds later.
///
/// ```swift
/// var onboarding = Onboarding(locale: Locale(identifier: "de_DE"))
/// onboarding.handle(.continueTapped)          // [.initialize(.de)]
/// onboarding.handle(.initialized(categories)) // step == .categories
/// ```
public struct Onboarding: Hashable, Sendable {
    /// The screens, in order.
    public enum Step: Int, Hashable, Sendable, Comparable, CaseIterable {
        /// 1: the user picks a language; Continue registers the device and fetches metadata.
        case language
        /// 2: the user picks at least ``Onboarding/minimumCategories`` categories.
        case categories
        /// 3: the user picks a difficulty; Continue starts the download in the background.
        case difficulty
        /// 4: the user picks the time and enables notifications; the step ends once scheduling
        /// succeeds with facts to send.
        case notifications
        /// 5: the preferences are saved and onboarding is complete; the main app opens
        /// ``Onboarding/successDelay`` later.
        case success
        /// Onboarding is over: the main app shows.
        case mainApp

        public static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The background download, as the notifications screen sees it.
    public enum Download: Hashable, Sendable {
        /// Not started (before the difficulty step's Continue).
        case notStarted
        /// Running; the progress so far.
        case running(DownloadProgress)
        /// Done; this many facts of the language are stored.
        case finished(facts: Int)
        /// Failed after the retries.
        case failed(String)
    }

    /// What happened.
    public enum Input: Hashable, Sendable {
        /// The user picked a language.
        case languageSelected(FactsLanguage)
        /// The user tapped Continue on the language, categories or difficulty step.
        case continueTapped
        /// Registration and metadata succeeded; the categories stored.
        case initialized([FactCategory])
        /// Registration or metadata failed.
        case initializationFailed(FactsError)
        /// The user tapped a category card.
        case categoryToggled(String)
        /// The user picked a difficulty.
        case difficultySelected(Difficulty)
        /// A page of facts was stored.
        case downloadProgressed(DownloadProgress)
        /// The download ended; `facts` of the language are stored.
        case downloadFinished(facts: Int)
        /// The download failed after its retries.
        case downloadFailed(FactsError)
        /// The user set the notification time.
        case timeSelected(LocalTime)
        /// The user tapped Enable Notifications.
        case enableNotificationsTapped
        /// The system's permission prompt was answered.
        case permissionAnswered(AuthorizationStatus)
        /// The permission status was read (on return from Settings).
        case permissionStatusRead(AuthorizationStatus)
        /// This many facts were scheduled.
        case schedulingSucceeded(Int)
        /// Scheduling failed.
        case schedulingFailed(FactsError)
        /// The user dismissed the alert.
        case alertDismissed
        /// The success screen's 2 seconds are over.
        case successDelayElapsed
        /// Something tried to open `step` directly (a deep link, a back gesture).
        case opened(Step)
    }

    /// What the app should do, in order.
    public enum Action: Hashable, Sendable {
        /// Switch the interface to the language now.
        case setLocale(FactsLanguage)
        /// Register the device and fetch the metadata; answer with ``Input/initialized(_:)`` or ``Input/initializationFailed(_:)``.
        case initialize(FactsLanguage)
        /// Download the facts in the background; answer with progress, then finished or failed.
        case startDownload(FactsQuery)
        /// Show the system's permission prompt; answer with ``Input/permissionAnswered(_:)``.
        case requestPermission
        /// Schedule the daily facts; answer with ``Input/schedulingSucceeded(_:)`` or ``Input/schedulingFailed(_:)``.
        case schedule(time: LocalTime, language: FactsLanguage)
        /// Save the preferences and mark onboarding complete.
        case completeOnboarding(FactsPreferences)
        /// Answer with ``Input/successDelayElapsed`` after this long.
        case startSuccessTimer(Duration)
        /// Leave onboarding for the main app.
        case showMainApp
    }

    /// The fewest categories the user must pick.
    public static let minimumCategories = 5
    /// How long the success screen stays.
    public static let successDelay = Duration.seconds(2)
    /// The language step's error when the server cannot be reached (``FactsError/Code/network``),
    /// and only then: a timeout, a server failure or a wrong server says what happened.
    public static let connectionError = "Check your internet connection"

    /// The `requiredToProceed` policy schedules nothing, so the flow's clock is never read.
    private static let flowTime = Date(timeIntervalSince1970: 0)

    /// The screen shown.
    public private(set) var step: Step = .language
    /// The chosen language.
    public private(set) var language: FactsLanguage
    /// Registration and metadata are running: the language step's loading state.
    public private(set) var isInitializing = false
    /// Why initialization failed; Continue retries.
    public private(set) var initializationError: String?
    /// Registration and metadata succeeded.
    public private(set) var isInitialized = false
    /// The categories, from the database.
    public private(set) var categories: [FactCategory] = []
    /// Slugs of the picked categories.
    public private(set) var selectedCategories: Set<String> = []
    /// The picked difficulty.
    public private(set) var difficulty: Difficulty = .all
    /// The background download.
    public private(set) var download: Download = .notStarted
    /// When the daily fact comes.
    public private(set) var notificationTime: LocalTime = "09:00"
    /// Waiting for the download or scheduling: the button shows "Getting your app ready...".
    public private(set) var isScheduling = false
    /// The alert shown, if any.
    public private(set) var alert: OnboardingAlert?
    /// The permission flow, `requiredToProceed`: no way on without notifications.
    public private(set) var permission: PermissionFlow
    /// Permission was granted while the download ran: schedule when it ends.
    public private(set) var isWaitingForDownload = false

    /// A fresh onboarding, its language preselected from `locale`.
    public init(locale: Locale, permissionStatus: AuthorizationStatus = .notDetermined) {
        language = FactsLanguage(defaultFor: locale)
        permission = PermissionFlow(policy: .requiredToProceed, status: permissionStatus)
    }

    /// Whether Continue on the categories step may go on.
    public var canContinueFromCategories: Bool { selectedCategories.count >= Self.minimumCategories }

    /// The notifications step's button title.
    public var enableButtonTitle: String { isScheduling ? "Getting your app ready..." : "Enable Notifications" }

    /// The query the download runs.
    public var query: FactsQuery { FactsQuery(language: language, categories: selectedCategories.sorted(), difficulty: difficulty) }

    /// The preferences onboarding saves.
    public var preferences: FactsPreferences {
        FactsPreferences(language: language, categories: selectedCategories.sorted(), difficulty: difficulty, notificationTime: notificationTime)
    }

    /// Advances the onboarding; returns what the app should do, in order.
    @discardableResult
    public mutating func handle(_ input: Input) -> [Action] {
        switch input {
        case .languageSelected(let choice):
            guard step == .language, !isInitializing else { return [] }
            if choice != language {
                language = choice
                isInitialized = false
                categories = []
                selectedCategories = []
            }
            return [.setLocale(choice)]
        case .continueTapped:
            return continueTapped()
        case .initialized(let loaded):
            guard step == .language, isInitializing else { return [] }
            isInitializing = false
            isInitialized = true
            initializationError = nil
            categories = loaded
            selectedCategories = selectedCategories.intersection(loaded.map(\.slug))
            step = .categories
            return []
        case .initializationFailed(let error):
            guard step == .language, isInitializing else { return [] }
            isInitializing = false
            initializationError = error.code == .network ? Self.connectionError : "\(error.message). Tap Continue to try again."
            return []
        case .categoryToggled(let slug):
            guard step == .categories, categories.contains(where: { $0.slug == slug }) else { return [] }
            if selectedCategories.remove(slug) == nil { selectedCategories.insert(slug) }
            return []
        case .difficultySelected(let choice):
            guard step == .difficulty else { return [] }
            difficulty = choice
            return []
        case .downloadProgressed(let progress):
            guard case .running = download else { return [] }
            download = .running(progress)
            return []
        case .downloadFinished(let facts):
            guard case .running = download else { return [] }
            download = .finished(facts: facts)
            guard facts > 0 else { return stopWaiting(showing: .noFacts) }
            guard isWaitingForDownload else { return [] }
            isWaitingForDownload = false
            return schedule()
        case .downloadFailed(let error):
            guard case .running = download else { return [] }
            download = .failed(error.message)
            return stopWaiting(showing: .downloadFailed(error))
        case .timeSelected(let time):
            guard step == .notifications, !isScheduling else { return [] }
            notificationTime = time
            return []
        case .enableNotificationsTapped:
            guard step == .notifications, !isScheduling else { return [] }
            alert = nil
            return permissionActions(permission.handle(.proceedRequested, now: Self.flowTime))
        case .permissionAnswered(let status):
            guard step == .notifications else { return [] }
            return permissionActions(permission.handle(.systemAnswered(status), now: Self.flowTime))
        case .permissionStatusRead(let status):
            permission.handle(.statusRead(status), now: Self.flowTime)
            return []
        case .schedulingSucceeded(let count):
            guard step == .notifications, isScheduling else { return [] }
            isScheduling = false
            guard count > 0 else {
                alert = .noFacts
                return []
            }
            step = .success
            return [.completeOnboarding(preferences), .startSuccessTimer(Self.successDelay)]
        case .schedulingFailed(let error):
            guard step == .notifications, isScheduling else { return [] }
            isScheduling = false
            alert = error.code == .noFacts ? .noFacts : .schedulingFailed
            return []
        case .alertDismissed:
            if alert == .noFacts, step == .notifications {
                // Nothing to schedule for this selection: back to choose another.
                step = .categories
                download = .notStarted
            }
            alert = nil
            return []
        case .successDelayElapsed:
            guard step == .success else { return [] }
            step = .mainApp
            return [.showMainApp]
        case .opened(let target):
            open(target)
            return []
        }
    }

    private mutating func continueTapped() -> [Action] {
        switch step {
        case .language:
            guard !isInitializing else { return [] }
            isInitializing = true
            initializationError = nil
            return [.initialize(language)]
        case .categories:
            guard canContinueFromCategories else { return [] }
            step = .difficulty
            return []
        case .difficulty:
            step = .notifications
            download = .running(DownloadProgress(downloaded: 0, total: 0))
            return [.startDownload(query)]
        case .notifications, .success, .mainApp:
            return []
        }
    }

    /// Maps the permission flow's answer: proceed schedules, a block shows the alert.
    private mutating func permissionActions(_ actions: [PermissionFlow.Action]) -> [Action] {
        var result: [Action] = []
        for action in actions {
            switch action {
            case .requestAuthorization:
                result.append(.requestPermission)
            case .proceed:
                result += startScheduling()
            case .blockProceeding:
                alert = .permissionRequired
            case .schedulePrompt, .showExplanation, .enableSetting, .keepSettingOff, .offerSettings:
                // The alert already directs to Settings; the other actions belong to other policies.
                break
            }
        }
        return result
    }

    private mutating func startScheduling() -> [Action] {
        isScheduling = true
        switch download {
        case .running:
            isWaitingForDownload = true
            return []
        case .failed, .notStarted:
            isWaitingForDownload = true
            download = .running(DownloadProgress(downloaded: 0, total: 0))
            return [.startDownload(query)]
        case .finished:
            return schedule()
        }
    }

    private mutating func schedule() -> [Action] {
        guard case .finished(let facts) = download, facts > 0 else { return stopWaiting(showing: .noFacts) }
        return [.schedule(time: notificationTime, language: language)]
    }

    /// The download ended without facts to schedule: the wait, if any, is over, and the
    /// notifications screen shows `shown` at once.
    private mutating func stopWaiting(showing shown: OnboardingAlert) -> [Action] {
        isWaitingForDownload = false
        isScheduling = false
        alert = shown
        return []
    }

    /// A step opened directly: forward only through Continue (so never to categories before
    /// initialization), back only until the download starts.
    private mutating func open(_ target: Step) {
        if target < step, step < .notifications { step = target }
    }
}
