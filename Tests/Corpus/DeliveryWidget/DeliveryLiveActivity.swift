import ActivityKit
import WidgetKit
import SwiftUI

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            // Lock screen/banner UI goes here
            DeliveryLockScreenView(context: context)
                .activityBackgroundTint(Color("ActivityBackground"))
                .activitySystemActionForegroundColor(Color.white)

        } dynamicIsland: { context in
            DynamicIsland {
                // Expanded UI goes here.  Compose the expanded UI through
                // various regions, like leading/trailing/center/bottom
                DynamicIslandExpandedRegion(.leading) {
                    Image(systemName: context.state.stage.symbol)
                        .foregroundStyle(.orange)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(context.state.estimatedArrival, style: .timer)
                        .monospacedDigit()
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.state.stage.title)
                }
            } compactLeading: {
                Image(systemName: context.state.stage.symbol)
            } compactTrailing: {
                Text(context.state.estimatedArrival, style: .timer)
                    .frame(width: 40)
            } minimal: {
                Image(systemName: context.state.stage.symbol)
            }
            .widgetURL(URL(string: "delivery://order/\(context.attributes.orderNumber)"))
            .keylineTint(Color.orange)
        }
    }
}

struct DeliveryLockScreenView: View {
    let context: ActivityViewContext<DeliveryAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack {
                Label(context.attributes.restaurant, systemImage: "takeoutbag.and.cup.and.straw.fill")
                    .font(.headline)
                Spacer()
                Text("#\(context.attributes.orderNumber)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            HStack(alignment: .firstTextBaseline) {
                Image(systemName: context.state.stage.symbol)
                    .foregroundStyle(.orange)
                Text(context.isStale ? "Checking on your order…" : context.state.stage.title)
                    .font(.title3.bold())
                Spacer()
                if context.state.stage != .delivered {
                    Text(context.state.estimatedArrival, style: .time)
                        .font(.title3)
                        .monospacedDigit()
                }
            }
            ProgressView(value: context.state.stage.progress)
                .tint(.orange)
            if let courier = context.state.courierName {
                Text("\(courier) is bringing \(context.attributes.items) items")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
        .padding()
    }
}

extension DeliveryAttributes {
    fileprivate static var preview: DeliveryAttributes {
        DeliveryAttributes(restaurant: "Nonna's Pizza", orderNumber: "4711", items: 3)
    }
}

extension DeliveryAttributes.ContentState {
    fileprivate static var preparing: DeliveryAttributes.ContentState {
        DeliveryAttributes.ContentState(stage: .preparing, courierName: nil, estimatedArrival: Date(timeIntervalSince1970: 1_800_003_000))
    }

    fileprivate static var onTheWay: DeliveryAttributes.ContentState {
        DeliveryAttributes.ContentState(stage: .onTheWay, courierName: "Ana", estimatedArrival: Date(timeIntervalSince1970: 1_800_002_400))
    }
}

#Preview("Notification", as: .content, using: DeliveryAttributes.preview) {
   DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.preparing
    DeliveryAttributes.ContentState.onTheWay
}
