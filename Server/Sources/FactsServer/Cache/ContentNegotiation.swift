/// What a request's `Accept-Encoding` and `If-None-Match` headers ask for (RFC 9110).
enum ContentNegotiation {
    /// Whether `acceptEncoding` allows gzip: `gzip` (or `x-gzip`), or `*` when gzip is not
    /// named, with a quality above 0. No header means no gzip.
    static func acceptsGzip(_ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        var wildcard: Bool?
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces.lowercased() else { continue }
            let acceptable = quality(of: parts.dropFirst()) > 0
            switch coding {
            case "gzip", "x-gzip": return acceptable
            case "*": wildcard = acceptable
            default: continue
            }
        }
        return wildcard ?? false
    }

    /// The `q` parameter among `parameters`, 1 when there is none, 0 when it is malformed.
    private static func quality(of parameters: ArraySlice<Substring>) -> Double {
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
            if pair.count == 2, pair[0].lowercased() == "q" {
                guard let value = Double(pair[1]), (0...1).contains(value) else { return 0 }
                return value
            }
        }
        return 1
    }

    /// Whether `ifNoneMatch` (`*`, or entity tags separated by commas, weak or strong) names
    /// `entityTag` or its gzipped twin, by the weak comparison `If-None-Match` takes.
    static func matches(_ ifNoneMatch: String, entityTag: String) -> Bool {
        let gzipTag = entityTag.dropLast() + "-gzip\""
        for item in ifNoneMatch.split(separator: ",") {
            var tag = item.trimmingSpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == entityTag || tag == gzipTag { return true }
        }
        return false
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpaces: Substring {
        guard let start = firstIndex(where: { $0 != " " && $0 != "\t" }),
            let end = lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return self[endIndex...] }
        return self[start...end]
    }
}
