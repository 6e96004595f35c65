import SwiftUI
import WidgetKit

struct SystemStatusView: View {
    @Environment(\.widgetFamily) var family
    let entry: SystemStatusEntry

    private var reading: MachineReading { entry.reading }

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: reading.cpu) {
                Text("CPU")
            } currentValueLabel: {
                Text(reading.cpu, format: .percent.precision(.fractionLength(0)))
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 1) {
                Text(reading.hostName.isEmpty ? "System" : reading.hostName).font(.headline).lineLimit(1).widgetAccentable()
                Text("CPU \(Figures.percent(reading.cpu)) · Mem \(Figures.percent(reading.memoryFraction))").font(.caption)
                if let disk = reading.disks.first {
                    Text("Disk \(Figures.percent(disk.fraction)) · Load \(Figures.decimal(reading.load[0]))").font(.caption)
                } else {
                    Text("Load \(Figures.decimal(reading.load[0])) · up \(Header.uptime(reading.uptime))").font(.caption)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryInline:
            Label("CPU \(Figures.percent(reading.cpu)) · Mem \(Figures.percent(reading.memoryFraction))", systemImage: "cpu")
        case .systemSmall:
            VStack(alignment: .leading, spacing: 8) {
                Header(reading: reading, compact: true)
                Spacer(minLength: 0)
                MeterRow(title: "CPU", fraction: reading.cpu)
                MeterRow(title: "Memory", fraction: reading.memoryFraction)
                if let disk = reading.disks.first {
                    MeterRow(title: "Disk", fraction: disk.fraction)
                } else {
                    MeterRow(title: "Load", fraction: reading.load[0] / Double(reading.cpuCount), value: Figures.decimal(reading.load[0]))
                }
            }
        case .systemMedium:
            VStack(alignment: .leading, spacing: 10) {
                Header(reading: reading)
                HStack(spacing: 0) {
                    Dial(title: "CPU", fraction: reading.cpu, detail: "\(reading.cpuCount) cores")
                    Dial(title: "Memory", fraction: reading.memoryFraction, detail: Figures.bytes(reading.memoryUsed))
                    if let disk = reading.disks.first {
                        Dial(title: "Disk", fraction: disk.fraction, detail: "\(Figures.bytes(disk.available)) free")
                    }
                    Dial(title: "Load", fraction: reading.load[0] / Double(reading.cpuCount), detail: Figures.decimal(reading.load[0]))
                }
            }
        default:
            VStack(alignment: .leading, spacing: 12) {
                Header(reading: reading)
                HStack(spacing: 0) {
                    Dial(title: "CPU", fraction: reading.cpu, detail: "\(reading.cpuCount) cores")
                    Dial(title: "Memory", fraction: reading.memoryFraction, detail: Figures.bytes(reading.memoryUsed))
                    Dial(title: "Load", fraction: reading.load[0] / Double(reading.cpuCount), detail: Figures.decimal(reading.load[0]))
                }
                Divider()
                if !reading.disks.isEmpty {
                    ForEach(reading.disks, id: \.path) { disk in
                        MeterRow(title: disk.path, fraction: disk.fraction, value: "\(Figures.bytes(disk.used)) of \(Figures.bytes(disk.total))")
                    }
                    Divider()
                }
                // Rows below the dials share what is left: units first, then the details that fit.
                let units = reading.units.prefix(4)
                ForEach(details.prefix(max(0, 6 - reading.disks.count - units.count)), id: \.title) { detail in
                    DetailRow(title: detail.title, value: detail.value)
                }
                if !units.isEmpty {
                    Divider()
                    ForEach(Array(units), id: \.name) { unit in
                        UnitRow(unit: unit)
                    }
                }
                Spacer(minLength: 0)
            }
        }
    }

    /// The large card's details, most telling first.
    private var details: [(title: String, value: String)] {
        var rows = [("Load average", reading.load.map(Figures.decimal).joined(separator: "  ")),
                    ("Memory", "\(Figures.bytes(reading.memoryUsed)) of \(Figures.bytes(reading.memoryTotal))")]
        if let processes = reading.processes { rows.append(("Processes", "\(processes)")) }
        rows += reading.temperatures.prefix(3).map { ($0.label, "\(Int($0.celsius.rounded())) °C") }
        return rows.map { (title: $0.0, value: $0.1) }
    }
}
