/// What one client, and all of them together, may ask of the server: the operator's
/// settings, each checked against its range.
///
/// | setting | default | range | what it bounds |
/// | --- | --- | --- | --- |
/// | ``maximumBodySize`` | 16 KiB | 1 KiB … 1 MiB | a request's body; larger is `413 content_too_large` |
/// | ``registrationsPerAddress`` | 20 a minute | 1 … 100,000 a minute | `POST /api/devices/register` from one client address |
/// | ``registrationsInTotal`` | 6,000 a minute | 1 … 10,000,000 a minute | `POST /api/devices/register` from all addresses |
///
/// Past a registration limit the answer is `429 too_many_requests` with `Retry-After`. Each
/// limit is a token bucket: it holds a minute's worth of registrations, so a burst of that
/// many passes, and refills evenly over the minute. Behind a reverse proxy every client has
/// the proxy's address, so the per-address limit then acts as a second global one.
public struct ServerLimits: Sendable, Equatable {
    /// The most bytes a request's body may have.
    public let maximumBodySize: Int
    /// Registrations a minute from one client address.
    public let registrationsPerAddress: Int
    /// Registrations a minute from all addresses together.
    public let registrationsInTotal: Int

    /// The range ``maximumBodySize`` must lie in, in bytes.
    public static let maximumBodySizeRange = 1024...(1 << 20)
    /// The range ``registrationsPerAddress`` must lie in, a minute.
    public static let registrationsPerAddressRange = 1...100_000
    /// The range ``registrationsInTotal`` must lie in, a minute.
    public static let registrationsInTotalRange = 1...10_000_000

    /// The defaults: 16 KiB bodies (a registration is a few dozen bytes), 20 registrations a
    /// minute from one address (an app registers once), 6,000 a minute in all.
    public init() {
        maximumBodySize = 16 * 1024
        registrationsPerAddress = 20
        registrationsInTotal = 6_000
    }

    /// Limits with these values; throws a ``ConfigurationError`` naming the first value
    /// outside its range.
    public init(maximumBodySize: Int = 16 * 1024, registrationsPerAddress: Int = 20, registrationsInTotal: Int = 6_000) throws {
        try Self.check("maximumBodySize (--max-body-size)", maximumBodySize, in: Self.maximumBodySizeRange, unit: "bytes")
        try Self.check(
            "registrationsPerAddress (--register-rate-per-address)", registrationsPerAddress, in: Self.registrationsPerAddressRange,
            unit: "a minute")
        try Self.check(
            "registrationsInTotal (--register-rate-global)", registrationsInTotal, in: Self.registrationsInTotalRange, unit: "a minute")
        self.maximumBodySize = maximumBodySize
        self.registrationsPerAddress = registrationsPerAddress
        self.registrationsInTotal = registrationsInTotal
    }

    private static func check(_ name: String, _ value: Int, in range: ClosedRange<Int>, unit: String) throws {
        guard range.contains(value) else {
            throw ConfigurationError("\(name) must be from \(range.lowerBound) to \(range.upperBound) \(unit), not \(value)")
        }
    }
}
