import Foundation
import HostText
import WidgetKinds
import WidgetRendering
import WidgetSDK

/// Controls (`ControlWidget`): read from their providers whenever they are
/// shown, as Control Center reads them when it opens, and tapped by
/// running their action in the module's extension.
extension Workspace {
    /// Every control of the bundle, read now, in the order the manifest's
    /// modules list them; one that cannot be read says why.
    package func controls() async -> [ControlStatus] {
        await withTaskGroup(of: (Int, ControlStatus).self) { group in
            for (index, control) in bundle.controls.enumerated() {
                group.addTask { (index, await Self.status(of: control)) }
            }
            var statuses: [(Int, ControlStatus)] = []
            for await status in group { statuses.append(status) }
            return statuses.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The control of `kind`, read now.
    package func control(_ kind: String) async throws -> ControlStatus {
        await Self.status(of: try loadedControl(kind))
    }

    /// Taps the control of `kind`: runs its action, a toggle's with its
    /// value flipped from `shown` (the value the tapper saw; nil: read now),
    /// then reads it again.
    package func tapControl(_ kind: String, shown: Bool? = nil) async throws -> (performed: ControlReading, now: ControlStatus) {
        let control = try loadedControl(kind)
        var reading: ControlReading
        do {
            reading = try await control.read()
        } catch {
            throw ControlError.unreadable(kind: kind, reason: ErrorText.describe(error))
        }
        if let shown, reading.isOn != nil { reading.isOn = shown }
        do {
            try await control.perform(reading)
        } catch {
            throw ControlError.actionFailed(title: reading.action.title, reason: ErrorText.describe(error))
        }
        return (reading, await Self.status(of: control))
    }

    /// A control's card, as the dashboard and the board draw it.
    package func renderable(_ reading: ControlReading) -> RenderableView {
        RenderableView(view: reading.view, family: ControlReading.family, date: nil, redacted: false, contentMarginsDisabled: true, theme: theme)
    }

    private static func status(of control: LoadedControl) async -> ControlStatus {
        do {
            return ControlStatus(control: control, reading: try await control.read(), problem: nil)
        } catch {
            return ControlStatus(control: control, reading: nil, problem: ErrorText.describe(error))
        }
    }

    private func loadedControl(_ kind: String) throws -> LoadedControl {
        guard let control = bundle.control(named: kind) else { throw ControlError.unknownKind(kind, declared: bundle.controls.map(\.kind)) }
        return control
    }
}
