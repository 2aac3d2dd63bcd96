/// How demanding a fact is to read.
enum Difficulty: String, CaseIterable, Sendable, Encodable {
    case beginner, intermediate, advanced
}
