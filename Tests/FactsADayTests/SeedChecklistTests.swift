import Bugle
import BugleSimulator
import Foundation
import GRDB
import Testing

@testable import FactsADay

/// The seed's testing checklist, one test per line that applies outside a phone's UI, run
/// through the real shell pieces against the loopback server.
@Suite(.serialized) struct SeedChecklistTests {
    let server: StubFactsServer

    init() throws { server = try StubFactsServer() }

    // MARK: Happy path

    @Test func freshInstallThroughLanguageInitializationAndCompletionToTheMainApp() async throws {
        var driver = try AppDriver(server: server)
        #expect(try !driver.app.database.isOnboardingComplete())
        try await driver.reachNotifications()
        try await driver.runDownload()
        try await driver.send(.enableNotificationsTapped)
        try await driver.send(.successDelayElapsed)
        #expect(driver.onboarding.step == .mainApp)
        #expect(driver.actions.last == .showMainApp)
        #expect(try driver.app.database.isOnboardingComplete())
    }

    @Test func selectingALanguageUpdatesTheInterfaceImmediately() async throws {
        var driver = try AppDriver(server: server)
        try await driver.send(.languageSelected(.tr))
        #expect(driver.locales == [.tr])
    }

    @Test func continueOnTheLanguageStepStartsInitializationWithALoadingState() {
        var onboarding = Onboarding(locale: Locale(identifier: "es_ES"))
        #expect(onboarding.handle(.continueTapped) == [.initialize(.es)])
        #expect(onboarding.isInitializing)
    }

    @Test func initializationRegistersFetchesMetadataAndOpensCategories() async throws {
        var driver = try AppDriver(server: server)
        try await driver.send(.continueTapped)
        #expect(try driver.app.database.deviceKey() != nil)
        #expect(try driver.app.database.categories().count == StubFactsServer.fixtureCategories.count)
        #expect(driver.onboarding.step == .categories)
        #expect(driver.onboarding.categories == (try driver.app.database.categories()), "from the database, not hard-coded")
    }

    @Test func atLeastFiveCategoriesCanProceed() async throws {
        var driver = try AppDriver(server: server)
        try await driver.send(.continueTapped)
        for slug in ["space", "history", "animals", "science", "art"] { try await driver.send(.categoryToggled(slug)) }
        #expect(driver.onboarding.canContinueFromCategories)
        try await driver.send(.continueTapped)
        #expect(driver.onboarding.step == .difficulty)
    }

