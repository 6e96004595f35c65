import ArgumentParser
import Foundation
import WidgetAuthoring
import WidgetHost
import WidgetSDK

struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a widget package: a kind that builds, validates and previews as generated.",
        discussion: """
            Writes Package.swift (depending on the installed WidgetSDK, or the checkout's SDK/ when this \
            widgethost runs from one), the kind's widget, intent, provider and view, the @main WidgetBundle \
            that offers them, a config.yaml naming the kind, and a README. Then: cd into it, 'swift build', \
            'widgethost dev .'.
            """)

    @Argument(help: ArgumentHelp("The kind's name: a Swift type name, such as Weather.", valueName: "kind"))
    var kind: String

    @Option(help: ArgumentHelp("The folder to create (default: ./<kind>); it must be missing or empty.", valueName: "folder"))
    var dir: String?

    @Option(help: ArgumentHelp("The families the kind supports, comma-separated.", valueName: "families"))
    var families = "systemSmall,systemMedium"

    @Flag(name: .customLong("static"), help: "A StaticConfiguration: no parameters for users to set.")
    var isStatic = false

    @Option(help: ArgumentHelp("The WidgetSDK package to depend on (default: the installed one, or the checkout's SDK/).", valueName: "folder"))
    var sdk: String?

    @Flag(help: "Print what was created as JSON.")
    var json = false

    func run() async throws {
        try await Terminal.failing {
            let families = try Scaffold.families(self.families)
            let sdk = try sdk.map(Self.checkedSDK) ?? Scaffold.locateSDK()
            let scaffold = try Scaffold(kind: kind, families: families, isStatic: isStatic, sdk: sdk)
            let folder = URL(fileURLWithPath: dir ?? kind).standardizedFileURL
            try scaffold.write(to: folder)
            let paths = scaffold.files.map(\.path)
            if json {
                try Terminal.printJSON(Created(kind: kind, folder: folder.path, sdk: sdk.path, families: families.map(\.rawValue), files: paths))
                return
            }
            print("created \(kind) in \(folder.path) (WidgetSDK from \(sdk.path)):")
            for path in paths { print("  \(path)") }
            print("next:")
            print("  cd \(Self.shellQuoted(folder.path)) && swift build")
            print("  widgethost dev .")
        }
    }

    struct Created: Encodable {
        let kind: String
        let folder: String
        let sdk: String
        let families: [String]
        let files: [String]
    }

    static func checkedSDK(_ path: String) throws -> URL {
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        guard Scaffold.isSDK(folder) else {
            throw ValidationError("--sdk: \(path) is not the WidgetSDK package (no Package.swift declaring WidgetSDK)")
        }
        return folder
    }

    static func shellQuoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-~".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
