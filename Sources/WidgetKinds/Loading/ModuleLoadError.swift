import ExtensionProtocol

/// Why a widget module could not be used. Each is one line a user can act on.
package enum ModuleLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(module: String, searched: [String])
    case openFailed(path: String, reason: String)
    case notAWidgetModule(path: String, missingSymbol: String)
    case sdkMismatch(path: String, moduleVersion: Int32, hostVersion: Int32)
    case foreignModuleObject(path: String)
    /// Its extension process crashed, hung or could not start while reading the kinds.
    case extensionFailed(path: String, reason: String)

    init(_ failure: ModuleLoadFailure, path: String) {
        switch failure {
        case .openFailed(let reason): self = .openFailed(path: path, reason: reason)
        case .missingSymbol(let symbol): self = .notAWidgetModule(path: path, missingSymbol: symbol)
        case .sdkMismatch(let module, let host): self = .sdkMismatch(path: path, moduleVersion: module, hostVersion: host)
        case .foreignModuleObject: self = .foreignModuleObject(path: path)
        }
    }

    package var description: String {
        switch self {
        case .notFound(let module, let searched):
            "module '\(module)' not found: no \(ModuleSearchPath.libraryName(module)) in \(searched.joined(separator: ", ")) "
                + "(add its folder to module_paths or \(ModuleSearchPath.environmentVariable))"
        case .openFailed(let path, let reason):
            "\(path) could not be loaded: \(reason)"
        case .notAWidgetModule(let path, "main"):
            "\(path) is not a widget module: it has no @main WidgetBundle or Widget, and exports no 'widgethost_sdk_version' symbol"
        case .notAWidgetModule(let path, let symbol):
            "\(path) is not a widget module: it exports no '\(symbol)' symbol"
        case .sdkMismatch(let path, let moduleVersion, let hostVersion):
            "\(path) was built against WidgetSDK \(moduleVersion), but this host uses WidgetSDK \(hostVersion); rebuild the module against this SDK"
        case .foreignModuleObject(let path):
            "\(path) returned an object that is not a WidgetModule of this host's WidgetSDK (is WidgetSDK linked statically into it?)"
        case .extensionFailed(let path, let reason):
            "\(path): its extension failed while reading its kinds: \(reason)"
        }
    }
}
