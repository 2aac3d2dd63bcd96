import Foundation

/// How long one request to the content service may take, and how much it may send back.
///
/// | limit | default | range | what it bounds |
/// | --- | --- | --- | --- |
/// | ``connect`` | 5 s | 0.1 s … 60 s | from the start of the request until the answer's status line and headers arrive |
/// | ``idle`` | 10 s | 0.1 s … 300 s | a silence in the middle of the answer's body |
/// | ``total`` | 14 s | 0.1 s … 600 s | the whole request, from its start to the last byte |
/// | ``maximumBodySize`` | 4 MiB | 1 KiB … 64 MiB | the answer's body; a facts page of 200 facts is far smaller |
///
/// `URLSession` reports neither when the connection is made nor when its own resource
/// timeout should fire on Linux, so ``HTTPFactsService`` keeps these clocks itself:
/// ``connect`` therefore covers the connection, the request and the server's time to start
/// answering.
///
/// ```swift
/// let limits = try NetworkLimits(connect: .seconds(2), total: .seconds(8))
/// let service = HTTPFactsService(baseURL: url, limits: limits)
/// ```
public struct NetworkLimits: Hashable, Sendable {
    /// The longest wait for the answer to begin.
    public let connect: Duration
    /// The longest silence once the answer has begun.
    public let idle: Duration
    /// The longest a whole request may take.
    public let total: Duration
    /// The most bytes an answer's body may have.
    public let maximumBodySize: Int

    /// The range ``connect`` must lie in.
    public static let connectRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(60)
    /// The range ``idle`` must lie in.
    public static let idleRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(300)
    /// The range ``total`` must lie in.
    public static let totalRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(600)
    /// The range ``maximumBodySize`` must lie in, in bytes.
    public static let maximumBodySizeRange: ClosedRange<Int> = 1 << 10...64 << 20

    /// The defaults: connect 5 s, idle 10 s, total 14 s (so that, with a process's start and
    /// the message, a failed onboarding shows its error within 15 s), 4 MiB.
    public init() {
        connect = .seconds(5)
        idle = .seconds(10)
        total = .seconds(14)
        maximumBodySize = 4 << 20
    }

    /// Limits with these values; throws ``FactsError/Code/invalidConfiguration`` naming the
    /// first value outside its range.
    public init(
        connect: Duration = .seconds(5), idle: Duration = .seconds(10), total: Duration = .seconds(14),
        maximumBodySize: Int = 4 << 20
    ) throws {
        try Self.check("connect", connect, in: Self.connectRange)
        try Self.check("idle", idle, in: Self.idleRange)
        try Self.check("total", total, in: Self.totalRange)
        guard Self.maximumBodySizeRange.contains(maximumBodySize) else {
            throw FactsError(
                .invalidConfiguration,
                "maximumBodySize must be between \(Self.maximumBodySizeRange.lowerBound) and \(Self.maximumBodySizeRange.upperBound) bytes (1 KiB to 64 MiB), found \(maximumBodySize)"
            )
        }
        self.connect = connect
        self.idle = idle
        self.total = total
        self.maximumBodySize = maximumBodySize
    }

    static func check(_ name: String, _ value: Duration, in range: ClosedRange<Duration>) throws {
        guard range.contains(value) else {
            throw FactsError(
                .invalidConfiguration,
                "\(name) must be between \(range.lowerBound.spokenSeconds) and \(range.upperBound.spokenSeconds), found \(value.spokenSeconds)")
        }
    }
}

extension Duration {
    /// The duration in seconds as people write it: `5 s`, `0.5 s`, `1.25 s`.
    var spokenSeconds: String {
        let (seconds, attoseconds) = components
        guard attoseconds != 0 else { return "\(seconds) s" }
        let milliseconds = (Double(seconds) * 1000 + (Double(attoseconds) / 1e15).rounded()) / 1000
        return String(format: "%.10g s", milliseconds)
    }

    /// The duration in seconds, for the Foundation APIs that take a `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
