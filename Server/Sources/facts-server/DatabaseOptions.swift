import ArgumentParser
import FactsServer

/// Where the data lives: an SQLite file (the default) or a PostgreSQL database.
struct DatabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The SQLite file, created when missing.", valueName: "path"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database instead of SQLite: postgres://USER:PASSWORD@HOST:PORT/DATABASE.",
            valueName: "url"
        ))
    var postgres: String?

    /// The SQLite file when neither option is given, in the working directory.
    static let defaultDatabase = "facts.sqlite"

    func validate() throws {
        if database != nil, postgres != nil {
            throw ValidationError("--database and --postgres name two databases: give one")
        }
    }

    /// The database the options name.
    func location() throws -> FactsDatabase.Location {
        if let postgres {
            return .postgres(try PostgresSettings(url: postgres))
        }
        return .sqlite(path: database ?? Self.defaultDatabase)
    }

    /// The database in words, for what the command prints; never the password.
    var summary: String {
        if let postgres, let settings = try? PostgresSettings(url: postgres) {
            return "PostgreSQL \(settings.summary)"
        }
        return "SQLite \(database ?? Self.defaultDatabase)"
    }
}
