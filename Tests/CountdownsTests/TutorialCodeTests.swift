import Foundation
import Testing

/// The Countdowns catalog's tutorial is the tests' code: every `swift` block of these
/// articles appears line for line in a test file of this target (leading spaces and blank
/// lines aside, so a block may sit inside a test function), and each of its imports is in
/// that file, so that it compiles and runs. A block changed in the article and not in its
/// test fails here.
@Suite struct TutorialCodeTests {
    static let articles = ["TutorialCountdownWithRecurrence.md"]

    /// The lines of each ```` ```swift ```` block of `markdown`.
    static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let block = current, trimmed == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current?.append(String(line))
            }
        }
        return blocks
    }

    /// The lines of `lines` without leading and trailing spaces, without blank lines.
    static func trimmed(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `text` holds `block`: its imports anywhere, its other lines as a run of
    /// consecutive lines.
    static func holds(_ text: String, _ block: [String]) -> Bool {
        let lines = trimmed(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let code = trimmed(block)
        let imports = code.filter { $0.hasPrefix("import ") }
        let body = code.filter { !$0.hasPrefix("import ") }
        guard imports.allSatisfy(lines.contains) else { return false }
        guard !body.isEmpty else { return true }
        guard body.count <= lines.count else { return false }
        return (0...(lines.count - body.count)).contains { start in lines[start..<(start + body.count)].elementsEqual(body) }
    }

    @Test(arguments: articles)
    func everyBlockIsInATest(article: String) throws {
        let docs = packageRoot.appendingPathComponent("Sources/Recipes/Countdowns/Countdowns.docc")
        let markdown = try String(contentsOf: docs.appendingPathComponent(article), encoding: .utf8)
        let folder = packageRoot.appendingPathComponent("Tests/CountdownsTests")
        let tests = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(blocks.count >= 7, "the tutorial's steps were not found in \(article)")
        for block in blocks {
            #expect(tests.contains { Self.holds($0, block) }, "not in any test file of CountdownsTests:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func aBlockIsFoundIndentedButNotChanged() {
        let markdown = "# A\n```swift\nimport Bugle\n\nlet a = 1\nlet b = 2\n```\n```\nnot code\n```\n"
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(blocks == [["import Bugle", "", "let a = 1", "let b = 2"]])
        #expect(Self.holds("import Bugle\nfunc f() {\n    let a = 1\n\n    let b = 2\n}\n", blocks[0]))
        #expect(!Self.holds("import Bugle\nfunc f() {\n    let a = 1\n    let b = 3\n}\n", blocks[0]))
        #expect(!Self.holds("func f() {\n    let a = 1\n    let b = 2\n}\n", blocks[0]))
    }
}
