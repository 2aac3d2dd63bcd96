import Foundation
import Testing

/// The articles' code is the tests' code: every Swift and YAML block of these articles
/// appears word for word in a test file of this target, so that it compiles and runs.
@Suite struct ArticleCodeTests {
    static let articles = ["TestingWithSimulatedPhone.md", "YourOwnRecipe.md", "TutorialTestingInTheSimulator.md"]

    /// The contents of the fenced blocks in `markdown` whose language is `swift` or `yaml`.
    static func codeBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let lines = current {
                if line == "```" {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = lines + [line]
                }
            } else if line == "```swift" || line == "```yaml" {
                current = []
            }
        }
        return blocks
    }

    @Test(arguments: articles)
    func everyBlockIsInATest(article: String) throws {
        let docs = packageRoot.appendingPathComponent("Sources/BugleSimulator/BugleSimulator.docc")
        let markdown = try String(contentsOf: docs.appendingPathComponent(article), encoding: .utf8)
        let folder = packageRoot.appendingPathComponent("Tests/BugleSimulatorTests")
        let tests = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        let blocks = Self.codeBlocks(in: markdown)
        #expect(blocks.count >= 2)
        for block in blocks {
            #expect(tests.contains { $0.contains(block) }, "not in any test file of BugleSimulatorTests:\n\(block)")
        }
    }

    @Test func blocksAreReadWholeAndOnlyInSwiftOrYAML() {
        let markdown = "# A\n```swift\nlet a = 1\n\nlet b = 2\n```\n```\nnot code\n```\n```yaml\nx: 1\n```\n"
        #expect(Self.codeBlocks(in: markdown) == ["let a = 1\n\nlet b = 2\n", "x: 1\n"])
    }
}
