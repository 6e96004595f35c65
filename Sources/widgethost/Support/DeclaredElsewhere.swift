/// An instance the manifest of another host declares: changing it here would be undone there.
struct DeclaredElsewhere: Error, CustomStringConvertible {
    let id: String
    let verb: String

    var description: String {
        "instance \(id) is declared by the instances: of a manifest other than this one (another host's, in a fleet); \(verb) it there"
    }
}
