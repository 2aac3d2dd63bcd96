import ArgumentParser
import Bugle
import BugleSimulator
import FactsADay
import Foundation

/// The onboarding's shell for the terminal: asks what the screens would show, feeds the
/// answers to ``Onboarding`` and performs its actions.
///
/// While a prompt waits for the user, it also reads the background download's news
/// (``DownloadInbox``), so that the download's end shows on the notifications step as soon
/// as it comes, as the app's screen would show it.
struct TerminalOnboarding {
    let database: FactsDatabase
    let downloader: FactsDownloader<ContinuousClock>
    let notifier: FactsNotifier
    let center: SimulatedCenter
    var onboarding = Onboarding(locale: Locale.current)
    let inbox = DownloadInbox()
    private var input = StandardInputLines()
    /// Lines typed while the shell waited for the download, for the next prompts; `nil`
    /// when the input ended meanwhile.
    private var typedAhead: [String?] = []
    /// The download's news that came while a system prompt was open, for after it.
    private var deferred: [Onboarding.Input] = []
    /// Why the last initialization failed, reported on standard error; `nil` after a success.
    var initializationFailure: FactsError?

    init(database: FactsDatabase, downloader: FactsDownloader<ContinuousClock>, notifier: FactsNotifier, center: SimulatedCenter) {
        self.database = database
        self.downloader = downloader
        self.notifier = notifier
        self.center = center
    }

    /// Runs the steps until onboarding is complete. A step the onboarding goes back to (the
    /// categories, when the selection has no facts) is asked again.
    mutating func run() async throws {
        while true {
            switch onboarding.step {
            case .language: try await languageStep()
            case .categories: try await categoriesStep()
            case .difficulty: try await difficultyStep()
            case .notifications: try await notificationsStep()
            case .success, .mainApp: return
            }
        }
    }

    private mutating func languageStep() async throws {
        print("Step 1/4 · Language")
        for (index, language) in FactsLanguage.allCases.enumerated() { print("  \(index + 1). \(language.nativeName) (\(language.rawValue))") }
        while onboarding.step == .language {
            guard let answer = try await ask("Language [\(onboarding.language.rawValue)]: ") else { return }
            if !answer.isEmpty {
                guard let language = FactsLanguage(rawValue: answer.lowercased()) ?? Int(answer).flatMap({ FactsLanguage.allCases[safe: $0 - 1] }) else {
                    print("Choose one of \(FactsLanguage.allCases.map(\.rawValue).joined(separator: ", ")).")
                    continue
                }
                try await perform(onboarding.handle(.languageSelected(language)))
            }
            try await perform(onboarding.handle(.continueTapped))
            if onboarding.initializationError != nil, let failure = initializationFailure {
                // One line on standard error; the prompt stays on standard output.
                let advice = failure.code == .network ? " \(Onboarding.connectionError)." : ""
                FileHandle.standardError.write(Data("bugle: \(failure.message).\(advice)\n".utf8))
                print("Press Enter to try again.")
            }
        }
    }

    private mutating func categoriesStep() async throws {
        print("\nStep 2/4 · Categories (at least \(Onboarding.minimumCategories))")
        for (index, category) in onboarding.categories.enumerated() { print("  \(index + 1). \(category.icon ?? "·") \(category.name)") }
        while onboarding.step == .categories {
            if !onboarding.selectedCategories.isEmpty {
                print("Chosen: \(onboarding.selectedCategories.sorted().joined(separator: ", ")). Name one again to drop it; Enter keeps them.")
            }
            guard let answer = try await ask("Your categories (numbers or slugs, comma-separated): ") else { return }
            for token in answer.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !token.isEmpty {
                let slug = Int(token).flatMap { onboarding.categories[safe: $0 - 1]?.slug } ?? token
                try await perform(onboarding.handle(.categoryToggled(slug)))
            }
            guard onboarding.canContinueFromCategories else {
                print("Chosen: \(onboarding.selectedCategories.count). Choose at least \(Onboarding.minimumCategories).")
                continue
            }
            try await perform(onboarding.handle(.continueTapped))
        }
    }

    private mutating func difficultyStep() async throws {
        print("\nStep 3/4 · Difficulty")
        for (index, difficulty) in Difficulty.allCases.enumerated() { print("  \(index + 1). \(difficulty.rawValue): \(difficulty.summary)") }
        while onboarding.step == .difficulty {
            guard let answer = try await ask("Difficulty [\(onboarding.difficulty.rawValue)]: ") else { return }
            if !answer.isEmpty {
                guard let difficulty = Difficulty(rawValue: answer.lowercased()) ?? Int(answer).flatMap({ Difficulty.allCases[safe: $0 - 1] }) else {
                    print("Choose one of \(Difficulty.allCases.map(\.rawValue).joined(separator: ", ")).")
                    continue
                }
                try await perform(onboarding.handle(.difficultySelected(difficulty)))
            }
            try await perform(onboarding.handle(.continueTapped))
        }
    }

