/// Instance ids: six characters of a lowercase alphabet without look-alikes
/// (no i, l, o, u), short enough to type, random enough not to collide in
/// practice; a collision is retried inside the inserting transaction.
enum InstanceID {
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
