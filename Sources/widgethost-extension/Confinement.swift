import CSandbox
import ExtensionProtocol
import Foundation

/// The sandbox an extension process enters before the module is loaded, so
/// its static initialisers are confined too. What the module may do:
/// - read the system's and the toolchain's libraries and shared data
///   (`/usr`, zoneinfo, fonts, locales), the libraries and resource bundles
///   beside the module and beside this runner (not the other files of those
///   folders, which may hold a manifest or a container), `/proc` (where
///   `ProcessIsolation` could make one of the extension's own, that shows
///   only its own processes; elsewhere another process's memory and
///   environment stay closed: Landlock refuses ptrace access to any process
///   outside the sandbox) and what the manifest adds;
/// - write only its own folder of the container, where `TMPDIR` points too;
/// - start programs only through the dynamic loader, which the Swift
///   runtime's crash reporter needs (such a program stays in this sandbox);
/// - open no socket (its HTTP goes through the host over the channel) and
///   signal no process outside the sandbox.
/// Not the container's database, the home directory, other kinds' folders
/// or the host's token file.
enum Confinement {
    /// Files every extension may read, beyond its module's folder.
    /// `/etc/default/useradd`: Foundation reads it for the home folder's
    /// default when `URLSession.shared` sets up its cache, so every kind on
    /// URLSession met a refusal in the log for a file that holds no secret.
    static let systemReadPaths = [
        "/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache", "/etc/localtime", "/etc/timezone", "/etc/nsswitch.conf", "/etc/passwd",
        "/etc/group", "/etc/default/useradd", "/etc/fonts", "/proc", "/sys/devices/system/cpu", "/sys/fs/cgroup", "/dev/urandom", "/dev/random",
        "/dev/zero",
    ]
    /// What a kind with `network: true` also reads: name resolution and certificates.
    static let networkReadPaths = ["/etc/hosts", "/etc/resolv.conf", "/etc/gai.conf", "/etc/host.conf", "/etc/ssl", "/etc/ca-certificates"]

    /// Confines this process for good. Returns why it could not be done.
    /// Must run before any other thread starts: Landlock confines the calling
    /// thread and those it makes, not threads already running.
    static func apply(_ launch: ExtensionLaunch) -> String? {
        let module = URL(fileURLWithPath: launch.modulePath)
        let moduleFolders = [module.deletingLastPathComponent(), module.resolvingSymlinksInPath().deletingLastPathComponent()]
        return confine(read: systemReadPaths + launch.extraReadPaths + (launch.network ? networkReadPaths : []),
                       libraryFolders: moduleFolders, writable: launch.groupFolder, network: launch.network)
    }

    /// The rasteriser's sandbox (`RasterizerWorker`): the system's libraries,
    /// fonts and their cache; nothing to write, no sockets.
    static func applyForRasterizer() -> String? {
        confine(read: systemReadPaths + ["/var/cache/fontconfig"], libraryFolders: [], writable: nil, network: false)
    }

    /// Confines this process: `read` read-only, the libraries and resource
    /// bundles of `libraryFolders` and of this runner's own folder, the
    /// Swift runtime and its crash reporter, and `writable` (with `TMPDIR`
    /// in it) if any.
    private static func confine(read: [String], libraryFolders: [URL], writable: String?, network: Bool) -> String? {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 1
        if threads > 1 { return "cannot enter the sandbox: \(threads) threads already run, and they would stay outside it" }
        var rules: [(path: String, access: wh_access)] = []
        func allow(_ paths: [String], _ access: wh_access) { rules += paths.map { ($0, access) } }
        allow(read, WH_ACCESS_READ)
        var folders = libraryFolders
        if let runner = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() { folders.append(runner) }
        for folder in Set(folders.map(\.path)) {
            allow([folder], WH_ACCESS_LIST)
            allow(libraries(in: folder), WH_ACCESS_READ)
        }
        if let runtime = swiftRuntimeFolder() {
            // …/usr/lib/swift/linux: the toolchain's usr/lib holds the runtime's
            // other libraries, its libexec the crash reporter.
            let usr = runtime.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            allow([runtime.path, usr.appendingPathComponent("lib").path], WH_ACCESS_READ)
            allow([usr.appendingPathComponent("libexec/swift/linux/swift-backtrace").path], WH_ACCESS_EXECUTE)
            // The kernel checks the program interpreter's execute right too.
            if let loader = wh_dynamic_loader_path() { allow([String(cString: loader)], WH_ACCESS_EXECUTE) }
        }
        allow(["/dev/null"], WH_ACCESS_WRITE)
        if let folder = writable {
            allow([folder], WH_ACCESS_WRITE)
            let temporary = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent("tmp", isDirectory: true)
            if (try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)) != nil {
                setenv("TMPDIR", temporary.path, 1)
            }
        }
        let access = rules.map { Int32($0.access.rawValue) }
        let abi = withCStrings(rules.map(\.path)) { paths in
            wh_confine(paths, access, Int32(rules.count), network ? 1 : 0)
        }
        if abi < 0 { return "cannot enter the sandbox: \(String(cString: strerror(errno)))" }
        wh_report_refusals(network ? 1 : 0)
        return nil
    }

    /// What a module or the runner loads from a folder: shared libraries
    /// (`libWidgetSDK.so`, `libFoo.so.1`) and SwiftPM resource bundles. A
    /// folder of modules is often shared with other files (`module_paths:
    /// [.]` beside the manifest), which stay closed.
    static func libraries(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".so") || $0.contains(".so.") || $0.hasSuffix(".resources") }
            .map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }

    /// `…/usr/lib/swift/linux`: where libswiftCore.so was loaded from.
    private static func swiftRuntimeFolder() -> URL? {
        guard let path = wh_swift_runtime_path() else { return nil }
        return URL(fileURLWithPath: String(cString: path)).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress ?? UnsafePointer(bitPattern: 8)!) }
    }
}
