import Foundation
import HostText

/// The lines of a device's `POST /api/log`: `{"logs":[…]}` from firmware
/// 1.5.10 on, `{"log":{"logs_array":[…]}}` before. Each entry is an
/// object with `message`, `level`, `source_path` and `source_line` (and
/// more); it becomes one line for the host's log, escaped and cut short,
/// since the device's text reaches a terminal.
enum DeviceLog {
    static let longestLine = 300

    static func entries(_ body: Data) -> [String] {
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [] }
        let list = (root["logs"] as? [Any]) ?? ((root["log"] as? [String: Any])?["logs_array"] as? [Any]) ?? []
        return list.prefix(1_000).compactMap { item -> String? in
            guard let entry = item as? [String: Any] else { return nil }
            let message = (entry["message"] as? String) ?? (entry["log_message"] as? String) ?? "(no message)"
            var line = message
            if let level = entry["level"] as? String { line = "[\(level)] " + line }
            if let path = entry["source_path"] as? String {
                line += " (\(path)" + ((entry["source_line"] as? Int).map { ":\($0)" } ?? "") + ")"
            }
            let escaped = TerminalText.escaped(line)
            return escaped.count > longestLine ? String(escaped.prefix(longestLine)) + "…" : escaped
        }
    }
}
