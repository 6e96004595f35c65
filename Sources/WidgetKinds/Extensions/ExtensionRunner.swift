import Foundation

/// Where `widgethost-extension`, the program every extension process runs,
/// is found: `WIDGETHOST_EXTENSION_RUNNER`, else beside the `widgethost`
/// executable (where `swift build` and `make install` put it), else in a
/// module folder.
enum ExtensionRunner {
    static let executableName = "widgethost-extension"
    static let environmentVariable = "WIDGETHOST_EXTENSION_RUNNER"

    static func candidates(searchPath: ModuleSearchPath, environment: [String: String]) -> [String] {
        var paths: [String] = []
        if let explicit = environment[environmentVariable] { paths.append(explicit) }
        if let folder = ModuleSearchPath.executableDirectory { paths.append(folder.appendingPathComponent(executableName).path) }
        paths += searchPath.directories.map { $0.appendingPathComponent(executableName).path }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    static func locate(in candidates: [String]) -> String? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func notFoundMessage(searched: [String]) -> String {
        "\(executableName) not found (looked for \(searched.joined(separator: ", "))); it is built with widgethost and "
            + "belongs beside it, or name it in \(environmentVariable)"
    }
}
