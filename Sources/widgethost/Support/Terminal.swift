import ArgumentParser
import Foundation
import HostText
import WidgetContainer
import WidgetHost

/// Output helpers: results to standard output, problems to standard error.
enum Terminal {
    /// One line, whatever the message holds: errors echo other people's
    /// text (an id, a repository, a kind's error), escaped here.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(message) + "\n").utf8))
    }

    /// A result line to standard output. Its parts may be other people's
    /// text (a kind's names and errors, what the container stores, a fleet
    /// host's machine name), so control characters are escaped.
    static func line(_ text: String) {
        print(TerminalText.escaped(text))
    }

    /// Something the user should know that is not a failure.
    static func note(_ message: String) {
        error("note: " + message)
    }

    /// Runs `body`; an error it throws is printed as one line and exits 1.
    static func failing<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            self.error("error: \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
    }

    /// "host: running (pid 412, since 09:14)", or how to start one.
    static func hostLine(_ hosts: [HostHolder]) -> String {
        func named(_ host: HostHolder) -> String {
            "pid \(host.pid)" + (host.machine.map { " on \($0)" } ?? "") + (host.since.map { ", since \(time($0))" } ?? "")
                + (host.renewedAt.map { ", renewed \(InstanceStatus.age(Date().timeIntervalSince($0))) ago" } ?? "")
        }
        switch hosts.count {
        case 0: return "host: none running on this container, so nothing is kept fresh; start one with 'widgethost run'"
        case 1: return "host: running (\(named(hosts[0])))"
        default: return "hosts: \(hosts.count) running, sharing the instances (\(hosts.map(named).joined(separator: "; ")))"
        }
    }

    /// A fleet host that stopped renewing: the others take its instances over.
    static func lapsedHostLine(_ host: HostHolder) -> String {
        let last = host.renewedAt.map { "\(InstanceStatus.age(Date().timeIntervalSince($0))) ago, at \(time($0))" } ?? "never"
        return "host pid \(host.pid)" + (host.machine.map { " on \($0)" } ?? "")
            + " has not renewed its leases since \(last): its lease lapsed, and the other hosts take its instances over"
    }

    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(TerminalText.json(String(decoding: try encoder.encode(value), as: UTF8.self)))
    }

    /// A date as ISO 8601, for output a script may read too.
    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Rows in aligned columns; the last column is not padded, so long
    /// details do not push trailing spaces. Every cell is made printable
    /// first: names, configurations and errors are other people's text.
    static func printTable(_ rows: [[String]]) {
        guard let columns = rows.first?.count, columns > 0 else { return }
        let cells = rows.map { $0.map(printable) }
        let widths = (0..<columns - 1).map { column in cells.map { displayWidth($0[column]) }.max()! + 2 }
        for row in cells {
            print((0..<columns - 1).map { pad(row[$0], widths[$0]) }.joined() + row[columns - 1])
        }
    }

    /// Pads `text` to `width` terminal columns.
    static func pad(_ text: String, _ width: Int) -> String {
        let used = displayWidth(text)
        return used >= width ? text : text + String(repeating: " ", count: width - used)
    }

    /// `text` with every control character shown as an escape (`\e`, `\n`,
    /// `\t`, `\u{202E}`), so stored text cannot move the cursor, recolour
    /// the terminal or break a row; cut to 200 characters.
    static func printable(_ text: String) -> String {
        let result = TerminalText.escaped(text)
        return result.count > 200 ? String(result.prefix(199)) + "…" : result
    }

    /// As much of `text` (printable already) as fits in `columns` terminal columns.
    static func fitted(_ text: String, columns: Int) -> String {
        var used = 0
        return String(text.prefix { character in
            used += displayWidth(String(character))
            return used <= columns
        })
    }

    /// Terminal columns `text` takes: 2 for wide East Asian characters and
    /// emoji, 1 for other characters (with their combining marks).
    static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { total, character in
            guard let first = character.unicodeScalars.first else { return total }
            let properties = first.properties
            let wide = properties.isEmojiPresentation
                || (properties.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
                || isWide(first.value)
            return total + (wide ? 2 : 1)
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, abridged to blocks).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
