import HostText
import WidgetKinds

/// The rule for every string a user gives a configuration or a name: it is
/// stored in the container, handed to a kind and shown in tables, on the
/// board and in errors, so it stays on one line and sends nothing to a
/// terminal, and it is of a size a table can hold.
package enum ConfigurationText {
    /// Bytes of UTF-8 in one configuration value.
    package static let maximumBytes = 4_096
    /// Values in one list parameter (the rule kinds' defaults are checked by).
    package static let maximumListValues = KindValidator.maximumListValues

    /// Why `text` is refused, or nil.
    package static func problem(_ text: String) -> String? {
        if text.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            return "control characters (escapes, line breaks, tabs) are not allowed"
        }
        if text.utf8.count > maximumBytes {
            return "at most \(maximumBytes) bytes of UTF-8, found \(text.utf8.count)"
        }
        return nil
    }
}
