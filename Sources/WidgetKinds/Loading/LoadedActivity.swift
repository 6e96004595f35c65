import ExtensionProtocol
import Foundation
import WidgetSDK

/// A Live Activity a loaded module declares (`ActivityConfiguration`),
/// known by its attributes' type name and drawn in the module's extension.
package struct LoadedActivity: Sendable {
    /// The attributes' type name (`DeliveryAttributes`), as `activity start` names it.
    package let type: String
    package let modulePath: String
    package let `extension`: ModuleExtension
    package let callTimeout: Duration

    /// The Lock Screen presentation of `state` for an activity of
    /// `attributes` (JSON of the module's types), checked as entries are.
    package func draw(attributes: Data, state: Data, context: ActivityDrawingContext) async throws -> ArchivedEntry {
        let call = HostCall.activity(type: type, attributes: attributes, state: state, context: context)
        guard case .entry(let bytes) = try await RemoteCaller(module: self.extension, timeout: callTimeout).call(call) else {
            throw RemoteCaller.unexpectedAnswer
        }
        return try EntryValidator().validate(ArchiveCodec.decodeEntry(bytes))
    }

    /// The module's `#Preview(…, as: .content, using: …)`s of this activity,
    /// in the order the module lists them: an entry for each content state.
    package func previews(at date: Date) async throws -> [KindPreview] {
        try await KindPreview.previews(of: type, in: self.extension, timeout: callTimeout, at: date)
    }
}
