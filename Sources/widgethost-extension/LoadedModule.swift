import ExtensionProtocol
import Foundation
import WidgetSDK

/// The widget module this process serves, opened with `dlopen` and checked
/// to be a module built against this SDK before anything in it is called.
struct LoadedModule: Sendable {
    let description: ModuleDescription
    let kinds: [String: WidgetDescriptor]
    /// The module's Live Activities, by their attributes' type name.
    var activities: [String: ActivityDescriptor] = [:]
    /// The module's controls, by kind.
    var controls: [String: ControlDescriptor] = [:]
    /// The library's path, where its `#Preview`s are looked up.
    var path = ""

    private typealias VersionFunction = @convention(c) () -> Int32
    private typealias ModuleFunction = @convention(c) () -> UnsafeMutableRawPointer
    private typealias MainFunction = @convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32

    static func open(path: String) -> LoadedModule {
        switch load(path: path) {
        case .success(let module):
            let descriptors = module.descriptors
            // A module that exports a kind twice is refused by the host; serve the first.
            let kinds = Dictionary(descriptors.map { ($0.kind, $0) }) { first, _ in first }
            let activities = Dictionary(module.activities.map { ($0.attributesType, $0) }) { first, _ in first }
            // A control kind given twice is refused by the host; serve the first.
            let controls = Dictionary(module.controls.map { ($0.kind, $0) }) { first, _ in first }
            return LoadedModule(description: .kinds(descriptors.map(KindDescription.init), activities: module.activities.map(\.attributesType),
                                                    controls: module.controls.map(ControlDescription.init)),
                                kinds: kinds, activities: activities, controls: controls, path: path)
        case .failure(let failure):
            return LoadedModule(description: .failed(failure), kinds: [:])
        }
    }

    /// The previews the module's `#Preview`s declare, in source order: a
    /// symbol's name holds its file's name, then its line and column, so
    /// names in numeric order are previews in file and line order.
    func previews() -> [WidgetPreview] {
        typealias PreviewFunction = @convention(c) () -> UnsafeMutableRawPointer
        // Loaded already: this finds the handle `open` made.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD) else { return [] }
        let names = ExportedSymbols.functions(in: path, prefix: WidgetPreview.symbolPrefix)
        return names.sorted { $0.compare($1, options: .numeric) == .orderedAscending }.compactMap { name in
            guard let symbol = dlsym(handle, name) else { return nil }
            let pointer = unsafeBitCast(symbol, to: PreviewFunction.self)()
            return Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? WidgetPreview
        }
    }

    private static func load(path: String) -> Result<WidgetModule, ModuleLoadFailure> {
        // Never closed: Swift code and metadata cannot be unloaded safely.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.openFailed(reason: dlerror().map { String(cString: $0) } ?? "unknown error"))
        }
        guard let versionSymbol = dlsym(handle, WidgetSDK.versionSymbol) else {
            return registeredByMain(handle)
        }
        let moduleVersion = unsafeBitCast(versionSymbol, to: VersionFunction.self)()
        guard moduleVersion == WidgetSDK.version else {
            return .failure(.sdkMismatch(moduleVersion: moduleVersion, hostVersion: WidgetSDK.version))
        }
        guard let moduleSymbol = dlsym(handle, WidgetSDK.moduleSymbol) else {
            return .failure(.missingSymbol(WidgetSDK.moduleSymbol))
        }
        let pointer = unsafeBitCast(moduleSymbol, to: ModuleFunction.self)()
        guard let module = Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? WidgetModule else {
            return .failure(.foreignModuleObject)
        }
        return .success(module)
    }

    /// A module written as for WidgetKit: its `@main` `WidgetBundle` (or
    /// `Widget`) made it export `main`, which registers its widgets, after
    /// saying which SDK it was compiled against, instead of running a program.
    private static func registeredByMain(_ handle: UnsafeMutableRawPointer) -> Result<WidgetModule, ModuleLoadFailure> {
        // dlsym on the module's handle looks in the module before its
        // dependencies, so this is never this process's own main.
        guard let mainSymbol = dlsym(handle, "main") else {
            return .failure(.missingSymbol("main"))
        }
        _ = unsafeBitCast(mainSymbol, to: MainFunction.self)(0, nil)
        let registration = WidgetModule.takeRegistration()
        guard let version = registration.compiledAgainst else {
            // A main of something else (a C program's, say): no widgets.
            return .failure(.missingSymbol("main"))
        }
        guard version == WidgetSDK.version else {
            return .failure(.sdkMismatch(moduleVersion: version, hostVersion: WidgetSDK.version))
        }
        guard let module = registration.module else { return .failure(.foreignModuleObject) }
        return .success(module)
    }
}
