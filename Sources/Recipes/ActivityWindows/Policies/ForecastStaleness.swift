import Bugle
import Foundation

/// The seed's staleness rule: on a forecast older than 3 hours nothing new is scheduled and
/// what is pending stays; while notifications are *paused* everything is cancelled.
///
/// The pause goes with the in-app warning "Forecast data is stale. Notifications paused
/// until data refreshes.": ``ActivityController`` sets it when the app, opened or brought
/// back to the foreground (or handed a new forecast), finds the data older than 6 hours,
/// and lifts it when a fresher forecast arrives. A refresh in the background (the periodic
/// task, a restart) never pauses on its own: the notifications an evening forecast
/// scheduled for the morning are kept overnight, and are cancelled only when the user sees
/// why.
///
/// What the app planned from the current forecast (``ActivityState/plannedFromForecast``)
/// counts as pending: those notifications were checked while the forecast was fresh. After a
/// restart, when Android has cleared every alarm and the `BOOT_COMPLETED` receiver plans again
/// from a forecast older than 3 hours, they come back rather than being held as new ones; no
/// other window is added. The seed's "keep existing ones" is about what the app scheduled,
/// not about what the system still holds.
public struct ForecastStaleness: Policy {
    /// Past this age nothing new is scheduled.
    public static let holdAfter: TimeInterval = 3 * 3600
    /// Past this age the app pauses notifications at its next freshness check.
    public static let pauseAfter: TimeInterval = 6 * 3600

    /// Holds only: the age alone never cancels.
    static let holding = Staleness(timestampKey: ActivityState.Key.forecastFetchedAt, holdAfter: holdAfter, cancelAfter: .infinity)
    /// Paused: the data is older than ``pauseAfter``, and everything is cancelled.
    static let pausing = Staleness(timestampKey: ActivityState.Key.forecastFetchedAt, holdAfter: holdAfter, cancelAfter: pauseAfter)

    /// The seed's rule: hold after 3 hours, cancel everything while paused.
    public init() {}

    public var summary: String { "forecast staleness: hold after \(Int(Self.holdAfter / 3600)) h, cancel while paused" }

    /// Drops a candidate that is neither pending nor planned from the current forecast once the
    /// forecast is older than ``ForecastStaleness/holdAfter``, and every candidate while the
    /// snapshot says paused and it is older than ``ForecastStaleness/pauseAfter``; with no
    /// forecast, nothing is planned.
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        let paused = context.state[ActivityState.Key.notificationsPaused] == .bool(true)
        var context = context
        if !context.isPending(candidate.id), ActivityState.planned(in: context.state).contains(candidate.id) {
            context.pendingIDs.insert(candidate.id)
        }
        return (paused ? Self.pausing : Self.holding).evaluate(candidate, context: context, ledger: ledger)
    }

    public var movesCandidates: Bool { false }
}
