extension FactsDatabase {
    /// The corpus version: a number each transaction of an import raises. An answer built
    /// from the corpus at one version is the same answer until it changes.
    func corpusVersion() async throws -> Int {
        try await database.withSession { executor in
            try await executor.query("SELECT version FROM corpus_version WHERE id = 1")[0].int(0)
        }
    }
}
