/// Which Android integer id each of Bugle's string ids holds: the way collisions of
/// ``AndroidNotificationID/hashed(_:)`` are resolved.
///
/// **The rule.** An id already in the table keeps its number. A new id gets its hash; when that
/// number is taken (by another id in the table, or by a number the host reserves), the next
/// number, and so on (linear probing over `1...Int32.max`). New ids are assigned in the order of
/// their strings, so the same table and the same new ids always give the same numbers. Two ids
/// never share a number, so an alarm or a notification of one never replaces the other's.
///
/// **Where it lives.** The host keeps the table: persisted beside its record of the alarms it set
/// (Android cannot list an app's alarms), or rebuilt from that record, since every alarm's extras
/// carry both ids (``AndroidExtras/requestID`` and ``AndroidExtras/notificationID``).
/// ``AndroidMapping/changes(plan:scheduled:)`` rebuilds it that way from the alarms the host
/// reports, so a host that keeps only its alarm record needs nothing else. A table lost with
/// its record (a cleared app storage) only means that some ids may get other numbers than before:
/// the alarms are gone too, and reconcile sets them again.
///
/// - Complexity: assigning *n* new ids to a table of *m* costs O(*n* log *n*) to sort them, plus
///   one probe per number taken on the way, which is O(1) on average while the table is a tiny
///   part of the 2³¹ numbers (a plan holds hundreds).
public struct AndroidIDTable: Hashable, Sendable {
    /// The number each string id holds.
    public private(set) var ids: [String: AndroidNotificationID]
    private var holders: [AndroidNotificationID: String]

    /// An empty table.
    public init() {
        ids = [:]
        holders = [:]
    }

    /// A table from saved assignments; `nil` when two ids hold the same number.
    public init?(_ ids: [String: AndroidNotificationID]) {
        var holders: [AndroidNotificationID: String] = [:]
        for (id, number) in ids {
            guard holders.updateValue(id, forKey: number) == nil else { return nil }
        }
        self.ids = ids
        self.holders = holders
    }

    /// The number `requestID` holds, if any.
    public subscript(requestID: String) -> AndroidNotificationID? { ids[requestID] }

    /// The string id that holds `number`, if any.
    public func holder(of number: AndroidNotificationID) -> String? { holders[number] }

    /// Gives each id of `requestIDs` that has no number one, by the rule above, never one of
    /// `reserved` (numbers the host uses for its own notifications).
    ///
    /// - Returns: the numbers of `requestIDs`, in their order.
    @discardableResult
    public mutating func assign(_ requestIDs: [String], reserved: Set<AndroidNotificationID> = []) -> [AndroidNotificationID] {
        for requestID in Set(requestIDs).sorted() where ids[requestID] == nil {
            var number = AndroidNotificationID.hashed(requestID)
            while holders[number] != nil || reserved.contains(number) { number = number.next }
            ids[requestID] = number
            holders[number] = requestID
        }
        return requestIDs.map { ids[$0]! }
    }

    /// Records that `requestID` holds `number`, as an alarm the host reports says. Returns `false`,
    /// and changes nothing, when another id holds `number` or `requestID` holds another number.
    @discardableResult
    public mutating func record(_ requestID: String, holds number: AndroidNotificationID) -> Bool {
        if let held = ids[requestID] { return held == number }
        guard holders[number] == nil else { return false }
        ids[requestID] = number
        holders[number] = requestID
        return true
    }

    /// Frees the numbers of the ids not in `requestIDs`.
    public mutating func retain(only requestIDs: Set<String>) {
        for (id, number) in ids where !requestIDs.contains(id) {
            ids[id] = nil
            holders[number] = nil
        }
    }
}
