/// The rules for an instance's `--name`: it is shown in tables and on the
/// board, so it may not carry terminal escapes or line breaks, and it is short.
public enum InstanceName {
    public static let maximumLength = 64

    /// The name as stored: nil for none or an empty one; refused when it breaks a rule.
    public static func checked(_ name: String?) throws(InstanceRequestError) -> String? {
        guard let name, !name.isEmpty else { return nil }
        if name.unicodeScalars.contains(where: isUnprintable) {
            throw .invalidValue(flag: "--name", message: "control characters (escapes, line breaks, tabs) are not allowed")
        }
        if name.count > maximumLength {
            throw .invalidValue(flag: "--name", message: "at most \(maximumLength) characters, found \(name.count)")
        }
        return name
    }

    /// C0 and C1 controls, line and paragraph separators, and the bidi
    /// overrides that reorder what follows them on screen.
    public static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.isUnsafe(scalar)
    }
}
