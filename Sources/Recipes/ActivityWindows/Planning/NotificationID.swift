import Bugle

/// The deterministic id of a notification: its mode, the day of its windows and the window
/// index (0 the best, 1 the backup), and whether it is the day-before heads-up.
///
/// `swim_solo.2026-03-24.0`, `swim_solo.2026-03-24.1`, `swim_solo.2026-03-25.0.heads-up`.
/// Rescheduling the same notification gives the same id, so it replaces, never duplicates.
public struct NotificationID: Hashable, Sendable, CustomStringConvertible {
    /// The mode notified.
    public var mode: ActivityMode
    /// The local day of the window announced: for a heads-up, tomorrow, not the day it fires.
    public var date: LocalDate
    /// 0 for the day's best window (also its heads-up, or the heat warning), 1 for the 12:00
    /// backup.
    public var windowIndex: Int
    /// Whether it is the heads-up, fired the day before ``NotificationID/date`` (suffix
    /// `.heads-up`).
    public var headsUp: Bool

    /// The id of window `windowIndex` of `mode` on `date`; `headsUp` for the day-before heads-up.
    public init(mode: ActivityMode, date: LocalDate, windowIndex: Int, headsUp: Bool = false) {
        self.mode = mode
        self.date = date
        self.windowIndex = windowIndex
        self.headsUp = headsUp
    }

    /// Reads an id back (with or without a namespace prefix such as `bugle.`).
    public init?(_ text: String) {
        var parts = text.split(separator: ".").map(String.init)
        if let first = parts.first, ActivityMode(rawValue: first) == nil { parts.removeFirst() }
        guard parts.count == 3 || (parts.count == 4 && parts[3] == "heads-up"),
            let mode = ActivityMode(rawValue: parts[0]), let date = TimeParsing.localDate(parts[1]),
            let index = Int(parts[2]), index >= 0
        else { return nil }
        self.init(mode: mode, date: date, windowIndex: index, headsUp: parts.count == 4)
    }

    public var description: String { "\(mode.rawValue).\(date).\(windowIndex)\(headsUp ? ".heads-up" : "")" }

    /// A positive 31-bit number for platforms whose ids are integers (Android), a stable
    /// hash (FNV-1a) of ``description``.
    public var numeric: Int32 {
        var hash: UInt32 = 0x811c_9dc5
        for byte in description.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int32(bitPattern: hash & 0x7fff_ffff)
    }
}
