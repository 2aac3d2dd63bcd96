/// A change of the device zone's offset from UTC, in seconds.
public struct OffsetChange: Hashable, Sendable {
    /// The offset at the last replan, in seconds east of UTC (7200 for Israel in winter).
    public var old: Int
    /// The offset now, in seconds east of UTC (10800 for Israel in summer).
    public var new: Int

    /// A change from `old` to `new`, both in seconds east of UTC.
    public init(old: Int, new: Int) {
        self.old = old
        self.new = new
    }
}
