import Bugle
import BugleAndroid
import Foundation
import Testing

let newYork = TimeZone(identifier: "America/New_York")!
let tokyo = TimeZone(identifier: "Asia/Tokyo")!

func mapping(
    zone: TimeZone = newYork, exactness: AndroidExactness = .exact, alarmClock: @escaping @Sendable (NotificationRequest) -> Bool = { _ in false }
) -> AndroidMapping {
    AndroidMapping(deviceTimeZone: zone, exactness: exactness, channel: { $0.ruleID ?? "general" }, isAlarmClock: alarmClock)
}

func wallClock(_ text: String) -> FireTime { .wallClock(try! LocalDateTime(parsing: text)) }

/// A request with every field set, numbers of both kinds in its payload, and an empty subtitle.
func fullRequest(fireTime: FireTime) -> NotificationRequest {
    let content = NotificationContent(
        title: "Swim window", subtitle: "", body: "Calm sea 07:00–09:00", sound: .named("chime.ogg"), badge: 3, threadID: "swim_solo",
        categoryID: "activity_window", interruptionLevel: .timeSensitive, relevanceScore: 1.0,
        userInfo: ["score": .double(1.0), "count": .int(1), "tags": .array([.string("sea"), .null, .bool(true)]), "nested": .object(["x": .double(0.5)])],
        deepLink: "gonow://today?hour=7&mode=swim_solo")
    return NotificationRequest(
        id: "bugle.swim@2026-03-08", fireTime: fireTime, content: content, ruleID: "swim_solo", group: "windows", dedupeKey: "swim-2026-03-08",
        occurrence: "swim_solo/2026-03-08T07:00")
}

@Suite("Android mapping")
struct AndroidMappingTests {
    @Test(
        "spec → extras → Bugle's request: the same request, fingerprint included",
        arguments: [
            wallClock("2026-03-08T07:00"),
            FireTime.zoned(ZonedInstant(local: try! LocalDateTime(parsing: "2026-11-01T01:30"), timeZone: newYork)),
            FireTime.zoned(ZonedInstant(date: Date(timeIntervalSince1970: 1_772_953_200), timeZone: tokyo)),
        ])
    func roundTrip(fireTime: FireTime) throws {
        let request = fullRequest(fireTime: fireTime)
        let schedule = try mapping().schedule(request, id: AndroidNotificationID.hashed(request.id))
        let back = try #require(schedule.notification.extras.request)
        #expect(back == request)
        #expect(back.fingerprint == request.fingerprint)
        #expect(back.occurrence == request.occurrence)
        // The receiver rebuilds the notification from the alarm's extras alone.
        #expect(AndroidNotificationSpec(extras: AndroidExtras(schedule.notification.extras.values)) == schedule.notification)
    }

    @Test("a request with no optional field round-trips, and nil and empty stay apart")
    func minimal() throws {
        let request = NotificationRequest(
            id: "bugle.x", fireTime: wallClock("2026-03-08T08:30"), content: NotificationContent(title: "", body: "b", sound: nil))
        let schedule = try mapping().schedule(request, id: AndroidNotificationID(rawValue: 9)!)
        let values = schedule.notification.extras.values
        #expect(values[AndroidExtras.Key.subText] == nil)
        #expect(values[AndroidExtras.Key.ruleID] == nil)
        #expect(schedule.notification.extras.request == request)
        let full = try mapping().schedule(fullRequest(fireTime: wallClock("2026-03-08T07:00")), id: AndroidNotificationID(rawValue: 10)!)
        #expect(full.notification.extras.values[AndroidExtras.Key.subText] == "")
    }

