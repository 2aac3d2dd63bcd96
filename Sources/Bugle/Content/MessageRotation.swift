/// Which of several messages to show on a given day: the same for the same date, never the
/// same on two days in a row.
///
/// The messages are shown in turn, one a day, counted from 1970-01-01: each of *n* messages
/// appears once every *n* days. The choice depends on the date alone, so a rule can compute
/// the message of any future day without remembering what it showed, and two plans of the
/// same day agree. `offset` shifts where the cycle starts (an app may derive it from a user
/// id so that not everyone sees the same message on the same day).
///
/// ```swift
/// let rotation = MessageRotation(count: messages.count)!
/// let body = messages[rotation.index(for: day)]
/// ```
public struct MessageRotation: Hashable, Sendable {
    /// How many messages there are.
    public let count: Int
    /// Where the cycle starts, in days.
    public let offset: Int

    /// `nil` for fewer than two messages: one message must repeat.
    public init?(count: Int, offset: Int = 0) {
        guard count >= 2 else { return nil }
        self.count = count
        self.offset = offset
    }

    /// The index, in `0..<count`, of the message for `day`.
    ///
    /// - Complexity: O(1).
    public func index(for day: LocalDate) -> Int {
        let position = (day.dayNumber % count + offset % count) % count
        return position < 0 ? position + count : position
    }

    /// The message for `day` among `messages`.
    ///
    /// - Precondition: `messages.count == count`.
    public func message<Messages: RandomAccessCollection>(for day: LocalDate, from messages: Messages) -> Messages.Element {
        precondition(messages.count == count, "the rotation was made for \(count) messages, not \(messages.count)")
        return messages[messages.index(messages.startIndex, offsetBy: index(for: day))]
    }
}
