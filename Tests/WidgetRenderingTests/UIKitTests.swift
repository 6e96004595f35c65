import Foundation
import SwiftUI
import Testing
import WidgetKit
@testable import WidgetRendering
@testable import WidgetSDK

// Not `import UIKit`: with Testing it asks for Testing's overlay for Apple's
// UIKit (`_Testing_UIKit`); the same types come with WidgetSDK.

/// Issue 37: UIKit's colours and fonts, as eight of thirteen real widget
/// extensions use them (`Color(.systemGray5)`, `Color(uiColor:)`,
/// `UIColor { traits in … }`, `Color("Brand")` from an asset catalog).
@Suite("UIKit's colours and fonts in widgets")
struct UIKitTests {
    struct Swatches: View {
        var body: some View {
            VStack {
                Text("red").foregroundStyle(Color(.systemRed))
                Text("label").foregroundStyle(Color(uiColor: .secondaryLabel))
                Text("mine").foregroundStyle(Color(uiColor: UIColor { $0.userInterfaceStyle == .dark ? .white : .black }))
                Text("plain").foregroundStyle(Color(UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1).withAlphaComponent(0.5)))
                Text("big").font(Font(UIFont.systemFont(ofSize: 30, weight: .bold)))
            }
        }
    }

    @Test func systemAndDynamicColoursAreArchivedForEachScheme() async throws {
        let view = try await EnvironmentVariantsTests.snapshot { _ in Swatches() }
        #expect(view.content == .variants([ViewVariant(renderingMode: "fullColor", dark: true)]), "a scheme-dependent colour reads the scheme")
        let renderable = RenderableView(view: view, family: .systemSmall, date: nil, redacted: false)
        let light = renderable.svg(), dark = renderable.svg(scheme: .dark)
        #expect(light.contains(##"fill="#ff3b30">red</text>"##) && dark.contains(##"fill="#ff453a">red</text>"##), "\(light)\n\(dark)")
        #expect(light.contains(##"fill="#000000">mine</text>"##) && dark.contains(##"fill="#ffffff">mine</text>"##))
        #expect(light.contains(##"fill="#336699" fill-opacity="0.50">plain</text>"##), "\(light)")
        #expect(light.contains(##"font-size="30" font-weight="bold" fill="#1c1c1e">big</text>"##), "UIFont in SwiftUI: \(light)")
    }

    @Test func aColorSetReadsAsXcodeWritesIt() throws {
        let contents = Data(#"""
            {"colors": [
              {"color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0x58", "green": "199", "red": "0.204"}}, "idiom": "universal"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}],
               "color": {"color-space": "display-p3", "components": {"alpha": "0.500", "blue": "1.000", "green": "1.000", "red": "1.000"}}, "idiom": "universal"},
              {"appearances": [{"appearance": "contrast", "value": "high"}],
               "color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0", "green": "0", "red": "0"}}, "idiom": "universal"}
            ], "info": {"author": "xcode", "version": 1}}
            """#.utf8)
        let set = try #require(ModuleResources.parseColorSet(contents))
        #expect(set.light == Color(red: 0.204, green: 199.0 / 255, blue: 88.0 / 255, opacity: 1))
        #expect(set.dark == Color(red: 1, green: 1, blue: 1, opacity: 0.5), "Display P3's white is sRGB's")
        #expect(set.highContrastLight == Color(red: 0, green: 0, blue: 0, opacity: 1), "the high-contrast appearance")
        let grey = try #require(ModuleResources.parseColorSet(Data(#"{"colors": [{"color": {"color-space": "gray-gamma-22", "components": {"white": "0.5", "alpha": "1"}}, "idiom": "universal"}]}"#.utf8)))
        #expect(grey.light == Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 1) && grey.dark == grey.light)
        let reference = try #require(ModuleResources.parseColorSet(Data(#"{"colors": [{"color": {"platform": "ios", "reference": "systemBlueColor"}, "idiom": "universal"}]}"#.utf8)))
        #expect(reference.light == Color(hex: 0x007AFF))
        #expect(ModuleResources.parseColorSet(Data("not json".utf8)) == nil)
    }

    @Test func aColourTheModuleLacksIsClear() {
        #expect(Color("NoSuchColour") == .clear)
        #expect(UIColor(named: "NoSuchColour") == nil)
    }
}