    @Test("the notification fields are the Builder's: title, text, subtext, group, when, channel")
    func notificationFields() throws {
        let request = fullRequest(fireTime: wallClock("2026-03-08T07:00"))
        let id = AndroidNotificationID(rawValue: 77)!
        let notification = try mapping().schedule(request, id: id).notification
        #expect(notification.id == id)
        #expect(notification.requestID == "bugle.swim@2026-03-08")
        #expect(notification.channelID == "swim_solo")
        #expect(notification.title == "Swim window")
        #expect(notification.text == "Calm sea 07:00–09:00")
        #expect(notification.subText == "")
        #expect(notification.group == "swim_solo")
        // 2026-03-08 07:00 in New York is EDT (the change is at 02:00 that day): 11:00Z.
        #expect(notification.whenMillis == 1_772_967_600_000)
        let values = notification.extras.values
        #expect(values["bugle.rule"] == "swim_solo")
        #expect(values["bugle.group"] == "windows")
        #expect(values["bugle.dedupe"] == "swim-2026-03-08")
        #expect(values["bugle.occurrence"] == "swim_solo/2026-03-08T07:00")
        #expect(values["bugle.fingerprint"] == request.fingerprintHex)
        #expect(values["bugle.notificationId"] == "77")
    }

    @Test("damaged or foreign extras do not read back")
    func damaged() throws {
        let request = fullRequest(fireTime: wallClock("2026-03-08T07:00"))
        let extras = try mapping().schedule(request, id: AndroidNotificationID(rawValue: 5)!).notification.extras
        var edited = extras
        edited.values[AndroidExtras.Key.title] = "Changed"
        #expect(edited.request == nil)
        var broken = extras
        broken.values[AndroidExtras.Key.content] = "{"
        #expect(broken.request == nil)
        #expect(AndroidExtras(["other": "x"]).request == nil)
        #expect(AndroidNotificationSpec(extras: AndroidExtras(["bugle.id": "bugle.x"])) == nil)
    }
}

@Suite("Android alarms")
struct AndroidAlarmTests {
    let request = NotificationRequest(id: "bugle.x", fireTime: wallClock("2026-03-08T07:00"), content: NotificationContent(title: "t", body: "b"))
    let id = AndroidNotificationID(rawValue: 1234)!

    @Test("exact alarms allowed: setExactAndAllowWhileIdle(RTC_WAKEUP, trigger)")
    func exact() {
        let alarm = mapping().alarm(for: request, id: id)
        #expect(alarm.call == .exactAndAllowWhileIdle(triggerAtMillis: 1_772_967_600_000))
        #expect(alarm.type == 0)
        #expect(alarm.requestCode == 1234)
        #expect(alarm.followsDeviceTimeZone)
        // FLAG_IMMUTABLE (0x04000000) | FLAG_UPDATE_CURRENT (0x08000000).
        #expect(alarm.pendingIntentFlags == 201_326_592)
    }

    @Test("exact alarms denied: a ten-minute window that opens at the fire time")
    func inexact() {
        let alarm = mapping(exactness: .inexact).alarm(for: request, id: id)
        #expect(alarm.call == .window(windowStartMillis: 1_772_967_600_000, windowLengthMillis: 600_000))
        #expect(alarm.triggerAtMillis == 1_772_967_600_000)
    }

    @Test("an alarm clock is setAlarmClock when exact alarms are allowed, a window otherwise")
    func alarmClock() {
        let countdown = mapping(alarmClock: { $0.id == "bugle.x" })
        #expect(countdown.alarm(for: request, id: id).call == .alarmClock(triggerTime: 1_772_967_600_000))
        let denied = mapping(exactness: .inexact, alarmClock: { _ in true })
        #expect(denied.alarm(for: request, id: id).call.name == "window")
    }

    @Test("a wall-clock time follows the device's zone; a zoned instant does not")
    func zones() {
        #expect(mapping(zone: tokyo).triggerAtMillis(request.fireTime) == 1_772_920_800_000)
        let zoned = FireTime.zoned(ZonedInstant(date: Date(timeIntervalSince1970: 1_772_967_600), timeZone: newYork))
        #expect(mapping(zone: tokyo).triggerAtMillis(zoned) == mapping(zone: newYork).triggerAtMillis(zoned))
        #expect(!mapping().alarm(for: NotificationRequest(id: "z", fireTime: zoned, content: request.content), id: id).followsDeviceTimeZone)
    }

    @Test("a skipped wall-clock time moves forward by the gap, as everywhere in Bugle")
    func gap() {
        // 02:30 does not exist in New York on 2026-03-08: 03:30 EDT, 07:30Z.
        #expect(mapping().triggerAtMillis(wallClock("2026-03-08T02:30")) == 1_772_955_000_000)
    }
}
