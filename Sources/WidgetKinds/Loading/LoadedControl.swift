import ExtensionProtocol
import Foundation
import WidgetSDK

/// A control a loaded module declares (`ControlWidget`), read and run in
/// the module's extension.
package struct LoadedControl: Sendable {
    package let description: ControlDescription
    package let modulePath: String
    package let `extension`: ModuleExtension
    package let callTimeout: Duration

    /// Controls one module may offer: a row, a line of keys and a read of
    /// each whenever they are shown stay small. Control Center offers a
    /// screen of them; past this the rest are left out, and said so.
    package static let maximumPerModule = 32
    /// What a title, a value or a symbol's name may be in characters; the
    /// rest is cut, as a row and a terminal line have no room for more.
    package static let maximumText = 120

    /// The control's kind, as `widgethost controls tap` names it.
    package var kind: String { description.kind }

    /// The control as its provider says it is now (`preview`: as previewed),
    /// its drawing checked as entries are.
    package func read(preview: Bool = false) async throws -> ControlReading {
        guard case .control(var reading) = try await RemoteCaller(module: self.extension, timeout: callTimeout).call(.control(kind: kind, preview: preview)) else {
            throw RemoteCaller.unexpectedAnswer
        }
        reading.view = try EntryValidator().validate(reading.view)
        // The extension names the control; it may not speak for another.
        reading.kind = kind
        reading.title = String(reading.title.prefix(Self.maximumText))
        reading.value = reading.value.map { String($0.prefix(Self.maximumText)) }
        reading.symbol = reading.symbol.map { String($0.prefix(Self.maximumText)) }
        reading.action.title = String(reading.action.title.prefix(Self.maximumText))
        return reading
    }

    /// Runs `reading`'s action: a toggle's with its value flipped, as a tap on iOS sets it.
    package func perform(_ reading: ControlReading) async throws {
        let value = reading.isOn.map { !$0 }
        _ = try await RemoteCaller(module: self.extension, timeout: callTimeout).call(.performControl(kind: kind, intent: reading.action, value: value))
    }
}
