import Foundation
import HostText
import Logging
import Synchronization

/// The log lines of `run` and `dev`, in the shape of swift-log's
/// `StreamLogHandler` (`<time> <level> <label>: <key=value …> [<source>]
/// <message>`), which scripts and the tests read, with every message and
/// metadata value escaped first: log lines carry what kinds print and throw
/// and what GitHub says, and they go to a terminal as often as to a file.
///
/// Written here rather than wrapping `StreamLogHandler`: a busy host logs
/// each reload, and the wrapper cost 7 % of its CPU, in a second copy of
/// each line's metadata, a merge and a sort of it, and a clock formatted
/// anew for every line.
struct HostLogHandler: LogHandler {
    enum Output: Sendable {
        case standardOutput, standardError
    }

    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:] {
        didSet { metadataText = Self.text(of: metadata) }
    }

    private let label: String
    private let output: Output
    /// `metadata` as it is written, kept until it changes.
    private var metadataText = ""

    init(label: String, output: Output) {
        self.label = label
        self.output = output
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?,
             source: String, file: String, function: String, line: UInt) {
        var text = Self.clock.now()
        text += " \(level) \(label):"
        if let explicit, !explicit.isEmpty {
            text += Self.text(of: self.metadata.isEmpty ? explicit : self.metadata.merging(explicit) { _, explicit in explicit })
        } else {
            text += metadataText
        }
        text += " [\(source)] "
        text += TerminalText.escaped(message.description)
        text += "\n"
        switch output {
        case .standardOutput:
            // Through `print`'s stream, so lines keep their order with what
            // else the command prints, and flushed, as swift-log does.
            print(text, terminator: "")
            fflush(nil)
        case .standardError:
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// ` key=value …` in key order, each value escaped; empty for no metadata.
    private static func text(of metadata: Logger.Metadata) -> String {
        var text = ""
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            text += " \(key)=\(TerminalText.escaped(value.description))"
        }
        return text
    }

    /// Local time to the second, as `StreamLogHandler` writes it, formatted
    /// once a second however many lines come.
    private static let clock = Clock()

    /// The time part of a log line, kept for the second it names.
    private final class Clock: Sendable {
        private let last = Mutex<(second: time_t, text: String)>((-1, ""))

        func now() -> String {
            var second = time(nil)
            return last.withLock { last in
                if last.second != second {
                    var local = tm()
                    var buffer = [CChar](repeating: 0, count: 64)
                    localtime_r(&second, &local)
                    strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
                    last = (second, String(cString: buffer))
                }
                return last.text
            }
        }
    }
}
