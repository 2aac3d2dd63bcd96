/// The generated types of the contract under the names the service's code uses.
typealias Difficulty = Components.Schemas.Difficulty
typealias Platform = Components.Schemas.Platform
