// swift-tools-version: 6.0
// A widget kind written outside the host: it depends on WidgetSDK only and is
// built as a dynamic library the host loads at run time.
import PackageDescription

let package = Package(
    name: "Countdown",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Countdown", type: .dynamic, targets: ["Countdown"]),
    ],
    dependencies: [
        .package(path: "../../SDK"),
    ],
    targets: [
        .target(name: "Countdown", dependencies: [.product(name: "WidgetSDK", package: "SDK")]),
    ]
)
