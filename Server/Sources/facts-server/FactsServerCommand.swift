import ArgumentParser
import FactsServer
import Foundation
import Logging

/// `facts-server`: serves the Facts A Day content API, or imports a corpus.
@main
struct FactsServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts-server",
        abstract: "The Facts A Day content service: device registration, metadata and facts over HTTP.",
        subcommands: [Serve.self, Import.self],
        defaultSubcommand: Serve.self
    )

    /// Logs go to standard error, so that standard output holds only what the commands print.
    static func main() async {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        await main(nil)
    }
}
