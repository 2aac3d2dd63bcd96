import FactsADay
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on loopback that implements the content service's contract
/// over a fixture, for the client's tests: the real server lives in its own package.
///
/// One thread accepts connections and answers each request, then closes the connection;
/// it keeps the server alive until ``stop()``.
/// ``failNext(_:status:)`` makes the next requests fail, to exercise the retries;
/// ``failFacts(status:)`` makes every facts request fail, for a download that gives up.
final class StubFactsServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var failures: [Int] = []
    private var factsFailure: Int?
    private var requests: [String] = []
    private var keys: Set<String> = []
    let facts: [Fact]
    let categories: [FactCategory]

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// A server over `facts` (by default, ``fixture(count:)``), listening on a free port.
    init(facts: [Fact] = StubFactsServer.fixture(count: 150), categories: [FactCategory] = StubFactsServer.fixtureCategories) throws {
        self.facts = facts.sorted { $0.id < $1.id }
        self.categories = categories
        let (listener, port) = try LoopbackListener.open()
        self.port = port
        self.listener = listener
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops listening; later requests fail to connect. The accepting thread closes the
    /// socket as it ends, so that its number cannot be reused under it.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// The next `count` requests get `status` (503 by default) without being served.
    func failNext(_ count: Int, status: Int = 503) {
        lock.withLock { failures += Array(repeating: status, count: count) }
    }

    /// Every later request for facts gets `status` (503 by default) without being served.
    func failFacts(status: Int = 503) {
        lock.withLock { factsFailure = status }
    }

    /// Forgets every device key, as a server whose database was reset.
    func forgetKeys() {
        lock.withLock { keys = [] }
    }

    /// Every request line served so far (`GET /api/facts?…`), failed ones included.
    var requestLog: [String] { lock.withLock { requests } }

    static let fixtureCategories: [FactCategory] = ["space", "history", "animals", "science", "art", "food", "sports", "music"].enumerated().map {
        index, slug in
        FactCategory(id: index + 1, name: slug.capitalized, slug: slug, description: "All about \(slug)", icon: "⭐️", colorHex: "#3B5BDB")
    }

    /// `count` English facts with ids 1…count, spread over the categories and difficulties.
    static func fixture(count: Int, language: String = "en", firstID: Int = 1) -> [Fact] {
        let difficulties = ["beginner", "intermediate", "advanced"]
        return (0..<count).map { index in
            let slug = fixtureCategories[index % fixtureCategories.count].slug
            return Fact(
                id: firstID + index, title: "Fact \(firstID + index)", content: "The whole text of fact \(firstID + index).",
                summary: "Summary of fact \(firstID + index)", difficulty: difficulties[index % 3], contentType: "fact", category: slug,
                tags: ["t\(index % 5)"], readingTime: 1, wordCount: 7, language: language, createdAt: "2026-01-15T00:00:00Z")
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { break }
            serve(connection)
            close(connection)
        }
        close(listener)
    }

    private func serve(_ connection: Int32) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            headerEnd = received.range(of: Data("\r\n\r\n".utf8))
        }
        guard let headerEnd else { return }
        let head = String(decoding: received[..<headerEnd.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = received[headerEnd.upperBound...]
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            body.append(contentsOf: buffer[0..<count])
        }
        let (status, json) = respond(to: lines.first ?? "", headers: headers, body: Data(body))
        let payload = Data(json.utf8)
        let response = "HTTP/1.1 \(status) Stub\r\nContent-Type: application/json\r\nContent-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
        let whole = Data(response.utf8) + payload
        whole.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = send(connection, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return }
                sent += count
            }
        }
    }

    private func respond(to requestLine: String, headers: [String: String], body: Data) -> (Int, String) {
        let failure: Int? = lock.withLock {
            requests.append(requestLine)
            if let factsFailure, requestLine.contains(" /api/facts") { return factsFailure }
            return failures.isEmpty ? nil : failures.removeFirst()
        }
        if let failure { return (failure, error("unavailable", "injected failure")) }
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2, let components = URLComponents(string: String(parts[1])) else { return (400, error("bad_request", "malformed request line")) }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        switch (parts[0], components.path) {
        case ("POST", "/api/devices/register"):
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return (400, error("invalid_json", "malformed JSON")) }
            for field in ["platform", "model", "os_version", "language"] where (object[field] as? String)?.isEmpty ?? true {
                return (400, error("invalid_parameter", "\(field) is required"))
            }
            let key = UUID().uuidString + UUID().uuidString
            lock.withLock { _ = keys.insert(key) }
            return (201, #"{"device_key": "\#(key)"}"#)
        case ("GET", "/api/metadata"), ("GET", "/api/facts"):
            guard let key = headers["x-device-key"] else { return (401, error("missing_device_key", "X-Device-Key is required")) }
            guard lock.withLock({ keys.contains(key) }) else { return (401, error("invalid_device_key", "unknown device key")) }
            return components.path == "/api/metadata" ? metadata(query) : factsPage(query)
        default:
            return (404, error("not_found", "no route \(components.path)"))
        }
    }

    private func metadata(_ query: [String: String]) -> (Int, String) {
        let language = query["language"] ?? "en"
        let encoder = JSONEncoder()
        let categoriesJSON = String(decoding: (try? encoder.encode(categories)) ?? Data("[]".utf8), as: UTF8.self)
        return (
            200,
            #"{"language": "\#(language)", "categories": \#(categoriesJSON), "content_types": [{"id": 1, "name": "Fact", "slug": "fact", "description": "A fact"}]}"#
        )
    }

    private func factsPage(_ query: [String: String]) -> (Int, String) {
        let page = Int(query["page"] ?? "1") ?? 0
        let pageSize = Int(query["page_size"] ?? "50") ?? 0
        guard page >= 1 else { return (400, error("invalid_parameter", "page must be 1 or more", parameter: "page")) }
        guard (1...200).contains(pageSize) else { return (400, error("invalid_parameter", "page_size must be between 1 and 200", parameter: "page_size")) }
        let language = query["language"] ?? "en"
        let categories = query["categories"].map { Set($0.split(separator: ",").map(String.init)) }
        let difficulties = query["difficulty"].flatMap { $0 == "all" ? nil : Set($0.split(separator: ",").map(String.init)) }
        let matching = facts.filter { fact in
            fact.language == language && (categories.map { fact.category.map($0.contains) ?? false } ?? true)
                && (difficulties.map { fact.difficulty.map($0.contains) ?? false } ?? true)
        }
        let slice = Array(matching.dropFirst((page - 1) * pageSize).prefix(pageSize))
        let answer = FactsPage(
            facts: slice, page: page, pageSize: pageSize, total: matching.count,
            totalPages: (matching.count + pageSize - 1) / pageSize)
        return (200, String(decoding: (try? JSONEncoder().encode(answer)) ?? Data(), as: UTF8.self))
    }

    private func error(_ code: String, _ message: String, parameter: String? = nil) -> String {
        #"{"error": {"code": "\#(code)", "message": "\#(message)"\#(parameter.map { #", "parameter": "\#($0)""# } ?? "")}}"#
    }
}

/// A listening socket on a free port of 127.0.0.1, for the test servers.
enum LoopbackListener {
    /// The socket and its port.
    static func open() throws -> (socket: Int32, port: UInt16) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }
}
