import Foundation

/// Where the corpus is when `--corpus` names none: the `Corpus/` folder beside the
/// server package's `Package.swift`.
///
/// The package is found from the executable first: `swift run` and `swift build` put it
/// under `Server/.build/…`, so walking up from it reaches `Server/`, wherever the command
/// was started. A binary copied elsewhere falls back to the working directory: its
/// `Corpus/` (started in `Server/`) or its `Server/Corpus/` (started at the repository root).
public enum CorpusLocation {
    /// The default corpus folder, or an error that names every place it looked.
    ///
    /// - Parameters:
    ///   - executable: The running executable, `Bundle.main.executableURL`.
    ///   - workingDirectory: The directory the command was started in.
    public static func find(executable: URL?, workingDirectory: URL) throws(ConfigurationError) -> URL {
        var candidates: [URL] = []
        if let executable {
            var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while folder.pathComponents.count > 1 {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                    candidates.append(folder.appendingPathComponent("Corpus"))
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(workingDirectory.appendingPathComponent("Corpus"))
        candidates.append(workingDirectory.appendingPathComponent("Server").appendingPathComponent("Corpus"))

        for candidate in candidates where isFolder(candidate) {
            return candidate.standardizedFileURL
        }
        let searched = candidates.map(\.path).joined(separator: ", ")
        throw ConfigurationError("no corpus folder found (looked in \(searched)): pass --corpus DIR")
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
