import SwiftUI
import WidgetKit

/// The machine's name and how long it has been up.
struct Header: View {
    let reading: MachineReading
    /// The small card's: the name alone, and the time up under it.
    var compact = false

    var body: some View {
        let name = Label(reading.hostName.isEmpty ? "System" : reading.hostName, systemImage: "server.rack").font(.headline).lineLimit(1)
        let uptime = Text("up \(Self.uptime(reading.uptime))").font(.caption).foregroundStyle(.secondary).lineLimit(1)
        if compact {
            VStack(alignment: .leading, spacing: 2) {
                name
                uptime
            }
        } else {
            HStack(alignment: .firstTextBaseline) {
                name
                Spacer(minLength: 4)
                uptime
            }
        }
    }

    /// "12d 5h", "3h 20m", "45m".
    static func uptime(_ seconds: TimeInterval) -> String {
        let minutes = Int(seconds / 60)
        let (days, hours) = (minutes / 1_440, minutes / 60 % 24)
        if days > 0 { return "\(days)d \(hours)h" }
        return hours > 0 ? "\(hours)h \(minutes % 60)m" : "\(minutes)m"
    }
}
