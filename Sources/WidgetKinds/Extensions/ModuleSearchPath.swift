import Foundation
import WidgetConfiguration
import YAML

/// Where widget modules are looked for, in order: the manifest's
/// `module_paths` (relative to the manifest), `WIDGETHOST_MODULE_PATH`
/// (colon-separated), then the folder of the running executable, where
/// `swift build` puts the modules it builds.
package struct ModuleSearchPath: Sendable {
    package static let environmentVariable = "WIDGETHOST_MODULE_PATH"

    package let directories: [URL]

    package init(directories: [URL]) {
        self.directories = directories
    }

    package init(manifest: Manifest, environment: [String: String] = ProcessInfo.processInfo.environment) {
        var directories = manifest.modulePaths.map {
            URL(fileURLWithPath: $0.value, relativeTo: manifest.directory).resolvingSymlinksInPath()
        }
        if let variable = environment[Self.environmentVariable] {
            directories += variable.split(separator: ":").map { URL(fileURLWithPath: String($0)).resolvingSymlinksInPath() }
        }
        if let executable = Self.executableDirectory {
            directories.append(executable)
        }
        var seen = Set<String>()
        self.directories = directories.filter { seen.insert($0.path).inserted }
    }

    /// The first `lib<module>.so` found on the path.
    package func locate(module: String) -> URL? {
        directories
            .map { $0.appendingPathComponent(Self.libraryName(module)) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    package static func libraryName(_ module: String) -> String {
        #if os(macOS)
        "lib\(module).dylib"
        #else
        "lib\(module).so"
        #endif
    }

    package static var executableDirectory: URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path).deletingLastPathComponent().resolvingSymlinksInPath()
        }
        #endif
        return Bundle.main.executableURL?.deletingLastPathComponent()
    }
}
