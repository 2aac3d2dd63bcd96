import Bugle
import BugleApple
import Foundation
import Testing

/// Bugle's requests as the system is given them, and back.
@Suite struct RequestMappingTests {
    let mapping = RequestMapping()

    @Test func wallClockTimeFloatsWithNoTimeZone() throws {
        let request = NotificationRequest(
            id: "bugle.morning.2026-03-10", fireTime: .wallClock(local("2026-03-10T08:30")), content: NotificationContent(title: "Good morning", body: "Puzzle")
        )
        let description = try mapping.description(for: request)
        let components = try #require(description.trigger.dateComponents)
        #expect(components.timeZone == nil)
        #expect(components.calendar == nil)
        #expect([components.year, components.month, components.day, components.hour, components.minute, components.second] == [2026, 3, 10, 8, 30, 0])
        #expect(description.trigger.repeats == false)
        #expect(description.identifier == "bugle.morning.2026-03-10")
    }

    @Test func zonedInstantCarriesItsZone() throws {
        let webinar = ZonedInstant(date: instant("2026-03-15T20:00-04:00"), timeZone: zone("America/New_York"))
        let description = try mapping.description(
            for: NotificationRequest(id: "bugle.webinar", fireTime: .zoned(webinar), content: NotificationContent(title: "Webinar", body: "")))
        let components = try #require(description.trigger.dateComponents)
        #expect(components.timeZone?.identifier == "America/New_York")
        #expect(components.calendar?.identifier == .gregorian)
        #expect([components.year, components.month, components.day, components.hour, components.minute] == [2026, 3, 15, 20, 0])
        // The components name the webinar's instant, read in any calendar that honours them.
        #expect(components.calendar?.date(from: components) == webinar.date)
    }

    @Test(arguments: [("2026-11-01T05:30Z", 1, 30, "America/New_York"), ("2026-11-01T06:30Z", 1, 30, "GMT-0500"), ("2026-10-25T01:30Z", 2, 30, "GMT+0100")])
    func repeatedHourNamesTheRightPass(utc: String, hour: Int, minute: Int, componentZone: String) throws {
        let zoneID = componentZone == "GMT+0100" ? "Europe/Berlin" : "America/New_York"
        let moment = ZonedInstant(date: instant(utc), timeZone: zone(zoneID))
        let request = NotificationRequest(id: "bugle.fallback", fireTime: .zoned(moment), content: NotificationContent(title: "Fall back", body: ""))
        let description = try mapping.description(for: request)
        let components = try #require(description.trigger.dateComponents)
        #expect([components.hour, components.minute] == [hour, minute])
        let expectedZone = componentZone == "America/New_York" ? zoneID : componentZone
        #expect(components.timeZone?.identifier == expectedZone)
        #expect(components.calendar?.date(from: components) == moment.date)
        let back = mapping.request(from: description)
        #expect(back.fireTime == .zoned(moment))
        #expect(back.fingerprint == request.fingerprint)
    }

    @Test func buddhistCalendarReadsTheSameWallClock() throws {
        let thai = RequestMapping(calendar: Calendar(identifier: .buddhist))
        let request = NotificationRequest(
            id: "bugle.study", fireTime: .wallClock(local("2026-03-10T08:30")), content: NotificationContent(title: "Study", body: ""))
        let description = try thai.description(for: request)
        let components = try #require(description.trigger.dateComponents)
        #expect(components.year == 2569)
        #expect([components.month, components.day, components.hour, components.minute] == [3, 10, 8, 30])
        #expect(components.timeZone == nil)
        #expect(thai.request(from: description).fingerprint == request.fingerprint)
        // Read as Gregorian, the same components would be 543 years off.
        #expect(mapping.request(from: description).fingerprint != request.fingerprint)
    }

