import Foundation
import WidgetSDK

/// A module opened with `dlopen` in this process, as the host did before
/// extension processes: the baseline the process boundary is measured against.
/// The host itself never does this.
enum DirectModule {
    struct LoadFailure: Error, CustomStringConvertible {
        let description: String
    }

    private typealias ModuleFunction = @convention(c) () -> UnsafeMutableRawPointer

    static func descriptor(kind: String, path: String) throws -> WidgetDescriptor {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, WidgetSDK.moduleSymbol) else {
            throw LoadFailure(description: "\(path) could not be opened")
        }
        let pointer = unsafeBitCast(symbol, to: ModuleFunction.self)()
        guard let module = Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? WidgetModule,
              let descriptor = module.descriptors.first(where: { $0.kind == kind }) else {
            throw LoadFailure(description: "\(path) exports no kind \(kind)")
        }
        return descriptor
    }
}
