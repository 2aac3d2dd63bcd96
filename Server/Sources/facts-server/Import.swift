import ArgumentParser
import FactsServer
import Foundation
import Logging

/// `facts-server import`: loads a corpus into the database, one transaction per file.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import a corpus (categories.json, content_types.json, facts/<language>.jsonl), one transaction per file.",
        discussion: "Entries are matched on their slug, facts on key and language: importing again updates them in place."
    )

    @OptionGroup var storage: DatabaseOptions

    @Option(help: ArgumentHelp("The corpus folder.", valueName: "dir"))
    var corpus: String

    func run() async throws {
        let logger = Logger(label: "facts-server")
        let folder = URL(fileURLWithPath: corpus)
        let summary = try await FactsDatabase.withOpened(try storage.location(), logger: logger) { database in
            try await database.importCorpus(at: folder, now: Date())
        }
        Output.line("imported \(folder.path) into \(storage.summary): \(summary)")
    }
}
