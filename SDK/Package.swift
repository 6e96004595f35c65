// swift-tools-version: 6.0
// WidgetSDK lives in its own package so that the host, every widget module and
// every test binary link ONE shared libWidgetSDK.so. Inside a single package a
// `.dynamic` product is linked statically into sibling targets, which gives each
// image its own copy of the SDK's types and makes every cast across the plugin
// boundary fail. How the SDK sits under the host: docs/architecture.md.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "WidgetSDK",
    platforms: [.macOS(.v15)],
    products: [
        // With the modules a widget extension for iOS imports, so that its
        // code builds unchanged: WidgetKit, SwiftUI, AppIntents, ActivityKit, Charts and RelevanceKit each
        // re-export WidgetSDK, Foundation and WidgetFoundation's classes
        // (Foundation's names done the host's way) and have no code of
        // their own. They are in this one library: a product of their own
        // would link a second copy of WidgetSDK into every module that used it.
        // `UIKit`, `Combine`, `os` and `Intents` are not modules here: a module of any of
        // those names would make `#if canImport(Combine)` true in every
        // package built beside the SDK (GRDB's, in the host's own build). A
        // kind's package aliases them to WidgetUIKit, WidgetCombine, WidgetOS
        // and WidgetIntents (`-module-alias`, which `widgethost new` writes).
        .library(name: "WidgetSDK", type: .dynamic, targets: ["WidgetSDK", "WidgetFoundation", "WidgetKit", "SwiftUI", "AppIntents", "ActivityKit", "Charts", "RelevanceKit", "WidgetUIKit", "WidgetCombine", "WidgetOS", "WidgetIntents"]),
    ],
    targets: [
        // `#Preview`'s and `@Entry`'s expansions. It speaks the compiler's
        // plugin protocol itself rather than through swift-syntax: each
        // expansion is a textual rewrite, and swift-syntax would add minutes
        // to every kind's first build (BENCHMARKS.md, "#Preview").
        .macro(name: "WidgetMacros"),
        .target(name: "WidgetSDK", dependencies: ["WidgetMacros"]),
        .target(name: "WidgetFoundation", dependencies: ["WidgetSDK"]),
        .target(name: "WidgetKit", dependencies: ["WidgetSDK", "WidgetFoundation"]),
        .target(name: "SwiftUI", dependencies: ["WidgetSDK", "WidgetFoundation"]),
        .target(name: "AppIntents", dependencies: ["WidgetSDK", "WidgetFoundation"]),
        .target(name: "ActivityKit", dependencies: ["WidgetSDK"]),
        .target(name: "Charts", dependencies: ["WidgetSDK"]),
        .target(name: "RelevanceKit", dependencies: ["WidgetSDK"]),
        .target(name: "WidgetUIKit", dependencies: ["WidgetSDK", "WidgetFoundation"]),
        .target(name: "WidgetCombine", dependencies: ["WidgetSDK"]),
        .target(name: "WidgetOS"),
        .target(name: "WidgetIntents", dependencies: ["WidgetSDK", "WidgetFoundation"]),
        // The SDK on its own: builders, values, defaults, string tables,
        // bundles and previews, without the host.
        .testTarget(name: "WidgetSDKTests", dependencies: ["WidgetSDK", "WidgetFoundation", "WidgetKit", "SwiftUI", "ActivityKit", "Charts", "RelevanceKit"]),
    ]
)
