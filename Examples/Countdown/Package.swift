// swift-tools-version: 6.0
// A widget kind written outside the host, as for WidgetKit: its code imports
// WidgetKit, SwiftUI and AppIntents (modules of the SDK's library), and it
// is built as a dynamic library the host loads at run time.
import PackageDescription

// As on iOS, a file that imports only Foundation sees WidgetKit's
// UserDefaults (the App Group's), URLSession and XMLParser: every file
// imports them implicitly, and FoundationNetworking and FoundationXML
// are linked only if used.
// `import UIKit`, `import Combine`, `import os` and `import Intents` reach the SDK's part of them.
let implicitImports = SwiftSetting.unsafeFlags([
    "-Xfrontend", "-import-module", "-Xfrontend", "WidgetKit",
    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
    "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking",
    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationXML",
    "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationXML",
    "-module-alias", "UIKit=WidgetUIKit", "-module-alias", "Combine=WidgetCombine", "-module-alias", "os=WidgetOS", "-module-alias", "Intents=WidgetIntents",
])
let foundationIfUsed = LinkerSetting.unsafeFlags([
    "-Xlinker", "--push-state", "-Xlinker", "--as-needed",
    "-Xlinker", "-lFoundationNetworking", "-Xlinker", "-lFoundationXML", "-Xlinker", "--pop-state",
])

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
        // WidgetSDK is the library; WidgetKit, SwiftUI and AppIntents are modules in it.
        .target(name: "Countdown", dependencies: [.product(name: "WidgetSDK", package: "SDK")],
                swiftSettings: [implicitImports], linkerSettings: [foundationIfUsed]),
    ]
)

