import Bugle

extension Population {
    /// The lab's default population: 10,000 users over 12 weeks, for a daily reminder an app
    /// would send at 09:00, allowed to learn between 07:00 and 22:00 in 30-minute slots, with the core's learning defaults.
    ///
    /// Why each value (<doc:LabModel> cites the studies behind them):
    /// - three chronotypes, morning (30 %, around 08:00), midday (30 %, around 12:30) and evening
    ///   (40 %, around 19:30): people differ in when they attend to their phone, and a single
    ///   time suits only some of them;
    /// - 35 % open rate at a user's best hour, 6 % at their worst, a good stretch about two hours
    ///   wide; weekends an hour later;
    /// - about 30 % of days with an app visit of the user's own;
    /// - habituation takes up to 20 % after two weeks of the same time, a fresh text adds up to
    ///   20 %, recovering over a week;
    /// - best hours wander by about 0.1 h a day and move altogether about once in a year;
    /// - four texts for the copy arms, each user's liking of each spread by 30 % (lognormal),
    ///   with the core's copy bandit defaults;
    /// - a user shrugs off 5 ignored in a row; each further one adds 0.3 % to the day's chance of
    ///   leaving (at most 3 %), beside 0.1 % a day regardless.
    /// - no lapses (``Lapse/never``): users do not drop out for a while and come back.
    public static let `default` = Population(
        name: "default", users: 10_000, days: 84, start: "2026-01-05",
        chronotypes: [
            Chronotype(weight: 0.3, peakHour: 8, spreadHours: 1),
            Chronotype(weight: 0.3, peakHour: 12.5, spreadHours: 1.5),
            Chronotype(weight: 0.4, peakHour: 19.5, spreadHours: 1.5),
        ],
        peakOpenRate: Spread(mean: 0.35, sd: 0.1), floorOpenRate: Spread(mean: 0.06, sd: 0.03), peakWidthHours: Spread(mean: 2, sd: 0.75),
        weekendShiftHours: Spread(mean: 1, sd: 0.75), organicActivity: Spread(mean: 0.3, sd: 0.15),
        habituation: Habituation(depth: 0.2, days: 14), novelty: Novelty(boost: 0.2, recoveryDays: 7),
        drift: Drift(hoursPerDay: 0.1, jumpChance: 0.003), churn: Churn(tolerance: 5, perIgnore: 0.003, maximum: 0.03, daily: 0.001),
        lapse: .never,
        timing: TimingSetting(
            windowStart: "07:00", windowEnd: "22:00", slotMinutes: 30,
            configured: "09:00", halfLife: 60, priorHalfLife: 3, priorWeight: 20, neighbourWidth: 1, splitWeekend: false),
        fatigue: FatigueSetting(reduceAfter: 3, pauseAfter: 7, reducedEvery: 3, minimumOpenRate: 0.15),
        copy: CopySetting(variants: 4, appealSd: 0.3, halfLife: 60, recencyPenalty: 0.75, recoveryHalfLife: 3, priorWeight: 2))
}
