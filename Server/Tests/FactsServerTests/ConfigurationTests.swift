import Foundation
import Testing

@testable import FactsServer

/// Reading a PostgreSQL URL, and finding the corpus when `--corpus` names none.
@Suite struct ConfigurationTests {
    @Test func aFullURLGivesEveryPart() throws {
        let settings = try PostgresSettings(url: "postgres://facts:s%40cret@db.local:5433/content?sslmode=disable")
        #expect(settings.host == "db.local")
        #expect(settings.verifiesTLS == false)
        #expect(settings.port == 5433)
        #expect(settings.username == "facts")
        #expect(settings.password == "s@cret")
        #expect(settings.database == "content")
    }

    @Test func portAndDatabaseHaveLibpqsDefaults() throws {
        let settings = try PostgresSettings(url: "postgresql://facts@127.0.0.1")
        #expect(settings.port == 5432)
        #expect(settings.database == "facts")
        #expect(settings.password == nil)
        #expect(settings.summary == "127.0.0.1:5432/facts")
    }

    @Test func verifyFullAsksForTLS() throws {
        #expect(try PostgresSettings(url: "postgres://u@h/d?sslmode=verify-full").verifiesTLS)
    }

    @Test(arguments: [
        ("mysql://u@h/d", "not a PostgreSQL URL"),
        ("facts.sqlite", "not a PostgreSQL URL"),
        ("postgres:///d", "no host"),
        ("postgres://h/d", "no user"),
        ("postgres://u@h/d?sslmode=allow", "sslmode allow is not supported"),
        ("postgres://u@h/d?timeout=3", "timeout is not supported"),
    ])
    func aURLItCannotUseIsRefusedSayingWhy(url: String, message: String) {
        let error = #expect(throws: ConfigurationError.self) { try PostgresSettings(url: url) }
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    /// A package folder with `Package.swift` and `Corpus/`, under a new temporary folder.
    func makeCheckout() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("facts-checkout-\(UUID().uuidString)")
        let package = root.appendingPathComponent("Server")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Corpus"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: package.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        return root
    }

    @Test func theCorpusIsFoundBesideThePackageThatBuiltTheExecutable() throws {
        let root = try makeCheckout()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try CorpusLocation.find(
            executable: root.appendingPathComponent("Server/.build/debug/facts-server"),
            workingDirectory: URL(fileURLWithPath: "/")
        )
        #expect(found.path == root.appendingPathComponent("Server/Corpus").standardizedFileURL.path)
    }

    @Test(arguments: ["", "Server"])
    func aCopiedExecutableFindsTheCorpusFromTheWorkingDirectory(directory: String) throws {
        let root = try makeCheckout()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try CorpusLocation.find(
            executable: URL(fileURLWithPath: "/usr/local/bin/facts-server"),
            workingDirectory: directory.isEmpty ? root : root.appendingPathComponent(directory)
        )
        #expect(found.path == root.appendingPathComponent("Server/Corpus").standardizedFileURL.path)
    }

    @Test func noCorpusAnywhereIsAnErrorThatNamesThePlacesSearched() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("facts-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: ConfigurationError.self) {
            try CorpusLocation.find(executable: nil, workingDirectory: root)
        }
        #expect(error?.message.contains(root.appendingPathComponent("Server/Corpus").path) == true)
        #expect(error?.message.contains("--corpus") == true)
    }
}
