import Bugle
import Foundation

/// The game's notification logic as a value: feed it what happened, with the device's two
/// clocks read at that moment, and perform the actions it returns.
///
/// It keeps the streak (from the games reported), the perfect days celebrated, the permission
/// flow, the clock's integrity and offset, and the last day it scheduled. The rules read its
/// ``facts``; write them to the scheduler's state before each ``Action/refresh(_:)``.
///
/// - Trusted time: every input checks the wall clock against the monotonic clock
///   (`TamperDetector`). While the wall clock is not trusted, refreshes become
///   ``Action/skipScheduling(reason:)``, and the streak counts days on the clock the
///   detector expects instead. Samples from trusted sources (``Input/trustedTime(_:)``) set
///   the offset that moves fire times, and confirm a wall clock set right again.
/// - Day change: the first input of a new local day (the app's timer at
///   `DayWatch.nextMidnight`, or any other) rolls the day over: a streak whose last game is
///   older than yesterday is lost, and the app reschedules once that day.
/// - Permission: asked after a completed puzzle, ``permissionDelay`` seconds after the result,
///   with the app's explanation first. The explanation is shown once: declined, or left
///   unanswered (the app closed over it), it is never shown again, as the seed's
///   `@notifications_permission_asked` ("whether permission modal was shown") keeps it.
///
/// The value is `Codable`: the app keeps it between launches.
public struct StreakRescueApp: Hashable, Sendable, Codable {
    /// What happened.
    public enum Input: Hashable, Sendable {
        /// The app was launched or came to the foreground (`reason` is `launch` or
        /// `foreground`), and read the system's permission status.
        case opened(RefreshReason, status: AuthorizationStatus)
        /// The app went to the background.
        case wentToBackground
        /// The user played today's game.
        case played
        /// A puzzle's result was shown: `completed` of today's `total` are solved.
        case puzzleCompleted(completed: Int, total: Int)
        /// The timer of ``Action/schedulePrompt(at:)`` fired.
        case promptDue
        /// The user answered the app's explanation.
        case explanationAnswered(accepted: Bool)
        /// The user answered the system's permission prompt.
        case systemAnswered(AuthorizationStatus)
        /// The permission changed in the system's Settings.
        case authorizationChanged(AuthorizationStatus)
        /// Samples from trusted time sources (HTTP `Date` headers, NTP).
        case trustedTime([TimeSample])
        /// The app's timer at the start of the local day fired.
        case midnight
        /// The system said the clock or the time zone changed.
        case clockChanged
        /// Any other reason to bring the plan up to date (a background task, new data).
        case refreshRequested(RefreshReason)
    }

    /// What the app should do, in order.
    public enum Action: Hashable, Sendable {
        /// Write ``facts`` to the scheduler's state and refresh.
        case refresh(RefreshReason)
        /// Do not touch the pending notifications; record why (`SchedulerEvent.skipped`).
        case skipScheduling(reason: String)
        /// Call back with ``Input/promptDue`` at this moment.
        case schedulePrompt(at: Date)
        /// Show the app's explanation (``StreakRescue/explanation``).
        case showExplanation
        /// Show the system's permission prompt; answer with ``Input/systemAnswered(_:)``.
        case requestAuthorization
        /// Celebrate (``StreakRescue/celebration(for:)``).
        case celebrate(PerfectDay)
        /// A streak of `days` ended: the last game is older than yesterday.
        case streakLost(days: Int)
        /// The wall clock agrees with the monotonic clock again.
        case clockTrusted
        /// Trusted sources measured the device's clock.
        case clockOffsetMeasured(ClockOffset)
    }

    /// The pause between a puzzle's result and the permission explanation, so that the
    /// result shows first.
    public static let permissionDelay: TimeInterval = 2

    /// The largest offset from trusted time the app corrects fire times by: a day either
    /// way. A device clock further off is wrong, not slow: the app treats it as set by hand
    /// and schedules nothing until it is right again.
    public static let largestClockOffset: TimeInterval = 86_400

    /// The local day of the last game.
    public private(set) var lastPlayedDate: LocalDate?
    /// The streak as of ``lastPlayedDate``, that day included.
    public private(set) var streak = 0
    /// The latest estimate from trusted samples, until the wall clock jumps.
    public private(set) var clockOffset: ClockOffset?
    /// Whether the wall clock is not trusted now.
    public private(set) var clockTampered = false
    /// How far trusted sources found the device's clock off, when that was more than
    /// ``largestClockOffset``: nothing is scheduled until they find it right.
    public private(set) var clockWrong: ClockOffset?
    /// The local day of the last refresh: the day change reschedules once a day.
    public private(set) var lastScheduledDate: LocalDate?
    /// When to ask for permission.
    public private(set) var permission: PermissionFlow
    /// When the explanation was shown (the seed's `@notifications_permission_asked`); it is
    /// never shown again, answered or not. `nil` until then.
    public private(set) var explanationShown: Date?
    /// The perfect days celebrated.
    public private(set) var perfectDays = PerfectDayDetector()
    /// The wall clock checked against the monotonic clock.
    public private(set) var clock: TamperDetector
    /// The local day of the last input.
    public private(set) var days = DayWatch()

