/// How strongly a channel's notifications interrupt, with the values of `NotificationManager`'s
/// `IMPORTANCE_*` constants.
///
/// `IMPORTANCE_MAX` (5) is left out: the reference calls it unused. `IMPORTANCE_UNSPECIFIED`
/// (-1000) is left out too: it means "the user has not chosen", not a level a channel is created with.
///
/// - SeeAlso: [`NotificationManager` constants](https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_DEFAULT).
public enum AndroidImportance: Int32, Hashable, Sendable, CaseIterable, Comparable {
    /// `IMPORTANCE_NONE`, Constant Value: 0: does not show in the shade; a channel the user turned off.
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_NONE
    case none = 0
    /// `IMPORTANCE_MIN`, Constant Value: 1: only in the shade, below the fold.
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_MIN
    case min = 1
    /// `IMPORTANCE_LOW`, Constant Value: 2: in the shade and maybe the status bar, no sound.
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_LOW
    case low = 2
    /// `IMPORTANCE_DEFAULT`, Constant Value: 3: everywhere, with sound, without peeking.
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_DEFAULT
    case `default` = 3
    /// `IMPORTANCE_HIGH`, Constant Value: 4: everywhere, with sound, peeking over the screen.
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_HIGH
    case high = 4

    public static func < (lhs: AndroidImportance, rhs: AndroidImportance) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A notification channel: `new NotificationChannel(id, name, importance)`, `setDescription`,
/// `setGroup`, then `NotificationManager.createNotificationChannel`.
///
/// - SeeAlso: [`NotificationChannel`](https://developer.android.com/reference/android/app/NotificationChannel),
///   [Create and manage notification channels](https://developer.android.com/develop/ui/views/notifications/channels).
public struct AndroidChannelSpec: Hashable, Sendable {
    /// The channel id, unique in the app.
    public var id: String
    /// The name users see in the system settings.
    public var name: String
    /// The description users see in the system settings; `nil` for none.
    public var description: String?
    /// The importance it is created with. Once created, only the user changes it.
    public var importance: AndroidImportance
    /// The id of the channel group it belongs to; `nil` for none.
    public var groupID: String?

    /// A channel `id` named `name`, with `importance`.
    public init(id: String, name: String, description: String? = nil, importance: AndroidImportance, groupID: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.importance = importance
        self.groupID = groupID
    }
}

/// A change the app wants to a channel that it cannot make.
public struct AndroidChannelWarning: Hashable, Sendable, CustomStringConvertible {
    /// What cannot be done.
    public enum Kind: Hashable, Sendable {
        /// The channel exists with another importance: only the user changes it (the device's
        /// importance is kept, which may be the user's choice).
        case importance(onDevice: AndroidImportance, wanted: AndroidImportance)
        /// The channel already belongs to another group, which an app cannot change.
        case group(onDevice: String, wanted: String?)
        /// The channel exists but the app no longer wants it: it is left as it is, never deleted
        /// (a deleted channel comes back with its old settings if created again).
        case notWanted
        /// The app wants two channels with this id: the first is kept.
        case duplicate
    }

    /// The channel id.
    public var channelID: String
    /// What cannot be done.
    public var kind: Kind

    /// A warning that `kind` cannot be done to channel `channelID`.
    public init(channelID: String, kind: Kind) {
        self.channelID = channelID
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .importance(let device, let wanted):
            "channel \(channelID): importance stays \(device) (wanted \(wanted)); only the user can change it"
        case .group(let device, let wanted):
            "channel \(channelID): stays in group \(device) (wanted \(wanted ?? "none")); a channel's group cannot change once set"
        case .notWanted: "channel \(channelID): no longer wanted; left as it is, since channels are never deleted"
        case .duplicate: "channel \(channelID): wanted twice; the first one is kept"
        }
    }
}

/// The `createNotificationChannel` calls that bring the device's channels to what the app wants,
/// and what the app wants that it cannot have.
public struct AndroidChannelChanges: Hashable, Sendable {
    /// The channels to pass to `NotificationManager.createNotificationChannel`, in the order wanted.
    public var creates: [AndroidChannelSpec]
    /// The changes no call can make.
    public var warnings: [AndroidChannelWarning]

    /// The create calls for the channels in `wanted` given those `existing` on the device (as
    /// `NotificationManager.getNotificationChannels()` reports them).
    ///
    /// Android's rules, from `createNotificationChannel`: creating a channel that exists updates its
    /// name and description; its importance changes only if the new one is lower and the user has
    /// not touched the channel, and its group only if it has none. Bugle never relies on the
    /// importance rule: a channel that exists is created again with the importance it has on the
    /// device, so the call changes only what the app may change, and a differing importance is a
    /// warning. No channel is ever deleted (the app has no delete call here at all).
    ///
    /// - SeeAlso: [`NotificationManager.createNotificationChannel`](https://developer.android.com/reference/android/app/NotificationManager#createNotificationChannel(android.app.NotificationChannel)).
    public init(existing: [AndroidChannelSpec], wanted: [AndroidChannelSpec]) {
        var onDevice: [String: AndroidChannelSpec] = [:]
        for channel in existing where onDevice[channel.id] == nil { onDevice[channel.id] = channel }
        var creates: [AndroidChannelSpec] = []
        var warnings: [AndroidChannelWarning] = []
        var seen = Set<String>()
        for channel in wanted {
            guard seen.insert(channel.id).inserted else {
                warnings.append(AndroidChannelWarning(channelID: channel.id, kind: .duplicate))
                continue
            }
            guard let device = onDevice[channel.id] else {
                creates.append(channel)
                continue
            }
            var update = channel
            if device.importance != channel.importance {
                warnings.append(AndroidChannelWarning(channelID: channel.id, kind: .importance(onDevice: device.importance, wanted: channel.importance)))
                update.importance = device.importance
            }
            if let group = device.groupID, group != channel.groupID {
                warnings.append(AndroidChannelWarning(channelID: channel.id, kind: .group(onDevice: group, wanted: channel.groupID)))
                update.groupID = group
            }
            if update != device { creates.append(update) }
        }
        for channel in existing where !seen.contains(channel.id) {
            seen.insert(channel.id)
            warnings.append(AndroidChannelWarning(channelID: channel.id, kind: .notWanted))
        }
        self.creates = creates
        self.warnings = warnings
    }
}
