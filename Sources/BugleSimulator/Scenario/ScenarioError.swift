import Foundation

/// What is wrong with a scenario, and where: the file, the line and the column.
public struct ScenarioError: Error, CustomStringConvertible, Hashable, Sendable {
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var message: String

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
