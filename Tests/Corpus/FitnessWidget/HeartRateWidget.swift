import WidgetKit
import SwiftUI
import Charts

struct HeartRateEntry: TimelineEntry {
    let date: Date
    let samples: [HeartRateSample]
}

struct HeartRateProvider: TimelineProvider {
    func placeholder(in context: Context) -> HeartRateEntry {
        HeartRateEntry(date: Date(), samples: FitnessSamples.run)
    }

    func getSnapshot(in context: Context, completion: @escaping (HeartRateEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HeartRateEntry>) -> ()) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}

struct HeartRateWidgetEntryView: View {
    var entry: HeartRateProvider.Entry

    private var peak: Int { Int(entry.samples.map(\.bpm).max() ?? 0) }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Label("Morning run", systemImage: "heart.fill")
                    .font(.caption.bold())
                    .foregroundStyle(.red)
                Spacer()
                Text("peak \(peak) BPM")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Chart(entry.samples) { sample in
                AreaMark(
                    x: .value("Minute", sample.minute),
                    y: .value("BPM", sample.bpm)
                )
                .foregroundStyle(
                    LinearGradient(colors: [.red.opacity(0.35), .red.opacity(0.02)], startPoint: .top, endPoint: .bottom)
                )
                .interpolationMethod(.catmullRom)

                LineMark(
                    x: .value("Minute", sample.minute),
                    y: .value("BPM", sample.bpm)
                )
                .foregroundStyle(.red)
                .interpolationMethod(.catmullRom)

                PointMark(
                    x: .value("Minute", sample.minute),
                    y: .value("BPM", sample.bpm)
                )
                .foregroundStyle(by: .value("Zone", sample.zone))
                .symbolSize(16)
            }
            .chartForegroundStyleScale([
                "Rest": Color.blue,
                "Fat burn": Color.orange,
                "Cardio": Color.red,
            ])
            .chartYScale(domain: 50...170)
            .chartXAxis {
                AxisMarks(values: [0, 15, 30, 45, 60]) { value in
                    AxisGridLine()
                    AxisValueLabel {
                        if let minute = value.as(Int.self) {
                            Text("\(minute)′")
                        }
                    }
                }
            }
            .chartLegend(position: .bottom)
        }
    }
}

struct HeartRateWidget: Widget {
    let kind: String = "HeartRateWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HeartRateProvider()) { entry in
            HeartRateWidgetEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    Color(.systemBackground)
                }
        }
        .configurationDisplayName("Heart Rate")
        .description("Your last workout's heart rate.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
