// swift-tools-version: 6.0
// WidgetSDK lives in its own package so that the host, every widget module and
// every test binary link ONE shared libWidgetSDK.so. Inside a single package a
// `.dynamic` product is linked statically into sibling targets, which gives each
// image its own copy of the SDK's types and makes every cast across the plugin
// boundary fail. How the SDK sits under the host: docs/architecture.md.
import PackageDescription

let package = Package(
    name: "WidgetSDK",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WidgetSDK", type: .dynamic, targets: ["WidgetSDK"]),
    ],
    targets: [
        .target(name: "WidgetSDK"),
    ]
)
