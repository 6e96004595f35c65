import CSandbox
import ExtensionProtocol
import Foundation

/// The sandbox an extension process enters before the module is loaded, so
/// its static initialisers are confined too. What the module may do:
/// - read the system's and the toolchain's libraries and shared data
///   (`/usr`, zoneinfo, fonts, locales), its own folder (the module, the
///   libraries it links, its resources), `/proc` (another process's memory
///   and environment stay closed: Landlock refuses ptrace access to any
///   process outside the sandbox) and what the manifest adds;
/// - write only its own folder of the container, where `TMPDIR` points too;
/// - start no program but the Swift runtime's crash reporter;
/// - open no socket (its HTTP goes through the host over the channel) and
///   signal no process outside the sandbox.
/// Not the container's database, the home directory, other kinds' folders
/// or the host's token file.
enum Confinement {
    /// Files every extension may read, beyond its module's folder.
    static let systemReadPaths = [
        "/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache", "/etc/localtime", "/etc/timezone", "/etc/nsswitch.conf", "/etc/passwd",
        "/etc/group", "/etc/fonts", "/proc", "/sys/devices/system/cpu", "/sys/fs/cgroup", "/dev/urandom", "/dev/random", "/dev/zero",
    ]
    /// What a kind with `network: true` also reads: name resolution and certificates.
    static let networkReadPaths = ["/etc/hosts", "/etc/resolv.conf", "/etc/gai.conf", "/etc/host.conf", "/etc/ssl", "/etc/ca-certificates"]

    /// Confines this process for good. Returns why it could not be done.
    static func apply(_ launch: ExtensionLaunch) -> String? {
        let toolchain = swiftRuntimeFolder()
        var read = systemReadPaths + [URL(fileURLWithPath: launch.modulePath).deletingLastPathComponent().path] + launch.extraReadPaths
        if launch.network { read += networkReadPaths }
        if let runner = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path { read.append(runner) }
        var execute: [String] = []
        if let toolchain {
            // …/usr/lib/swift/linux: the toolchain's usr/lib holds the runtime's
            // other libraries, its libexec the crash reporter.
            let usr = toolchain.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            read += [toolchain.path, usr.appendingPathComponent("lib").path]
            execute.append(usr.appendingPathComponent("libexec/swift/linux/swift-backtrace").path)
            // The kernel checks the program interpreter's execute right too.
            if let loader = wh_dynamic_loader_path() { execute.append(String(cString: loader)) }
        }
        var write = ["/dev/null"]
        if let folder = launch.groupFolder {
            write.append(folder)
            let temporary = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent("tmp", isDirectory: true)
            if (try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)) != nil {
                setenv("TMPDIR", temporary.path, 1)
            }
        }
        let abi = withCStrings(read) { readPaths in
            withCStrings(write) { writePaths in
                withCStrings(execute) { executePaths in
                    wh_confine(readPaths, Int32(read.count), writePaths, Int32(write.count), executePaths, Int32(execute.count), launch.network ? 1 : 0)
                }
            }
        }
        if abi < 0 { return "cannot enter the sandbox: \(String(cString: strerror(errno)))" }
        wh_report_refusals()
        return nil
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
