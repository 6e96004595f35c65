import HostText
import Logging
import WidgetHost

/// The host's log handler with every message and metadata value escaped
/// first: log lines carry what kinds print and throw and what GitHub says,
/// and they go to a terminal as often as to a file.
struct EscapingLogHandler: LogHandler {
    private var inner: StreamLogHandler

    init(_ inner: StreamLogHandler) {
        self.inner = inner
    }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?,
             source: String, file: String, function: String, line: UInt) {
        inner.log(level: level, message: "\(TerminalText.escaped(message.description))",
                  metadata: metadata?.mapValues { .string(TerminalText.escaped($0.description)) },
                  source: source, file: file, function: function, line: line)
    }
}
