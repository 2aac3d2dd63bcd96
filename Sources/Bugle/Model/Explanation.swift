/// A sentence a person can read, saying why a policy or the planner dropped, moved or changed
/// a candidate: "22:30 is inside quiet hours 22:00–07:00".
///
/// A plan explains every candidate it drops or changes, but most explanations are never
/// read. One made with ``init(rendering:)`` keeps what the sentence needs and writes it only
/// when ``text`` (or `description`) is read, each time it is read; a string literal or
/// interpolation gives the text at once. Two explanations are equal when their texts are.
public struct Explanation: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    private enum Source: Sendable {
        case text(String)
        case rendering(@Sendable () -> String)
    }

    private let source: Source

    /// An explanation that is `text`.
    public init(_ text: String) { source = .text(text) }

    /// An explanation whose text `render` writes when it is read.
    public init(rendering render: @escaping @Sendable () -> String) { source = .rendering(render) }

    public init(stringLiteral text: String) { self.init(text) }

    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }

    /// The sentence.
    public var text: String {
        switch source {
        case .text(let text): text
        case .rendering(let render): render()
        }
    }

    public var description: String { text }

    public static func == (lhs: Explanation, rhs: Explanation) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
