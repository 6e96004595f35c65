import Foundation

/// Enough of a VT100 to read what the live board puts on screen: cursor
/// addressing, clearing the screen and a line, text. Colours and modes are
/// skipped. It also remembers the highest row the program addressed.
package struct VirtualTerminal {
    package let columns: Int
    package let rows: Int
    private(set) var screen: [[Character]]
    package private(set) var highestRowAddressed = 0
    package private(set) var usedAlternateScreen = false
    private var row = 0, column = 0
    private var pending: [UInt8] = []

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        screen = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    package var text: String { screen.map { String($0) }.joined(separator: "\n") }

    package func line(_ number: Int) -> String { String(screen[number - 1]) }

    package mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            for character in String(decoding: text, as: UTF8.self) { put(character) }
            text.removeAll()
        }
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                // A control sequence: ESC [ parameters final-byte.
                guard index + 1 < pending.count else { break }
                guard pending[index + 1] == UInt8(ascii: "[") else { index += 2; continue }
                var end = index + 2
                while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
                guard end < pending.count else { break }
                flushText()
                perform(String(decoding: pending[(index + 2)..<end], as: UTF8.self), Character(UnicodeScalar(pending[end])))
                index = end + 1
            } else if byte == UInt8(ascii: "\n") {
                flushText()
                row = min(rows - 1, row + 1)
                column = 0
                index += 1
            } else if byte == UInt8(ascii: "\r") {
                flushText()
                column = 0
                index += 1
            } else {
                text.append(byte)
                index += 1
            }
        }
        // Keep an incomplete UTF-8 sequence or escape for the next feed.
        var keep = pending[index...]
        if let last = text.lastIndex(where: { $0 & 0xC0 != 0x80 }), text[last] >= 0xC0 {
            keep = ArraySlice(text[last...]) + keep
            text.removeSubrange(last...)
        }
        flushText()
        pending = Array(keep)
    }

    private mutating func put(_ character: Character) {
        guard screen.indices.contains(row), column < columns else { return }
        screen[row][column] = character
        column += 1
    }

    private mutating func perform(_ parameters: String, _ final: Character) {
        let numbers = parameters.split(separator: ";").map { Int($0.filter(\.isNumber)) ?? 1 }
        switch final {
        case "H":
            let target = numbers.first ?? 1
            highestRowAddressed = max(highestRowAddressed, target)
            row = min(rows - 1, max(0, target - 1))
            column = min(columns - 1, max(0, (numbers.dropFirst().first ?? 1) - 1))
        case "J":
            screen = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        case "K":
            screen[row] = Array(repeating: " ", count: columns)
        case "h":
            if parameters == "?1049" { usedAlternateScreen = true }
        default:
            break
        }
    }
}
