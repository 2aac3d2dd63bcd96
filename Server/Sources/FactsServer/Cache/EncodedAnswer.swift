import Crypto
import HTTPTypes
import Hummingbird
import NIOCore

/// One answer of a content endpoint as sent: its JSON body, gzipped too, with the `ETag` of
/// each and the headers of a `200` and a `304` ready.
struct EncodedAnswer: Sendable {
    /// The body as JSON.
    let identity: ByteBuffer
    /// The body gzipped; `nil` when gzip would not make it smaller.
    let gzipped: ByteBuffer?
    /// The `ETag` of the JSON body, quoted.
    let entityTag: String
    private let headers: [Variant: HTTPFields]

    /// An answer's encoding and status.
    private enum Variant: Hashable {
        case ok(gzip: Bool)
        case notModified(gzip: Bool)
    }

    /// The bytes this answer keeps in memory.
    var byteCount: Int { identity.readableBytes + (gzipped?.readableBytes ?? 0) }

    /// The answer of `body` with the type `contentType`.
    ///
    /// The `ETag` is the first 16 bytes of the body's SHA-256 in hex: every process on one
    /// database builds the same bytes and so the same tag, and it changes only when an
    /// import changes the answer. The gzipped body's tag ends in `-gzip`, as a different
    /// representation needs a different strong tag.
    init(body: [UInt8], contentType: String) throws {
        let digest = SHA256.hash(data: body).prefix(16).map { String(format: "%02x", $0) }.joined()
        entityTag = "\"\(digest)\""
        identity = ByteBuffer(bytes: body)
        let compressed = try Gzip.compress(body)
        gzipped = compressed.count < body.count ? ByteBuffer(bytes: compressed) : nil
        let gzipTag = "\"\(digest)-gzip\""
        var headers: [Variant: HTTPFields] = [:]
        for gzip in [false, true] {
            var fields = HTTPFields()
            fields[.eTag] = gzip && gzipped != nil ? gzipTag : entityTag
            fields[.vary] = "Accept-Encoding"
            headers[.notModified(gzip: gzip)] = fields
            fields[.contentType] = contentType
            if gzip && gzipped != nil {
                fields[.contentEncoding] = "gzip"
            }
            headers[.ok(gzip: gzip)] = fields
        }
        self.headers = headers
    }

    /// The answer to `request`: gzipped when it accepts gzip, `304` without a body when its
    /// `If-None-Match` names this answer (in either encoding).
    func response(to request: Request) -> Response {
        let gzip = gzipped != nil && ContentNegotiation.acceptsGzip(request.headers[.acceptEncoding])
        if let tags = request.headers[.ifNoneMatch], ContentNegotiation.matches(tags, entityTag: entityTag) {
            return Response(status: .notModified, headers: headers[.notModified(gzip: gzip)]!)
        }
        let body = gzip ? gzipped! : identity
        return Response(status: .ok, headers: headers[.ok(gzip: gzip)]!, body: ResponseBody(byteBuffer: body))
    }
}
