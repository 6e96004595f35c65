import ArgumentParser
import Foundation
import WidgetHost

/// Output helpers: results to standard output, problems to standard error.
enum Terminal {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
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
            self.error("error: \(error)")
            throw ExitCode.failure
        }
    }

    /// "host: running (pid 412, since 09:14)", or how to start one.
    static func hostLine(_ host: HostLock.Holder?) -> String {
        guard let host else {
            return "host: none running on this container, so nothing is kept fresh; start one with 'widgethost run'"
        }
        return "host: running (pid \(host.pid)" + (host.since.map { ", since \(time($0))" } ?? "") + ")"
    }

    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// A date as ISO 8601, for output a script may read too.
    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Rows in aligned columns; the last column is not padded, so long
    /// details do not push trailing spaces.
    static func printTable(_ rows: [[String]]) {
        guard let columns = rows.first?.count, columns > 0 else { return }
        let widths = (0..<columns - 1).map { column in rows.map { $0[column].count }.max()! + 2 }
        for row in rows {
            print((0..<columns - 1).map { pad(row[$0], widths[$0]) }.joined() + row[columns - 1])
        }
    }

    /// Pads `text` to `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
