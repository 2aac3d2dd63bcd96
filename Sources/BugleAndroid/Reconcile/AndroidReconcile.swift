import Bugle

/// An alarm the host set and still holds, as it reports it: the request code and the `Intent`'s
/// string extras.
///
/// Android has no call that lists an app's alarms, so the host keeps a record of the alarms it set
/// (the extras of ``AndroidSchedule/notification``, by request code), removes an entry when it
/// cancels the alarm or the alarm fires, and clears the record on `BOOT_COMPLETED`, since a reboot
/// clears every alarm.
public struct AndroidScheduledAlarm: Hashable, Sendable {
    /// The `PendingIntent` request code.
    public var requestCode: Int32
    /// The `Intent`'s string extras.
    public var extras: AndroidExtras

    /// The alarm with `requestCode` whose `Intent` carries `extras`.
    public init(requestCode: Int32, extras: AndroidExtras) {
        self.requestCode = requestCode
        self.extras = extras
    }
}

/// An alarm to cancel: `AlarmManager.cancel(PendingIntent)` with a `PendingIntent` of the same
/// request code and `Intent` (component and action; extras do not count).
public struct AndroidCancel: Hashable, Sendable {
    /// The `PendingIntent` request code.
    public var requestCode: Int32
    /// Bugle's request id, when the alarm's extras name one.
    public var requestID: String?
    /// Why it is cancelled: Bugle's reconcile reason, or `unknown` for an alarm in Bugle's namespace
    /// whose extras do not read back (damaged, or a second alarm for the same request).
    public var reason: CancelReason

    /// A cancel of the alarm with `requestCode`, for Bugle's request `requestID`, because of `reason`.
    public init(requestCode: Int32, requestID: String?, reason: CancelReason) {
        self.requestCode = requestCode
        self.requestID = requestID
        self.reason = reason
    }
}

/// What to do to the host's alarms so that they equal the plan.
public struct AndroidChangeSet: Hashable, Sendable {
    /// The alarms to cancel, first.
    public var cancels: [AndroidCancel]
    /// The alarms to set, then: new requests, changed ones (set again with the same request code,
    /// which replaces the alarm), and unchanged ones whose alarm call is no longer the right one.
    public var sets: [AndroidSchedule]
    /// Alarms left alone because they already match the plan.
    public var unchanged: Int
    /// The id table after the changes: every planned request's notification id.
    public var ids: AndroidIDTable

    /// No call is needed.
    public var isEmpty: Bool { cancels.isEmpty && sets.isEmpty }
    /// The number of `AlarmManager` calls.
    public var callCount: Int { cancels.count + sets.count }
}

extension AndroidMapping {
    /// The fewest alarm calls that make `scheduled` equal `plan`: Bugle's reconcile
    /// (`Reconcile.changes(plan:pending:)`), by request id and fingerprint, over the requests the
    /// alarms' extras read back to, then mapped to request codes.
    ///
    /// - An alarm whose request is planned with the same fingerprint is left alone, unless its call
    ///   is no longer the right one for this device: a wall-clock time whose instant moved with the
    ///   device's zone, or an exactness that changed. Those are set again with the same request code.
    /// - A changed or new request is set; a new one gets a notification id by ``AndroidIDTable``'s
    ///   rule, never one of ``reservedIDs`` nor a request code the host holds for other code.
    /// - An alarm in the plan's namespace that is not planned, or whose extras do not read back, is
    ///   cancelled. Alarms outside the namespace are never touched, and their request codes are
    ///   never given to Bugle's requests.
    ///
    /// - Throws: `EncodingError` when a request's payload cannot be encoded.
    /// - Complexity: O(*p* + *n* log *n*) for *p* scheduled alarms and *n* planned requests.
    public func changes(plan: Plan, scheduled: [AndroidScheduledAlarm]) throws -> AndroidChangeSet {
        var table = AndroidIDTable()
        var pending: [NotificationRequest] = []
        var alarms: [String: AndroidScheduledAlarm] = [:]
        var foreign = Set<AndroidNotificationID>()
        var unreadable: [AndroidCancel] = []
        for alarm in scheduled.sorted(by: { $0.requestCode < $1.requestCode }) {
            let requestID = alarm.extras.requestID
            guard let requestID, plan.namespace.owns(requestID) else {
                if let code = AndroidNotificationID(rawValue: alarm.requestCode) { foreign.insert(code) }
                continue
            }
            if let code = AndroidNotificationID(rawValue: alarm.requestCode), alarm.extras.notificationID == code,
                let request = alarm.extras.request, table.record(request.id, holds: code)
            {
                pending.append(request)
                alarms[request.id] = alarm
            } else {
                unreadable.append(AndroidCancel(requestCode: alarm.requestCode, requestID: requestID, reason: .unknown))
            }
        }

        let changes = Reconcile.changes(plan: plan, pending: pending)
        let cancels = changes.removals.map { AndroidCancel(requestCode: alarms[$0.id]!.requestCode, requestID: $0.id, reason: $0.reason) }
        table.retain(only: Set(plan.entries.map(\.request.id)))
        let reserved = reservedIDs.union(foreign)
        table.assign(changes.additions.map(\.id), reserved: reserved)

        var sets: [AndroidSchedule] = []
        let added = Set(changes.additions.map(\.id))
        for entry in plan.entries where !added.contains(entry.request.id) {
            guard let alarm = alarms[entry.request.id], let id = table[entry.request.id] else { continue }
            let expected = self.alarm(for: entry.request, id: id)
            let values = alarm.extras.values
            if values[AndroidExtras.Key.when] != String(expected.triggerAtMillis) || values[AndroidExtras.Key.alarm] != expected.call.name {
                sets.append(try schedule(entry.request, id: id))
            }
        }
        let resets = sets.count
        for request in changes.additions { sets.append(try schedule(request, id: table[request.id]!)) }
        return AndroidChangeSet(cancels: unreadable + cancels, sets: sets, unchanged: changes.unchanged - resets, ids: table)
    }
}
