import ArgumentParser
import FactsServer
import Foundation
import Logging

/// `facts-server [serve]`: serves the API until interrupted, importing the corpus first
/// when the database is empty.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the API; a new, empty database is seeded from the corpus first."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free port and prints it.")
    var port = 8080

    @OptionGroup var storage: DatabaseOptions

    @Option(help: ArgumentHelp("The largest request body, in bytes: 1024 to 1048576.", valueName: "bytes"))
    var maxBodySize = ServerLimits().maximumBodySize

    @Option(help: ArgumentHelp("Device registrations a minute from one client address: 1 to 100000.", valueName: "count"))
    var registerRatePerAddress = ServerLimits().registrationsPerAddress

    @Option(help: ArgumentHelp("Device registrations a minute from all addresses together: 1 to 10000000.", valueName: "count"))
    var registerRateGlobal = ServerLimits().registrationsInTotal

    @Option(
        help: ArgumentHelp(
            "How often, in milliseconds, the server asks the database whether an import changed the corpus, and so how long it may serve what an import has replaced: 10 to 60000.",
            valueName: "ms"
        ))
    var corpusCheckInterval = 1000

    @Option(
        help: ArgumentHelp(
            "The corpus folder to seed an empty database from. Default: the Corpus folder beside the server's Package.swift, found from the executable's location, else Corpus or Server/Corpus in the working directory.",
            valueName: "dir"
        ))
    var corpus: String?

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        guard (10...60000).contains(corpusCheckInterval) else {
            throw ValidationError("--corpus-check-interval must be from 10 to 60000 milliseconds, not \(corpusCheckInterval)")
        }
        _ = try limits()
    }

    /// The limits the options set; a `ValidationError` naming the option outside its range.
    func limits() throws -> ServerLimits {
        do {
            return try ServerLimits(
                maximumBodySize: maxBodySize, registrationsPerAddress: registerRatePerAddress, registrationsInTotal: registerRateGlobal)
        } catch let error as ConfigurationError {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        let logger = Logger(label: "facts-server")
        let storage = self.storage
        let (host, port, corpus, limits) = (self.host, self.port, self.corpus, try self.limits())
        let corpusCheckInterval = Duration.milliseconds(self.corpusCheckInterval)
        try await FactsDatabase.withOpened(try storage.location(), logger: logger) { database in
            if try await database.isEmpty() {
                let folder =
                    try corpus.map { URL(fileURLWithPath: $0) }
                    ?? CorpusLocation.find(
                        executable: Bundle.main.executableURL,
                        workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                    )
                let summary = try await database.importCorpus(at: folder, now: Date())
                Output.line("seeded \(storage.summary) from \(folder.path): \(summary)")
            } else if corpus != nil {
                Output.line("\(storage.summary) already has content; --corpus is read only into an empty database (use facts-server import)")
            }
            let server = FactsServer(database: database, logger: logger, limits: limits, corpusCheckInterval: corpusCheckInterval)
            try await server.application(host: host, port: port) { boundPort in
                Output.line("facts-server listening on http://\(host):\(boundPort) (\(storage.summary))")
            }.runService()
        }
    }
}

/// Lines for the person or program reading standard output, written at once, not buffered.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
