import Foundation

/// One exchange with a trusted time source: an NTP reply or an HTTP response's `Date` header,
/// with the device's clock read when the request left and when the answer came back.
///
/// The four times are NTP's: the device's `sent` and `received`, and the source's
/// `serverReceived` and `serverSent`. The offset assumes the way out took as long as the way
/// back, so its error is at most half the `delay`: the lowest-delay sample is the best.
public struct TimeSample: Hashable, Sendable, Codable {
    /// Names the source (a host); samples of one source are compared with each other.
    public var source: String
    /// The device's wall clock when the request left.
    public var sent: Date
    /// The source's clock when the request arrived.
    public var serverReceived: Date
    /// The source's clock when the answer left.
    public var serverSent: Date
    /// The device's wall clock when the answer came back.
    public var received: Date

    /// An NTP-style sample with its four times.
    public init(source: String, sent: Date, serverReceived: Date, serverSent: Date, received: Date) {
        self.source = source
        self.sent = sent
        self.serverReceived = serverReceived
        self.serverSent = serverSent
        self.received = received
    }

    /// A sample from an HTTP `Date` header. The header has whole seconds and is truncated,
    /// so the source's time is taken as the middle of that second (`date` + 0.5 s).
    public static func http(source: String, sent: Date, date: Date, received: Date) -> TimeSample {
        let middle = date.addingTimeInterval(0.5)
        return TimeSample(source: source, sent: sent, serverReceived: middle, serverSent: middle, received: received)
    }

    /// The round trip, less the time the source held the request.
    public var delay: TimeInterval {
        received.timeIntervalSince(sent) - serverSent.timeIntervalSince(serverReceived)
    }

    /// Trusted time minus the device's clock, as this sample measures it.
    public var offset: TimeInterval {
        (serverReceived.timeIntervalSince(sent) + serverSent.timeIntervalSince(received)) / 2
    }
}

/// How far the device's clock is from trusted time: trusted = device + `seconds`.
///
/// Estimated from samples as NTP clients do it: the lowest-delay sample of each source
/// (the one whose network path was the least asymmetric), then the median across sources,
/// so that one wrong source cannot move the result.
public struct ClockOffset: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Trusted time minus the device's clock: positive when the device is behind.
    public var seconds: TimeInterval
    /// How many sources the estimate is the median of.
    public var sources: Int

    /// An offset of `seconds` (trusted minus device), from `sources` sources.
    public init(seconds: TimeInterval, sources: Int = 1) {
        self.seconds = seconds
        self.sources = sources
    }

    /// The estimate from `samples`, or `nil` when there are none.
    ///
    /// - Complexity: O(*n* log *n*) for *n* samples.
    public static func estimate(from samples: [TimeSample]) -> ClockOffset? {
        var best: [String: TimeSample] = [:]
        for sample in samples {
            if let current = best[sample.source], current.delay <= sample.delay { continue }
            best[sample.source] = sample
        }
        let offsets = best.values.map(\.offset).sorted()
        guard !offsets.isEmpty else { return nil }
        let middle = offsets.count / 2
        let median = offsets.count % 2 == 1 ? offsets[middle] : (offsets[middle - 1] + offsets[middle]) / 2
        return ClockOffset(seconds: median, sources: offsets.count)
    }

    /// The trusted time when the device's clock shows `device`.
    public func trusted(_ device: Date) -> Date { device.addingTimeInterval(seconds) }

    /// What the device's clock shows at the trusted moment `trusted`: where to put a
    /// trigger that must fire then.
    public func device(_ trusted: Date) -> Date { trusted.addingTimeInterval(-seconds) }

    /// "the device clock is 1 min 30 s behind (3 sources)", to the second.
    public var description: String {
        let sources = "\(sources) source\(sources == 1 ? "" : "s")"
        let whole = seconds.rounded()
        if whole == 0 { return "the device clock is right (\(sources))" }
        return "the device clock is \(durationText(abs(whole))) \(whole > 0 ? "behind" : "ahead") (\(sources))"
    }
}

/// "12 h 5 min", "1 min 30 s", "45 s": whole seconds, for messages.
func durationText(_ seconds: TimeInterval) -> String {
    let total = wholeSeconds(seconds.magnitude.rounded())
    let parts = [(total / 3600, "h"), ((total / 60) % 60, "min"), (total % 60, "s")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
}
