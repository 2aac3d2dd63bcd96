import Bugle
import Foundation
import Testing

@testable import FactsADay

/// The onboarding state machine, rule by rule.
@Suite struct OnboardingTests {
    static let categories = StubFactsServer.fixtureCategories
    static let five = ["space", "history", "animals", "science", "art"]

    /// An onboarding on the notifications step, its download running.
    static func atNotifications(permission: AuthorizationStatus = .notDetermined) -> Onboarding {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"), permissionStatus: permission)
        onboarding.handle(.continueTapped)
        onboarding.handle(.initialized(categories))
        for slug in five { onboarding.handle(.categoryToggled(slug)) }
        onboarding.handle(.continueTapped)
        onboarding.handle(.continueTapped)
        return onboarding
    }

    // MARK: Language

    @Test(arguments: [
        ("de_DE", FactsLanguage.de), ("ja_JP", .ja), ("zh_Hans_CN", .zh), ("ko_KR", .ko), ("tr_TR", .tr), ("fr_CA", .fr), ("es_MX", .es), ("en_GB", .en),
        ("pt_BR", .en),
    ])
    func theLanguageDefaultsToTheSystemLocale(locale: String, expected: FactsLanguage) {
        #expect(Onboarding(locale: Locale(identifier: locale)).language == expected)
    }

    @Test func eightLanguagesEachWithItsOwnName() {
        #expect(FactsLanguage.allCases.map(\.rawValue) == ["en", "de", "es", "fr", "ja", "ko", "tr", "zh"])
        #expect(Set(FactsLanguage.allCases.map(\.nativeName)).count == 8)
    }

