/// How demanding a fact is to read.
enum Difficulty: String, CaseIterable, Sendable, Codable {
    case beginner, intermediate, advanced
}
