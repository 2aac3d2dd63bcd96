import Bugle
import Foundation

/// Turns Bugle's requests into descriptions the system takes, and descriptions read back from
/// the system into Bugle's requests: pure functions, the same on every platform.
///
/// **Fire times.** A wall-clock fire time becomes calendar components with *no* time zone:
/// the system reads them on the device's wall clock, so 08:30 stays 08:30 after a flight to
/// Tokyo. The components are in ``calendar``, the calendar the system reads floating
/// components in (the device's `Calendar.current`), so that a phone set to the Buddhist
/// calendar reads 2569-03-08, not 2026-03-08 of its own era. A zoned instant becomes
/// Gregorian components that carry the zone, and fire at that instant wherever the device
/// is. When the instant falls in the second pass of a repeated hour (01:30 on a fall-back
/// night), its components carry the zone's fixed offset at that moment, which names the
/// instant without ambiguity, and the named zone goes into ``BugleMetadata``.
///
/// **Round trip.** ``request(from:)`` of ``description(for:)`` has the original's id and
/// fingerprint, so a reconcile against requests read back from the system changes nothing,
/// even when the system lowered the interruption level or changed the badge: those come
/// back from ``BugleMetadata``, as Bugle sent them.
public struct RequestMapping: Sendable {
    /// The calendar the system reads floating components in: the device's. Only its
    /// identifier matters; its time zone is ignored.
    public var calendar: Calendar
    /// The attachments of a request. Derive them from the request's content (a key of its
    /// `userInfo`, its category), so that the fingerprint changes when they do.
    public var attachments: @Sendable (NotificationRequest) -> [AttachmentDescription]

    /// A mapping for a device on `calendar`, with `attachments` for each request.
    public init(
        calendar: Calendar = Calendar(identifier: .gregorian), attachments: @escaping @Sendable (NotificationRequest) -> [AttachmentDescription] = { _ in [] }
    ) {
        self.calendar = calendar
        self.attachments = attachments
    }

    // MARK: Bugle → system

    /// The description the system is given for `request`.
    ///
    /// - Throws: `EncodingError` when the metadata cannot be encoded.
    public func description(for request: NotificationRequest) throws -> NotificationRequestDescription {
        let content = request.content
        var metadata = BugleMetadata(
            ruleID: request.ruleID,
            group: request.group,
            dedupeKey: request.dedupeKey,
            occurrence: request.occurrence,
            fingerprint: request.fingerprintHex,
            sound: content.sound,
            relevanceScore: content.relevanceScore,
            interruptionLevel: content.interruptionLevel,
            badge: content.badge,
            deepLink: content.deepLink,
            userInfo: content.userInfo
        )
        let empty = BugleMetadata.EmptyField.allCases.filter { field in
            switch field {
            case .subtitle: content.subtitle == ""
            case .threadID: content.threadID == ""
            case .categoryID: content.categoryID == ""
            }
        }
        metadata.emptyFields = empty.isEmpty ? nil : empty
        let components: DateComponents
        switch request.fireTime {
        case .wallClock(let local):
            components = floatingComponents(local)
        case .zoned(let zoned):
            components = Self.zonedComponents(zoned)
            metadata.timeZone = zoned.timeZone.identifier
        }
        var userInfo = content.userInfo.compactMapValues(Self.propertyListValue)
        userInfo[BugleMetadata.key] = .string(try metadata.encoded())
        let description = ContentDescription(
            title: content.title,
            subtitle: content.subtitle ?? "",
            body: content.body,
            badge: content.badge,
            sound: content.sound.map { Self.sound($0, level: content.interruptionLevel) },
            threadIdentifier: content.threadID ?? "",
            categoryIdentifier: content.categoryID ?? "",
            interruptionLevel: content.interruptionLevel,
            relevanceScore: min(max(content.relevanceScore ?? 0, 0), 1),
            userInfo: userInfo,
            attachments: attachments(request)
        )
        return NotificationRequestDescription(identifier: request.id, trigger: TriggerDescription(dateComponents: components), content: description)
    }

    /// A critical notification plays a critical sound, the one sound that breaks through mute.
    static func sound(_ sound: NotificationSound, level: InterruptionLevel) -> SoundDescription {
        switch (sound, level) {
        case (.default, .critical): .defaultCritical
        case (.named(let name), .critical): .criticalNamed(name)
        case (.default, _): .default
        case (.named(let name), _): .named(name)
        }
    }

