import Synchronization

/// The order in which the simulated system and the app did things, across the center and the
/// simulation that drives it: each line of the timeline takes the next number when it is
/// written, so that two lines at the same minute (a reboot that clears the alarms, then the
/// app's `BOOT_COMPLETED` receiver) are told in the order they happened.
enum TimelineOrder {
    private static let counter = Atomic<Int>(0)

    /// A number larger than every one given before, in this process.
    static func next() -> Int { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}
