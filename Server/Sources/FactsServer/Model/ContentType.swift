/// A kind of content (a fact, a myth, a record), named and described in one language.
struct ContentType: Sendable, Equatable, Encodable {
    let id: Int
    let name: String
    let slug: String
    let description: String
}
