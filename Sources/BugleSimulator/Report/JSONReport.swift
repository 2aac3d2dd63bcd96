import Bugle
import Foundation

/// The simulation as one JSON document.
///
/// `deliveries` `[{id, rule, at, title, body, …}]`, `dropped` `[{id, rule, at, reason,
/// detail}]`, `centerCalls` `{add, remove, failedAdd, failedRemove}`, `peakPending`, and the
/// coverage horizon. Every `at` is ISO 8601 with the offset of the device's zone at that moment.
/// On the simulated Android, each delivery has `android` `{id, channel, importance, exact,
/// lateBySeconds}`, and the document has `android` `{version, exactAlarmsAtEnd}` and `notShown`
/// `[{id, androidID, rule, at, title, reason}]`.
public enum JSONReport {
    /// The document as a `JSONSerialization` dictionary: what ``JSONReport/render(_:)`` writes.
    public static func object(_ result: SimulationResult) -> [String: Any] {
        var zones = ZoneFormatter(around: result.start)
        let deliveries: [[String: Any]] = result.deliveries.map { delivery in
            var entry: [String: Any] = [
                "id": delivery.id, "rule": delivery.rule, "at": zones.iso(delivery.at, delivery.timeZone),
                "title": delivery.title, "body": delivery.body, "timeZone": delivery.timeZone,
                "interruptionLevel": delivery.interruptionLevel, "adjustments": delivery.adjustments,
            ]
            if let subtitle = delivery.subtitle { entry["subtitle"] = subtitle }
            if let android = delivery.android {
                entry["android"] =
                    [
                        "id": Int(android.id), "channel": android.channel, "importance": android.importance.rawValue, "exact": android.exact,
                        "lateBySeconds": Int(android.lateBy.rounded()),
                    ] as [String: Any]
            }
            return entry
        }
        let dropped: [[String: Any]] = result.dropped.map { drop in
            ["id": drop.id, "rule": drop.rule, "at": zones.iso(drop.at, drop.timeZone), "title": drop.title, "reason": drop.reason, "detail": drop.detail]
        }
        let finalZone = result.zoneChanges.last?.to ?? result.timeZone
        var coverage: [String: Any] = ["horizon": NSNull(), "limit": "none"]
        if let value = result.coverage {
            coverage = ["horizon": value.horizon.map { zones.iso($0, finalZone) as Any } ?? NSNull(), "limit": value.limit.rawValue]
        }
        var document: [String: Any] = [
            "name": result.name,
            "timeZone": result.timeZone,
            "start": zones.iso(result.start, result.timeZone),
            "end": zones.iso(result.end, finalZone),
            "platform": ["name": result.platform.name, "pendingLimit": result.platform.pendingLimit, "capacity": result.capacity],
            "deliveries": deliveries,
            "dropped": dropped,
            "droppedByReason": result.droppedByReason,
            "missed": result.missed.map { ["id": $0.id, "rule": $0.rule, "title": $0.title, "fireTime": $0.fireTime, "at": zones.iso($0.at, $0.timeZone)] },
            "evicted": result.evicted,
            "centerCalls": [
                "add": result.calls.adds, "remove": result.calls.removes, "failedAdd": result.calls.failedAdds, "failedRemove": result.calls.failedRemoves,
            ],
            "peakPending": result.peakPending,
            "pendingAtEnd": result.pendingAtEnd,
            "refreshes": result.refreshes.count,
            "coverage": coverage,
            "zoneChanges": result.zoneChanges.map { ["at": zones.iso($0.at, $0.to), "from": $0.from, "to": $0.to] },
        ]
        if let android = result.android {
            document["android"] = ["version": android.version, "exactAlarmsAtEnd": result.exactAlarmsAtEnd ?? false] as [String: Any]
            document["notShown"] = result.notShown.map { shown -> [String: Any] in
                [
                    "id": shown.id, "androidID": Int(shown.androidID), "rule": shown.rule, "at": zones.iso(shown.at, shown.timeZone), "title": shown.title,
                    "reason": shown.reason,
                ]
            }
        }
        return document
    }

    /// The document as pretty-printed JSON with sorted keys.
    public static func render(_ result: SimulationResult) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object(result), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
