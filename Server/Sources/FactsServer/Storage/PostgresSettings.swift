import Foundation
import PostgresNIO

/// Where a PostgreSQL database is and how to reach it, read from a connection URL:
///
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE`, as libpq writes it.
/// `postgresql://` works too; the port defaults to 5432 and the database to the user's
/// name. `sslmode` is `disable` (the default: the server is expected on loopback or a
/// private network) or `verify-full` (TLS, with the server's certificate checked).
public struct PostgresSettings: Sendable {
    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// The role's password, when it has one.
    public var password: String?
    /// The database to use.
    public var database: String
    /// Whether to speak TLS and check the server's certificate (`sslmode=verify-full`).
    public var verifiesTLS: Bool
    /// Run-time parameters every connection starts with, such as `search_path`.
    public var runtimeParameters: [(name: String, value: String)] = []
    /// The most connections the pool opens.
    public var maximumConnections = 20
    /// How long connecting may take before it fails.
    public var connectTimeout: Duration = .seconds(10)

    /// The settings in `url`, or an error that says which part is wrong.
    public init(url: String) throws(ConfigurationError) {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme)
        else {
            throw ConfigurationError("\(url) is not a PostgreSQL URL: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ConfigurationError("the PostgreSQL URL names no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ConfigurationError("the PostgreSQL URL names no user")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path

        var verifiesTLS = false
        for item in components.queryItems ?? [] {
            switch (item.name, item.value) {
            case ("sslmode", "disable"):
                verifiesTLS = false
            case ("sslmode", "verify-full"):
                verifiesTLS = true
            case ("sslmode", let value):
                throw ConfigurationError("sslmode \(value ?? "(none)") is not supported: use disable or verify-full")
            default:
                throw ConfigurationError("the PostgreSQL URL parameter \(item.name) is not supported: only sslmode is")
            }
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user
        self.password = components.password
        self.database = path.isEmpty ? user : path
        self.verifiesTLS = verifiesTLS
    }

    /// `host:port/database`, for messages; never the password.
    public var summary: String { "\(host):\(port)/\(database)" }

    /// The pool's configuration.
    var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: verifiesTLS ? .require(.makeClientConfiguration()) : .disable
        )
        configuration.options.additionalStartupParameters = runtimeParameters.map { ($0.name, $0.value) }
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }

    /// The configuration of one connection outside the pool.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: verifiesTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable
        )
        configuration.options.additionalStartupParameters = runtimeParameters.map { ($0.name, $0.value) }
        configuration.options.connectTimeout = .seconds(connectTimeout.components.seconds)
        return configuration
    }
}
