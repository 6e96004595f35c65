import Foundation

extension ArchivedEntry {
    /// An entry drawn by `draw` in `environment`, and again in each rendering
    /// mode and scheme the view read while it was drawn, as WidgetKit
    /// evaluates a view again for each drawing.
    static func drawn(date: Date, relevance: TimelineEntryRelevance?, in environment: EnvironmentValues,
                      _ draw: (EnvironmentValues) -> ViewNode) -> ArchivedEntry {
        let reads = EnvironmentReads()
        let standard = EnvironmentValues.$reads.withValue(reads) { draw(environment) }
        var variants: [(ViewVariant, EnvironmentValues)] = []
        if reads.renderingMode {
            for mode in [WidgetRenderingMode.accented, .vibrant] {
                var other = environment
                other.widgetRenderingMode = mode
                variants.append((ViewVariant(renderingMode: mode.description, dark: false), other))
            }
        }
        if reads.colorScheme {
            var dark = environment
            dark.colorScheme = .dark
            variants.append((ViewVariant(renderingMode: WidgetRenderingMode.fullColor.description, dark: true), dark))
        }
        guard !variants.isEmpty else { return ArchivedEntry(date: date, relevance: relevance, view: standard) }
        let others = variants.map { draw($0.1) }
        // Variants that would take the entry past its limit on views are left
        // out: the standard drawing is then used for every mode and scheme.
        let nodes = ([standard] + others).reduce(0) { $0 + $1.nodeCount }
        guard nodes < EntryValidator.maximumNodes else { return ArchivedEntry(date: date, relevance: relevance, view: standard) }
        return ArchivedEntry(date: date, relevance: relevance, view: ViewNode(.variants(variants.map(\.0)), children: [standard] + others))
    }
}
