import Foundation
import HostBasics

/// Keys for the live board, read from standard input in non-canonical mode
/// without echo. Ctrl-C still signals, as the terminal driver sends it.
final class TerminalInput: Sendable {
    enum Key: Sendable, Equatable {
        case nextPage, previousPage
        /// 1 to 9: the control in that place on the controls line.
        case control(Int)
    }

    private let original: termios?

    /// Switches the terminal to key-at-a-time input, when standard input is one.
    init() {
        var settings = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else {
            original = nil
            return
        }
        original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// Gives the terminal its line editing and echo back.
    func restore() {
        guard var original else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }

    /// Reads keys on a thread of its own (a read blocks) until end of input.
    func read(_ handle: @escaping @Sendable (Key) -> Void) {
        guard original != nil else { return }
        NamedThread.start("wh-keys") {
            var buffer = [UInt8](repeating: 0, count: 16)
            while true {
                let count = Foundation.read(STDIN_FILENO, &buffer, buffer.count)
                guard count > 0 else { return }
                if let key = Self.key(Array(buffer.prefix(count))) { handle(key) }
            }
        }
    }

    /// n, space, → and PgDn page on; p, b, ← and PgUp page back; 1 to 9 tap a control.
    static func key(_ bytes: [UInt8]) -> Key? {
        if bytes.count == 1, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[0]) {
            return .control(Int(bytes[0] - UInt8(ascii: "0")))
        }
        return switch bytes {
        case Array("n".utf8), Array(" ".utf8), [0x1B, 0x5B, 0x43], Array("\u{1B}[6~".utf8): .nextPage
        case Array("p".utf8), Array("b".utf8), [0x1B, 0x5B, 0x44], Array("\u{1B}[5~".utf8): .previousPage
        default: nil
        }
    }
}
