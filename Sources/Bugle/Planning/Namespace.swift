/// The id prefix that marks a pending request as Bugle's.
///
/// Reconcile only ever removes requests whose id starts with the prefix, so notifications
/// that other code in the app schedules are never touched.
public struct Namespace: Hashable, Sendable, CustomStringConvertible {
    /// What the id of every Bugle request starts with; `bugle.` by default. An empty prefix
    /// claims every request in the center, other code's too.
    public var prefix: String

    /// A namespace whose request ids start with `prefix`.
    public init(_ prefix: String = "bugle.") { self.prefix = prefix }

    /// The center's id for a candidate.
    public func requestID(for candidateID: String) -> String { UTF8Writer.joined(prefix, candidateID) }

    /// Whether `requestID` is in this namespace.
    ///
    /// The answer is `String.hasPrefix`'s; an ASCII prefix is matched byte by byte, which
    /// gives the same answer for the ids that start with it followed by an ASCII character.
    public func owns(_ requestID: String) -> Bool {
        let bytewise =
            requestID.utf8.withContiguousStorageIfAvailable { id in
                prefix.utf8.withContiguousStorageIfAvailable { prefix in Self.bytewiseOwns(id, prefix) } ?? false
            } ?? false
        return bytewise || requestID.hasPrefix(prefix)
    }

    /// Whether the bytes of `id` start with those of `prefix` where that answers as
    /// `hasPrefix` does: an ASCII prefix (not ending in CR, which joins a following LF)
    /// followed by the end or an ASCII byte ends on a character boundary.
    private static func bytewiseOwns(_ id: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !prefix.isEmpty, id.count > prefix.count, prefix[prefix.count - 1] != 13, id[prefix.count] < 0x80 else { return false }
        for index in prefix.indices where prefix[index] >= 0x80 || id[index] != prefix[index] { return false }
        return true
    }

    /// The candidate id inside `requestID`, when the namespace owns it.
    public func candidateID(from requestID: String) -> String? {
        owns(requestID) ? String(requestID.dropFirst(prefix.count)) : nil
    }

    public var description: String { prefix }
}

extension Namespace {
    /// How many entries a side-by-side reading of the center's list beside another list (the
    /// plan in ``Reconcile``, the journal's open entries in ``LedgerRepair``) may leave
    /// unpaired, each then checked to be held nowhere else, before both hash every id instead.
    static let unpairedLimit = 8

    /// The index of the first request of `requests` at or after `start` whose id the namespace
    /// owns, or the end: the next one a side-by-side reading of the center's list pairs.
    func firstOwned(in requests: [NotificationRequest], from start: Int) -> Int {
        var index = start
        while index < requests.endIndex, !owns(requests[index].id) { index += 1 }
        return index
    }
}
