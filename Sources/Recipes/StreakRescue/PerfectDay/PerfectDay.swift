import Bugle

/// A local day on which the user solved every puzzle.
public struct PerfectDay: Hashable, Sendable, Codable {
    /// The local day.
    public var date: LocalDate
    /// The streak, that day included.
    public var streak: Int
    /// How many puzzles the day had (3 to 8 in the game).
    public var puzzles: Int

    /// The perfect day `date`, with the streak and the number of puzzles.
    public init(date: LocalDate, streak: Int, puzzles: Int) {
        self.date = date
        self.streak = streak
        self.puzzles = puzzles
    }
}

/// Notices the moment the last puzzle of the day is solved, once per local day.
///
/// It fires on the transition from `completed < total` to `completed == total`, with the
/// day's own total (which varies from 3 to 8, and may grow during the day). A day it fired
/// on is remembered, so reopening the app, or a total that grows and is completed again,
/// does not celebrate twice.
public struct PerfectDayDetector: Hashable, Sendable, Codable {
    /// How many celebrated days are remembered: enough to cover any day still reported.
    public static let memory = 31

    /// The days celebrated, oldest first.
    public private(set) var celebrated: [LocalDate] = []
    private var lastReport: Report?

    private struct Report: Hashable, Codable {
        var day: LocalDate
        var completed: Int
        var total: Int
    }

    /// A detector that has celebrated nothing yet.
    public init() {}

    /// Records the day's progress; returns whether it just became a perfect day.
    public mutating func report(completed: Int, total: Int, on day: LocalDate) -> Bool {
        // A day's first report starts from nothing solved.
        let before = lastReport.flatMap { $0.day == day ? $0 : nil } ?? Report(day: day, completed: 0, total: total)
        lastReport = Report(day: day, completed: completed, total: total)
        let transition = total > 0 && completed == total && before.completed < before.total
        guard transition, !celebrated.contains(day) else { return false }
        celebrated.append(day)
        if celebrated.count > Self.memory { celebrated.removeFirst(celebrated.count - Self.memory) }
        return true
    }
}
