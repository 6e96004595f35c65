import Foundation
import Synchronization

/// The part of UIKit's `UIImage` a widget uses: an image made from PNG,
/// JPEG or SVG bytes, or found among the module's resources, for `Image(uiImage:)`.
public final class UIImage: Sendable {
    /// How an image's colours are used, as UIKit's `UIImage.RenderingMode`.
    public enum RenderingMode: Int, Sendable {
        /// As its imageset says: a template when its `template-rendering-intent` is.
        case automatic
        /// Its own colours.
        case alwaysOriginal
        /// Its shape, in the foreground style.
        case alwaysTemplate
    }

    /// The encoded bytes; empty for a symbol.
    public let pngOrJPEGData: Data
    /// The SF Symbol it shows, for `UIImage(systemName:)`.
    let systemName: String?
    /// Whether it is drawn in its colours or as a template (`withRenderingMode(_:)`).
    public let renderingMode: RenderingMode
    /// What `.automatic` means for it: its imageset's intent.
    let templateByDefault: Bool

    /// An image of PNG, JPEG, GIF or SVG bytes; nil for anything else or an image over the entry limits.
    public init?(data: Data) {
        guard EntryValidator.accepts(image: data) else { return nil }
        pngOrJPEGData = data
        systemName = nil
        renderingMode = .automatic
        templateByDefault = false
    }

    /// An SF Symbol, drawn as `Image(systemName:)` draws it.
    public init?(systemName: String) {
        guard !systemName.isEmpty else { return nil }
        pngOrJPEGData = Data()
        self.systemName = systemName
        renderingMode = .automatic
        templateByDefault = false
    }

    private init(_ image: UIImage, renderingMode: RenderingMode, templateByDefault: Bool) {
        pngOrJPEGData = image.pngOrJPEGData
        systemName = image.systemName
        self.renderingMode = renderingMode
        self.templateByDefault = templateByDefault
    }

    /// The module's image called `name` (see ``ModuleResources``); nil when it has none.
    public convenience init?(named name: String) {
        guard let data = ModuleResources.imageData(named: name), let image = UIImage(data: data) else { return nil }
        self.init(image, renderingMode: .automatic, templateByDefault: ModuleResources.imageIsTemplate(name))
    }

    /// The same image drawn as `renderingMode` says.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(self, renderingMode: renderingMode, templateByDefault: templateByDefault)
    }

    /// Whether it is drawn as a template.
    var isTemplate: Bool {
        renderingMode == .alwaysTemplate || (renderingMode == .automatic && templateByDefault)
    }

    /// The bytes, as UIKit gives them; the image is not re-encoded. Nil for a symbol.
    public func pngData() -> Data? { systemName == nil ? pngOrJPEGData : nil }
}

extension Image {
    /// The module's image called `name`, as an asset on iOS (see
    /// ``ModuleResources``). One it does not have is drawn as a placeholder
    /// and said once on the extension's log.
    public init(_ name: String) {
        // An imageset with a dark appearance makes the view one drawn again for dark cards.
        if ModuleResources.imageHasDarkAppearance(name) { EnvironmentValues.reads?.colorScheme = true }
        let environment = EnvironmentValues.current
        if let data = ModuleResources.imageData(named: name, dark: environment.colorScheme == .dark, scale: Double(environment.displayScale)),
           EntryValidator.accepts(image: data) {
            self.init(data: data)
            isTemplate = ModuleResources.imageIsTemplate(name)
        } else {
            Self.reportMissing(name)
            self.init(systemName: name)
        }
    }

    /// A `UIImage`, as `Image(uiImage:)`.
    public init(uiImage: UIImage) {
        if let name = uiImage.systemName {
            self.init(systemName: name)
        } else {
            self.init(data: uiImage.pngOrJPEGData)
            isTemplate = uiImage.isTemplate
        }
    }

    private static let reported = Mutex<Set<String>>([])

    private static func reportMissing(_ name: String) {
        guard reported.withLock({ $0.insert(name).inserted }) else { return }
        let why = ModuleResources.imageIsPDFOnly(name)
            ? "image '\(name)' is a PDF in the asset catalog, which widgethost draws only as the SVG 'widgethost import' converts it to; import the project, or add an SVG or PNG images at 2x and 3x to its imageset"
            : "no image named '\(name)' among the module's resources (PNG, JPEG or SVG in a *.resources folder beside it)"
        FileHandle.standardError.write(Data("\(why)\n".utf8))
    }
}
