import ExtensionProtocol
import Foundation
import HostBasics
import Testing
import WidgetConfiguration
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport
import YAML

@Suite("Loading widget modules in extension processes")
struct LoadingTests {
    @Test func theBuiltInKindsLoad() async throws {
        let manifest = try Manifest.load(from: TestSupport.repositoryRoot.appendingPathComponent("config.yaml").path)
        let bundle = await LoadedBundle.load(manifest)
        #expect(bundle.diagnostics.isEmpty, "\(bundle.diagnostics)")
        #expect(bundle.kinds.map(\.name) == ["SingleRepo", "DoubleRepo", "Contributor", "TodoList", "Weather", "SystemStatus", "Feeds", "Calendar", "SwiftReleases"])

        let single = try #require(bundle.kind(named: "SingleRepo"))
        #expect(single.families == [.systemMedium, .systemLarge])
        #expect(single.descriptor.displayName == "Single Repo")
        #expect(single.configuration.style == .appIntent)
        #expect(single.configuration.parameters.map(\.name) == ["repo"])
        #expect(single.modulePath.hasSuffix("/libSingleRepo.so"))

        let double = try #require(bundle.kind(named: "DoubleRepo"))
        #expect(double.families == [.systemLarge])
        #expect(double.configuration.parameters.map(\.name) == ["topRepo", "bottomRepo"])
        #expect(double.configuration.parameters.map(\.defaultValue) == [.string("apple/swift"), .string("kudoleh/iOS-Clean-Architecture-MVVM")])

        let contributor = try #require(bundle.kind(named: "Contributor"))
        #expect(contributor.configuration.style == .static)
        #expect(contributor.configuration.parameters.isEmpty)
        #expect(contributor.families == [.systemLarge])
    }

    @Test func eachBrokenModuleFailsAloneWhileTheOthersLoad() async throws {
        let text = TestSupport.manifestText([
            ("SingleRepo", "SingleRepo"),
            ("Nothing", "FixtureNoEntry"),
            ("Gone", "NoSuchModule"),
            ("Future", "FixtureWrongSDK"),
            ("Gauge", "FixtureKinds"),
        ])
        let manifest = try TestSupport.manifest(text)
        let bundle = await LoadedBundle.load(manifest)
        #expect(bundle.kinds.map(\.name) == ["SingleRepo", "Gauge"])

        let messages = Dictionary(uniqueKeysWithValues: bundle.diagnostics.map { ($0.kind ?? "", $0) })
        let products = TestSupport.productsDirectory.path
        #expect(messages["Nothing"]?.message == "\(products)/libFixtureNoEntry.so is not a widget module: it has no @main WidgetBundle or Widget, and exports no 'widgethost_sdk_version' symbol")
        #expect(messages["Gone"]?.message.hasPrefix("module 'NoSuchModule' not found: no libNoSuchModule.so in ") == true)
        #expect(messages["Gone"]?.message.contains(products) == true, "says where it looked")
        #expect(messages["Future"]?.message == "\(products)/libFixtureWrongSDK.so was built against WidgetSDK 999, but this host uses WidgetSDK \(WidgetSDK.version); rebuild the module against this SDK")
        // Each is placed at its entry's module value.
        #expect(messages["Nothing"]?.mark?.line == 5)
        #expect(messages["Gone"]?.mark?.line == 6)
        #expect(bundle.diagnostics.count == 3)
    }

