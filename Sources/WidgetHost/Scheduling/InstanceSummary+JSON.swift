import Foundation

extension InstanceSummary {
    /// `summaries` as a JSON array, byte for byte as `JSONEncoder` writes
    /// them with sorted keys and ISO 8601 dates (the dashboard's
    /// `/instances`), without its keyed containers: those took half of what
    /// the dashboard spent on the list. Nil when a summary carries its view,
    /// which only the encoder writes.
    package static func jsonArray(_ summaries: [InstanceSummary]) -> [UInt8]? {
        guard !summaries.contains(where: { $0.view != nil }) else { return nil }
        var json = JSONText()
        json.bytes.reserveCapacity(summaries.count * 512)
        json.bytes.append(UInt8(ascii: "["))
        for (index, summary) in summaries.enumerated() {
            if index > 0 { json.bytes.append(UInt8(ascii: ",")) }
            summary.write(to: &json)
        }
        json.bytes.append(UInt8(ascii: "]"))
        return json.bytes
    }

    /// The keys in the order `.sortedKeys` puts them; nil values left out, as the synthesized `Encodable` does.
    private func write(to json: inout JSONText) {
        json.open()
        json.field("actions") { $0.number(actions) }
        json.field("currentEntryDate", currentEntryDate) { $0.date($1) }
        json.field("detail") { $0.string(detail) }
        json.field("detailTemplate") { $0.string(detailTemplate) }
        json.field("family") { $0.string(family) }
        json.field("height") { $0.number(height) }
        json.field("id") { $0.string(id) }
        json.field("kind") { $0.string(kind) }
        json.field("lastError", lastError) { $0.string($1) }
        json.field("lastSuccess", lastSuccess) { $0.date($1) }
        json.field("name", name) { $0.string($1) }
        json.field("nextReload", nextReload) { $0.date($1) }
        json.field("nextReloadReason", nextReloadReason) { $0.string($1) }
        json.field("rank") { $0.string(rank) }
        json.field("rankChanges", rankChanges) { $0.date($1) }
        json.field("spoken", spoken) { $0.string($1) }
        json.field("state") { $0.string(state) }
        json.field("ticks") { $0.bool(ticks) }
        json.field("width") { $0.number(width) }
        json.close()
    }
}
