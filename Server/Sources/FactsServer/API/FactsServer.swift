import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime

/// The content service's HTTP server: the API over a ``FactsDatabase``.
///
/// ```swift
/// try await FactsDatabase.withOpened(.sqlite(path: "facts.sqlite"), logger: logger) { database in
///     let server = FactsServer(database: database, logger: logger)
///     try await server.application(host: "127.0.0.1", port: 8080).runService()
/// }
/// ```
public struct FactsServer: Sendable {
    let api: FactsAPI
    let logger: Logger
    let limits: ServerLimits
    let uptime: Uptime
    let cache: ContentCache
    let knownDevices: KnownDevices

    /// How long a connection may stay silent, mid-request or between requests, before it is
    /// closed: a client that opens connections and sends nothing holds none for long.
    static let idleTimeout: Duration = .seconds(30)

    /// A server over `database`.
    ///
    /// - Parameters:
    ///   - limits: The body size and registration rate limits.
    ///   - clock: The monotonic clock the registration limits refill on; a test moves its own.
    ///   - corpusCheckInterval: How often the server asks the database whether an import
    ///     changed the corpus, and so how long it may serve answers older than an import.
    ///   - clock: The monotonic clock the registration limits refill on, and the corpus
    ///     checks and known device keys expire on; a test moves its own.
    ///   - now: The time a device registers at; the system clock unless a test fixes it.
    public init(
        database: FactsDatabase, logger: Logger, limits: ServerLimits = ServerLimits(),
        corpusCheckInterval: Duration = .seconds(1),
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.api = FactsAPI(database: database, devices: DeviceWriter(database: database), now: now)
        self.logger = logger
        self.limits = limits
        self.uptime = Uptime(clock)
        self.cache = ContentCache(database: database, uptime: uptime, checkInterval: corpusCheckInterval)
        self.knownDevices = KnownDevices(uptime: uptime)
    }

    /// The routes: the contract's three operations (the generated `APIProtocol`, served
    /// through swift-openapi-hummingbird), behind the middleware that logs each request,
    /// writes every error as JSON, bounds the body, limits registrations, checks each
    /// request against the contract and serves the content endpoints from memory.
    func router() throws -> Router<FactsRequestContext> {
        let router = Router(context: FactsRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessLogMiddleware(logger: logger))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: BodyLimitMiddleware(maximumBodySize: limits.maximumBodySize))
        router.add(middleware: RegistrationLimitMiddleware(limits, uptime: uptime))
        router.add(middleware: ContractMiddleware(database: api.database, knownDevices: knownDevices))
        router.add(middleware: ContentCacheMiddleware(cache: cache))
        // Compact JSON, as before the generated code: sorted keys, slashes unescaped.
        try api.registerHandlers(on: router, configuration: Configuration(jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]))
        return router
    }

    /// An application that serves the API on `host` and `port` once run.
    ///
    /// - Parameters:
    ///   - port: The port to listen on; 0 takes any free one.
    ///   - onListening: Called with the port the server listens on, once it does.
    public func application(
        host: String,
        port: Int,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        Application(
            router: try router(),
            server: .http1(configuration: .init(idleTimeout: .seconds(Int64(Self.idleTimeout.components.seconds)))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                await onListening(channel.localAddress?.port ?? port)
            },
            logger: logger
        )
    }
}