    private mutating func notificationsStep() async throws {
        print("\nStep 4/4 · Notifications (the facts download in the background meanwhile)")
        while true {
            guard let answer = try await ask("Notification time [\(onboarding.notificationTime)]: ") else { return }
            if answer.isEmpty { break }
            guard let time = TimeParsing.localTime(answer) else {
                print("Expected a time as HH:MM.")
                continue
            }
            try await perform(onboarding.handle(.timeSelected(time)))
            break
        }
        while onboarding.step == .notifications {
            guard try await ask("Press Enter to enable notifications: ") != nil else { return }
            try await perform(onboarding.handle(.enableNotificationsTapped))
            try await showAlert()
            try await waitForDownload()
        }
    }

    /// Prints `prompt` and returns the line the user types, trimmed. Meanwhile the download's
    /// news is fed to the onboarding, and an alert it raises is shown before the prompt comes
    /// again; `nil` when that took the onboarding to another step. A `systemPrompt` (the
    /// system's own dialog, over the app) keeps the news for after it.
    private mutating func ask(_ prompt: String, systemPrompt: Bool = false) async throws -> String? {
        let step = onboarding.step
        print(prompt, terminator: "")
        fflush(nil)
        while true {
            let event: TerminalEvent =
                if !typedAhead.isEmpty {
                    .line(typedAhead.removeFirst())
                } else if !systemPrompt, !deferred.isEmpty {
                    .download(deferred.removeFirst())
                } else {
                    try await nextEvent()
                }
            switch event {
            case .line(let line?):
                return line.trimmingCharacters(in: .whitespaces)
            case .line(nil):
                try endOfInput()
            case .download(let input) where systemPrompt:
                deferred.append(input)
            case .download(let input):
                let shown = try await absorb(input)
                guard onboarding.step == step else { return nil }
                if shown {
                    print(prompt, terminator: "")
                    fflush(nil)
                }
            }
        }
    }

