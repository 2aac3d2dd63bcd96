import Bugle
import BugleSimulator
import Foundation

@testable import FactsADay

/// The app's shell for tests: performs the onboarding's actions with the real download
/// client (against the loopback server), the database and Bugle's scheduler, as the
/// command-line shell does. The background download waits until ``runDownload()``, so a
/// test decides what happens while it runs.
struct AppDriver {
    var onboarding: Onboarding
    let app: FactsHarness
    let downloader: FactsDownloader<RecordingClock>
    /// What the user answers in the system's permission prompt.
    var permissionAnswer: AuthorizationStatus = .authorized
    /// The download the onboarding started, not run yet.
    var pendingDownload: FactsQuery?
    /// Every action the onboarding returned, in order.
    var actions: [Onboarding.Action] = []
    /// The locales the interface switched to.
    var locales: [FactsLanguage] = []
    var random = SeededGenerator(seed: 42)

    init(server: StubFactsServer, locale: String = "en_US", start: String = "2026-03-02T08:00") throws {
        app = try FactsHarness(start: start, facts: [], authorization: .notDetermined)
        downloader = FactsDownloader(service: HTTPFactsService(baseURL: server.baseURL), database: app.database, clock: RecordingClock())
        onboarding = Onboarding(locale: Locale(identifier: locale))
    }

    mutating func send(_ input: Onboarding.Input) async throws {
        let returned = onboarding.handle(input)
        actions += returned
        for action in returned {
            switch action {
            case .setLocale(let language):
                locales.append(language)
            case .initialize(let language):
                do {
                    try await send(.initialized(try await downloader.initialize(language: language)))
                } catch let error as FactsError {
                    try await send(.initializationFailed(error))
                }
            case .startDownload(let query):
                pendingDownload = query
            case .requestPermission:
                await app.center.setAuthorization(permissionAnswer)
                try await send(.permissionAnswered(permissionAnswer))
            case .schedule(let time, let language):
                do {
                    try await send(.schedulingSucceeded(try await app.notifier.scheduleAll(time: time, language: language, using: &random)))
                } catch let error as FactsError {
                    try await send(.schedulingFailed(error))
                }
            case .completeOnboarding(let preferences):
                try app.database.completeOnboarding(preferences)
            case .startSuccessTimer, .showMainApp:
                break
            }
        }
    }

    /// Runs the download the onboarding started, feeding its progress and its end.
    mutating func runDownload() async throws {
        guard let query = pendingDownload else { return }
        pendingDownload = nil
        let progress = Recorder<DownloadProgress>()
        do {
            try await downloader.download(query) { progress.append($0) }
            for step in progress.values { try await send(.downloadProgressed(step)) }
            try await send(.downloadFinished(facts: try app.database.factCount(language: query.language)))
        } catch let error as FactsError {
            try await send(.downloadFailed(error))
        }
    }

    /// Language (default), Continue, five categories, Continue, difficulty Continue: on the
    /// notifications step with the download pending.
    mutating func reachNotifications() async throws {
        try await send(.continueTapped)
        for slug in ["space", "history", "animals", "science", "art"] { try await send(.categoryToggled(slug)) }
        try await send(.continueTapped)
        try await send(.continueTapped)
    }
}
