/// An attachment left out of a notification because it did not load, and why.
public struct DroppedAttachment: Hashable, Sendable {
    /// The attachment as the request asked for it.
    public var attachment: AttachmentDescription
    /// What went wrong: the error's description (a missing file, a type or size the system
    /// refuses).
    public var reason: String

    /// An attachment dropped for `reason`.
    public init(attachment: AttachmentDescription, reason: String) {
        self.attachment = attachment
        self.reason = reason
    }
}

/// How a request's attachments are loaded: one at a time, so that one that fails is left
/// out and the notification goes ahead with the others.
///
/// A notification matters more than its picture: an image that was deleted, or that the
/// system refuses, must not cost the user the reminder. `UserNotificationSystem` loads each
/// attachment through ``load(_:with:)`` and returns the dropped ones, which
/// ``SystemCenter`` hands to ``SystemCenter/onDroppedAttachments``.
public enum AttachmentLoading {
    /// Loads each of `attachments` with `loader`, in order; those for which it throws are
    /// dropped with the error's description.
    public static func load<Loaded>(_ attachments: [AttachmentDescription], with loader: (AttachmentDescription) throws -> Loaded) -> (
        loaded: [Loaded], dropped: [DroppedAttachment]
    ) {
        var loaded: [Loaded] = []
        var dropped: [DroppedAttachment] = []
        for attachment in attachments {
            do {
                loaded.append(try loader(attachment))
            } catch {
                dropped.append(DroppedAttachment(attachment: attachment, reason: String(describing: error)))
            }
        }
        return (loaded, dropped)
    }
}
