import Foundation

/// Why `widgethost import` could not take an extension in. Each names the
/// file it is about and, where it has one, the line.
package enum ImportError: Error, Sendable, CustomStringConvertible {
    case badFile(String, line: Int?, reason: String)
    case notFound(String)
    case noWidgetTarget(project: String, targets: [String])
    case severalWidgetTargets(project: String, targets: [String])
    case unknownTarget(String, project: String, targets: [String])
    case noSwiftFiles(String)
    case outputHoldsOther(String, importedFrom: String)
    case outputNotEmpty(String)
    case badModuleName(String, reason: String)
    case severalProjects(String, projects: [String])

    package var description: String {
        switch self {
        case .badFile(let path, let line, let reason):
            "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)"
        case .notFound(let path):
            "\(path): no such file or folder"
        case .noWidgetTarget(let project, let targets):
            "\(project) has no widget extension target (a target whose Info.plist names com.apple.widgetkit-extension, or an app extension whose code uses WidgetKit); its targets: \(targets.joined(separator: ", "))"
        case .severalWidgetTargets(let project, let targets):
            "\(project) has several widget extension targets (\(targets.joined(separator: ", "))); choose one with --target"
        case .unknownTarget(let name, let project, let targets):
            "\(project) has no target '\(name)'; its targets: \(targets.joined(separator: ", "))"
        case .noSwiftFiles(let path):
            "\(path) holds no Swift files: give the widget extension's folder, or the .xcodeproj"
        case .outputHoldsOther(let path, let source):
            "\(path) holds the import of \(source); give another folder with --output"
        case .badModuleName(let name, let reason):
            "'\(name)' cannot name the module: \(reason); give another with --module"
        case .severalProjects(let path, let projects):
            "\(path) holds several Xcode projects (\(projects.joined(separator: ", "))); give the one with the widget extension"
        case .outputNotEmpty(let path):
            "\(path) exists and is not an import's package; give a new folder with --output"
        }
    }
}
