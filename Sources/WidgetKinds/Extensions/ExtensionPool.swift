import CProcessControl
import ExtensionProtocol
import Foundation
import HostText
import Synchronization
import WidgetConfiguration
import WidgetSDK

/// The extension processes of one bundle, one per module file. Each process
/// ends when its `ModuleExtension` goes: when nothing holds the bundle or any
/// of its kinds.
package final class ExtensionPool: Sendable {
    /// What every extension of the pool shares.
    struct Settings: Sendable {
        let runner: String?
        let runnerSearched: [String]
        /// The allow-listed environment; what is `withheld` now is taken out at each start.
        let environment: [String: String]
        let withheld: WithheldVariables
        let services: ExtensionServices
        let grace: Duration
        let output: @Sendable (String) -> Void
    }

    /// Variables an extension may see; everything else, the token first, stays in the host.
    /// (SWIFT_BACKTRACE lets an author turn the crash backtrace in the log off or to JSON.)
    package static let environmentAllowList: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "SWIFT_BACKTRACE",
    ]
    /// How long a call may go on after the host gave up on it before its process is killed.
    package static let defaultGrace: Duration = .seconds(2)

    let settings: Settings
    private let registry = ProcessRegistry()
    private let extensions = Mutex<[String: ModuleExtension]>([:])

    /// - Parameters:
    ///   - withheld: variables never passed on, whatever their name (the token's).
    ///   - output: receives each line an extension prints, prefixed
    ///     `[Module]`, and each line about an extension's end, escaped: both
    ///     carry the kind's own text, which may hold what a terminal would obey.
    package init(searchPath: ModuleSearchPath, services: ExtensionServices = .unavailable,
                environment: [String: String] = ProcessInfo.processInfo.environment, withheld: Set<String> = [],
                grace: Duration = ExtensionPool.defaultGrace,
                output: @escaping @Sendable (String) -> Void = ExtensionPool.standardErrorOutput) {
        _ = Self.hideHostMemory
        let candidates = ExtensionRunner.candidates(searchPath: searchPath, environment: environment)
        let allowed = environment.filter { name, _ in
            !withheld.contains(name) && (Self.environmentAllowList.contains(name) || name.hasPrefix("LC_"))
        }
        settings = Settings(runner: ExtensionRunner.locate(in: candidates), runnerSearched: candidates, environment: allowed,
                            withheld: WithheldVariables(withheld),
                            services: services, grace: grace, output: { output(TerminalText.escaped($0)) })
    }

    /// Watches the modules' folders of the container: one thread and one
    /// inotify instance for the process, made when the first extension with
    /// a folder starts. Nil without inotify to be had (the user's 128
    /// instances in use): folders are then measured after each call.
    package static let folderQuota = FolderQuota()

    /// A process that starts kinds holds the token in its environment: mark it
    /// non-dumpable, so /proc/<host>/environ and /mem are closed to them.
    private static let hideHostMemory: Void = {
        _ = wh_set_dumpable(0)
    }()

    /// The extension of the module at `path`, created on first use; it starts
    /// its process on its first call.
    package func `extension`(path: String, module: String, limits: ExtensionLimits, sandbox: ExtensionSandbox = ExtensionSandbox()) -> ModuleExtension {
        extensions.withLock { extensions in
            if let existing = extensions[path] { return existing }
            let created = ModuleExtension(modulePath: path, module: module, limits: limits, sandbox: sandbox, pool: settings, registry: registry)
            extensions[path] = created
            return created
        }
    }

    package var all: [ModuleExtension] { extensions.withLock { Array($0.values) } }

    /// Withholds `names` too from the processes started from now on (an
    /// edited manifest's new credentials); true when that added any.
    package func withhold(_ names: Set<String>) -> Bool {
        settings.withheld.add(names)
    }

    /// The pids of the extension processes running now.
    package var pids: [Int32] { registry.pids }

    /// Ends every extension process; calls still waiting fail at once.
    package func shutDown() async {
        for module in all { await module.shutDown() }
        registry.killAll()
    }

    /// Ends every extension process this program started, whichever pool
    /// runs it, and waits (at most `limit`) until the lines they printed are
    /// handed on. A command calls it as it exits: a kind's `print` just
    /// before it answered would otherwise still be in the pipe, and lost.
    package static func endEveryExtension(within limit: Duration) {
        ProcessRegistry.everywhere.killAll()
        _ = OutputReader.awaitAll(until: Date() + limit.seconds)
    }

    /// A line a kind printed (escaped by the pool), to standard error.
    package static let standardErrorOutput: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension ExtensionPool {
    /// A rasteriser run by this pool's runner (`RasterizerProcess`); its
    /// lines go where the extensions' do.
    package func makeRasterizer() -> RasterizerProcess {
        RasterizerProcess(runner: settings.runner, searched: settings.runnerSearched, output: settings.output)
    }
}

/// Variables no extension started from now on gets, whatever their name.
final class WithheldVariables: Sendable {
    private let names: Mutex<Set<String>>

    init(_ names: Set<String>) {
        self.names = Mutex(names)
    }

    /// `environment` without them.
    func filter(_ environment: [String: String]) -> [String: String] {
        let names = names.withLock { $0 }
        return environment.filter { !names.contains($0.key) }
    }

    /// True when any of `more` was not withheld yet.
    func add(_ more: Set<String>) -> Bool {
        names.withLock { names in
            let before = names.count
            names.formUnion(more)
            return names.count > before
        }
    }
}
