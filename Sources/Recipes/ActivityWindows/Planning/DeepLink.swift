import Bugle
import Foundation

/// Where a tap on a notification leads: the Today tab, the mode, the hour.
///
/// `gonow://today?hour=2026-03-24T07:00&mode=swim_solo`; the hour is local to the device.
public struct DeepLink: Hashable, Sendable, CustomStringConvertible {
    /// The hour to show, on the device's clock: the window's start, or a heat warning's
    /// first hot hour.
    public var hour: LocalDateTime
    /// The mode the notification was for; the Today tab switches to it.
    public var mode: ActivityMode

    /// The link to `hour` (local) in `mode`.
    public init(hour: LocalDateTime, mode: ActivityMode) {
        self.hour = hour
        self.mode = mode
    }

    /// Reads a link; `nil` when it is not a Today link with a valid hour and mode.
    public init?(url: String) {
        guard let components = URLComponents(string: url), components.scheme == "gonow", components.host == "today",
            let items = components.queryItems,
            let hourText = items.first(where: { $0.name == "hour" })?.value,
            let written = TimeParsing.dateTime(hourText), written.offset == nil,
            let modeText = items.first(where: { $0.name == "mode" })?.value, let mode = ActivityMode(rawValue: modeText)
        else { return nil }
        self.init(hour: written.local, mode: mode)
    }

    /// The link as text.
    public var url: String { "gonow://today?hour=\(hour)&mode=\(mode.rawValue)" }

    public var description: String { url }

    /// What the Today tab shows for the hour when opened at `now` (local): `07:00`, or
    /// `07:00 (past)` when the hour has already begun.
    public func label(openedAt now: LocalDateTime) -> String {
        hour <= now ? "\(hour.time) (past)" : "\(hour.time)"
    }
}
