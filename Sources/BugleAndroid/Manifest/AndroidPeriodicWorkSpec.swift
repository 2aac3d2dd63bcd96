/// The WorkManager request that reconciles now and then, so that a plan longer than the alarms
/// it holds stays filled while the app is not opened: `PeriodicWorkRequest.Builder(worker,
/// repeatInterval, MILLISECONDS, flexInterval, MILLISECONDS)`, enqueued with
/// `WorkManager.enqueueUniquePeriodicWork(uniqueName, ExistingPeriodicWorkPolicy.UPDATE, request)`.
///
/// WorkManager runs it once in the last ``flexIntervalMillis`` of each ``repeatIntervalMillis``,
/// when the system lets it (Doze and battery savers defer it): it keeps the plan filled, it does not
/// fire notifications, which the alarms do.
///
/// - SeeAlso: [`PeriodicWorkRequest`](https://developer.android.com/reference/androidx/work/PeriodicWorkRequest),
///   [`PeriodicWorkRequest.Builder`](https://developer.android.com/reference/androidx/work/PeriodicWorkRequest.Builder).
public struct AndroidPeriodicWorkSpec: Hashable, Sendable {
    /// The unique work name, so that enqueuing again updates the work rather than adding one.
    public var uniqueName: String
    /// The repeat interval in milliseconds: at least 15 minutes (`MIN_PERIODIC_INTERVAL_MILLIS`).
    public let repeatIntervalMillis: Int64
    /// The flex interval in milliseconds: at least 5 minutes (`MIN_PERIODIC_FLEX_MILLIS`), at most the
    /// repeat interval.
    public let flexIntervalMillis: Int64
    /// The `ExistingPeriodicWorkPolicy` to enqueue with: `UPDATE`, so that a new interval replaces
    /// the old one without restarting the period.
    public var existingWorkPolicy: String { "UPDATE" }

    /// Work named `uniqueName` every `repeatInterval`, run in its last `flexInterval` (the whole
    /// interval by default).
    ///
    /// - Throws: ``AndroidPeriodicWorkError`` when the interval is under 15 minutes or the flex is
    ///   under 5 minutes or over the interval. WorkManager would quietly raise a short interval
    ///   (and clamp the flex); Bugle refuses, so the plan's coverage is computed for the period that
    ///   really applies.
    public init(uniqueName: String = "bugle.reconcile", repeatInterval: Duration, flexInterval: Duration? = nil) throws(AndroidPeriodicWorkError) {
        let repeatMillis = Self.millis(repeatInterval)
        let flexMillis = flexInterval.map(Self.millis) ?? repeatMillis
        guard repeatMillis >= AndroidConstants.minimumPeriodicIntervalMillis else { throw .intervalTooShort(repeatMillis) }
        guard flexMillis >= AndroidConstants.minimumPeriodicFlexMillis else { throw .flexTooShort(flexMillis) }
        guard flexMillis <= repeatMillis else { throw .flexLongerThanInterval(flex: flexMillis, interval: repeatMillis) }
        self.uniqueName = uniqueName
        self.repeatIntervalMillis = repeatMillis
        self.flexIntervalMillis = flexMillis
    }

    private static func millis(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

/// Why a ``AndroidPeriodicWorkSpec`` was refused.
public struct AndroidPeriodicWorkError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case interval(Int64)
        case flex(Int64)
        case flexOverInterval(Int64, Int64)
    }

    private let kind: Kind

    static func intervalTooShort(_ millis: Int64) -> Self { Self(kind: .interval(millis)) }
    static func flexTooShort(_ millis: Int64) -> Self { Self(kind: .flex(millis)) }
    static func flexLongerThanInterval(flex: Int64, interval: Int64) -> Self { Self(kind: .flexOverInterval(flex, interval)) }

    public var description: String {
        switch kind {
        case .interval(let millis):
            "periodic work every \(millis) ms: WorkManager's minimum interval is 15 minutes (900000 ms, PeriodicWorkRequest.MIN_PERIODIC_INTERVAL_MILLIS)"
        case .flex(let millis):
            "periodic work with a flex of \(millis) ms: WorkManager's minimum flex is 5 minutes (300000 ms, PeriodicWorkRequest.MIN_PERIODIC_FLEX_MILLIS)"
        case .flexOverInterval(let flex, let interval):
            "periodic work with a flex of \(flex) ms over its interval of \(interval) ms: the flex is the end of the interval, so it cannot be longer"
        }
    }
}
