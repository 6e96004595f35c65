import SwiftUI
import WidgetKit

/// A systemd unit: a dot, green while it runs, and what its group says.
struct UnitRow: View {
    let unit: MachineReading.Unit

    var body: some View {
        HStack(spacing: 6) {
            Circle().fill(unit.state == .running ? Color.green : unit.state == .stopped ? Color.orange : Color.secondary).frame(width: 7, height: 7)
            Text(unit.name).font(.caption).lineLimit(1)
            Spacer(minLength: 8)
            Text(Self.words[unit.state] ?? "").font(.caption).foregroundStyle(.secondary).lineLimit(1)
        }
    }

    static let words: [MachineReading.Unit.State: String] = [
        .running: "running", .stopped: "stopped", .absent: "not running", .unreadable: "not readable",
    ]
}