    /// The next line typed or piece of the download's news, whichever comes first.
    private mutating func nextEvent() async throws -> TerminalEvent {
        while true {
            if let line = input.next() { return line }
            if let news = inbox.next() { return .download(news) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// While the onboarding waits for the download, draws the progress bar; lines typed
    /// meanwhile, and the end of the input, are kept for the next prompts.
    private mutating func waitForDownload() async throws {
        guard onboarding.isWaitingForDownload else { return }
        print(onboarding.enableButtonTitle)
        if case .running(let progress) = onboarding.download { drawProgress(progress) }
        while onboarding.isWaitingForDownload {
            let event: TerminalEvent = deferred.isEmpty ? try await nextEvent() : .download(deferred.removeFirst())
            switch event {
            case .line(let line): typedAhead.append(line)
            case .download(let input): try await absorb(input)
            }
        }
    }

    /// Feeds one piece of the download's news to the onboarding, ends the progress bar when
    /// the download the onboarding waits for ends, and shows the alert it raises. Returns
    /// whether an alert was shown.
    @discardableResult
    private mutating func absorb(_ input: Onboarding.Input) async throws -> Bool {
        if onboarding.isWaitingForDownload {
            switch input {
            case .downloadProgressed(let progress):
                drawProgress(progress)
            case .downloadFinished(let facts):
                if facts > 0 { drawProgress(DownloadProgress(downloaded: facts, total: facts)) }
                print("")
            case .downloadFailed:
                print("")
            default:
                break
            }
        }
        try await perform(onboarding.handle(input))
        return try await showAlert()
    }

    /// Shows the onboarding's alert, if any, and dismisses it; returns whether there was one.
    @discardableResult
    private mutating func showAlert() async throws -> Bool {
        guard let alert = onboarding.alert else { return false }
        print("\n⚠ \(alert.title)\n  \(alert.message)")
        if alert == .permissionRequired, try await ask("Allow notifications in Settings now? [y/N]: ", systemPrompt: true)?.lowercased().hasPrefix("y") == true
        {
            await center.setAuthorization(.authorized)
            try await perform(onboarding.handle(.permissionStatusRead(.authorized)))
        }
        try await perform(onboarding.handle(.alertDismissed))
        return true
    }

    /// `[█████░░░░░] 50% (75/150)`, redrawn on one line.
    private func drawProgress(_ progress: DownloadProgress) {
        let width = 30
        let bar: String
        if progress.total == 0 {
            bar = "[\(String(repeating: "░", count: width))] connecting…"
        } else {
            let filled = progress.percentage * width / 100
            bar =
                "[\(String(repeating: "█", count: filled))\(String(repeating: "░", count: width - filled))] \(progress.percentage)% (\(progress.downloaded)/\(progress.total))"
        }
        print("\r\(bar)", terminator: "")
        fflush(nil)
    }

    private mutating func perform(_ actions: [Onboarding.Action]) async throws {
        for action in actions {
            switch action {
            case .setLocale(let language):
                print("Language: \(language.nativeName)")
            case .initialize(let language):
                print("Loading…")
                do {
                    let categories = try await downloader.initialize(language: language)
                    initializationFailure = nil
                    try await perform(onboarding.handle(.initialized(categories)))
                } catch let error as FactsError {
                    initializationFailure = error
                    try await perform(onboarding.handle(.initializationFailed(error)))
                }
            case .startDownload(let query):
                let downloader = downloader
                let inbox = inbox
                let database = database
                Task {
                    do {
                        try await downloader.download(query) { progress in inbox.append(.downloadProgressed(progress)) }
                        inbox.append(.downloadFinished(facts: try database.factCount(language: query.language)))
                    } catch let error as FactsError {
                        inbox.append(.downloadFailed(error))
                    } catch {
                        inbox.append(.downloadFailed(FactsError(.network, "\(error)")))
                    }
                }
            case .requestPermission:
                let answer = try await ask("“Facts A Day” would like to send you notifications. Allow? [y/N]: ", systemPrompt: true) ?? ""
                let status: AuthorizationStatus = answer.lowercased().hasPrefix("y") ? .authorized : .denied
                await center.setAuthorization(status)
                try await perform(onboarding.handle(.permissionAnswered(status)))
            case .schedule(let time, let language):
                var random = SystemRandomNumberGenerator()
                do {
                    let count = try await notifier.scheduleAll(time: time, language: language, using: &random)
                    try await perform(onboarding.handle(.schedulingSucceeded(count)))
                } catch let error as FactsError {
                    try await perform(onboarding.handle(.schedulingFailed(error)))
                }
            case .completeOnboarding(let preferences):
                try storeReportingErrors { try database.completeOnboarding(preferences) }
                print("\nAll Set! Welcome to Facts A Day!\nComplete! Redirecting you to the app...")
            case .startSuccessTimer(let delay):
                try await ContinuousClock().sleep(for: delay)
                try await perform(onboarding.handle(.successDelayElapsed))
            case .showMainApp:
                break
            }
        }
    }

    /// The end of input stops the command, without a second message when a failure was
    /// just reported.
    private func endOfInput() throws -> Never {
        if initializationFailure == nil {
            FileHandle.standardError.write(Data("\nbugle: input ended before onboarding was complete\n".utf8))
        } else {
            print("")
        }
        throw ExitCode(1)
    }
}

/// What the terminal onboarding waits for.
enum TerminalEvent: Sendable {
    /// A line of standard input; `nil` at its end.
    case line(String?)
    /// The background download progressed, finished or failed.
    case download(Onboarding.Input)
}

/// What the background download reports, in order, until the shell reads it.
final class DownloadInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var inputs: [Onboarding.Input] = []

    func append(_ input: Onboarding.Input) { lock.withLock { inputs.append(input) } }

    /// The oldest report not read yet.
    func next() -> Onboarding.Input? {
        lock.withLock { inputs.isEmpty ? nil : inputs.removeFirst() }
    }
}

/// Standard input's lines, read only when they are there, so that the shell never waits in
/// a read and can show the download's news meanwhile.
///
/// The shell checks here and in the ``DownloadInbox`` in turn, with a short sleep between:
/// a thread of its own blocked in a read of standard input kept the download's requests from
/// ever finishing on Linux (Swift 6.3), and so did a shell waiting in an `AsyncStream`.
struct StandardInputLines {
    private var pending = Data()
    private var ended = false
    private var endReported = false

    /// The next whole line if one was typed, `.line(nil)` once (and once only) when the
    /// input has ended, `nil` while nothing more is there.
    mutating func next() -> TerminalEvent? {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                defer { pending = Data(pending[(end + 1)...]) }
                return .line(Self.text(pending[..<end]))
            }
            if ended {
                if !pending.isEmpty {
                    defer { pending = Data() }
                    return .line(Self.text(pending))
                }
                if endReported { return nil }
                endReported = true
                return .line(nil)
            }
            var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 0) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 {
                pending.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        }
    }

    /// A line's bytes as text, without the carriage return of a `\r\n` line end.
    private static func text(_ bytes: Data) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes, as: UTF8.self)
    }
}

extension Array {
    /// The element at `index`, or `nil` when it is out of range.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
