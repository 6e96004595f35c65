import Foundation
import Testing
import WidgetConfiguration
@testable import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// Issue 24: light and dark for every card, the manifest's accent and
/// corner radius, and `accented` and `vibrant` text legible on both (WCAG
/// AA, 4.5:1), measured on the colours the SVG holds.
@Suite("Themes")
struct ThemeTests {
    /// Text in the system's colours, a kind's own colours, and accentable text.
    private static let card: ViewNode = {
        let colours: [Color] = [
            .primary, .secondary, .accent,
            .rgb(red: 1, green: 0, blue: 0, opacity: 1), .rgb(red: 1, green: 0.84, blue: 0.04, opacity: 1),
            .rgb(red: 0.04, green: 0.52, blue: 1, opacity: 1), .rgb(red: 1, green: 1, blue: 1, opacity: 1), .rgb(red: 0, green: 0, blue: 0, opacity: 1),
        ]
        let texts = colours.map { ViewNode(.text("Text"), modifiers: [.foregroundStyle($0)]) }
        let accentable = colours.map { ViewNode(.text("Accent"), modifiers: [.foregroundStyle($0), .widgetAccentable(true)]) }
        return ViewNode(.vstack(alignment: .leading, spacing: 0), children: [
            ViewNode(.hstack(alignment: .center, spacing: 2), children: texts),
            ViewNode(.hstack(alignment: .center, spacing: 2), children: accentable),
        ])
    }()

    struct Case: CustomTestStringConvertible, Sendable {
        let mode: RenderingMode
        let scheme: ColorScheme
        let accent: String
        var testDescription: String { "\(mode) \(scheme) accent \(accent)" }
    }

    static let cases: [Case] = [RenderingMode.accented, .vibrant].flatMap { mode in
        [ColorScheme.light, .dark].flatMap { scheme in
            // iOS's blue, a yellow that vanishes on white, a near-black that vanishes on dark.
            ["#0a84ff", "#ffcc00", "#1a1a1a"].map { Case(mode: mode, scheme: scheme, accent: $0) }
        }
    }

    @Test(arguments: cases) func textIsLegible(_ test: Case) throws {
        let theme = CardTheme(accent: test.accent)
        let layout = LayoutEngine().layout(Self.card, family: .systemMedium)
        let svg = SVGRenderer(mode: test.mode, scheme: test.scheme, theme: theme).render(layout)
        let card = try #require(svg.firstMatch(of: /<rect width="[^"]+" height="[^"]+" rx="[^"]+" fill="(#[0-9a-f]{6})"\/>/)).output.1
        let texts = svg.matches(of: /<text [^>]*fill="(#[0-9a-f]{6})"( fill-opacity="([0-9.]+)")?>/)
        #expect(texts.count == 16, "\(svg)")
        for text in texts {
            #expect(text.output.3 == nil, "opaque text: \(text.output.0)")
            let ratio = Contrast.ratio(String(text.output.1), String(card))
            #expect(ratio >= Contrast.minimumForText, "\(text.output.1) on \(card): \(ratio)")
        }
        if test.mode == .accented {
            #expect(Set(texts.map { String($0.output.1) }).count == 2, "the accent and the secondary colour only")
        }
    }

    @Test func theContrastOfKnownPairsIsWCAGs() {
        #expect(abs(Contrast.ratio("#000000", "#ffffff") - 21) < 0.01)
        #expect(abs(Contrast.ratio("#777777", "#ffffff") - 4.48) < 0.01)
        #expect(Contrast.legible("#ffcc00", on: "#f2f2f7") != "#ffcc00")
        #expect(Contrast.ratio(Contrast.legible("#ffcc00", on: "#f2f2f7"), "#f2f2f7") >= 4.5)
        #expect(Contrast.legible("#0a84ff", on: "#1c1c1e") == "#0a84ff", "iOS's blue reads on its dark card as it is")
        #expect(Contrast.legible("#0a84ff", on: "#f2f2f7") != "#0a84ff", "but not on the light one")
    }

    @Test func darkCardsAndTheThemeReachTheSVG() {
        // Truncated to "…" at this size: the colours are what is looked at.
        let layout = LayoutEngine().layout(Self.card, family: .systemSmall)
        let light = SVGRenderer().render(layout), dark = SVGRenderer(scheme: .dark).render(layout)
        #expect(light.contains(##"rx="22" fill="#ffffff"/>"##) && dark.contains(##"rx="22" fill="#1c1c1e"/>"##))
        let themed = SVGRenderer(theme: CardTheme(accent: "#ff9500", cornerRadius: 8)).render(layout)
        #expect(themed.contains(##"rx="8" fill="#ffffff"/>"##))
        #expect(themed.contains(##"fill="#ff9500">…</text>"##), "Color.accentColor is the theme's accent")
    }

    /// Xcode's template: `.containerBackground(.fill.tertiary, for: .widget)`
    /// is a faint fill over the card, light on light and dark on dark, as
    /// the same style is on a shape; it was drawn opaque #787880.
    @Test func aTranslucentContainerBackgroundLiesOverTheCard() {
        let view = ViewNode(.text("Hi"), modifiers: [.containerBackground(Color.fill.tertiary)])
        let layout = LayoutEngine().layout(view, family: .systemSmall)
        let light = SVGRenderer().render(layout), dark = SVGRenderer(scheme: .dark).render(layout)
        #expect(light.contains(##"rx="22" fill="#ffffff"/>"##) && light.contains(##"fill="#787880" fill-opacity="0.10"/>"##), "\(light)")
        #expect(dark.contains(##"rx="22" fill="#1c1c1e"/>"##) && dark.contains(##"fill="#787880" fill-opacity="0.18"/>"##), "\(dark)")
        #expect(!light.contains(##"rx="22" fill="#787880"/>"##), "never the opaque grey")
        let opaque = SVGRenderer().render(LayoutEngine().layout(ViewNode(.text("Hi"), modifiers: [.containerBackground(.blue)]), family: .systemSmall))
        #expect(!opaque.contains("fill-opacity"), "an opaque style is drawn as it was: \(opaque)")
    }

    @Test func theManifestsAppearanceIsChecked() throws {
        let manifest = try TestSupport.manifest("""
            container: {group: g.x}
            widgets: [{kind: A}]
            appearance: {scheme: dark, accent: "#F90", corner_radius: 12, background: "#101820"}
            """)
        #expect(manifest.appearance.scheme == .dark && manifest.appearance.accent == "#ff9900")
        #expect(manifest.appearance.cornerRadius == 12 && manifest.appearance.background == "#101820")
        for (line, message) in [
            ("appearance: {accent: orange}", "appearance.accent: expected a colour as #rrggbb or #rgb, such as #ff9500; found 'orange'"),
            ("appearance: {corner_radius: 90}", "appearance.corner_radius: expected points from 0 to 40, found 90.0"),
            ("appearance: {scheme: night}", "appearance.scheme: "),
        ] {
            let path = try TestSupport.writeManifest("container: {group: g.x}\nwidgets: [{kind: A}]\n" + line + "\n")
            #expect(throws: (any Error).self) { try Manifest.load(from: path) }
            do {
                _ = try Manifest.load(from: path)
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
