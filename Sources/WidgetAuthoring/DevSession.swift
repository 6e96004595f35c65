import Foundation
import HostText
import WidgetConfiguration
import WidgetHost
import WidgetKinds
import YAML

/// `widgethost dev`: builds a widget package, previews its kinds, and does
/// both again whenever a source file is saved.
///
/// The kinds run in extension processes, as under `run`: after each build
/// every module gets a fresh process, so the new library is the one loaded,
/// and a kind that crashes shows as a failure in the gallery.
package final class DevSession: Sendable {
    package let package: URL
    package let manifestFile: String
    private let builder: PackageBuilder
    private let output: @Sendable (String) -> Void
    /// Saves often come in bursts (an editor's backup, a formatter): a build
    /// starts once the package has been quiet this long.
    private let settle: Duration

    /// What the session shows after each step.
    package enum Update: Sendable {
        /// A build started, because of these files (none for the first).
        case building(number: Int, changed: [String])
        case built(Previews)
        case failed(number: Int, build: PackageBuild)
        /// The build succeeded but the manifest could not be read.
        case unusable(number: Int, problem: String)

        /// The build this update is about.
        package var number: Int {
            switch self {
            case .building(let number, _), .failed(let number, _), .unusable(let number, _): number
            case .built(let previews): previews.number
            }
        }

        /// One line for people, the same in the terminal and the gallery:
        /// `build #3 ok · built in 0.58 s, previews in 0.01 s`.
        package var summary: String {
            switch self {
            case .building(let number, let changed):
                "build #\(number) building…" + (changed.isEmpty ? "" : " (\(changed.joined(separator: ", ")) changed)")
            case .failed(let number, let build):
                "build #\(number) failed after \(Self.seconds(build.duration))"
            case .unusable(let number, _):
                "build #\(number) built, but cannot be previewed"
            case .built(let previews):
                "build #\(previews.number) ok · built in \(Self.seconds(previews.buildDuration)), "
                    + "previews in \(Self.seconds(previews.previewDuration))"
            }
        }

        private static func seconds(_ duration: Duration) -> String {
            String(format: "%.2f s", duration.seconds)
        }
    }

    package struct Previews: Sendable {
        package let number: Int
        package let galleries: [KindGallery]
        /// Kinds that did not load or validate, as `file:line:column: kind: message`.
        package let problems: [String]
        package let buildDuration: Duration
        /// From the end of the build to every preview drawn.
        package let previewDuration: Duration
    }

    package init(package: URL, manifestFile: String, builder: PackageBuilder, settle: Duration = .milliseconds(100),
                output: @escaping @Sendable (String) -> Void = ExtensionPool.standardErrorOutput) {
        self.package = package
        self.manifestFile = manifestFile
        self.builder = builder
        self.settle = settle
        self.output = output
    }

    /// Builds and previews now, then after every change, until cancelled.
    package func run(onUpdate: @escaping @Sendable (Update) async -> Void) async throws {
        // The manifest too, when it lives in the package: narrowing a family
        // or adding a kind shows without a restart.
        let manifest = URL(fileURLWithPath: manifestFile).standardizedFileURL
        let inPackage = manifest.deletingLastPathComponent().path == package.standardizedFileURL.path
        let watcher = try SourceWatcher(package: package, also: inPackage ? [manifest.lastPathComponent] : [])
        var workspace: Workspace?
        var number = 1
        await onUpdate(.building(number: number, changed: []))
        workspace = try await cycle(number, changed: [], workspace: workspace, onUpdate: onUpdate)
        for await _ in watcher.changes {
            try await Task.sleep(for: settle)
            let changed = watcher.takeChanged()
            guard !changed.isEmpty else { continue }
            number += 1
            await onUpdate(.building(number: number, changed: changed))
            workspace = try await cycle(number, changed: changed, workspace: workspace, onUpdate: onUpdate)
        }
        await workspace?.bundle.pool.shutDown()
    }

    private func cycle(_ number: Int, changed: [String], workspace: Workspace?, onUpdate: @Sendable (Update) async -> Void) async throws -> Workspace? {
        let build = try await builder.build(changed: changed)
        guard build.succeeded else {
            await onUpdate(.failed(number: number, build: build))
            return workspace
        }
        let previewing = ContinuousClock.now
        let manifest: Manifest
        do {
            manifest = try Manifest.load(from: manifestFile)
        } catch {
            await onUpdate(.unusable(number: number, problem: "\(ErrorText.describe(error))"))
            return workspace
        }
        let current: Workspace
        if let workspace {
            let bundle = await workspace.loadAgain(manifest, changedModules: Set(workspace.bundle.pool.all.map(\.modulePath)))
            _ = try? workspace.replace(bundle)
            current = workspace
        } else {
            do {
                current = try await Workspace(manifest: manifest, output: output)
            } catch {
                await onUpdate(.unusable(number: number, problem: "\(manifest.file): container \(manifest.container.group.value): \(ErrorText.describe(error))"))
                return nil
            }
        }
        var galleries: [KindGallery] = []
        for kind in current.bundle.kinds {
            galleries.append(await KindGallery.make(for: kind, in: current))
        }
        await onUpdate(.built(Previews(number: number, galleries: galleries,
                                       problems: current.bundle.diagnostics.map(\.description) + galleries.flatMap(\.symbolWarnings),
                                       buildDuration: build.duration, previewDuration: ContinuousClock.now - previewing)))
        return current
    }
}