    @Test func difficultyDefaultsToAllAndContinues() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        #expect(driver.pendingDownload?.difficulty == .all)
    }

    @Test func difficultyContinueStartsTheBackgroundDownloadAndNavigatesImmediately() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        #expect(driver.onboarding.step == .notifications)
        #expect(driver.pendingDownload != nil)
        #expect(try driver.app.database.factCount() == 0, "nothing downloaded yet, and the step moved on")
    }

    @Test func theNotificationsButtonIsAlwaysClickable() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        #expect(driver.onboarding.enableButtonTitle == "Enable Notifications")
        driver.permissionAnswer = .denied
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.actions.contains(.requestPermission), "tapping it works while the download runs")
    }

    @Test func settingTheTimeAndTappingAsksForPermissionImmediately() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.send(.timeSelected(.at(18, 45)))
        driver.actions = []
        driver.permissionAnswer = .authorized
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.actions.first == .requestPermission)
        #expect(driver.pendingDownload != nil, "before the download finished")
    }

    @Test func grantingShowsGettingYourAppReady() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.onboarding.enableButtonTitle == "Getting your app ready...")
    }

    @Test func grantingWaitsForTheDownloadThenSchedulesSixtyFour() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.send(.enableNotificationsTapped)
        #expect(try await driver.app.center.pendingRequests().isEmpty, "nothing scheduled while downloading")
        try await driver.runDownload()
        #expect(try await driver.app.center.pendingRequests().count == 64)
        #expect(try driver.app.database.scheduledFacts().count == 64)
    }

    @Test func successfulSchedulingOpensTheSuccessScreen() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.runDownload()
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.onboarding.step == .success)
    }

    @Test func theSuccessScreenSavesThePreferencesAndMovesOnAfterTwoSeconds() async throws {
        var driver = try AppDriver(server: server, locale: "en_US")
        try await driver.reachNotifications()
        try await driver.send(.timeSelected(.at(7, 30)))
        try await driver.runDownload()
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.actions.contains(.startSuccessTimer(.seconds(2))))
        let saved = try #require(try driver.app.database.preferences())
        #expect(
            saved
                == FactsPreferences(
                    language: .en, categories: ["animals", "art", "history", "science", "space"], difficulty: .all, notificationTime: .at(7, 30)))
        #expect(try driver.app.database.isOnboardingComplete())
    }

    @Test func theMainAppTopsUpBelowSixtyFourAtLaunch() async throws {
        let app = try FactsHarness()
        var random = SeededGenerator(seed: 1)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        await app.center.advance(to: app.device.now.addingTimeInterval(3 * 86_400))
        #expect(try await app.notifier.topUp(time: .at(9), language: .en, using: &random) == 3)
        #expect(try await app.center.pendingRequests().count == 64)
    }

    @Test func aRelaunchGoesToTheMainAppInTheChosenLanguage() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let preferences = FactsPreferences(language: .ja, categories: ["space"], difficulty: .all, notificationTime: .at(9))
        try FactsDatabase.open(at: file).completeOnboarding(preferences)
        let relaunched = try FactsDatabase.open(at: file)
        #expect(try relaunched.isOnboardingComplete())
        #expect(try relaunched.preferences()?.language == .ja)
    }

    // MARK: Error paths

    @Test func aNetworkFailureOnContinueShowsAnErrorWithRetryInstructions() async throws {
        server.stop()
        var driver = try AppDriver(server: server)
        try await driver.send(.continueTapped)
        #expect(driver.onboarding.initializationError == "Check your internet connection")
        #expect(driver.onboarding.step == .language)
    }

    /// The user retries, not initialization: one failed request shows its error at once,
    /// and the second Continue goes on.
    @Test func continueAgainRetriesInitialization() async throws {
        var driver = try AppDriver(server: server)
        server.failNext(1)
        try await driver.send(.continueTapped)
        #expect(
            driver.onboarding.initializationError
                == "The server at 127.0.0.1:\(server.port) answered HTTP 503 to /api/devices/register (unavailable: injected failure). Tap Continue to try again."
        )
        #expect(driver.onboarding.step == .language)
        #expect(server.requestLog.count == 1, "\(server.requestLog)")
        #expect(driver.downloader.clock.sleeps.isEmpty)
        try await driver.send(.continueTapped)
        #expect(driver.onboarding.step == .categories, "\(driver.onboarding.initializationError ?? "") \(server.requestLog)")
    }

    @Test func categoriesBeforeInitializationRedirectToLanguage() {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.opened(.categories))
        #expect(onboarding.step == .language)
    }

    @Test func fewerThanFiveCategoriesKeepTheButtonDisabled() async throws {
        var driver = try AppDriver(server: server)
        try await driver.send(.continueTapped)
        for slug in ["space", "history", "animals", "science"] { try await driver.send(.categoryToggled(slug)) }
        #expect(!driver.onboarding.canContinueFromCategories)
        try await driver.send(.continueTapped)
        #expect(driver.onboarding.step == .categories)
    }

    /// Shown as soon as the download gives up (after its 3 attempts), before the user taps
    /// Enable; Enable then downloads again.
    @Test func aFailedDownloadShowsAnErrorOnTheNotificationsStep() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        server.failNext(3)
        try await driver.runDownload()
        let alert = try #require(driver.onboarding.alert, "the failure is shown without tapping Enable")
        #expect(alert.title == "Download Failed")
        #expect(
            alert.message
                == "The facts could not be downloaded. The server at 127.0.0.1:\(server.port) answered HTTP 503 to /api/facts (unavailable: injected failure) (3 tries). Tap Enable Notifications to try again."
        )
        #expect(driver.onboarding.step == .notifications)
        #expect(server.requestLog.filter { $0.contains("/api/facts") }.count == 3)
        try await driver.send(.alertDismissed)
        try await driver.send(.enableNotificationsTapped)
        try await driver.runDownload()
        #expect(driver.onboarding.step == .success)
        #expect(try await driver.app.center.pendingRequests().count == 64)
    }

    @Test func aDeniedPermissionShowsTheAlertAndStays() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        driver.permissionAnswer = .denied
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.onboarding.alert?.title == "Notification Permission Required")
        #expect(driver.onboarding.step == .notifications)
    }

    @Test func permissionDeniedManyTimesStillBlocks() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.runDownload()
        driver.permissionAnswer = .denied
        for _ in 0..<3 {
            try await driver.send(.enableNotificationsTapped)
            try await driver.send(.alertDismissed)
        }
        #expect(driver.onboarding.step == .notifications)
        #expect(try await driver.app.center.pendingRequests().isEmpty)
        #expect(try !driver.app.database.isOnboardingComplete())
    }

    @Test func aSchedulingFailureShowsTheAlertAndAllowsRetry() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.runDownload()
        await driver.app.center.setFaults(SimulatedCenter.Faults(seed: 3, addFailureRate: 1))
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.onboarding.alert?.title == "Notification Scheduling Failed")
        #expect(driver.onboarding.enableButtonTitle == "Enable Notifications")
        #expect(driver.onboarding.step == .notifications)
    }

    @Test func retryingSchedulingWorksTheSecondTime() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.runDownload()
        await driver.app.center.setFaults(SimulatedCenter.Faults(seed: 3, addFailureRate: 1))
        try await driver.send(.enableNotificationsTapped)
        await driver.app.center.setFaults(.none)
        try await driver.send(.alertDismissed)
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.onboarding.step == .success)
        #expect(try await driver.app.center.pendingRequests().count == 64)
    }

    @Test func killingTheAppDuringTheDownloadRestartsFromLanguage() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        // The process dies: the onboarding state is memory only; the store says not complete.
        #expect(try !driver.app.database.isOnboardingComplete())
        let relaunched = Onboarding(locale: Locale(identifier: "en_US"))
        #expect(relaunched.step == .language)
        #expect(!relaunched.isInitialized)
    }

    // MARK: Edge cases

    @Test func noNetworkGivesAClearMessageAfterContinue() async throws {
        server.stop()
        var driver = try AppDriver(server: server)
        #expect(driver.onboarding.initializationError == nil, "no error before Continue")
        try await driver.send(.continueTapped)
        #expect(driver.onboarding.initializationError == "Check your internet connection")
        #expect(!driver.onboarding.isInitializing)
    }

    @Test func aSlowNetworkShowsLoadingDuringInitializationAndTheDownload() async throws {
        var onboarding = Onboarding(locale: Locale(identifier: "en_US"))
        onboarding.handle(.continueTapped)
        #expect(onboarding.isInitializing)
        onboarding.handle(.initialized(StubFactsServer.fixtureCategories))
        for slug in ["space", "history", "animals", "science", "art"] { onboarding.handle(.categoryToggled(slug)) }
        onboarding.handle(.continueTapped)
        onboarding.handle(.continueTapped)
        onboarding.handle(.downloadProgressed(DownloadProgress(downloaded: 20, total: 90)))
        #expect(onboarding.download == .running(DownloadProgress(downloaded: 20, total: 90)))
        #expect(DownloadProgress(downloaded: 20, total: 90).percentage == 22)
    }

    @Test func aSlowDownloadKeepsTheButtonClickableAndWaitsAfterPermission() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.onboarding.isWaitingForDownload)
        #expect(driver.onboarding.step == .notifications)
        try await driver.runDownload()
        #expect(driver.onboarding.step == .success)
    }

    @Test(arguments: FactsLanguage.allCases)
    func everyLanguageInitializes(language: FactsLanguage) async throws {
        var driver = try AppDriver(server: server)
        try await driver.send(.languageSelected(language))
        try await driver.send(.continueTapped)
        #expect(driver.onboarding.step == .categories)
        #expect(server.requestLog.contains { $0.contains("/api/metadata?language=\(language.rawValue)") })
    }

    @Test func aLanguageChangeReflectsInTheInterfaceAtOnce() async throws {
        var driver = try AppDriver(server: server, locale: "de_DE")
        #expect(driver.onboarding.language == .de)
        try await driver.send(.languageSelected(.fr))
        try await driver.send(.languageSelected(.zh))
        #expect(driver.locales == [.fr, .zh])
        #expect(driver.onboarding.language == .zh)
    }

    @Test func zeroFactsFromTheBackendIsAnErrorAndNothingIsScheduled() async throws {
        let empty = try StubFactsServer(facts: [])
        var driver = try AppDriver(server: empty)
        try await driver.reachNotifications()
        try await driver.send(.enableNotificationsTapped)
        try await driver.runDownload()
        #expect(driver.onboarding.alert == .noFacts)
        #expect(driver.onboarding.step == .notifications)
        #expect(try await driver.app.center.pendingRequests().isEmpty)
        #expect(try !driver.app.database.isOnboardingComplete())
    }

    /// A selection without a single fact tells the user so as soon as the download ends, and
    /// takes them back to choose again; a selection with facts then completes onboarding.
    @Test func aSelectionWithoutFactsSaysSoAndAnotherSelectionCompletes() async throws {
        // Facts only in food, sports and music; the driver's five categories have none.
        let facts = StubFactsServer.fixture(count: 160).filter { ["food", "sports", "music"].contains($0.category ?? "") }
        let server = try StubFactsServer(facts: facts)
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.runDownload()
        let alert = try #require(driver.onboarding.alert, "told before tapping Enable")
        #expect(alert.title == "No Facts Available")
        #expect(
            alert.message
                == "There are no facts for the categories and difficulty you chose, so there is nothing to send. Choose other categories or another difficulty."
        )
        try await driver.send(.alertDismissed)
        #expect(driver.onboarding.step == .categories)
        #expect(driver.onboarding.selectedCategories == ["space", "history", "animals", "science", "art"], "the choice is kept, to change")
        for slug in ["space", "history", "food", "sports", "music"] { try await driver.send(.categoryToggled(slug)) }
        try await driver.send(.continueTapped)
        try await driver.send(.continueTapped)
        #expect(driver.pendingDownload?.categories == ["animals", "art", "food", "music", "science", "sports"])
        try await driver.send(.enableNotificationsTapped)
        try await driver.runDownload()
        #expect(driver.onboarding.step == .success)
        #expect(try driver.app.database.isOnboardingComplete())
        let scheduled = try driver.app.database.scheduledFacts()
        #expect(scheduled.count == 60, "the 60 facts of food, sports and music")
        #expect(Set(scheduled.compactMap(\.fact.category)).isSubset(of: ["food", "sports", "music"]))
    }

    @Test func denyingThenGrantingInSettingsSchedules() async throws {
        var driver = try AppDriver(server: server)
        try await driver.reachNotifications()
        try await driver.runDownload()
        driver.permissionAnswer = .denied
        try await driver.send(.enableNotificationsTapped)
        try await driver.send(.alertDismissed)
        await driver.app.center.setAuthorization(.authorized)
        try await driver.send(.permissionStatusRead(.authorized))
        try await driver.send(.enableNotificationsTapped)
        #expect(driver.onboarding.step == .success)
        #expect(try await driver.app.center.pendingRequests().count == 64)
    }

    @Test func aFailedDatabaseWriteRollsBackToASafeState() async throws {
        let database = try FactsDatabase.inMemory()
        let facts = StubFactsServer.fixture(count: 10)
        try await #require(database.writer).write { db in
            try db.execute(sql: "CREATE TRIGGER refuse_7 BEFORE INSERT ON facts WHEN NEW.id = 7 BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        #expect(throws: FactsError.self) { try database.saveFacts(facts) }
        #expect(try database.factCount() == 0, "none of the ten, not six")
    }

    @Test func theFirstLaunchMigrationAddsTheSchedulingColumnsAndIndexes() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let database = try FactsDatabase.open(at: file)
        let (columns, indexes, version) = try await database.reader.read { db in
            (try db.columns(in: "facts").map(\.name), try db.indexes(on: "facts").map(\.name), try Int.fetchOne(db, sql: "PRAGMA user_version"))
        }
        #expect(columns.contains("scheduled_date") && columns.contains("notification_id"))
        #expect(Set(indexes).isSuperset(of: ["idx_facts_language", "idx_facts_category", "idx_facts_scheduled_date"]))
        #expect(version == 1)
        try database.saveFacts(StubFactsServer.fixture(count: 3))
        #expect(try FactsDatabase.open(at: file).factCount() == 3, "a second launch keeps the data")
    }

    @Test func stateSurvivesMovingBetweenSteps() async throws {
        var driver = try AppDriver(server: server)
        try await driver.send(.languageSelected(.en))
        try await driver.send(.continueTapped)
        for slug in ["space", "history", "animals", "science", "art"] { try await driver.send(.categoryToggled(slug)) }
        try await driver.send(.continueTapped)
        try await driver.send(.difficultySelected(.intermediate))
        try await driver.send(.opened(.categories))
        #expect(driver.onboarding.selectedCategories.count == 5)
        try await driver.send(.continueTapped)
        #expect(driver.onboarding.difficulty == .intermediate)
    }

    @Test func guardsKeepCategoriesClosedUntilInitialization() async throws {
        server.failNext(1)
        var driver = try AppDriver(server: server)
        try await driver.send(.continueTapped)
        try await driver.send(.opened(.categories))
        try await driver.send(.categoryToggled("space"))
        #expect(driver.onboarding.step == .language)
        #expect(driver.onboarding.selectedCategories.isEmpty)
    }

    @Test func theMainAppRefreshesOnlyBelowSixtyFour() async throws {
        let app = try FactsHarness()
        var random = SeededGenerator(seed: 5)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        await app.center.advance(to: app.device.now.addingTimeInterval(86_400))
        #expect(try await app.notifier.topUp(time: .at(9), language: .en, using: &random) == 1)
    }

    @Test func theMainAppDoesNotRefreshAtSixtyFour() async throws {
        let app = try FactsHarness()
        var random = SeededGenerator(seed: 6)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        let before = try app.database.scheduledFacts()
        #expect(try await app.notifier.topUp(time: .at(9), language: .en, using: &random) == 0)
        #expect(try app.database.scheduledFacts() == before)
    }
}