    /// `value` as a property list holds it: without nulls, which a property list cannot hold.
    static func propertyListValue(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .null: nil
        case .array(let values): .array(values.compactMap(propertyListValue))
        case .object(let values): .object(values.compactMapValues(propertyListValue))
        default: value
        }
    }

    private func floatingComponents(_ local: LocalDateTime) -> DateComponents {
        guard calendar.identifier != .gregorian else {
            return DateComponents(
                year: local.date.year, month: local.date.month, day: local.date.day, hour: local.time.hour, minute: local.time.minute, second: local.time.second
            )
        }
        // The same wall-clock reading in another calendar: convert through UTC, where a
        // local time and an instant are the same number.
        let utc = TimeZone(secondsFromGMT: 0)!
        var other = calendar
        other.timeZone = utc
        var components = other.dateComponents(
            [.era, .year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(local.localSeconds)))
        if components.isLeapMonth != true { components.isLeapMonth = nil }
        components.calendar = nil
        components.timeZone = nil
        return components
    }

    private static func zonedComponents(_ zoned: ZonedInstant) -> DateComponents {
        let instant = Int(zoned.date.timeIntervalSince1970.rounded(.down))
        let rules = ZoneRules(timeZone: zoned.timeZone, around: zoned.date)
        let local = rules.localDateTime(at: zoned.date)
        // The named zone reads `local` as its first occurrence; in the second pass of a
        // repeated hour only the fixed offset names this instant.
        let zone = rules.instant(for: local) == instant ? zoned.timeZone : TimeZone(secondsFromGMT: rules.offset(atInstant: instant))!
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = zone
        return DateComponents(
            calendar: gregorian, timeZone: zone, year: local.date.year, month: local.date.month, day: local.date.day, hour: local.time.hour,
            minute: local.time.minute, second: local.time.second)
    }

    // MARK: System → Bugle

    /// The request a description read back from the system stands for.
    ///
    /// A request Bugle added comes back with its id and fingerprint. Any other (added by other
    /// code, or damaged) comes back with its id, its visible content and a zoned fire time at
    /// its next trigger date, so that the planner counts it and reconcile replaces it when
    /// its id is Bugle's.
    public func request(from description: NotificationRequestDescription) -> NotificationRequest {
        let metadata = BugleMetadata(userInfo: description.content.userInfo)
        let content = Self.content(from: description.content, metadata: metadata)
        if let metadata, let components = description.trigger.dateComponents, !description.trigger.repeats,
            let fireTime = fireTime(from: components, namedZone: metadata.timeZone)
        {
            return NotificationRequest(
                id: description.identifier, fireTime: fireTime, content: content, ruleID: metadata.ruleID, group: metadata.group,
                dedupeKey: metadata.dedupeKey, occurrence: metadata.occurrence)
        }
        let utc = TimeZone(secondsFromGMT: 0)!
        return NotificationRequest(
            id: description.identifier, fireTime: .zoned(ZonedInstant(date: description.trigger.nextTriggerDate ?? .distantFuture, timeZone: utc)),
            content: content)
    }

    /// The delivery a description of a shown notification stands for.
    public func delivered(from description: DeliveredNotificationDescription) -> DeliveredNotification {
        let metadata = BugleMetadata(userInfo: description.content.userInfo)
        return DeliveredNotification(
            id: description.identifier,
            date: description.date,
            content: Self.content(from: description.content, metadata: metadata),
            ruleID: metadata?.ruleID,
            group: metadata?.group,
            dedupeKey: metadata?.dedupeKey,
            occurrence: metadata?.occurrence
        )
    }

    private func fireTime(from components: DateComponents, namedZone: String?) -> FireTime? {
        guard let zone = components.timeZone else {
            return Self.localDateTime(from: components, in: calendar).map(FireTime.wallClock)
        }
        guard let local = Self.localDateTime(from: components, in: components.calendar ?? Calendar(identifier: .gregorian)) else { return nil }
        let rules = ZoneRules(timeZone: zone, around: Date(timeIntervalSince1970: TimeInterval(local.localSeconds)))
        let named = namedZone.flatMap(TimeZone.init(identifier:)) ?? zone
        return .zoned(ZonedInstant(date: rules.date(for: local), timeZone: named))
    }

    /// The wall-clock reading of complete components (year to minute) in `calendar`.
    private static func localDateTime(from components: DateComponents, in calendar: Calendar) -> LocalDateTime? {
        guard let year = components.year, let month = components.month, let day = components.day,
            let hour = components.hour, let minute = components.minute
        else { return nil }
        let second = components.second ?? 0
        if calendar.identifier == .gregorian {
            guard let date = try? LocalDate(year: year, month: month, day: day), let time = try? LocalTime(hour: hour, minute: minute, second: second) else {
                return nil
            }
            return LocalDateTime(date: date, time: time)
        }
        var other = calendar
        other.timeZone = TimeZone(secondsFromGMT: 0)!
        var bare = components
        bare.calendar = nil
        bare.timeZone = nil
        bare.second = second
        guard let date = other.date(from: bare) else { return nil }
        return LocalDateTime(localSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
    }

    private static func content(from description: ContentDescription, metadata: BugleMetadata?) -> NotificationContent {
        let empty = Set(metadata?.emptyFields ?? [])
        func text(_ value: String, _ field: BugleMetadata.EmptyField) -> String? {
            value.isEmpty && !empty.contains(field) ? nil : value
        }
        guard let metadata else {
            var userInfo = description.userInfo
            userInfo[BugleMetadata.key] = nil
            return NotificationContent(
                title: description.title,
                subtitle: text(description.subtitle, .subtitle),
                body: description.body,
                sound: description.sound.map(Self.sound),
                badge: description.badge,
                threadID: text(description.threadIdentifier, .threadID),
                categoryID: text(description.categoryIdentifier, .categoryID),
                interruptionLevel: description.interruptionLevel,
                relevanceScore: description.relevanceScore == 0 ? nil : description.relevanceScore,
                userInfo: userInfo
            )
        }
        // What Bugle sent, not what the system made of it; metadata written before Bugle kept
        // the level and the badge reads them from the system.
        let level = metadata.interruptionLevel ?? description.interruptionLevel
        let badge = metadata.interruptionLevel == nil ? description.badge : metadata.badge
        return NotificationContent(
            title: description.title,
            subtitle: text(description.subtitle, .subtitle),
            body: description.body,
            sound: metadata.sound,
            badge: badge,
            threadID: text(description.threadIdentifier, .threadID),
            categoryID: text(description.categoryIdentifier, .categoryID),
            interruptionLevel: level,
            relevanceScore: metadata.relevanceScore,
            userInfo: metadata.userInfo,
            deepLink: metadata.deepLink
        )
    }

    private static func sound(_ sound: SoundDescription) -> NotificationSound {
        switch sound {
        case .default, .defaultCritical: .default
        case .named(let name), .criticalNamed(let name): .named(name)
        }
    }
}
