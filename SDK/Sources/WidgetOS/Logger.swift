import Foundation

/// What a kind's `import os` imports: its package aliases `os` to this
/// module (`-module-alias os=WidgetOS`, as `widgethost new` writes). A real
/// module named `os` would make `#if canImport(os)` true for every package
/// built beside the SDK; and `Logger` stays out of WidgetSDK, where it would
/// meet swift-log's in the host's own code.
///
/// Unified logging, as a widget extension uses it: `Logger(subsystem:category:)`
/// and its levels, `OSLog` and `os_log`. Every message goes to the host's
/// log, one line each, with its category and level; privacy does not hide
/// anything here, since the log is the host operator's own.
public struct Logger: Sendable {
    let category: String
    let enabled: Bool

    /// A logger for a subsystem and a category; the category prefixes each line.
    public init(subsystem: String, category: String) {
        self.category = category
        enabled = true
    }

    /// A logger without a subsystem or category.
    public init() {
        category = ""
        enabled = true
    }

    /// A logger writing to `log`.
    public init(_ log: OSLog) {
        category = log.category
        enabled = log.enabled
    }

    /// Logs `message` at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) {
        guard enabled else { return }
        OSLog.write(category, level, message.text)
    }

    /// Logs `message` at the default level.
    public func log(_ message: OSLogMessage) { log(level: .default, message) }
    /// Logs a trace message (the debug level).
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Logs a debug message.
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Logs an informative message.
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    /// Logs a notice (the default level).
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    /// Logs a warning (the error level).
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    /// Logs an error.
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    /// Logs a critical message (the fault level).
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    /// Logs a fault.
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// A log message with interpolated values: `"loaded \(count, privacy: .public) items"`.
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    let text: String

    /// A message of fixed text.
    public init(stringLiteral value: String) {
        text = value
    }

    /// A message built from its interpolations.
    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
    }

    /// What a log message's interpolations may be: any value, with a privacy
    /// (shown here whatever it says) and, for numbers, a format.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        /// Space for the message.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Fixed text.
        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A value, as `String(describing:)` gives it.
        public mutating func appendInterpolation<Value>(_ value: @autoclosure () -> Value, privacy: OSLogPrivacy = .auto) {
            text += String(describing: value())
        }

        /// A number in a format: `\(ratio, format: .fixed(precision: 2))`.
        public mutating func appendInterpolation(_ value: @autoclosure () -> Double, format: OSLogFloatFormatting, privacy: OSLogPrivacy = .auto) {
            text += format.precision.map { String(format: "%.\($0)f", value()) } ?? String(value())
        }
    }
}

/// How a float is written in a log message.
public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    /// With `precision` digits after the point.
    public static func fixed(precision: Int) -> OSLogFloatFormatting { OSLogFloatFormatting(precision: precision) }
    /// As Swift writes it.
    public static let fixed = OSLogFloatFormatting(precision: nil)
}

/// Whether a logged value is shown; the host's log shows every value.
public struct OSLogPrivacy: Sendable {
    /// The system decides.
    public static let auto = OSLogPrivacy()
    /// Shown.
    public static let `public` = OSLogPrivacy()
    /// Hidden on Apple platforms; shown here.
    public static let `private` = OSLogPrivacy()
    /// Shown as a hash on Apple platforms; shown here.
    public static let sensitive = OSLogPrivacy()
    /// Hidden with a hash on Apple platforms; shown here.
    public static func `private`(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { OSLogPrivacy() }

    /// How a hidden value is masked.
    public struct Mask: Sendable {
        /// A hash of the value.
        public static let hash = Mask()
    }
}

/// A log message's level.
public struct OSLogType: Sendable, Equatable {
    let name: String
    /// The default level.
    public static let `default` = OSLogType(name: "notice")
    /// Information that may help.
    public static let info = OSLogType(name: "info")
    /// Debugging.
    public static let debug = OSLogType(name: "debug")
    /// An error.
    public static let error = OSLogType(name: "error")
    /// A fault: a bug.
    public static let fault = OSLogType(name: "fault")
}

/// A log of a subsystem and category, for `os_log` and `Logger(_:)`.
public final class OSLog: Sendable {
    let category: String
    let enabled: Bool

    /// A log for a subsystem and a category.
    public init(subsystem: String, category: String) {
        self.category = category
        enabled = true
    }

    private init(enabled: Bool) {
        category = ""
        self.enabled = enabled
    }

    /// The default log.
    public static let `default` = OSLog(enabled: true)
    /// A log that drops every message.
    public static let disabled = OSLog(enabled: false)

    /// A printf-style message, its privacy markers (`%{public}@`) read as plain specifiers.
    func write(_ type: OSLogType, _ message: StaticString, _ arguments: [CVarArg]) {
        guard enabled else { return }
        let format = "\(message)".replacingOccurrences(of: #"%\{(public|private|sensitive)\}"#, with: "%", options: .regularExpression)
        Self.write(category, type, String(format: format, arguments: arguments))
    }

    /// One line to the extension's standard error, which the host logs with
    /// the kind's name: `[category] level: message`.
    static func write(_ category: String, _ level: OSLogType, _ message: String) {
        let prefix = category.isEmpty ? "" : "[\(category)] "
        FileHandle.standardError.write(Data("\(prefix)\(level.name): \(message)\n".utf8))
    }
}

/// Logs a printf-style message, as `os_log("loaded %d items", log: log, type: .info, count)`.
/// Privacy markers (`%{public}@`, `%{private}d`) are read as plain specifiers.
public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ arguments: CVarArg...) {
    log.write(type, message, arguments)
}

/// Logs a message at a level, as `os_log(.error, "failed")`.
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: StaticString, _ arguments: CVarArg...) {
    log.write(type, message, arguments)
}
