import AppIntents
import SwiftUI
import WidgetKit

extension UserDefaults {
    static let delivery = UserDefaults(suiteName: "group.com.example.delivery")!
}

/// Control Center's switch for delivery alerts: on or off, kept in the App Group.
@available(iOS 18.0, *)
struct DeliveryAlertsControl: ControlWidget {
    static let kind = "com.example.delivery.alerts"

    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: Self.kind, provider: AlertsValueProvider()) { isOn in
            ControlWidgetToggle("Delivery Alerts", isOn: isOn, action: SetDeliveryAlertsIntent()) { isOn in
                Label(isOn ? "On" : "Off", systemImage: isOn ? "bell.fill" : "bell.slash")
                    .controlWidgetActionHint(isOn ? "Turn off" : "Turn on")
            }
            .tint(.orange)
        }
        .displayName("Delivery Alerts")
        .description("Be told when your order is on its way.")
    }
}

struct AlertsValueProvider: ControlValueProvider {
    var previewValue: Bool { true }

    func currentValue() async throws -> Bool {
        UserDefaults.delivery.bool(forKey: "alertsEnabled")
    }
}

struct SetDeliveryAlertsIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Set Delivery Alerts"

    @Parameter(title: "Alerts enabled")
    var value: Bool

    func perform() async throws -> some IntentResult {
        UserDefaults.delivery.set(value, forKey: "alertsEnabled")
        ControlCenter.shared.reloadControls(ofKind: DeliveryAlertsControl.kind)
        return .result()
    }
}

/// A button that orders the last order again.
@available(iOS 18.0, *)
struct ReorderControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.delivery.reorder") {
            ControlWidgetButton(action: ReorderIntent()) {
                Label("Reorder", systemImage: "arrow.clockwise")
            }
        }
        .displayName("Reorder")
        .description("Order your last order again.")
    }
}

struct ReorderIntent: AppIntent {
    static let title: LocalizedStringResource = "Reorder Last Order"

    func perform() async throws -> some IntentResult {
        let count = UserDefaults.delivery.integer(forKey: "reorders")
        UserDefaults.delivery.set(count + 1, forKey: "reorders")
        return .result()
    }
}
