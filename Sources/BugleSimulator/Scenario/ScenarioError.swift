import Foundation

/// What is wrong with a scenario, and where: the file, the line and the column.
public struct ScenarioError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The scenario file; `nil` for text given in code (shown as `<scenario>`).
    public var file: String?
    /// The line in the file, from 1; `nil` when it is not known.
    public var line: Int?
    /// The column in the line, from 1; `nil` when it is not known (shown only with a line).
    public var column: Int?
    /// What is wrong, and what was expected.
    public var message: String

    /// An error saying `message`, at as much of its place as is known.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message`, as compilers print it.
    public var description: String {
        var location = file ?? "<scenario>"
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        // The message quotes the file's own text, which may hold control characters.
        return "\(location): error: \(TerminalText.escaped(message, invisible: true))"
    }
}
