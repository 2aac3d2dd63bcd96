import CZlib

/// gzip (RFC 1952) of bytes held in memory, at zlib's best compression: the server gzips an
/// answer once, when it first builds it, and sends the same bytes to every client after.
enum Gzip {
    /// `bytes` gzipped.
    ///
    /// - Complexity: O(n) in the length of `bytes`.
    static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        // 15 window bits + 16: a gzip header and trailer rather than zlib's.
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw StorageError("zlib could not start a gzip stream")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = UInt32(destination.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        // deflateBound leaves room for everything, so one call finishes the stream.
        guard status == Z_STREAM_END else {
            throw StorageError("zlib could not gzip \(bytes.count) bytes: status \(status)")
        }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
