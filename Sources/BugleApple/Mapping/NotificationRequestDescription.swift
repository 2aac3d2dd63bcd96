import Bugle
import Foundation

/// A notification request as `UNUserNotificationCenter` takes it and gives it back, as a
/// plain value.
///
/// Its fields mirror `UNNotificationRequest`, `UNCalendarNotificationTrigger` and
/// `UNNotificationContent` one for one, so the layer over the system only copies them; every
/// decision is made by ``RequestMapping``, which runs, and is tested, on every platform.
public struct NotificationRequestDescription: Hashable, Sendable {
    /// `UNNotificationRequest.identifier`.
    public var identifier: String
    /// When it fires.
    public var trigger: TriggerDescription
    /// What it shows.
    public var content: ContentDescription

    /// A request from its parts.
    public init(identifier: String, trigger: TriggerDescription, content: ContentDescription) {
        self.identifier = identifier
        self.trigger = trigger
        self.content = content
    }
}

/// A request's trigger.
public struct TriggerDescription: Hashable, Sendable {
    /// The components of a `UNCalendarNotificationTrigger`; `nil` for any other trigger
    /// (time interval, location), which Bugle never adds.
    ///
    /// Without a `timeZone` the components float: the system reads them on the device's
    /// wall clock, whatever its zone is when the time comes.
    public var dateComponents: DateComponents?
    /// `UNCalendarNotificationTrigger.repeats`; Bugle's requests never repeat.
    public var repeats: Bool
    /// When the system says the trigger fires next (`nextTriggerDate()`), read back from the
    /// system; Bugle never gives it.
    public var nextTriggerDate: Date?

    /// A trigger from its parts.
    public init(dateComponents: DateComponents?, repeats: Bool = false, nextTriggerDate: Date? = nil) {
        self.dateComponents = dateComponents
        self.repeats = repeats
        self.nextTriggerDate = nextTriggerDate
    }
}

/// The sound a request plays, as `UNNotificationSound` builds it.
public enum SoundDescription: Hashable, Sendable {
    /// `UNNotificationSound.default`.
    case `default`
    /// `UNNotificationSound(named:)`: a file in the app's bundle or `Library/Sounds`.
    case named(String)
    /// `UNNotificationSound.defaultCritical`: plays even when the device is muted.
    case defaultCritical
    /// `UNNotificationSound.criticalSoundNamed(_:)`.
    case criticalNamed(String)
}

/// A media file shown with a notification (`UNNotificationAttachment`).
public struct AttachmentDescription: Hashable, Sendable {
    /// The attachment's identifier; `""` lets the system make one.
    public var identifier: String
    /// A file URL. The system moves the file it is given into its own store, so the adapter
    /// hands it a copy and the file here stays.
    public var url: URL
    /// A uniform type identifier (`public.jpeg`) when the file's extension does not say it.
    public var typeHint: String?
    /// Whether the notification hides the attachment's thumbnail.
    public var hidesThumbnail: Bool

    /// An attachment of the file at `url`.
    public init(identifier: String, url: URL, typeHint: String? = nil, hidesThumbnail: Bool = false) {
        self.identifier = identifier
        self.url = url
        self.typeHint = typeHint
        self.hidesThumbnail = hidesThumbnail
    }
}

/// What a request shows, field for field as `UNMutableNotificationContent` holds it.
///
/// Strings the system defaults to `""` are plain strings here, and the relevance score
/// defaults to `0`, as on the system: ``RequestMapping`` keeps what cannot be read back from
/// them (an absent subtitle against an empty one) in ``BugleMetadata``.
public struct ContentDescription: Hashable, Sendable {
    /// The title, in bold.
    public var title: String
    /// The subtitle; `""` for none.
    public var subtitle: String
    /// The message.
    public var body: String
    /// The number on the app's icon; `nil` leaves it as it is.
    public var badge: Int?
    /// Given to the system, which never reports it back: read back, it is `nil`.
    public var sound: SoundDescription?
    /// Groups notifications in Notification Center; `""` for none.
    public var threadIdentifier: String
    /// The registered category with the notification's actions; `""` for none.
    public var categoryIdentifier: String
    /// How strongly it may interrupt.
    public var interruptionLevel: InterruptionLevel
    /// 0...1, how the system ranks it in a summary.
    public var relevanceScore: Double
    /// Property-list values only: the app's own keys (nulls left out, since a property list
    /// has none), and Bugle's metadata as one string under ``BugleMetadata/key``.
    public var userInfo: [String: JSONValue]
    /// Given to the system; read back, the system's copies.
    public var attachments: [AttachmentDescription]

    /// A content from its parts, with the system's defaults.
    public init(
        title: String,
        subtitle: String = "",
        body: String,
        badge: Int? = nil,
        sound: SoundDescription? = nil,
        threadIdentifier: String = "",
        categoryIdentifier: String = "",
        interruptionLevel: InterruptionLevel = .active,
        relevanceScore: Double = 0,
        userInfo: [String: JSONValue] = [:],
        attachments: [AttachmentDescription] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.threadIdentifier = threadIdentifier
        self.categoryIdentifier = categoryIdentifier
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.userInfo = userInfo
        self.attachments = attachments
    }
}

/// A notification the system showed (`UNNotification`), as a plain value.
public struct DeliveredNotificationDescription: Hashable, Sendable {
    /// The identifier of the request it came from.
    public var identifier: String
    /// When the system delivered it.
    public var date: Date
    /// What it showed.
    public var content: ContentDescription

    /// A delivered notification from its parts.
    public init(identifier: String, date: Date, content: ContentDescription) {
        self.identifier = identifier
        self.date = date
        self.content = content
    }
}
