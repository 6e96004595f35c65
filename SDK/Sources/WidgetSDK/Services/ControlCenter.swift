import Foundation

/// Asks the host to read controls again, as in WidgetKit: after the app
/// changed what a control shows (`ControlCenter.shared.reloadControls(ofKind: "com.example.timer")`).
/// The host reads a control's value whenever it shows it and after every
/// tap; a reload makes the dashboard read it again at once.
public final class ControlCenter: Sendable {
    /// The one control center.
    public static let shared = ControlCenter()

    private init() {}

    /// Reads the controls of `kind` again.
    public func reloadControls(ofKind kind: String) {
        request(kind)
    }

    /// Reads every control of the module again.
    public func reloadAllControls() {
        request(nil)
    }

    private func request(_ kind: String?) {
        do {
            try HostServices.widgetCenter.reloadControls(ofKind: kind)
        } catch {
            FileHandle.standardError.write(Data("ControlCenter: reload of \(kind ?? "every control") not requested: \(error)\n".utf8))
        }
    }
}