    /// - Parameters:
    ///   - clockTolerance: how far the wall clock may move from the monotonic clock between
    ///     two inputs before it counts as set by hand.
    ///   - memory: what the permission flow remembers from earlier launches.
    public init(clockTolerance: TimeInterval = 60, permission memory: PermissionFlow.Memory = PermissionFlow.Memory()) {
        permission = PermissionFlow(policy: .afterValueMoment(delay: Self.permissionDelay, explanation: true), memory: memory)
        clock = TamperDetector(tolerance: clockTolerance)
    }

    /// What the rules read.
    public var facts: StreakFacts {
        StreakFacts(lastPlayedDate: lastPlayedDate, streak: streak, clockOffset: clockOffset?.seconds ?? 0)
    }

    /// Advances the app; returns what to do, in order.
    public mutating func handle(_ input: Input, at reading: ClockReading, in timeZone: TimeZone) -> [Action] {
        var actions: [Action] = []
        var refresh: RefreshReason?

        // The clock first: everything below reads the day from it.
        let verdict = clock.check(reading)
        let wasTampered = clockTampered
        clockTampered = !verdict.isTrusted
        // The wall clock jumped (away or back): an offset measured on it before no longer holds.
        if clockTampered != wasTampered {
            clockOffset = nil
            clockWrong = nil
        }
        if case .trustedTime(let samples) = input, let offset = ClockOffset.estimate(from: samples) {
            actions.append(.clockOffsetMeasured(offset))
            if clockTampered, abs(offset.seconds) <= clock.tolerance {
                // A trusted source says the wall clock is right: it was set right, not back.
                clock.trust(reading)
                clockTampered = false
            }
            if !(abs(offset.seconds) <= Self.largestClockOffset) {
                // More than a day off (or no number at all): a wrong clock, not a slow one.
                clockWrong = offset
                clockOffset = nil
                refresh = .clockChanged
            } else {
                if clockWrong != nil || (clockOffset?.seconds ?? 0).rounded() != offset.seconds.rounded() { refresh = .clockChanged }
                clockWrong = nil
                clockOffset = offset
            }
        }
        if wasTampered, !clockTampered {
            actions.append(.clockTrusted)
            refresh = .clockChanged
        }
        let now = clockTampered ? clock.expectedWall(at: reading) ?? reading.wall : reading.wall
        let zone = ZoneRules(timeZone: timeZone, around: now)
        let today = zone.localDate(at: now)

        if let change = days.observe(now, zone: zone) {
            if let last = lastPlayedDate, streak > 0, last < today.adding(days: -1) {
                actions.append(.streakLost(days: streak))
                streak = 0
            }
            if change.from != nil, lastScheduledDate != today { refresh = .dayChanged }
        }

        switch input {
        case .opened(let reason, let status):
            permission.handle(.sessionStarted, now: now)
            permission.handle(.statusRead(status), now: now)
            refresh = reason
        case .wentToBackground:
            refresh = .background
        case .played:
            if recordGame(on: today) { refresh = .dataChanged }
        case .puzzleCompleted(let completed, let total):
            if recordGame(on: today) { refresh = .dataChanged }
            if perfectDays.report(completed: completed, total: total, on: today) {
                actions.append(.celebrate(PerfectDay(date: today, streak: streak, puzzles: total)))
            }
            if explanationShown == nil { actions += permissionActions(permission.handle(.valueMoment, now: reading.wall)) }
        case .promptDue:
            guard explanationShown == nil else { break }
            let prompt = permissionActions(permission.handle(.promptDue, now: reading.wall))
            if prompt.contains(.showExplanation) { explanationShown = reading.wall }
            actions += prompt
        case .explanationAnswered(let accepted):
            actions += permissionActions(permission.handle(accepted ? .explanationAccepted : .explanationDeclined, now: reading.wall))
        case .systemAnswered(let status):
            permission.handle(.systemAnswered(status), now: reading.wall)
            refresh = .permissionChanged
        case .authorizationChanged(let status):
            permission.handle(.statusRead(status), now: reading.wall)
            refresh = .permissionChanged
        case .trustedTime, .midnight:
            break
        case .clockChanged:
            refresh = .clockChanged
        case .refreshRequested(let reason):
            refresh = reason
        }

        if let reason = refresh {
            if let clockWrong {
                actions.append(.skipScheduling(reason: "\(clockWrong), more than a day; not scheduling (\(reason.rawValue)) until the clock is right"))
            } else if clockTampered {
                actions.append(.skipScheduling(reason: "\(verdict); not scheduling (\(reason.rawValue)) until the clock is trusted again"))
            } else {
                actions.append(.refresh(reason))
                lastScheduledDate = today
            }
        }
        return actions
    }

    /// Counts a game on `today`; returns whether it is the day's first.
    private mutating func recordGame(on today: LocalDate) -> Bool {
        if let last = lastPlayedDate, today <= last { return false }
        if let last = lastPlayedDate, last.adding(days: 1) == today, streak > 0 {
            streak += 1
        } else {
            streak = 1
        }
        lastPlayedDate = today
        return true
    }

    private func permissionActions(_ flowActions: [PermissionFlow.Action]) -> [Action] {
        flowActions.compactMap { action in
            switch action {
            case .schedulePrompt(let date): .schedulePrompt(at: date)
            case .showExplanation: .showExplanation
            case .requestAuthorization: .requestAuthorization
            // The value-moment policy never turns settings on or blocks a step.
            case .enableSetting, .keepSettingOff, .offerSettings, .proceed, .blockProceeding: nil
            }
        }
    }
}
