/// A change of the device zone's offset from UTC, in seconds.
public struct OffsetChange: Hashable, Sendable {
    public var old: Int
    public var new: Int

    public init(old: Int, new: Int) {
        self.old = old
        self.new = new
    }
}
