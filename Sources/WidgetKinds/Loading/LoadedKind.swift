import ExtensionProtocol
import Foundation
import WidgetConfiguration
import WidgetSDK

/// A kind that loaded and passed validation: what its manifest entry says,
/// what its module declares, and the families it may be placed at.
package struct LoadedKind: Sendable {
    package let entry: WidgetEntry
    package let descriptor: WidgetDescriptor
    /// The name its module knows it by: the kind's own, but for a kind
    /// declared with `json:`, which is the JSON module's one kind.
    package let moduleKind: String
    package let modulePath: String
    /// The module's build (`ModuleVersion`), stored with the entries it makes.
    package let moduleVersion: String?
    /// The kind's supported families, narrowed by the manifest entry.
    package let families: [WidgetFamily]
    /// The extension process the kind's code runs in.
    package let `extension`: ModuleExtension
    /// How long a call into the kind may take.
    package let callTimeout: Duration

    package var name: String { descriptor.kind }
    package var configuration: ConfigurationDescriptor { descriptor.configuration }

    /// The family a new instance gets when none is asked for.
    package var defaultFamily: WidgetFamily { families[0] }

    /// Runs a tapped control's intent in the kind's extension process.
    package func perform(_ intent: IntentReference) async throws {
        _ = try await RemoteCaller(module: self.extension, timeout: callTimeout).call(.perform(kind: moduleKind, intent: intent))
    }

    /// Tells the kind's push handler its token and its placed widgets.
    package func tellPushToken(_ token: Data, widgets: [WidgetInfo]) async throws {
        _ = try await RemoteCaller(module: self.extension, timeout: callTimeout)
            .call(.pushTokenDidChange(kind: moduleKind, token: token, widgets: widgets))
    }

    /// The module's `#Preview`s of this kind, in the order the module
    /// lists them, each its entries drawn as the kind draws them, or why not.
    /// Names are the kind's text: a terminal shows them through `TerminalText`.
    package func previews(at date: Date) async throws -> [KindPreview] {
        try await KindPreview.previews(of: moduleKind, in: self.extension, timeout: callTimeout, at: date)
    }

    /// Every parameter at its default (a dynamic provider's `defaultResult()`
    /// when it declares none): what previews and the gallery show.
    package func defaultConfiguration() async -> ConfigurationValues {
        var configuration: ConfigurationValues = [:]
        for parameter in self.configuration.parameters {
            configuration[parameter.name] = await parameter.resolvedDefault()
        }
        return configuration
    }

    package func context(for family: WidgetFamily, isPreview: Bool = false, date: Date = Date()) -> TimelineProviderContext {
        TimelineProviderContext(family: family, isPreview: isPreview, settings: entry.settings, date: date)
    }
}

/// One `#Preview` of a kind, as `LoadedKind.previews(at:)` found it.
package struct KindPreview: Sendable {
    /// The `#Preview`s of `name` (a kind, or a Live Activity's type) in
    /// the module of `module`, in the order it lists them, each its entries
    /// drawn as its module draws them, checked as any entry is, or why not.
    static func previews(of name: String, in module: ModuleExtension, timeout: Duration, at date: Date) async throws -> [KindPreview] {
        guard case .previews(let archives) = try await RemoteCaller(module: module, timeout: timeout).call(.previews(date: date)) else {
            throw RemoteCaller.unexpectedAnswer
        }
        return archives.prefix(PreviewArchive.maximumCount).filter { $0.kind == name }.map { archive in
            let timeline: Result<ArchivedTimeline, KindPreview.Failure>
            if let bytes = archive.timeline {
                do {
                    timeline = .success(try EntryValidator().validate(ArchiveCodec.decodeTimeline(bytes)))
                } catch {
                    timeline = .failure(KindPreview.Failure(description: "\(error)"))
                }
            } else {
                timeline = .failure(KindPreview.Failure(description: archive.error ?? "the preview made no timeline"))
            }
            return KindPreview(name: archive.name.map { String($0.prefix(EntryValidator.maximumNameLength)) }, family: archive.family, timeline: timeline)
        }
    }

    /// Why a preview has no timeline: what the kind threw, or what the host refused.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// `#Preview("name", …)`'s name, if any.
    package let name: String?
    package let family: WidgetFamily
    package let timeline: Result<ArchivedTimeline, Failure>
}

extension WidgetDescriptor {
    /// The same kind under another name: its calls still go to the kind
    /// its module exports, which the provider's closures hold.
    func renamed(_ kind: String) -> WidgetDescriptor {
        var renamed = WidgetDescriptor(kind: kind, configuration: configuration, provider: provider)
        renamed.displayName = displayName
        renamed.description = description
        renamed.supportedFamilies = supportedFamilies
        renamed.contentMarginsDisabled = contentMarginsDisabled
        renamed.disfavoredLocations = disfavoredLocations
        renamed.acceptsPushes = acceptsPushes
        return renamed
    }
}