    @Test func japaneseCalendarCarriesTheEra() throws {
        let japan = RequestMapping(calendar: Calendar(identifier: .japanese))
        let request = NotificationRequest(
            id: "bugle.study", fireTime: .wallClock(local("2027-01-01T00:00")), content: NotificationContent(title: "New year", body: ""))
        let description = try japan.description(for: request)
        let components = try #require(description.trigger.dateComponents)
        #expect(components.year == 9)
        #expect(components.era != nil)
        #expect(japan.request(from: description).fireTime == request.fireTime)
    }

    @Test func metadataTravelsInUserInfo() throws {
        let content = NotificationContent(
            title: "Swim", body: "Window opens", userInfo: ["spot": "Tel Aviv", "score": 0.8, "note": .null], deepLink: "gonow://today?hour=7&mode=swim_solo")
        let request = NotificationRequest(
            id: "bugle.swim.1", fireTime: .wallClock(local("2026-05-01T07:00")), content: content, ruleID: "swim", group: "windows",
            dedupeKey: "swim-2026-05-01")
        let userInfo = try mapping.description(for: request).content.userInfo
        // The app's keys stay at the top for its own code; a null cannot be in a property list.
        #expect(userInfo["spot"] == "Tel Aviv")
        #expect(userInfo["score"] == 0.8)
        #expect(userInfo["note"] == nil)
        let metadata = try #require(BugleMetadata(userInfo: userInfo))
        #expect(metadata.ruleID == "swim")
        #expect(metadata.group == "windows")
        #expect(metadata.dedupeKey == "swim-2026-05-01")
        #expect(metadata.fingerprint == request.fingerprintHex)
        #expect(metadata.deepLink == "gonow://today?hour=7&mode=swim_solo")
        #expect(metadata.userInfo["note"] == .null)
    }

    @Test func metadataIsOneStableStringThatKeepsNumberKinds() throws {
        let content = NotificationContent(title: "T", body: "B", userInfo: ["b": 1, "a": .object(["z": true, "y": 2.0])])
        let request = NotificationRequest(id: "bugle.x", fireTime: .wallClock(local("2026-05-01T07:00")), content: content, ruleID: "r")
        let stored = try mapping.description(for: request).content.userInfo[BugleMetadata.key]
        let expected =
            #"{"fingerprint":"\#(request.fingerprintHex)","level":"active","rule":"r","sound":{"default":{}},"userInfo":{"a":{"o":{"y":{"d":2},"z":{"b":true}}},"b":{"i":1}}}"#
        #expect(stored == .string(expected))
        #expect(BugleMetadata(userInfo: [BugleMetadata.key: .string(expected)])?.userInfo == content.userInfo)
    }

    @Test func criticalNotificationsPlayACriticalSound() throws {
        let critical = NotificationContent(title: "Flood warning", body: "", sound: .named("siren.caf"), interruptionLevel: .critical)
        let quiet = NotificationContent(title: "Tip", body: "", sound: .default, interruptionLevel: .passive)
        let criticalSound = try mapping.description(for: NotificationRequest(id: "bugle.a", fireTime: .wallClock(local("2026-05-01T07:00")), content: critical))
            .content.sound
        let quietSound = try mapping.description(for: NotificationRequest(id: "bugle.b", fireTime: .wallClock(local("2026-05-01T07:00")), content: quiet))
            .content.sound
        #expect(criticalSound == .criticalNamed("siren.caf"))
        #expect(quietSound == .default)
    }

    @Test func systemFieldsCarryTheContent() throws {
        let content = NotificationContent(
            title: "Cards", subtitle: "Spanish", body: "Five are due", sound: nil, badge: 5, threadID: "deck-1", categoryID: "study",
            interruptionLevel: .timeSensitive, relevanceScore: 1.5)
        let description = try mapping.description(
            for: NotificationRequest(id: "bugle.cards", fireTime: .wallClock(local("2026-05-01T19:00")), content: content)
        ).content
        #expect(description.title == "Cards")
        #expect(description.subtitle == "Spanish")
        #expect(description.body == "Five are due")
        #expect(description.badge == 5)
        #expect(description.sound == nil)
        #expect(description.threadIdentifier == "deck-1")
        #expect(description.categoryIdentifier == "study")
        #expect(description.interruptionLevel == .timeSensitive)
        // The system takes 0...1.
        #expect(description.relevanceScore == 1)
    }