    @Test func kindNotExportedByItsModuleSuggestsOne() async throws {
        let bundle = await LoadedBundle.load(try TestSupport.manifest(TestSupport.manifestText([("Guage", "FixtureKinds")])))
        #expect(bundle.diagnostics.map(\.message) == [
            "module 'FixtureKinds' (\(TestSupport.productsDirectory.path)/libFixtureKinds.so) does not export kind 'Guage' (did you mean 'Gauge'?); it exports: Gauge, Note",
        ])
    }

    @Test func aModuleRunsInOneExtensionProcessPerBundle() async throws {
        let bundle = await LoadedBundle.load(try TestSupport.manifest(TestSupport.manifestText([("Gauge", "FixtureKinds"), ("Note", "FixtureKinds")])))
        #expect(bundle.kinds.map(\.modulePath) == Array(repeating: bundle.kinds[0].modulePath, count: 2))
        #expect(bundle.kinds[0].extension === bundle.kinds[1].extension)
        #expect(bundle.pool.pids.count == 1)
        #expect(await bundle.kinds[0].extension.launches == 1)
        // The host itself never maps the module: only its extension does.
        let ownMaps = try TestSupport.readProcFile("/proc/self/maps")
        #expect(ownMaps.contains("libWidgetSDK.so"))
        #expect(!ownMaps.contains("libFixtureKinds.so"))
        let pid = try #require(bundle.pool.pids.first)
        #expect(try TestSupport.readProcFile("/proc/\(TestSupport.moduleProcess(pid))/maps").contains("libFixtureKinds.so"))
    }

    @Test func aModuleThatCrashesOrHangsWhileLoadingIsReportedAndTheOthersLoad() async throws {
        // A 1 s provider timeout: a start still gets its 30 s, so a busy machine loads every kind.
        let manifest = try TestSupport.manifest(TestSupport.manifestText(
            [("Gauge", "FixtureKinds"), ("Boom", "FixtureCrashOnLoad"), ("Stuck", "FixtureHangOnLoad")], extra: "schedule: {timeout: 1s}"))
        let bundle = await LoadedBundle.load(manifest)
        #expect(bundle.kinds.map(\.name) == ["Gauge"])
        let messages = Dictionary(uniqueKeysWithValues: bundle.diagnostics.map { ($0.kind, $0.message) })
        #expect(messages["Boom"]?.hasSuffix("libFixtureCrashOnLoad.so: its extension failed while reading its kinds: extension crashed (SIGILL)") == true,
                "\(messages)")
        #expect(messages["Stuck"]?.hasSuffix("libFixtureHangOnLoad.so: its extension failed while reading its kinds: no answer within 30s") == true,
                "\(messages)")
        // The hung one is killed after the grace period; Gauge's goes on serving.
        // Each left named by its command line (the module it runs), for when it fails on a busy machine.
        #expect(await TestSupport.eventually { bundle.pool.pids.count == 1 },
                "\(bundle.pool.pids.map { "\($0): \((try? TestSupport.readProcFile("/proc/\($0)/cmdline"))?.replacingOccurrences(of: "\0", with: " ") ?? "gone")" })")
        let gauge = try #require(bundle.kind(named: "Gauge"))
        #expect(try await gauge.descriptor.provider.timeline(for: [:], in: gauge.context(for: .systemSmall)).entries.count > 0)
    }

    /// Issue 24: validate printed a module's 60-line crash report before
    /// its one line. A one-shot command keeps the fatal error's line and a
    /// note; --verbose prints the report whole.
    @Test func aModuleThatCrashesOnLoadIsAFewLinesUnlessVerbose() async throws {
        let path = try TestSupport.writeManifest(TestSupport.manifestText([("Gauge", "FixtureKinds"), ("Boom", "FixtureCrashOnLoad")]))
        let brief = try await TestSupport.widgethost(["validate", path])
        #expect(brief.status == 1)
        #expect(brief.stderr.contains("[FixtureCrashOnLoad] FixtureCrashOnLoad/FixtureCrashOnLoad.swift:11: Fatal error: this module crashes while it is loaded"),
                "\(brief.stderr)")
        #expect(brief.stderr.contains("[FixtureCrashOnLoad] (its crash report is left out; --verbose shows it)"), "\(brief.stderr)")
        #expect(brief.stderr.contains("Boom: ") && brief.stderr.contains("its extension failed while reading its kinds: extension crashed (SIGILL)"))
        #expect(!brief.stderr.contains("Registers") && !brief.stderr.contains("Thread 0"), "\(brief.stderr)")
        #expect(brief.stderr.split(separator: "\n").count <= 6, "\(brief.stderr)")

        let verbose = try await TestSupport.widgethost(["validate", path, "--verbose"])
        #expect(verbose.status == 1)
        #expect(verbose.stderr.contains("*** Signal 4") || verbose.stderr.contains("Current stack trace:"), "\(verbose.stderr)")
        #expect(!verbose.stderr.contains("left out"))
    }

    @Test func aRunnerFromAnotherBuildRefusesToStart() async throws {
        let runner = ChildProcess()
        runner.executableURL = TestSupport.productsDirectory.appendingPathComponent("widgethost-extension")
        runner.arguments = ["--module", "/nonexistent.so", "--memory", "268435456", "--open-files", "256",
                            "--host-pid", "\(getpid())", "--protocol", "999"]
        let errors = Pipe()
        runner.standardError = errors
        try await TestSupport.run(runner)
        #expect(runner.terminationStatus == 65)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("speaks protocol \(ExtensionLaunch.protocolVersion), the host 999: they come from different builds"), "\(message)")
        #expect(ExtensionCrash(module: "M", termination: .exit(65)).description.contains("from another build of widgethost"))
    }

    @Test func searchPathOrderIsManifestThenEnvironmentThenExecutable() async throws {
        let manifest = try TestSupport.manifest("container: {group: g.x}\nmodule_paths: [plugins]\nwidgets:\n  - kind: A\n")
        let path = ModuleSearchPath(manifest: manifest, environment: ["WIDGETHOST_MODULE_PATH": "/opt/one:/opt/two"])
        #expect(path.directories.map(\.path) == [
            manifest.directory.appendingPathComponent("plugins").path, "/opt/one", "/opt/two", TestSupport.productsDirectory.path,
        ])
    }

    @Test func modulesAreFoundThroughTheEnvironmentVariable() async throws {
        // A copy of a module in a folder only the environment names.
        let folder = try TestSupport.temporaryDirectory()
        try FileManager.default.copyItem(
            at: TestSupport.productsDirectory.appendingPathComponent("libFixtureKinds.so"),
            to: folder.appendingPathComponent("libCopiedKinds.so"))
        let manifest = try TestSupport.manifest(TestSupport.manifestText([("Gauge", "CopiedKinds")]))
        let searchPath = ModuleSearchPath(manifest: manifest, environment: ["WIDGETHOST_MODULE_PATH": folder.path])
        #expect(searchPath.locate(module: "CopiedKinds")?.path == folder.appendingPathComponent("libCopiedKinds.so").path)
    }

    @Test func aFileThatIsNotALibraryIsRefused() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("libFake.so").path
        try "not an ELF file".write(toFile: path, atomically: true, encoding: .utf8)
        let loader = ModuleLoader(searchPath: ModuleSearchPath(directories: [folder]), pool: ExtensionPool(searchPath: ModuleSearchPath(directories: [folder])))
        guard case .failure(.openFailed(let failedPath, let reason)) = await loader.load(module: "Fake") else {
            Issue.record("a text file loaded as a module")
            return
        }
        #expect(failedPath == path)
        #expect(!reason.isEmpty)
    }
}
