import Foundation

/// Reading a file a scenario names (the scenario itself, a forecast, a corpus): a folder, a
/// device such as `/dev/zero` or a file far larger than any scenario needs gets a clear
/// error before a byte is read, instead of a wait without end or the system's own words.
public enum ScenarioFile {
    /// The largest file read: 64 MiB, far more than a scenario or its data holds.
    public static let maximumSize = 64 << 20

    /// The bytes of the regular file at `path`; `what` names what was expected in errors
    /// ("a scenario file (YAML)").
    public static func read(_ path: String, what: String) throws -> Data {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw ScenarioError(
                file: path,
                message: FileManager.default.fileExists(atPath: path)
                    ? "cannot read the file; expected \(what)" : "no such file; expected \(what)")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?:
            break
        case .typeDirectory?:
            throw ScenarioError(file: path, message: "is a folder; expected \(what)")
        default:
            throw ScenarioError(file: path, message: "is not a regular file (a device, a pipe or a socket); expected \(what)")
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumSize {
            throw ScenarioError(file: path, message: "is \(size >> 20) MiB, more than the \(maximumSize >> 20) MiB a file may have here; expected \(what)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ScenarioError(file: path, message: "cannot be opened: no permission to read it; expected \(what)")
        }
        defer { try? handle.close() }
        // Read at most one byte past the limit: a file that grew after the check is caught too.
        guard let data = try? handle.read(upToCount: maximumSize + 1) ?? Data() else {
            throw ScenarioError(file: path, message: "cannot be read; expected \(what)")
        }
        guard data.count <= maximumSize else {
            throw ScenarioError(file: path, message: "is more than the \(maximumSize >> 20) MiB a file may have here; expected \(what)")
        }
        return data
    }
}
