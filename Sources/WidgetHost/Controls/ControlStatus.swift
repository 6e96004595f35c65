import Foundation
import WidgetKinds
import WidgetSDK

/// A control as the host last read it: its reading, or why there is none.
package struct ControlStatus: Sendable {
    package let control: LoadedControl
    package let reading: ControlReading?
    /// Why it could not be read; it is then shown as unavailable.
    package let problem: String?

    package var kind: String { control.kind }

    /// What a list shows: the display name, else the title it gave.
    package var name: String {
        control.description.displayName.isEmpty ? (reading?.title ?? control.kind) : control.description.displayName
    }

    /// "Work Timer: Running", "Lights", "unavailable: …".
    package var line: String {
        guard let reading else { return "unavailable: \(problem ?? "not read")" }
        return reading.value.map { "\(reading.title): \($0)" } ?? reading.title
    }
}

/// A control as `widgethost controls --json` and the dashboard's
/// `/controls` give it.
package struct ControlSummary: Encodable, Sendable {
    package let kind: String
    package let displayName: String
    package let description: String
    /// `button` or `toggle`; absent when it could not be read.
    package let style: String?
    package let title: String?
    package let value: String?
    package let symbol: String?
    package let isOn: Bool?
    /// What a tap runs: its intent's title.
    package let action: String?
    package let configurable: Bool
    package let module: String
    package let problem: String?

    package init(_ status: ControlStatus) {
        let reading = status.reading
        kind = status.kind
        displayName = status.name
        description = status.control.description.description
        style = reading?.style.rawValue
        title = reading?.title
        value = reading?.value
        symbol = reading?.symbol
        isOn = reading?.isOn
        action = reading?.action.title
        configurable = status.control.description.isConfigurable
        module = URL(fileURLWithPath: status.control.modulePath).lastPathComponent
        problem = status.problem
    }
}