    @Test func attachmentsComeFromTheRequest() throws {
        let image = URL(fileURLWithPath: "/tmp/forecast.png")
        let mapping = RequestMapping(attachments: { request in
            request.content.categoryID == "forecast" ? [AttachmentDescription(identifier: "map", url: image)] : []
        })
        let forecast = NotificationRequest(
            id: "bugle.f", fireTime: .wallClock(local("2026-05-01T07:00")), content: NotificationContent(title: "Forecast", body: "", categoryID: "forecast"))
        let plain = NotificationRequest(id: "bugle.p", fireTime: .wallClock(local("2026-05-01T07:00")), content: NotificationContent(title: "Plain", body: ""))
        #expect(try mapping.description(for: forecast).content.attachments.map(\.url) == [image])
        #expect(try mapping.description(for: plain).content.attachments.isEmpty)
    }

    static let roundTripCases: [NotificationRequest] = {
        let zones = ["America/New_York", "Asia/Tokyo", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/London"]
        let contents: [NotificationContent] = [
            NotificationContent(title: "Plain", body: "Body"),
            NotificationContent(title: "Empty texts", subtitle: "", body: "", sound: nil, threadID: "", categoryID: ""),
            NotificationContent(
                title: "Everything", subtitle: "Sub", body: "Body", sound: .named("bell.caf"), badge: 0, threadID: "t", categoryID: "study",
                interruptionLevel: .critical, relevanceScore: 0,
                userInfo: ["int": 1, "double": 1.0, "bool": true, "null": .null, "nested": .object(["list": .array([1, 2.5, "x", .null, false])])],
                deepLink: "app://x"),
            NotificationContent(title: "Out of range relevance", body: "", relevanceScore: 7.25, userInfo: ["huge": .double(1e300), "negative": -3]),
            NotificationContent(title: "Passive", body: "", sound: .default, interruptionLevel: .passive, relevanceScore: 0.333),
        ]
        var requests: [NotificationRequest] = []
        for (index, content) in contents.enumerated() {
            requests.append(
                NotificationRequest(
                    id: "bugle.wall.\(index)", fireTime: .wallClock(local("2026-03-08T02:30:15")), content: content, ruleID: "r\(index)",
                    group: index % 2 == 0 ? "g" : nil, dedupeKey: index == 2 ? "d" : nil))
            for (zoneIndex, identifier) in zones.enumerated() {
                let date = Date(timeIntervalSince1970: 1_772_000_000 + Double(zoneIndex * 86_400 * 37) + 0.75)
                requests.append(
                    NotificationRequest(
                        id: "bugle.zoned.\(index).\(zoneIndex)", fireTime: .zoned(ZonedInstant(date: date, timeZone: zone(identifier))), content: content,
                        ruleID: "z"))
            }
        }
        return requests
    }()

    @Test(arguments: roundTripCases)
    func roundTripKeepsTheFingerprint(request: NotificationRequest) throws {
        var description = try mapping.description(for: request)
        // What the system gives back: no sound, a next trigger date.
        description.content.sound = nil
        description.trigger.nextTriggerDate = Date(timeIntervalSince1970: 0)
        let back = mapping.request(from: description)
        #expect(back.id == request.id)
        #expect(back.fingerprint == request.fingerprint)
        #expect(back.content == request.content)
        #expect([back.ruleID, back.group, back.dedupeKey] == [request.ruleID, request.group, request.dedupeKey])
    }

    @Test func theSystemsLevelAndBadgeDoNotChangeTheFingerprint() throws {
        let request = NotificationRequest(
            id: "bugle.cards", fireTime: .wallClock(local("2026-05-01T19:00")),
            content: NotificationContent(title: "Cards", body: "Five are due", badge: 5, interruptionLevel: .timeSensitive), ruleID: "cards")
        var description = try mapping.description(for: request)
        // What iOS may give back: without the Time Sensitive entitlement the level is lowered,
        // and the badge is whatever the system shows now.
        description.content.sound = nil
        description.content.interruptionLevel = .active
        description.content.badge = 0
        description.trigger.nextTriggerDate = Date(timeIntervalSince1970: 0)
        let back = mapping.request(from: description)
        #expect(back.fingerprint == request.fingerprint)
        #expect(back.content.interruptionLevel == .timeSensitive)
        #expect(back.content.badge == 5)
        // A badge Bugle did not set stays unset, whatever the system reports.
        let unbadged = NotificationRequest(
            id: "bugle.plain", fireTime: .wallClock(local("2026-05-01T19:00")),
            content: NotificationContent(title: "Plain", body: "", interruptionLevel: .critical))
        var plain = try mapping.description(for: unbadged)
        plain.content.badge = 3
        plain.content.interruptionLevel = .active
        #expect(mapping.request(from: plain).fingerprint == unbadged.fingerprint)
    }

    @Test func requestsAddedBeforeTheLevelWasKeptReadItFromTheSystem() throws {
        let request = NotificationRequest(
            id: "bugle.cards", fireTime: .wallClock(local("2026-05-01T19:00")),
            content: NotificationContent(title: "Cards", body: "", badge: 2, interruptionLevel: .passive), ruleID: "cards")
        var description = try mapping.description(for: request)
        // The metadata an earlier version wrote: no level, no badge.
        var metadata = try #require(BugleMetadata(userInfo: description.content.userInfo))
        metadata.interruptionLevel = nil
        metadata.badge = nil
        description.content.userInfo[BugleMetadata.key] = .string(try metadata.encoded())
        #expect(mapping.request(from: description).fingerprint == request.fingerprint)
    }

    @Test func foreignRequestIsCountedNotRebuilt() {
        let next = Date(timeIntervalSince1970: 2_000_000_000)
        let foreign = NotificationRequestDescription(
            identifier: "other.alarm", trigger: TriggerDescription(dateComponents: DateComponents(hour: 7, minute: 0), repeats: true, nextTriggerDate: next),
            content: ContentDescription(title: "Alarm", body: "Wake up", relevanceScore: 0, userInfo: ["kind": "alarm"]))
        let request = mapping.request(from: foreign)
        #expect(request.id == "other.alarm")
        #expect(request.fireTime == .zoned(ZonedInstant(date: next, timeZone: TimeZone(secondsFromGMT: 0)!)))
        #expect(request.content.title == "Alarm")
        #expect(request.content.relevanceScore == nil)
        #expect(request.content.userInfo == ["kind": "alarm"])
        #expect(request.ruleID == nil)
    }

    @Test func damagedRequestOfOursIsReplacedByReconcile() throws {
        let planned = NotificationRequest(
            id: "bugle.morning", fireTime: .wallClock(local("2026-03-10T08:30")), content: NotificationContent(title: "Morning", body: ""))
        var description = try mapping.description(for: planned)
        description.content.userInfo[BugleMetadata.key] = "{not json"
        let readBack = mapping.request(from: description)
        #expect(readBack.id == planned.id)
        #expect(readBack.fingerprint != planned.fingerprint)
    }

    @Test func deliveredNotificationKeepsRuleAndGroup() throws {
        let request = NotificationRequest(
            id: "bugle.evening.1", fireTime: .wallClock(local("2026-03-10T19:00")),
            content: NotificationContent(title: "Evening", body: "", deepLink: "app://review"), ruleID: "evening", group: "study", dedupeKey: "review",
            occurrence: "evening@2026-03-10")
        let shown = DeliveredNotificationDescription(
            identifier: request.id, date: instant("2026-03-10T19:00-04:00"), content: try mapping.description(for: request).content)
        let delivered = mapping.delivered(from: shown)
        #expect(delivered == DeliveredNotification(request: request, date: instant("2026-03-10T19:00-04:00")))
        // The occurrence comes back with it, for the scheduler to remember.
        #expect(delivered.occurrence == "evening@2026-03-10")
    }
}
