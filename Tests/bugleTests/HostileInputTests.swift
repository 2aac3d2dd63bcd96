import Foundation
import Testing

/// The hostile-input corpus (`Tests/HostileInputs/**/*.case`): inputs that once crashed,
/// hung, wrote to a file they should have left alone, or were accepted when wrong. Each runs
/// the built `bugle` as a user would, in a folder of its own, and must end within 10 s with
/// the outcome its case file states: by default a non-zero exit and one line on standard
/// error naming what is wrong; never a signal, a `Fatal error` or a stack trace. Files the
/// case names as `unchanged` must be byte-for-byte the same afterwards, and the folder must
/// hold no file it did not hold before (no journal, no half-written store) unless the case
/// says `creates`.
///
/// A case file is a header of `key: value` lines, then the files to write, each after a
/// `=== NAME` line (`=== NAME escaped` reads `\u{…}` and `\xNN` escapes in its text):
///
/// ```text
/// # days of ten million made the run hang for minutes
/// args: ["simulate", "{scenario.yaml}", "--days", "10000000"]
/// error: --days: expected 1 to 3660, found 10000000
/// === scenario.yaml
/// name: …
/// ```
///
/// Header keys: `args` (a JSON array; `{NAME}` stands for the path of a file the case names,
/// `{dir}` for its folder),
/// `error` (text the one line of standard error must contain), `exit` (the expected status,
/// when it is 0: then `output` is text standard output must contain), `stdin`, `unchanged`
/// and `creates` (JSON arrays of file names), `fixture` (`NAME < FILE`: a copy of
/// `Tests/HostileInputs/fixtures/FILE`, for binary files), `seconds` (the limit, 10 unless
/// smaller).
@Suite struct HostileInputTests {
    static let corpus = BugleBinaryTests.root.appendingPathComponent("Tests/HostileInputs")

    static let cases: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".case") }.sorted()
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 100, "found \(Self.cases.count) cases under \(Self.corpus.path)")
    }

    @Test(arguments: cases)
    func endsWithAClearAnswer(_ name: String) throws {
        let hostile = try HostileCase(contentsOf: Self.corpus.appendingPathComponent(name))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-hostile-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, data) in hostile.files { try data.write(to: folder.appendingPathComponent(file)) }
        for (file, fixture) in hostile.fixtures {
            try FileManager.default.copyItem(
                at: Self.corpus.appendingPathComponent("fixtures").appendingPathComponent(fixture),
                to: folder.appendingPathComponent(file))
        }
        let before = try snapshot(folder)
        let arguments = hostile.arguments.map { argument in
            hostile.names.reduce(argument.replacingOccurrences(of: "{dir}", with: folder.path)) {
                $0.replacingOccurrences(of: "{\($1)}", with: folder.appendingPathComponent($1).path)
            }
        }

        let run = try BinaryRun(arguments: arguments, in: folder, stdin: hostile.stdin, limit: hostile.seconds)
        let command = "bugle " + arguments.joined(separator: " ")
        #expect(!run.timedOut, "\(name): \(command) did not end within \(hostile.seconds) s")
        #expect(run.exitedNormally, "\(name): \(command) was killed by signal \(run.status)\n\(run.stderr)")
        for marker in ["Fatal error", "Stack dump", "Backtrace", "Program crashed", "Swift runtime failure"] {
            #expect(!run.stderr.contains(marker), "\(name): standard error shows \"\(marker)\":\n\(run.stderr)")
        }
        if hostile.exit == 0 {
            #expect(run.status == 0, "\(name): expected success, exit \(run.status): \(run.stderr)")
            if let output = hostile.output { #expect(run.stdout.contains(output), "\(name): output lacks \"\(output)\":\n\(run.stdout.prefix(2_000))") }
        } else {
            #expect(run.status != 0, "\(name): \(command) exited 0; expected an error containing \"\(hostile.error ?? "")\"")
            let message = run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!message.isEmpty && !message.contains("\n"), "\(name): expected one line on standard error, got:\n\(run.stderr.prefix(2_000))")
            if let error = hostile.error { #expect(message.contains(error), "\(name): expected \"\(error)\" in: \(message.prefix(2_000))") }
        }

        let after = try snapshot(folder)
        for file in hostile.unchanged {
            #expect(
                before[file] != nil && after[file] == before[file],
                "\(name): \(file) changed (\(before[file]?.count ?? -1) → \(after[file]?.count ?? -1) bytes)")
        }
        let appeared = Set(after.keys).subtracting(before.keys).subtracting(hostile.creates)
        #expect(appeared.isEmpty, "\(name): left behind \(appeared.sorted().joined(separator: ", "))")
    }

    /// Every regular file of `folder` (not below it) with its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = (try? Data(contentsOf: url)) ?? Data()
            } else {
                files[name] = Data("<folder>".utf8)
            }
        }
        return files
    }
}

