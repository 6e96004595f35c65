import WidgetKit
import SwiftUI
import Charts

struct StepsEntry: TimelineEntry {
    let date: Date
    let days: [DailySteps]
    let goal: Int
}

struct StepsProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: Date(), days: FitnessSamples.week, goal: FitnessSamples.goal)
    }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> ()) {
        let entry = StepsEntry(date: Date(), days: FitnessSamples.week, goal: FitnessSamples.goal)
        let nextUpdate = Calendar.current.date(byAdding: .minute, value: 30, to: Date())!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

struct StepsChart: View {
    let days: [DailySteps]
    let goal: Int
    var showsAxis = true

    var body: some View {
        Chart {
            ForEach(days) { day in
                BarMark(
                    x: .value("Day", day.date, unit: .day),
                    y: .value("Steps", day.steps)
                )
                .foregroundStyle(day.steps >= goal ? Color.green : Color.green.opacity(0.45))
                .cornerRadius(3)
            }
            RuleMark(y: .value("Goal", goal))
                .foregroundStyle(.orange)
                .lineStyle(StrokeStyle(lineWidth: 1, dash: [3, 2]))
        }
        .chartXAxis {
            AxisMarks(values: .stride(by: .day)) { _ in
                AxisValueLabel(format: .dateTime.weekday(.narrow), centered: true)
            }
        }
        .chartYAxis(showsAxis ? .automatic : .hidden)
    }
}

struct WeeklyStepsWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: StepsProvider.Entry

    private var today: Int { entry.days.last?.steps ?? 0 }

    var body: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Text("\(today.formatted()) steps")
                    .font(.headline)
                    .widgetAccentable()
                StepsChart(days: entry.days, goal: entry.goal, showsAxis: false)
                    .chartXAxis(.hidden)
            }
        case .systemMedium:
            HStack(alignment: .top, spacing: 12) {
                VStack(alignment: .leading, spacing: 4) {
                    Label("Steps", systemImage: "figure.walk")
                        .font(.caption.bold())
                        .foregroundStyle(.green)
                    Text(today.formatted())
                        .font(.title.bold())
                        .minimumScaleFactor(0.6)
                    Text("Goal \(entry.goal.formatted())")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    Spacer()
                }
                .frame(width: 96, alignment: .leading)
                StepsChart(days: entry.days, goal: entry.goal)
            }
        default:
            VStack(alignment: .leading, spacing: 6) {
                HStack {
                    Image(systemName: "figure.walk")
                    Text(today.formatted())
                        .font(.headline)
                }
                .foregroundStyle(.green)
                StepsChart(days: entry.days, goal: entry.goal, showsAxis: false)
            }
        }
    }
}

struct WeeklyStepsWidget: Widget {
    let kind: String = "WeeklyStepsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: StepsProvider()) { entry in
            WeeklyStepsWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Weekly Steps")
        .description("Your steps this week, against your goal.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

#Preview(as: .systemMedium) {
    WeeklyStepsWidget()
} timeline: {
    StepsEntry(date: .now, days: FitnessSamples.week, goal: FitnessSamples.goal)
    StepsEntry(date: .now, days: FitnessSamples.week, goal: 10_000)
}
