import Foundation
import WidgetSDK

/// Opens widget modules with `dlopen` and reads the widgets they export.
/// Modules are never closed: Swift code and metadata cannot be unloaded safely.
public final class ModuleLoader {
    public struct LoadedModule: Sendable {
        public let path: String
        public let descriptors: [WidgetDescriptor]
    }

    private typealias VersionFunction = @convention(c) () -> Int32
    private typealias ModuleFunction = @convention(c) () -> UnsafeMutableRawPointer

    private let searchPath: ModuleSearchPath
    private var loaded: [String: Result<LoadedModule, ModuleLoadError>] = [:]

    public init(searchPath: ModuleSearchPath) {
        self.searchPath = searchPath
    }

    /// Loads a module by name, once; later calls return the same result.
    public func load(module: String) -> Result<LoadedModule, ModuleLoadError> {
        if let result = loaded[module] { return result }
        let result: Result<LoadedModule, ModuleLoadError>
        if let url = searchPath.locate(module: module) {
            result = Self.open(path: url.path)
        } else {
            result = .failure(.notFound(module: module, searched: searchPath.directories.map(\.path)))
        }
        loaded[module] = result
        return result
    }

    /// Opens the library at `path` and checks it is a widget module built
    /// against this SDK before calling into it.
    public static func open(path: String) -> Result<LoadedModule, ModuleLoadError> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(.openFailed(path: path, reason: reason))
        }
        guard let versionSymbol = dlsym(handle, WidgetSDK.versionSymbol) else {
            return .failure(.notAWidgetModule(path: path, missingSymbol: WidgetSDK.versionSymbol))
        }
        let moduleVersion = unsafeBitCast(versionSymbol, to: VersionFunction.self)()
        guard moduleVersion == WidgetSDK.version else {
            return .failure(.sdkMismatch(path: path, moduleVersion: moduleVersion, hostVersion: WidgetSDK.version))
        }
        guard let moduleSymbol = dlsym(handle, WidgetSDK.moduleSymbol) else {
            return .failure(.notAWidgetModule(path: path, missingSymbol: WidgetSDK.moduleSymbol))
        }
        let pointer = unsafeBitCast(moduleSymbol, to: ModuleFunction.self)()
        guard let module = Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? WidgetModule else {
            return .failure(.foreignModuleObject(path: path))
        }
        return .success(LoadedModule(path: path, descriptors: module.descriptors))
    }
}
