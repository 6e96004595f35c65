import Foundation
import GRDB

/// Schema v4 gave every payload of the view archive a named key, where
/// Swift's synthesized coding had written `_0`: `{"text":{"_0":"hi"}}` is
/// now `{"text":{"string":"hi"}}`. Stored timelines are rewritten once,
/// so older containers keep their entries.
enum ArchiveKeyMigration {
    /// Each case whose single payload was `_0`, with its new key. Case names
    /// are unique across the archive's enums, or share the new key.
    static let keys: [String: String] = [
        "text": "string", "image": "source", "shape": "shape",
        "font": "font", "fontWeight": "weight", "foregroundStyle": "color", "background": "color",
        "padding": "insets", "frame": "frame", "clipShape": "shape", "lineLimit": "lines",
        "minimumScaleFactor": "factor", "widgetAccentable": "accentable",
        "widgetAccentedRenderingMode": "mode", "containerBackground": "color",
        "data": "bytes", "symbol": "name", "after": "date",
    ]

    static func migrate(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT instanceID, schedule FROM timeline")
        for row in rows {
            let schedule: Data = row["schedule"]
            guard let json = try? JSONSerialization.jsonObject(with: schedule) else { continue }
            let renamed = rename(json)
            try db.execute(sql: "UPDATE timeline SET schedule = ? WHERE instanceID = ?",
                           arguments: [try JSONSerialization.data(withJSONObject: renamed, options: [.fragmentsAllowed]),
                                       row["instanceID"] as String])
        }
    }

    /// Renames `{"case": {"_0": payload}}` to `{"case": {"key": payload}}`
    /// at any depth. The archive nests at most 256 levels (ArchiveCodec's
    /// cap), so recursion is safe here.
    static func rename(_ json: Any) -> Any {
        switch json {
        case let array as [Any]:
            return array.map(rename)
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, value) in object {
                if let payload = value as? [String: Any], payload.count == 1, let positional = payload["_0"],
                   let named = keys[key] {
                    result[key] = [named: rename(positional)]
                } else {
                    result[key] = rename(value)
                }
            }
            return result
        default:
            return json
        }
    }
}