    @Test func selectingALanguageSetsTheLocaleAtOnce() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        #expect(onboarding.handle(.languageSelected(.ko)) == [.setLocale(.ko)])
        #expect(onboarding.language == .ko)
        #expect(onboarding.step == .language)
    }

    @Test func continueInitializesWithALoadingState() {
        var onboarding = Onboarding(locale: Locale(identifier: "de_DE"))
        #expect(onboarding.handle(.continueTapped) == [.initialize(.de)])
        #expect(onboarding.isInitializing)
        #expect(onboarding.step == .language)
        #expect(onboarding.handle(.continueTapped) == [], "a second tap while loading starts nothing")
    }

    @Test func initializationSuccessShowsTheCategoriesFromTheDatabase() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initialized(Self.categories))
        #expect(onboarding.step == .categories)
        #expect(onboarding.isInitialized)
        #expect(!onboarding.isInitializing)
        #expect(onboarding.categories == Self.categories)
    }

    @Test func aNetworkFailureShowsCheckYourConnectionAndContinueRetries() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initializationFailed(FactsError(.network, "connection refused")))
        #expect(onboarding.initializationError == "Check your internet connection")
        #expect(!onboarding.isInitializing)
        #expect(onboarding.step == .language)
        #expect(onboarding.handle(.continueTapped) == [.initialize(.en)])
        #expect(onboarding.initializationError == nil)
        onboarding.handle(.initialized(Self.categories))
        #expect(onboarding.step == .categories)
    }

    @Test func anAPIErrorShowsItsMessageWithRetryInstructions() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initializationFailed(FactsError(.rejected, "invalid_parameter: language")))
        #expect(onboarding.initializationError == "invalid_parameter: language. Tap Continue to try again.")
    }

    // MARK: Categories

    @Test func categoriesAreNotReachableBeforeInitialization() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        for step in Onboarding.Step.allCases {
            onboarding.handle(.opened(step))
            #expect(onboarding.step == .language)
        }
        onboarding.handle(.continueTapped)
        onboarding.handle(.opened(.categories))
        #expect(onboarding.step == .language, "not while initializing either")
    }

    @Test func fewerThanFiveCategoriesCannotContinue() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initialized(Self.categories))
        for slug in Self.five.prefix(4) { onboarding.handle(.categoryToggled(slug)) }
        #expect(!onboarding.canContinueFromCategories)
        onboarding.handle(.continueTapped)
        #expect(onboarding.step == .categories)
        onboarding.handle(.categoryToggled("art"))
        onboarding.handle(.categoryToggled("art"))
        #expect(onboarding.selectedCategories.count == 4, "tapping twice deselects")
        onboarding.handle(.categoryToggled("not-a-category"))
        #expect(onboarding.selectedCategories.count == 4, "only categories from the database")
        onboarding.handle(.categoryToggled("art"))
        #expect(onboarding.canContinueFromCategories)
        onboarding.handle(.continueTapped)
        #expect(onboarding.step == .difficulty)
    }

    // MARK: Difficulty

    @Test func difficultyDefaultsToAllAndContinueStartsTheDownloadAndMovesOn() {
        var onboarding = Onboarding(locale: Locale(identifier: "fr_FR"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initialized(Self.categories))
        for slug in Self.five { onboarding.handle(.categoryToggled(slug)) }
        onboarding.handle(.continueTapped)
        #expect(onboarding.difficulty == .all)
        let actions = onboarding.handle(.continueTapped)
        #expect(actions == [.startDownload(FactsQuery(language: .fr, categories: Self.five.sorted(), difficulty: .all))])
        #expect(onboarding.step == .notifications, "moves on without waiting for the download")
        #expect(onboarding.download == .running(DownloadProgress(downloaded: 0, total: 0)))
    }

    @Test func aChosenDifficultyGoesIntoTheQuery() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.initialized(Self.categories))
        for slug in Self.five { onboarding.handle(.categoryToggled(slug)) }
        onboarding.handle(.continueTapped)
        onboarding.handle(.difficultySelected(.advanced))
        #expect(onboarding.handle(.continueTapped) == [.startDownload(FactsQuery(language: .en, categories: Self.five.sorted(), difficulty: .advanced))])
    }

    // MARK: Notifications

    @Test func theTimeDefaultsToNineAndTheButtonIsClickableWhileDownloading() {
        var onboarding = Self.atNotifications()
        #expect(onboarding.notificationTime == .at(9))
        #expect(onboarding.enableButtonTitle == "Enable Notifications")
        onboarding.handle(.downloadProgressed(DownloadProgress(downloaded: 50, total: 150)))
        #expect(onboarding.download == .running(DownloadProgress(downloaded: 50, total: 150)))
        #expect(onboarding.handle(.enableNotificationsTapped) == [.requestPermission], "permission is asked at once, before the download ends")
    }

    @Test func grantedWhileDownloadingWaitsThenSchedules() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.timeSelected(.at(20, 30)))
        onboarding.handle(.enableNotificationsTapped)
        #expect(onboarding.handle(.permissionAnswered(.authorized)) == [])
        #expect(onboarding.isScheduling)
        #expect(onboarding.enableButtonTitle == "Getting your app ready...")
        #expect(onboarding.handle(.downloadFinished(facts: 150)) == [.schedule(time: .at(20, 30), language: .en)])
    }

    @Test func grantedAfterTheDownloadSchedulesAtOnce() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.downloadFinished(facts: 150))
        onboarding.handle(.enableNotificationsTapped)
        #expect(onboarding.handle(.permissionAnswered(.authorized)) == [.schedule(time: .at(9), language: .en)])
    }

    @Test func deniedShowsTheAlertAndStays() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.downloadFinished(facts: 150))
        onboarding.handle(.enableNotificationsTapped)
        #expect(onboarding.handle(.permissionAnswered(.denied)) == [])
        #expect(onboarding.alert == .permissionRequired)
        #expect(onboarding.alert?.title == "Notification Permission Required")
        #expect(onboarding.alert?.message.contains("Settings") == true)
        #expect(onboarding.step == .notifications)
        #expect(!onboarding.isScheduling)
    }

    @Test func deniedManyTimesStillBlocks() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.downloadFinished(facts: 150))
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.denied))
        for _ in 0..<3 {
            onboarding.handle(.alertDismissed)
            #expect(onboarding.handle(.enableNotificationsTapped) == [], "the system prompt shows once; no schedule without permission")
            #expect(onboarding.alert == .permissionRequired)
            #expect(onboarding.step == .notifications)
        }
    }

    @Test func deniedThenGrantedInSettingsSchedules() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.downloadFinished(facts: 150))
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.denied))
        onboarding.handle(.alertDismissed)
        onboarding.handle(.permissionStatusRead(.authorized))
        #expect(onboarding.handle(.enableNotificationsTapped) == [.schedule(time: .at(9), language: .en)])
        #expect(onboarding.alert == nil)
    }

    @Test func aSchedulingFailureShowsTheAlertAndEnableRetries() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.downloadFinished(facts: 150))
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.authorized))
        onboarding.handle(.schedulingFailed(FactsError(.scheduling, "the notification center refused 3 requests")))
        #expect(onboarding.alert == .schedulingFailed)
        #expect(onboarding.alert?.title == "Notification Scheduling Failed")
        #expect(onboarding.alert?.message == "Failed to create notifications. Please try again.")
        #expect(onboarding.step == .notifications)
        #expect(!onboarding.isScheduling)
        #expect(onboarding.handle(.enableNotificationsTapped) == [.schedule(time: .at(9), language: .en)], "the retry works")
        #expect(onboarding.handle(.schedulingSucceeded(64)) == [.completeOnboarding(onboarding.preferences), .startSuccessTimer(.seconds(2))])
        #expect(onboarding.step == .success)
    }

    @Test func zeroFactsIsAnErrorNeverCompletion() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.authorized))
        #expect(onboarding.handle(.downloadFinished(facts: 0)) == [])
        #expect(onboarding.alert == .noFacts)
        #expect(onboarding.step == .notifications)
        #expect(onboarding.handle(.schedulingSucceeded(0)) == [])
        #expect(onboarding.step == .notifications)
    }

    @Test func aDownloadThatFailsBeforeEnableIsShownAtOnce() {
        var onboarding = Self.atNotifications()
        let failure = FactsError(.network, "Cannot connect to the server at x (3 tries)")
        onboarding.handle(.downloadFailed(failure))
        #expect(onboarding.alert?.title == "Download Failed")
        #expect(
            onboarding.alert?.message
                == "The facts could not be downloaded (Cannot connect to the server at x (3 tries)). Check your internet connection and tap Enable Notifications to try again."
        )
        #expect(onboarding.enableButtonTitle == "Enable Notifications")
        onboarding.handle(.alertDismissed)
        onboarding.handle(.enableNotificationsTapped)
        #expect(onboarding.handle(.permissionAnswered(.authorized)) == [.startDownload(onboarding.query)], "Enable downloads again")
    }

    @Test func aSelectionWithoutFactsIsToldAtOnceAndGoesBackToTheCategories() {
        var onboarding = Self.atNotifications()
        #expect(onboarding.handle(.downloadFinished(facts: 0)) == [])
        #expect(onboarding.alert?.title == "No Facts Available")
        #expect(
            onboarding.alert?.message
                == "There are no facts for the categories and difficulty you chose, so there is nothing to send. Choose other categories or another difficulty."
        )
        #expect(onboarding.step == .notifications)
        onboarding.handle(.alertDismissed)
        #expect(onboarding.step == .categories)
        #expect(onboarding.alert == nil)
        onboarding.handle(.categoryToggled("art"))
        onboarding.handle(.categoryToggled("food"))
        onboarding.handle(.continueTapped)
        onboarding.handle(.difficultySelected(.beginner))
        let actions = onboarding.handle(.continueTapped)
        #expect(actions == [.startDownload(FactsQuery(language: .en, categories: ["animals", "food", "history", "science", "space"], difficulty: .beginner))])
        #expect(onboarding.step == .notifications)
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.authorized))
        #expect(onboarding.handle(.downloadFinished(facts: 20)) == [.schedule(time: .at(9), language: .en)])
    }

    @Test func noFactsAfterEnableAlsoGoesBackToTheCategories() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.authorized))
        onboarding.handle(.downloadFinished(facts: 0))
        #expect(!onboarding.isScheduling && !onboarding.isWaitingForDownload)
        onboarding.handle(.alertDismissed)
        #expect(onboarding.step == .categories)
        onboarding.handle(.continueTapped)
        onboarding.handle(.continueTapped)
        #expect(onboarding.handle(.enableNotificationsTapped) == [], "granted already: waits for the new download")
        #expect(onboarding.isWaitingForDownload)
    }

    @Test func aFailedDownloadShowsAnErrorAndEnableDownloadsAgain() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.downloadFailed(FactsError(.serverError, "The server at x answered HTTP 503")))
        #expect(onboarding.download == .failed("The server at x answered HTTP 503"), "the notifications screen shows the error")
        onboarding.handle(.enableNotificationsTapped)
        let actions = onboarding.handle(.permissionAnswered(.authorized))
        #expect(actions == [.startDownload(onboarding.query)])
        #expect(onboarding.isWaitingForDownload)
        let failure = FactsError(.serverError, "The server at x answered HTTP 503")
        onboarding.handle(.downloadFailed(failure))
        #expect(onboarding.alert == .downloadFailed(failure))
        #expect(onboarding.alert?.message == "The facts could not be downloaded. The server at x answered HTTP 503. Tap Enable Notifications to try again.")
        #expect(!onboarding.isScheduling)
    }

    @Test func onlyAnUnreachableServerAsksToCheckTheConnection() {
        let unreachable = OnboardingAlert.downloadFailed(FactsError(.network, "Cannot connect to the server at x"))
        #expect(
            unreachable.message
                == "The facts could not be downloaded (Cannot connect to the server at x). Check your internet connection and tap Enable Notifications to try again."
        )
        for code in [FactsError.Code.timeout, .serverError, .invalidResponse, .tooLarge] {
            #expect(!OnboardingAlert.downloadFailed(FactsError(code, "The server at x failed")).message.contains("internet"))
            var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
            onboarding.handle(.continueTapped)
            onboarding.handle(.initializationFailed(FactsError(code, "The server at x failed")))
            #expect(onboarding.initializationError == "The server at x failed. Tap Continue to try again.")
        }
    }

    // MARK: Success

    @Test func successSavesThePreferencesAndOpensTheMainAppAfterTwoSeconds() {
        var onboarding = Self.atNotifications()
        onboarding.handle(.timeSelected(.at(7, 15)))
        onboarding.handle(.downloadFinished(facts: 150))
        onboarding.handle(.enableNotificationsTapped)
        onboarding.handle(.permissionAnswered(.authorized))
        let actions = onboarding.handle(.schedulingSucceeded(64))
        let preferences = FactsPreferences(language: .en, categories: Self.five.sorted(), difficulty: .all, notificationTime: .at(7, 15))
        #expect(actions == [.completeOnboarding(preferences), .startSuccessTimer(.seconds(2))])
        #expect(onboarding.handle(.successDelayElapsed) == [.showMainApp])
        #expect(onboarding.step == .mainApp)
    }

    @Test func thereIsNoSkip() {
        // Every input but the scheduling result, from the notifications step: none reaches success.
        let inputs: [Onboarding.Input] = [
            .continueTapped, .successDelayElapsed, .opened(.success), .opened(.mainApp), .alertDismissed,
            .enableNotificationsTapped, .permissionAnswered(.denied), .downloadFinished(facts: 150),
            .timeSelected(.at(8)), .permissionStatusRead(.denied), .enableNotificationsTapped,
        ]
        var onboarding = Self.atNotifications()
        for input in inputs {
            onboarding.handle(input)
            #expect(onboarding.step == .notifications)
        }
        #expect(onboarding.handle(.schedulingSucceeded(64)) == [], "no success without a scheduling that was asked for")
    }

    @Test func theStateKeepsItsValuesAcrossScreens() {
        var onboarding = Self.atNotifications()
        #expect(onboarding.selectedCategories == Set(Self.five))
        #expect(onboarding.language == .en)
        onboarding.handle(.opened(.categories))
        #expect(onboarding.step == .notifications, "no way back once the download runs")
    }
}