/// One case file of the corpus, read.
struct HostileCase {
    var arguments: [String] = []
    var error: String?
    var exit: Int32?
    var output: String?
    var stdin: String?
    var unchanged: [String] = []
    var creates: [String] = []
    var fixtures: [(String, String)] = []
    var seconds = 10.0
    var files: [(String, Data)] = []

    /// The names `{NAME}` may stand for in `args`.
    var names: [String] { files.map(\.0) + fixtures.map(\.0) + unchanged + creates }

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")[...]
        while let line = lines.first, !line.hasPrefix("=== ") {
            lines = lines.dropFirst()
            guard !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            guard let colon = line.firstIndex(of: ":") else { throw CaseError("\(url.lastPathComponent): not a header line: \(line)") }
            let key = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "args": arguments = try Self.list(value, url)
            case "error": error = value
            case "exit": exit = Int32(value)
            case "output": output = value
            case "stdin": stdin = Self.unescape(value).map { String(decoding: $0, as: UTF8.self) }
            case "unchanged": unchanged = try Self.list(value, url)
            case "creates": creates = try Self.list(value, url)
            case "seconds": seconds = min(Double(value) ?? 10, 10)
            case "fixture":
                let parts = value.components(separatedBy: " < ")
                guard parts.count == 2 else { throw CaseError("\(url.lastPathComponent): fixture: expected NAME < FILE") }
                fixtures.append((parts[0], parts[1]))
            default: throw CaseError("\(url.lastPathComponent): unknown header \(key)")
            }
        }
        while let header = lines.first {
            lines = lines.dropFirst()
            let words = header.dropFirst(4).split(separator: " ")
            guard let name = words.first else { throw CaseError("\(url.lastPathComponent): a file section needs a name") }
            var body: [String] = []
            while let line = lines.first, !line.hasPrefix("=== ") {
                body.append(line)
                lines = lines.dropFirst()
            }
            let content = body.joined(separator: "\n")
            if words.dropFirst().first == "escaped" {
                guard let data = Self.unescape(content) else { throw CaseError("\(url.lastPathComponent): a bad escape in \(name)") }
                files.append((String(name), data))
            } else {
                files.append((String(name), Data(content.utf8)))
            }
        }
        guard !arguments.isEmpty else { throw CaseError("\(url.lastPathComponent): no args") }
        guard exit == 0 || error != nil else { throw CaseError("\(url.lastPathComponent): a failing case names its error") }
    }

    private static func list(_ value: String, _ url: URL) throws -> [String] {
        guard let list = try? JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String] else {
            throw CaseError("\(url.lastPathComponent): expected a JSON array of strings, found \(value)")
        }
        return list
    }

    /// `text` with `\u{…}` read as a scalar, `\xNN` as a raw byte, `\n` and `\t` as a line
    /// end and a tab, and `\\` as a backslash.
    static func unescape(_ text: String) -> Data? {
        var bytes: [UInt8] = []
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                bytes += Array(String(scalar).utf8)
                continue
            }
            switch scalars.popFirst() {
            case "\\": bytes.append(0x5C)
            case "n": bytes.append(0x0A)
            case "t": bytes.append(0x09)
            case "x":
                let hex = String(String.UnicodeScalarView(scalars.prefix(2)))
                scalars = scalars.dropFirst(2)
                guard hex.count == 2, let byte = UInt8(hex, radix: 16) else { return nil }
                bytes.append(byte)
            case "u":
                guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}") else { return nil }
                let hex = String(String.UnicodeScalarView(scalars[..<close]))
                scalars = scalars[scalars.index(after: close)...]
                guard let value = UInt32(hex, radix: 16), let code = Unicode.Scalar(value) else { return nil }
                bytes += Array(String(code).utf8)
            default: return nil
            }
        }
        return Data(bytes)
    }
}

struct CaseError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The built `bugle` run to its end or to a time limit, its output in files so that a
/// flood on one stream cannot block the other.
struct BinaryRun {
    var status: Int32
    var exitedNormally: Bool
    var timedOut: Bool
    var stdout: String
    var stderr: String

    init(arguments: [String], in folder: URL, stdin: String?, limit: Double) throws {
        let process = Process()
        process.executableURL = try BugleBinaryTests.binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let outURL = folder.appendingPathComponent(".stdout")
        let errURL = folder.appendingPathComponent(".stderr")
        let inURL = folder.appendingPathComponent(".stdin")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        FileManager.default.createFile(atPath: inURL.path, contents: Data((stdin ?? "").utf8))
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        defer {
            try? out.close()
            try? err.close()
            try? input.close()
            for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) }
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        timedOut = process.isRunning
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        status = process.terminationStatus
        exitedNormally = process.terminationReason == .exit
        stdout = Self.start(of: outURL)
        stderr = Self.start(of: errURL)
    }

    /// The first megabyte of the file: only the start of a flood is worth reading.
    private static func start(of url: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return "" }
        defer { try? handle.close() }
        return String(decoding: (try? handle.read(upToCount: 1 << 20)) ?? Data(), as: UTF8.self)
    }
}
