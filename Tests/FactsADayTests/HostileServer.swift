import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server on loopback that misbehaves in one way, for the client's limits: it never
/// answers, drips, sends without end, fails, or is not HTTP at all.
///
/// Each connection is served on a thread of its own that ends when the client goes away,
/// and after ``lifetime`` at the latest, so that nothing outlives the test by much.
final class HostileServer: @unchecked Sendable {
    enum Behavior: Sendable, CustomStringConvertible {
        /// Accepts, reads the request, and never answers.
        case silent
        /// Sends one byte of a valid answer's status line every `interval`, forever.
        case dripAnswer(interval: Duration)
        /// Sends a valid status line and headers at once, then one body byte every `interval`.
        case dripBody(interval: Duration)
        /// Sends a valid status line and headers, then a body without end, 64 KiB a
        /// millisecond: far past any cap at once, yet not so fast that it takes both cores
        /// (on Linux, every URLSession in the process waits on one queue, which a sender as
        /// fast as loopback keeps busy for seconds when the cores are taken; the other
        /// tests in the process would wait with it).
        case endlessBody
        /// Declares a body of 10 GB.
        case declaredHugeBody
        /// Answers with this status and the contract's error JSON.
        case status(Int)
        /// Answers this text, which is not HTTP.
        case notHTTP(String)
        /// Answers 200 with a body that is not JSON.
        case notJSON
        /// Closes each connection as soon as it is accepted.
        case closeAtOnce
        /// Answers the registration as the service does, then never answers again.
        case registersThenSilent

        var description: String {
            switch self {
            case .silent: "never answers"
            case .dripAnswer(let interval): "drips its answer, a byte every \(interval)"
            case .dripBody(let interval): "drips its body, a byte every \(interval)"
            case .endlessBody: "sends an endless body"
            case .declaredHugeBody: "declares a 10 GB body"
            case .status(let status): "answers HTTP \(status)"
            case .notHTTP(let text): "answers \(text.debugDescription)"
            case .notJSON: "answers HTML"
            case .closeAtOnce: "closes at once"
            case .registersThenSilent: "registers, then never answers"
            }
        }
    }

    /// The longest any connection is served.
    static let lifetime = Duration.seconds(30)

    let behavior: Behavior
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var requestLines: [String] = []
    private var served: [Duration] = []

    var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw POSIXError(.EINVAL) }
            return url
        }
    }

    /// `127.0.0.1:port`, as the client's messages name this server.
    var name: String { "127.0.0.1:\(port)" }

    /// Connections accepted so far.
    var connections: Int { lock.withLock { accepted } }

    /// How long each connection that ended was served, in the order they ended: a client that
    /// gives up closes its connection, and the server's thread ends.
    var connectionTimes: [Duration] { lock.withLock { served } }

    /// The request lines read so far (`POST /api/devices/register HTTP/1.1`).
    var requests: [String] { lock.withLock { requestLines } }

    /// A server listening on a free loopback port.
    init(_ behavior: Behavior) throws {
        self.behavior = behavior
        let (listener, port) = try LoopbackListener.open()
        self.port = port
        self.listener = listener
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops listening: later connections are refused. Connections being served go on until
    /// their client leaves.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { break }
            lock.withLock { accepted += 1 }
            Thread { [self] in
                let started = ContinuousClock.now
                serve(connection)
                close(connection)
                lock.withLock { served.append(started.duration(to: .now)) }
            }.start()
        }
        close(listener)
    }

    private func serve(_ connection: Int32) {
        let started = ContinuousClock.now
        let deadline = started + Self.lifetime
        // A read that waits past the lifetime gives up.
        var timeout = timeval(tv_sec: Int(Self.lifetime.components.seconds), tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        switch behavior {
        case .closeAtOnce:
            return
        case .notHTTP(let text):
            guard send(connection, text) else { return }
            waitForClose(connection)
        case .silent:
            readRequest(connection)
            waitForClose(connection)
        case .dripAnswer(let interval):
            guard readRequest(connection) != nil else { return }
            let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 1 << 20)
            for byte in answer where ContinuousClock.now < deadline {
                guard send(connection, Data([byte])) else { return }
                Thread.sleep(forTimeInterval: interval.seconds)
            }
        case .dripBody(let interval):
            guard readRequest(connection) != nil, send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n") else {
                return
            }
            while ContinuousClock.now < deadline {
                guard send(connection, " ") else { return }
                Thread.sleep(forTimeInterval: interval.seconds)
            }
        case .endlessBody:
            guard readRequest(connection) != nil, send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n[") else { return }
            let chunk = Data(repeating: UInt8(ascii: " "), count: 1 << 16)
            while ContinuousClock.now < deadline, send(connection, chunk) {
                Thread.sleep(forTimeInterval: 0.001)
            }
        case .declaredHugeBody:
            guard readRequest(connection) != nil, send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n[")
            else { return }
            waitForClose(connection)
        case .status(let status):
            guard readRequest(connection) != nil else { return }
            respond(connection, status: status, json: #"{"error": {"code": "internal", "message": "something broke"}}"#)
        case .notJSON:
            guard readRequest(connection) != nil else { return }
            respond(connection, status: 200, json: "<html><body>Welcome to nginx!</body></html>", type: "text/html")
        case .registersThenSilent:
            guard let line = readRequest(connection) else { return }
            if line.contains("/api/devices/register") {
                respond(connection, status: 201, json: #"{"device_key": "k-\#(UUID().uuidString)"}"#)
            } else {
                waitForClose(connection)
            }
        }
    }

    /// Reads up to the end of the request's headers (a body, if any, is left unread) and
    /// returns its request line; `nil` when the client left first.
    @discardableResult
    private func readRequest(_ connection: Int32) -> String? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let line = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        lock.withLock { requestLines.append(line) }
        return line
    }

    /// Blocks until the client closes the connection (or the read times out).
    private func waitForClose(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(connection, &buffer, buffer.count, 0) > 0 {}
    }

    private func respond(_ connection: Int32, status: Int, json: String, type: String = "application/json") {
        let body = Data(json.utf8)
        let head = "HTTP/1.1 \(status) Hostile\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        _ = send(connection, Data(head.utf8) + body)
    }

    private func send(_ connection: Int32, _ text: String) -> Bool { send(connection, Data(text.utf8)) }

    /// Sends all of `data`; false once the client has gone.
    private func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var sent = 0
            while sent < raw.count {
                #if canImport(Glibc)
                    let count = Glibc.send(connection, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                #else
                    let count = Darwin.send(connection, base + sent, raw.count - sent, 0)
                #endif
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
